//===- LowerBroadcast.cpp - Implicit broadcast ops (seed 000) -------------===//
//
// test.broadcastable, the elementwise tosa ops, chlo.broadcast_* without
// broadcast_dimensions, and --broadcastable ops follow the Broadcastable
// trait. Static types give the compile-time errors of seed 000's tables;
// runtime sizes give one `broadcast` obligation per result dim fed by two
// or more operands, one `rank` obligation, and one `result-cast` obligation
// per declared static result dim.
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include "symshape/solver/BroadcastTables.h"

#include <algorithm>

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {

std::string joinAnd(const std::vector<std::string> &parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i)
      out += i + 1 == parts.size() ? (parts.size() > 2 ? ", and " : " and ")
                                   : ", ";
    out += parts[i];
  }
  return out;
}

/// Why the op does not fit the Broadcastable trait, or "" when it does.
std::string structuralProblem(const Operation &op,
                              const std::vector<const Type *> &types) {
  if (op.operands.empty())
    return "expects at least one operand";
  if (op.results.size() != 1)
    return "expects exactly one result";
  bool tensor = false, vector = false;
  for (const Type *type : types) {
    if (type->isTensor())
      tensor = true;
    else if (type->kind == TypeKind::Vector)
      vector = true;
    else
      return "expects tensor or vector operands and result, got '" +
             type->str() + "'";
  }
  if (tensor && vector)
    return "cannot broadcast vector with tensor";
  return "";
}

} // namespace

void Lowerer::lowerImplicitBroadcast(const Operation &op) {
  std::vector<const Type *> types;
  for (size_t i = 0; i < op.operands.size(); ++i)
    types.push_back(&operandType(op, i));
  for (ValueId result : op.results)
    types.push_back(&value(result).type);
  std::string problemText = structuralProblem(op, types);
  if (!problemText.empty()) {
    oblige(op, ObligationKind::Broadcast, -1, formulas().mkTrue(),
           "the op's operands and results", /*staticError=*/true,
           "'" + op.name + "' " + problemText);
    lowerOpaque(op);
    return;
  }

  // Static shapes (unranked operands are discarded) and runtime dims.
  std::vector<std::optional<solver::StaticShape>> statics;
  std::vector<size_t> ranked;
  bool hasUnranked = false;
  std::vector<std::vector<TermId>> dims(op.operands.size());
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type &type = operandType(op, i);
    if (!type.hasRank()) {
      hasUnranked = true;
      statics.push_back(std::nullopt);
      continue;
    }
    statics.push_back(type.dims);
    ranked.push_back(i);
    ValueState &s = state(op.operands[i]);
    if (s.ranked && s.dims.size() == type.dims.size()) {
      dims[i] = s.dims;
    } else {
      for (size_t d = 0; d < type.dims.size(); ++d)
        dims[i].push_back(
            type.dims[d] == kDynamic
                ? freshDim(dimName(op.operands[i], d), SymbolOrigin::OpaqueDim)
                : graph().constant(type.dims[d]));
    }
  }
  ValueId result = op.results.front();
  if (ranked.empty()) { // seed 000: nothing to infer or verify
    lowerOpaque(op);
    return;
  }
  solver::ShapeInference inferred = *solver::inferResultShape(statics);
  size_t rank = inferred.shape.size();

  // One column per inferred dim: the runtime sizes of the operands that
  // reach it (ExpandRank's added 1s never violate anything).
  std::vector<std::vector<TermId>> columns(rank);
  std::vector<std::vector<std::string>> names(rank);
  for (size_t i : ranked) {
    size_t r = dims[i].size();
    for (size_t d = 0; d < r; ++d) {
      size_t j = rank - r + d;
      columns[j].push_back(dims[i][d]);
      const Type &type = operandType(op, i);
      names[j].push_back(type.dims[d] == kDynamic
                             ? dimName(op.operands[i], d)
                             : std::to_string(type.dims[d]));
    }
  }
  bool erroneous = false;
  for (size_t j = 0; j < rank; ++j) {
    if (columns[j].size() < 2)
      continue;
    bool error = std::count(inferred.errorDims.begin(),
                            inferred.errorDims.end(), j) != 0;
    erroneous |= error;
    oblige(op, ObligationKind::Broadcast, int(j),
           formulas().mkConflict(columns[j]),
           "the broadcast of operand sizes " + joinAnd(names[j]) +
               " (result dim " + std::to_string(j) + ")",
           error, error ? "the sizes differ and neither is 1" : "");
  }

  const Type &resultType = value(result).type;
  if (!resultType.hasRank()) {
    // Seed 000: an unranked result needs no verification. Its rank is
    // still known when every operand is ranked.
    if (hasUnranked || erroneous) {
      lowerOpaque(op);
      return;
    }
    std::vector<TermId> resultDims;
    for (const std::vector<TermId> &column : columns)
      resultDims.push_back(graph().broadcast(column));
    defineDims(result, std::move(resultDims));
    return;
  }

  size_t resultRank = resultType.dims.size();
  // Upstream MLIR: an unranked operand may supply leading result dims.
  bool rankOk = hasUnranked ? resultRank >= rank : resultRank == rank;
  std::string rankNote =
      !rankOk && resultRank > rank
          ? "seed 000 requires the inferred rank; mlir-opt 16's verifier "
            "accepts a result of higher rank"
          : "";
  oblige(op, ObligationKind::Rank, -1, formulas().mkBool(!rankOk),
         "the result rank " + std::to_string(resultRank) + " (inferred rank " +
             std::to_string(rank) + ")",
         !rankOk, rankNote);
  if (!rankOk) {
    lowerOpaque(op);
    return;
  }

  size_t offset = resultRank - rank;
  std::vector<TermId> resultDims(resultRank);
  for (size_t d = 0; d < resultRank; ++d) {
    int64_t declared = resultType.dims[d];
    if (d < offset) { // supplied by an unranked operand: unknown here
      resultDims[d] = declared == kDynamic ? freshDim(dimName(result, d),
                                                      SymbolOrigin::OpaqueDim)
                                           : graph().constant(declared);
      continue;
    }
    size_t j = d - offset;
    TermId size = graph().broadcast(columns[j]);
    int64_t inferredDim = inferred.shape[j];
    if (hasUnranked) // the unranked operand's size is `?`
      inferredDim = solver::inferDim(inferredDim, kDynamic).value_or(kDynamic);
    TermId one = graph().constant(1);
    if (declared == kDynamic) {
      if (!hasUnranked) {
        resultDims[d] = size;
        continue;
      }
      // Where the ranked operands give 1, the unranked one decides.
      TermId r = freshDim(dimName(result, d), SymbolOrigin::OpaqueDim);
      problem().addFact(formulas().mkOr(
          {formulas().mkEq(size, one), formulas().mkEq(r, size)}));
      resultDims[d] = r;
      continue;
    }
    TermId declaredTerm = graph().constant(declared);
    solver::ResultDimCheck check =
        solver::checkResultDim(inferredDim, declared, options.strict);
    bool error = check == solver::ResultDimCheck::Error;
    std::string note;
    if (error && inferredDim == kDynamic)
      note = "--strict follows seed 000's pseudo-code: a dynamic inferred "
             "size under a static result dim is an error";
    else if (error && inferredDim == 1)
      note = "broadcast semantics do not apply to results (seed 000); "
             "mlir-opt 16's verifier accepts an inferred 1 here";
    FormulaId violation = formulas().mkNe(size, declaredTerm);
    if (hasUnranked)
      violation = formulas().mkAnd({formulas().mkNe(size, one), violation});
    erroneous |= error;
    oblige(op, ObligationKind::ResultCast, int(d), violation,
           "the size inferred from " + joinAnd(names[j]) +
               ", cast to the declared " + std::to_string(declared) +
               " (result dim " + std::to_string(d) + ")",
           error, note);
    resultDims[d] = declaredTerm;
  }
  if (erroneous)
    lowerOpaque(op); // SPEC 4: later ops see the declared result type
  else
    defineDims(result, std::move(resultDims));
}

} // namespace symshape::frontend
