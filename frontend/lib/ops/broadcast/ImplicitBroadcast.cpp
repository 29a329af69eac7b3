//===- ImplicitBroadcast.cpp - The Broadcastable trait's broadcast --------===//
//
// test.broadcastable, the elementwise tosa ops, chlo.broadcast_* without
// broadcast_dimensions, and --broadcastable ops follow the Broadcastable
// trait. Static types give the compile-time errors of the Broadcastable trait's
// tables; runtime sizes give one `broadcast` obligation per result dim fed by
// two or more operands, one `rank` obligation, and one `result-cast` obligation
// per declared static result dim. XLA ops reuse `finishBroadcast` once
// their operands are mapped onto columns.
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringImpl.h"
#include "ops/OpTable.h"

#include "symshape/solver/BroadcastTables.h"

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {

/// Why the op does not fit the Broadcastable trait, or "" when it does.
std::string structuralProblem(const Operation &op,
                              const std::vector<const Type *> &types) {
  if (op.operands.empty())
    return "expects at least one operand (the Broadcastable trait); "
           "mlir-opt 16's verifier accepts an op without operands";
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

void Column::add(TermId size, solver::DimRef name, int64_t staticSize) {
  if (sizes.empty()) {
    inferred = staticSize;
  } else {
    std::optional<int64_t> folded = solver::inferDim(inferred, staticSize);
    staticError |= !folded;
    inferred = folded.value_or(kDynamic);
  }
  sizes.push_back(size);
  names.push_back(name);
}

std::vector<TermId> Lowerer::operandDims(const Operation &op, size_t i) {
  const Type &type = operandType(op, i);
  ValueState &s = state(op.operands[i]);
  if (s.ranked && s.dims.size() == type.dims.size())
    return s.dims;
  // Not tracked (a value typed only by its uses): its type's facts, kept
  // so that later uses share the same symbols.
  std::vector<TermId> dims;
  for (size_t d = 0; d < type.dims.size(); ++d)
    dims.push_back(
        type.dims[d] == kDynamic
            ? freshDim(dimName(op.operands[i], d), SymbolOrigin::OpaqueDim)
            : graph().constant(type.dims[d]));
  defineDims(op.operands[i], dims);
  return dims;
}

solver::DimRef Lowerer::operandDimRef(const Operation &op, size_t i,
                                      size_t dim) {
  int64_t size = operandType(op, i).dims[dim];
  return {op.operands[i], uint32_t(dim), size == kDynamic ? -1 : size};
}

std::string Lowerer::operandDimName(const Operation &op, size_t i, size_t dim) {
  int64_t size = operandType(op, i).dims[dim];
  return size == kDynamic ? dimName(op.operands[i], dim) : std::to_string(size);
}

bool Lowerer::structuralError(const Operation &op, const std::string &why) {
  oblige(op, ObligationKind::Broadcast, -1, formulas().mkTrue(),
         "the operand list", /*staticError=*/true, "'" + op.name + "' " + why);
  lowerOpaque(op);
  return true;
}

void Lowerer::lowerImplicitBroadcast(const Operation &op) {
  std::vector<const Type *> types;
  for (size_t i = 0; i < op.operands.size(); ++i)
    types.push_back(&operandType(op, i));
  for (ValueId result : op.results)
    types.push_back(&value(result).type);
  std::string problemText = structuralProblem(op, types);
  if (!problemText.empty()) {
    structuralError(op, problemText);
    return;
  }
  // ExpandRank: operands align on their last dims; the 1s it adds never
  // violate anything, so a column only holds the operands' own dims.
  size_t rank = 0;
  bool unranked = false;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type &type = operandType(op, i);
    if (type.hasRank())
      rank = std::max(rank, type.dims.size());
    else
      unranked = true;
  }
  bool anyRanked = false;
  std::vector<Column> columns(rank);
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type &type = operandType(op, i);
    if (!type.hasRank())
      continue; // the Broadcastable trait discards unranked operands
    anyRanked = true;
    std::vector<TermId> dims = operandDims(op, i);
    for (size_t d = 0; d < dims.size(); ++d)
      columns[rank - dims.size() + d].add(dims[d], operandDimRef(op, i, d),
                                          type.dims[d]);
  }
  if (!anyRanked) { // the Broadcastable trait: nothing to infer or verify
    lowerOpaque(op);
    return;
  }
  finishBroadcast(op, std::move(columns), unranked);
}

namespace {

/// One `broadcast` obligation per result dim fed by two or more operands.
/// Returns whether one is a static error.
bool requireBroadcastColumns(Lowerer &l, const Operation &op,
                             const std::vector<Column> &columns) {
  const OpEntry *entry = findOp(op.name);
  bool unverified = entry && entry->shapesUnverified;
  bool erroneous = false;
  for (size_t j = 0; j < columns.size(); ++j) {
    const Column &column = columns[j];
    if (column.sizes.size() < 2)
      continue;
    erroneous |= column.staticError;
    l.oblige(op, ObligationKind::Broadcast, int(j),
             l.formulas().mkConflict(column.sizes),
             solver::SubjectForm::Broadcast, column.names, 0, 0,
             column.staticError,
             !column.staticError ? ""
             : unverified
                 ? "the sizes differ and neither is 1 (mlir-opt 16 does not "
                   "verify " +
                       op.name + "'s shapes)"
                 : "the sizes differ and neither is 1");
  }
  return erroneous;
}

/// The `rank` obligation: the declared result rank is the inferred one
/// (at least it, with an unranked operand). Returns whether it holds.
bool requireResultRank(Lowerer &l, const Operation &op, size_t resultRank,
                       size_t rank, bool unranked) {
  // Upstream MLIR: an unranked operand may supply leading result dims.
  bool rankOk = unranked ? resultRank >= rank : resultRank == rank;
  std::string rankNote =
      !rankOk && resultRank > rank
          ? "the Broadcastable trait requires the inferred rank; its "
            "verifier in mlir-opt 16 accepts a result of higher rank"
          : "";
  l.oblige(op, ObligationKind::Rank, -1, l.formulas().mkBool(!rankOk),
           solver::SubjectForm::Rank, {}, int64_t(resultRank), int64_t(rank),
           !rankOk, rankNote);
  return rankOk;
}

/// One `result-cast` obligation per declared static result dim of the
/// columns' part of the result (after `offset` leading dims). Fills
/// `resultDims` with the dims they decide; returns whether one is a static
/// error.
bool requireResultCasts(Lowerer &l, const Operation &op,
                        const std::vector<Column> &columns, bool unranked,
                        bool strict, std::vector<TermId> &resultDims) {
  const Type &resultType = l.value(op.results.front()).type;
  size_t resultRank = resultType.dims.size();
  size_t offset = resultRank - columns.size();
  TermId one = l.graph().constant(1);
  bool erroneous = false;
  for (size_t d = offset; d < resultRank; ++d) {
    int64_t declared = resultType.dims[d];
    const Column &column = columns[d - offset];
    TermId size = l.graph().broadcast(column.sizes);
    if (declared == kDynamic) {
      if (!unranked)
        resultDims[d] = size;
      continue;
    }
    if (column.staticError)
      continue; // no runtime size to compare: the broadcast itself errs
    // SEMANTICS.md §3: with an unranked operand the trailing dims are still
    // checked as usual (from the ranked operands) by the static rules; at
    // runtime the unranked operand may supply the size where the others give 1.
    int64_t inferred = column.staticError ? kDynamic : column.inferred;
    TermId declaredTerm = l.graph().constant(declared);
    bool error = solver::checkResultDim(inferred, declared, strict) ==
                 solver::ResultDimCheck::Error;
    std::string note;
    if (error && inferred == kDynamic)
      note = "--strict follows the Broadcastable trait's pseudo-code: a "
             "dynamic inferred size under a static result dim is an error";
    else if (error && inferred == 1)
      note = "broadcast semantics do not apply to results (the Broadcastable "
             "trait); its verifier in mlir-opt 16 accepts an inferred 1 here";
    FormulaId violation = l.formulas().mkNe(size, declaredTerm);
    if (unranked)
      violation = l.formulas().mkAnd({l.formulas().mkNe(size, one), violation});
    erroneous |= error;
    l.oblige(op, ObligationKind::ResultCast, int(d), violation,
             solver::SubjectForm::ResultCast, column.names, declared, 0, error,
             note);
    resultDims[d] = declaredTerm;
  }
  return erroneous;
}

/// The result dims no result-cast decided: a leading dim an unranked
/// operand supplies is unknown here; where the ranked operands give 1, the
/// unranked one decides.
void defineOpenResultDims(Lowerer &l, const Operation &op,
                          const std::vector<Column> &columns,
                          std::vector<TermId> &resultDims) {
  ValueId result = op.results.front();
  const Type &resultType = l.value(result).type;
  size_t resultRank = resultType.dims.size();
  size_t offset = resultRank - columns.size();
  TermId one = l.graph().constant(1);
  for (size_t d = 0; d < resultRank; ++d) {
    if (resultDims[d] != solver::kNoTerm)
      continue;
    int64_t declared = resultType.dims[d];
    if (d < offset) { // supplied by an unranked operand: unknown here
      resultDims[d] = declared == kDynamic ? l.freshDim(l.dimName(result, d),
                                                        SymbolOrigin::OpaqueDim)
                                           : l.graph().constant(declared);
      continue;
    }
    // Where the ranked operands give 1, the unranked one decides.
    TermId size = l.graph().broadcast(columns[d - offset].sizes);
    TermId r = l.freshDim(l.dimName(result, d), SymbolOrigin::OpaqueDim);
    l.problem().addFact(l.formulas().mkOr(
        {l.formulas().mkEq(size, one), l.formulas().mkEq(r, size)}));
    resultDims[d] = r;
  }
}

} // namespace

void Lowerer::finishBroadcast(const Operation &op, std::vector<Column> columns,
                              bool unranked) {
  size_t rank = columns.size();
  bool erroneous = requireBroadcastColumns(*this, op, columns);

  ValueId result = op.results.front();
  const Type &resultType = value(result).type;
  if (!resultType.hasRank()) {
    // The Broadcastable trait: an unranked result needs no verification. Its
    // rank is still known when every operand is ranked.
    if (unranked || erroneous) {
      lowerOpaque(op);
      return;
    }
    std::vector<TermId> resultDims;
    for (const Column &column : columns)
      resultDims.push_back(graph().broadcast(column.sizes));
    defineDims(result, std::move(resultDims));
    return;
  }

  size_t resultRank = resultType.dims.size();
  if (!requireResultRank(*this, op, resultRank, rank, unranked)) {
    lowerOpaque(op);
    return;
  }

  // Result-cast obligations first: whether the op is erroneous decides
  // where its result dims come from.
  std::vector<TermId> resultDims(resultRank, solver::kNoTerm);
  erroneous |= requireResultCasts(*this, op, columns, unranked, options.strict,
                                  resultDims);
  if (erroneous) {
    lowerOpaque(op); // SEMANTICS.md §4: later ops see the declared result type
    return;
  }
  defineOpenResultDims(*this, op, columns, resultDims);
  defineDims(result, std::move(resultDims));
}

} // namespace symshape::frontend
