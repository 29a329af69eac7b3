//===- StablehloMore.cpp - Shape functions: top_k, ragged_dot, rng_bits ---===//
//
// Ops beside the StableHLO spec's core, each from its own verifier:
//
//   chlo.top_k, mhlo.topk   (ChloOps.cpp / hlo_ops.cc, TopKOp's
//                           inferReturnTypeComponents): operand rank >= 1,
//                           its last dim at least k; values and indices
//                           are the operand's shape with the last dim k
//   chlo.ragged_dot         (ChloOps.cpp, checkRaggedDotConstraints and
//                           inferRaggedDotOp; mhlo's copy in hlo_ops.cc):
//                           dot_general's batching and contracting pairs,
//                           one lhs ragged dim, group_sizes [b..., x..., g],
//                           result [g if ragged contracting] ++ batch ++
//                           lhs free ++ rhs free (not its group dim)
//   rng_bit_generator       (StableHLO spec): output_state has the type of
//                           initial_state (C1); output is its declared type
//
// None of these has numbered constraints but rng_bit_generator: the
// requirements carry the op's name as their rule id (the family default).
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "ops/rules/OpRules.h"

#include <algorithm>

namespace symshape::frontend::hlo {

void lowerTopK(OpContext &ctx) {
  if (ctx.numOperands() != 1 || ctx.numResults() != 2)
    return ctx.error("expects one operand and two results (values, indices)");
  // "operand must be ranked": the chlo test files keep an unranked form
  // that later verifiers accept, so it is opaque, not an error.
  if (!ctx.expectRanked())
    return;
  if (ctx.rank(0) < 1)
    return ctx.error("expects an operand of rank at least 1 (\"operand's "
                     "rank must be at least 1\")");
  std::optional<int64_t> k = ctx.integer("k");
  if (!k)
    return ctx.opaque("k not understood");
  if (*k < 0)
    return ctx.opaque("negative k " + std::to_string(*k));
  size_t last = ctx.rank(0) - 1;
  std::optional<int64_t> lastSize = ctx.staticDim(0, last);
  if (lastSize && *lastSize < *k) {
    ctx.staticError(solver::ObligationKind::InBounds,
                    "k = " + std::to_string(*k) + " within the last dim " +
                        std::to_string(*lastSize),
                    "operand's last dimension must be at least k");
    return ctx.resultsFromTypes();
  }
  TermId kTerm = ctx.constant(*k);
  ctx.requireInBounds(ctx.formulas().mkLe(kTerm, ctx.dim(0, last)),
                      "k = " + std::to_string(*k) + " within the last dim " +
                          ctx.dimName(0, last));
  std::vector<TermId> dims = ctx.dims(0);
  dims[last] = kTerm;
  ctx.setResult(0, dims);
  ctx.setResult(1, dims);
}

namespace {

/// The six lists of `#chlo.ragged_dot<...>` (a field the printer left out
/// is empty).
struct RaggedDims {
  std::vector<int64_t> lb, rb, lc, rc, ragged, group;
};

/// nullopt when the attribute is absent, not a struct the parser read
/// (mhlo's nests `dot_dimension_numbers = #mhlo.dot<...>`, which it does
/// not), or has a field this rule does not know.
std::optional<RaggedDims> raggedDims(OpContext &ctx) {
  const Attribute *attr = ctx.structAttr("ragged_dot_dimension_numbers");
  std::optional<Fields> f = attr ? structFields(*attr) : std::nullopt;
  if (!f)
    return std::nullopt;
  RaggedDims d;
  std::pair<const char *, std::vector<int64_t> *> known[] = {
      {"lhs_batching_dimensions", &d.lb},
      {"rhs_batching_dimensions", &d.rb},
      {"lhs_contracting_dimensions", &d.lc},
      {"rhs_contracting_dimensions", &d.rc},
      {"lhs_ragged_dimensions", &d.ragged},
      {"rhs_group_dimensions", &d.group}};
  size_t read = 0;
  for (auto &[name, list] : known) {
    auto it = f->find(name);
    if (it != f->end()) {
      *list = it->second;
      ++read;
    }
  }
  if (read != f->size())
    return std::nullopt;
  return d;
}

bool hasDim(const std::vector<int64_t> &list, int64_t v) {
  return std::count(list.begin(), list.end(), v) != 0;
}

} // namespace

void lowerRaggedDot(OpContext &ctx) {
  if (ctx.numOperands() != 3 || ctx.numResults() != 1)
    return ctx.error("expects operands (lhs, rhs, group_sizes) and one "
                     "result");
  std::optional<RaggedDims> rd = raggedDims(ctx);
  if (!ctx.expectRanked())
    return;
  if (!rd)
    return ctx.opaque("ragged_dot_dimension_numbers not understood (the "
                      "parser reads only a flat #chlo.ragged_dot<...>)");
  size_t lr = ctx.rank(0), rr = ctx.rank(1), gr = ctx.rank(2);
  // checkDotGeneralConstraints: the lists pair up, in range, no dim twice.
  std::vector<int64_t> lhsUsed = rd->lb, rhsUsed = rd->rb;
  lhsUsed.insert(lhsUsed.end(), rd->lc.begin(), rd->lc.end());
  rhsUsed.insert(rhsUsed.end(), rd->rc.begin(), rd->rc.end());
  if (rd->lb.size() != rd->rb.size() || rd->lc.size() != rd->rc.size() ||
      !isDimList(lhsUsed, lr) || !isDimList(rhsUsed, rr))
    return ctx.error("has batching dims " + listText(rd->lb, '(') + " x " +
                     listText(rd->rb, '(') + " and contracting dims " +
                     listText(rd->lc, '(') + " x " + listText(rd->rc, '(') +
                     " that do not fit its operands");
  // checkRaggedDotConstraints: "There must be exactly one ragged dimension
  // in the lhs", within the lhs rank.
  if (rd->ragged.size() != 1 || rd->ragged[0] < 0 ||
      size_t(rd->ragged[0]) >= lr)
    return ctx.error("expects exactly one lhs ragged dim within the lhs rank");
  int64_t ragged = rd->ragged[0];
  bool batch = hasDim(rd->lb, ragged), contracting = hasDim(rd->lc, ragged);
  // group_sizes is [b..., x..., g]: the lhs batching dims (before the ragged
  // one in the batch mode), then the lhs contracting dims before it
  // (contracting mode) or the lhs free dims before it (non-contracting).
  std::vector<int64_t> prefix = rd->lb;
  if (batch)
    prefix.resize(size_t(std::find(rd->lb.begin(), rd->lb.end(), ragged) -
                         rd->lb.begin()));
  else if (contracting)
    prefix.insert(prefix.end(), rd->lc.begin(),
                  std::find(rd->lc.begin(), rd->lc.end(), ragged));
  else
    for (int64_t i = 0; i < ragged; ++i)
      if (!hasDim(rd->lb, i) && !hasDim(rd->lc, i))
        prefix.push_back(i);
  if (gr == 0 || (gr != 1 && gr != prefix.size() + 1))
    return ctx.error("expects group_sizes of rank " +
                     (prefix.empty()
                          ? std::string("1")
                          : std::to_string(prefix.size() + 1) + " or 1") +
                     ", got '" + ctx.operandType(2).str() + "'");
  // A rank-1 group_sizes is broadcast; another one's prefix is compared
  // as declared (std::equal on the shapes: `?` matches only `?`).
  if (gr != 1)
    for (size_t j = 0; j < prefix.size(); ++j)
      if (ctx.operandType(2).dims[j] != ctx.operandType(0).dims[prefix[j]])
        return ctx.error("expects group_sizes dim " + std::to_string(j) +
                         " to be the lhs dim " + std::to_string(prefix[j]) +
                         ", got '" + ctx.operandType(2).str() + "'");
  // The rhs group dims: in range, apart from the batching and contracting
  // ones, exactly one when the ragged dim is free, none otherwise.
  for (int64_t g : rd->group)
    if (g < 0 || size_t(g) >= rr || hasDim(rd->rb, g) || hasDim(rd->rc, g))
      return ctx.error("has an rhs group dim " + std::to_string(g) +
                       " outside the rhs or among its batching or "
                       "contracting dims");
  if (rd->group.size() != (batch || contracting ? 0u : 1u))
    return ctx.error(batch || contracting
                         ? "expects no rhs group dim when the ragged dim is "
                           "batch or contracting"
                         : "expects exactly one rhs group dim when the ragged "
                           "dim is not contracting");
  for (size_t j = 0; j < prefix.size() && gr != 1; ++j)
    ctx.requireSameDim(2, j, 0, size_t(prefix[j]), "group_sizes prefix");
  for (size_t k = 0; k < rd->lb.size(); ++k)
    ctx.requireSameDim(0, size_t(rd->lb[k]), 1, size_t(rd->rb[k]), "batch");
  for (size_t k = 0; k < rd->lc.size(); ++k)
    ctx.requireSameDim(0, size_t(rd->lc[k]), 1, size_t(rd->rc[k]),
                       "contracted");
  if (!rd->group.empty())
    ctx.requireSameDim(2, gr - 1, 1, size_t(rd->group[0]), "group");
  // inferRaggedDotOp's result. The values of group_sizes pick rows, not
  // sizes: they are not read.
  std::vector<TermId> dims;
  if (contracting)
    dims.push_back(ctx.dim(2, gr - 1));
  for (int64_t d : rd->lb)
    dims.push_back(ctx.dim(0, size_t(d)));
  for (size_t d = 0; d < lr; ++d)
    if (!hasDim(lhsUsed, int64_t(d)))
      dims.push_back(ctx.dim(0, d));
  for (size_t d = 0; d < rr; ++d)
    if (!hasDim(rhsUsed, int64_t(d)) && !hasDim(rd->group, int64_t(d)))
      dims.push_back(ctx.dim(1, d));
  ctx.setResult(0, dims);
}

void lowerRngBitGenerator(OpContext &ctx) {
  if (ctx.numOperands() != 1 || ctx.numResults() != 2)
    return ctx.error("expects one operand (initial_state) and two results");
  if (!ctx.expectRanks({1}))
    return;
  // rng_bit_generator_c1: type(initial_state) = type(output_state). The
  // size C2 asks of it depends on rng_algorithm (implementation-defined
  // for DEFAULT) and is not checked.
  ctx.setRule("rng_bit_generator_c1");
  ctx.setResult(0, ctx.dims(0));
  // The output's shape is what its type says, unrelated to the state.
  ctx.setResultFromType(1);
}

} // namespace symshape::frontend::hlo
