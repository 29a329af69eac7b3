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

#include "BroadcastRules.h"
#include "ops/OpTable.h"

#include "symshape/solver/BroadcastTables.h"

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {

/// Why the op does not fit the Broadcastable trait, or "" when it does.
std::string structuralProblem(const OpContext &ctx, size_t inputs,
                              const std::vector<const Type *> &types) {
  if (inputs == 0)
    return "expects at least one operand (the Broadcastable trait); "
           "mlir-opt 16's verifier accepts an op without operands";
  if (ctx.numResults() != 1)
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

void lowerImplicitBroadcast(OpContext &ctx, size_t inputs) {
  std::vector<const Type *> types;
  types.reserve(inputs + ctx.numResults());
  for (size_t i = 0; i < inputs; ++i)
    types.push_back(&ctx.operandType(i));
  for (size_t r = 0; r < ctx.numResults(); ++r)
    types.push_back(&ctx.resultType(r));
  std::string problemText = structuralProblem(ctx, inputs, types);
  if (!problemText.empty()) {
    ctx.staticError(ObligationKind::Broadcast, "the operand list",
                    "'" + ctx.op().name + "' " + problemText);
    ctx.resultsFromTypes();
    return;
  }
  // ExpandRank: operands align on their last dims; the 1s it adds never
  // violate anything, so a column only holds the operands' own dims.
  size_t rank = 0;
  bool unranked = false;
  for (size_t i = 0; i < inputs; ++i) {
    const Type &type = ctx.operandType(i);
    if (type.hasRank())
      rank = std::max(rank, type.dims.size());
    else
      unranked = true;
  }
  bool anyRanked = false;
  std::vector<Column> columns(rank);
  for (Column &column : columns) { // one allocation each, not a doubling
    column.sizes.reserve(inputs);
    column.names.reserve(inputs);
  }
  for (size_t i = 0; i < inputs; ++i) {
    const Type &type = ctx.operandType(i);
    if (!type.hasRank())
      continue; // the Broadcastable trait discards unranked operands
    anyRanked = true;
    std::vector<TermId> dims = ctx.dims(i);
    for (size_t d = 0; d < dims.size(); ++d)
      columns[rank - dims.size() + d].add(dims[d], ctx.dimRef(i, d),
                                          type.dims[d]);
  }
  if (!anyRanked) { // the Broadcastable trait: nothing to infer or verify
    ctx.resultsFromTypes();
    return;
  }
  finishBroadcast(ctx, std::move(columns), unranked);
}

namespace {

/// One `broadcast` obligation per result dim fed by two or more operands.
/// Returns whether one is a static error.
bool requireBroadcastColumns(OpContext &ctx,
                             const std::vector<Column> &columns) {
  const OpEntry *entry = findOp(ctx.op().name);
  bool unverified = entry && entry->shapesUnverified;
  bool erroneous = false;
  for (size_t j = 0; j < columns.size(); ++j) {
    const Column &column = columns[j];
    if (column.sizes.size() < 2)
      continue;
    erroneous |= column.staticError;
    ctx.requireBroadcastable(
        int(j), column.sizes, column.names, column.staticError,
        !column.staticError ? ""
        : unverified
            ? "the sizes differ and neither is 1 (mlir-opt 16 does not "
              "verify " +
                  ctx.op().name + "'s shapes)"
            : "the sizes differ and neither is 1");
  }
  return erroneous;
}

/// The `rank` obligation: the declared result rank is the inferred one
/// (at least it, with an unranked operand). Returns whether it holds.
bool requireResultRank(OpContext &ctx, size_t resultRank, size_t rank,
                       bool unranked) {
  // Upstream MLIR: an unranked operand may supply leading result dims.
  bool rankOk = unranked ? resultRank >= rank : resultRank == rank;
  std::string rankNote =
      !rankOk && resultRank > rank
          ? "the Broadcastable trait requires the inferred rank; its "
            "verifier in mlir-opt 16 accepts a result of higher rank"
          : "";
  ctx.requireResultRank(int64_t(resultRank), int64_t(rank), !rankOk, rankNote);
  return rankOk;
}

/// One `result-cast` obligation per declared static result dim of the
/// columns' part of the result (after `offset` leading dims). Fills
/// `resultDims` with the dims they decide; returns whether one is a static
/// error.
bool requireResultCasts(OpContext &ctx, const std::vector<Column> &columns,
                        bool unranked, std::vector<TermId> &resultDims) {
  const Type &resultType = ctx.resultType(0);
  size_t resultRank = resultType.dims.size();
  size_t offset = resultRank - columns.size();
  TermId one = ctx.constant(1);
  bool erroneous = false;
  for (size_t d = offset; d < resultRank; ++d) {
    int64_t declared = resultType.dims[d];
    const Column &column = columns[d - offset];
    TermId size = ctx.graph().broadcast(column.sizes);
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
    TermId declaredTerm = ctx.constant(declared);
    bool error = solver::checkResultDim(inferred, declared, ctx.strict()) ==
                 solver::ResultDimCheck::Error;
    std::string note;
    if (error && inferred == kDynamic)
      note = "--strict follows the Broadcastable trait's pseudo-code: a "
             "dynamic inferred size under a static result dim is an error";
    else if (error && inferred == 1)
      note = "broadcast semantics do not apply to results (the Broadcastable "
             "trait); its verifier in mlir-opt 16 accepts an inferred 1 here";
    FormulaId violation = ctx.formulas().mkNe(size, declaredTerm);
    if (unranked)
      violation =
          ctx.formulas().mkAnd({ctx.formulas().mkNe(size, one), violation});
    erroneous |= error;
    ctx.requireBroadcastCast(int(d), violation, column.names, declared, error,
                             note);
    resultDims[d] = declaredTerm;
  }
  return erroneous;
}

/// The result dims no result-cast decided: a leading dim an unranked
/// operand supplies is unknown here; where the ranked operands give 1, the
/// unranked one decides.
void defineOpenResultDims(OpContext &ctx, const std::vector<Column> &columns,
                          std::vector<TermId> &resultDims) {
  const Type &resultType = ctx.resultType(0);
  size_t resultRank = resultType.dims.size();
  size_t offset = resultRank - columns.size();
  TermId one = ctx.constant(1);
  for (size_t d = 0; d < resultRank; ++d) {
    if (resultDims[d] != solver::kNoTerm)
      continue;
    int64_t declared = resultType.dims[d];
    if (d < offset) { // supplied by an unranked operand: unknown here
      resultDims[d] = declared == kDynamic ? ctx.freshResultDim(0, d)
                                           : ctx.constant(declared);
      continue;
    }
    // Where the ranked operands give 1, the unranked one decides.
    TermId size = ctx.graph().broadcast(columns[d - offset].sizes);
    TermId r = ctx.freshResultDim(0, d);
    ctx.addFact(ctx.formulas().mkOr(
        {ctx.formulas().mkEq(size, one), ctx.formulas().mkEq(r, size)}));
    resultDims[d] = r;
  }
}

} // namespace

void finishBroadcast(OpContext &ctx, std::vector<Column> columns,
                     bool unranked) {
  size_t rank = columns.size();
  bool erroneous = requireBroadcastColumns(ctx, columns);

  const Type &resultType = ctx.resultType(0);
  if (!resultType.hasRank()) {
    // The Broadcastable trait: an unranked result needs no verification. Its
    // rank is still known when every operand is ranked.
    if (unranked || erroneous) {
      ctx.resultsFromTypes();
      return;
    }
    std::vector<TermId> resultDims;
    for (const Column &column : columns)
      resultDims.push_back(ctx.graph().broadcast(column.sizes));
    ctx.defineResult(0, std::move(resultDims));
    return;
  }

  size_t resultRank = resultType.dims.size();
  if (!requireResultRank(ctx, resultRank, rank, unranked)) {
    ctx.resultsFromTypes();
    return;
  }

  // Result-cast obligations first: whether the op is erroneous decides
  // where its result dims come from.
  std::vector<TermId> resultDims(resultRank, solver::kNoTerm);
  erroneous |= requireResultCasts(ctx, columns, unranked, resultDims);
  if (erroneous) {
    // SEMANTICS.md §4: later ops see the declared result type.
    ctx.resultsFromTypes();
    return;
  }
  defineOpenResultDims(ctx, columns, resultDims);
  ctx.defineResult(0, std::move(resultDims));
}

} // namespace symshape::frontend
