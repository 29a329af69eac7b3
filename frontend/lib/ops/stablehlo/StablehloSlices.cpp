//===- StablehloSlices.cpp - Shape functions: slices and pads ------------===//
//
// StableHLO spec rules (docs/spec.md) for the ops that read or write a
// window of their operand:
//
//   slice               result[d] = ceil((limit[d] - start[d]) / stride[d]),
//                       0 <= start <= limit <= operand[d]
//   dynamic_slice       result = slice_sizes, slice_sizes[d] <= operand[d]
//                       (start indices are clamped: no other requirement)
//   dynamic_update_slice  update[d] <= operand[d]; result = operand
//   real_dynamic_slice  slice with start, limit and strides given by values
//   pad                 lo + in + hi + max(in - 1, 0) * interior
//
// The ops that index their operand by another's values (gather, scatter,
// torch_index_select) are in StablehloGather.cpp.
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"

#include <algorithm>

namespace symshape::frontend::hlo {

/// The most select terms a dynamic_slice at an unknown start builds for its
/// result's values (elements times the starts each may come from).
static constexpr int64_t kMaxSelectTerms = 4096;

void requireFits(OpContext &ctx, TermId size, size_t i, size_t d,
                 const std::string &what) {
  std::optional<int64_t> s = ctx.graph().constantValue(size);
  std::optional<int64_t> dim = ctx.staticDim(i, d);
  if (s && dim && *s > *dim)
    return ctx.error("expects " + what + " to fit in dim " + std::to_string(d) +
                     " of " + ctx.operandName(i) + " (" + std::to_string(*dim) +
                     ")");
  ctx.requireInBounds(ctx.formulas().mkLe(size, ctx.dim(i, d)),
                      what + " within " + ctx.dimName(i, d));
}

void lowerSlice(OpContext &ctx) {
  std::optional<std::vector<int64_t>> start = ctx.ints("start_indices");
  std::optional<std::vector<int64_t>> limit = ctx.ints("limit_indices");
  std::optional<std::vector<int64_t>> strides = ctx.ints("strides");
  if (!ctx.expectRanks({-1}))
    return;
  if (!start || !limit || !strides)
    return ctx.opaque("start_indices, limit_indices or strides not understood");
  size_t rank = ctx.rank(0);
  if (start->size() != rank || limit->size() != rank || strides->size() != rank)
    return ctx.error("expects one start, limit and stride per dim (" +
                     std::to_string(rank) + ")");
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    int64_t a = (*start)[d], b = (*limit)[d], s = (*strides)[d];
    if (a < 0 || b < a || s <= 0)
      return ctx.error("expects 0 <= start <= limit and a positive stride, "
                       "got " +
                       std::to_string(a) + ":" + std::to_string(b) + ":" +
                       std::to_string(s) + " in dim " + std::to_string(d));
    requireFits(ctx, ctx.constant(b), 0, d,
                "the slice's limit " + std::to_string(b));
    dims.push_back(ctx.constant((b - a + s - 1) / s));
  }
  ctx.setResult(0, dims);
  std::optional<std::vector<TermId>> values = intValues(ctx, 0);
  if (rank == 1 && values) {
    std::vector<TermId> picked;
    for (int64_t i = (*start)[0]; i < (*limit)[0]; i += (*strides)[0])
      if (size_t(i) < values->size())
        picked.push_back((*values)[size_t(i)]);
    setIntValues(ctx, 0, std::move(picked));
  }
}

void lowerDynamicSlice(OpContext &ctx) {
  std::optional<std::vector<int64_t>> sizes = ctx.ints("slice_sizes");
  if (!ctx.expectRanked() || ctx.numOperands() < 1)
    return;
  if (!sizes)
    return ctx.opaque("slice_sizes not understood");
  size_t rank = ctx.rank(0);
  if (sizes->size() != rank)
    return ctx.error("expects one slice size per dim (" + std::to_string(rank) +
                     "), got " + listText(*sizes, '('));
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    if ((*sizes)[d] < 0)
      return ctx.error("expects non-negative slice sizes, got " +
                       listText(*sizes, '('));
    dims.push_back(ctx.constant((*sizes)[d]));
    requireFits(ctx, dims.back(), 0, d,
                "the slice size " + std::to_string((*sizes)[d]));
  }
  ctx.setResult(0, dims);
  if (rank != 1 || ctx.failed() || ctx.numOperands() != 2)
    return;
  // The values of a 1-D integer tensor: the spec clamps the start to
  // [0, size - slice_size] (dynamic_slice's semantics), so result element
  // k is operand element first + k for the clamped start `first`.
  std::optional<std::vector<TermId>> values = intValues(ctx, 0);
  std::optional<std::vector<TermId>> start = intValues(ctx, 1);
  if (!values || !start || start->size() != 1)
    return;
  int64_t size = (*sizes)[0], n = int64_t(values->size());
  if (size > n)
    return;
  int64_t last = n - size; // the largest clamped start
  if (std::optional<int64_t> a = ctx.graph().constantValue((*start)[0])) {
    int64_t first = std::min(std::max<int64_t>(*a, 0), last);
    return attachValues(ctx, 0,
                        std::vector<TermId>(values->begin() + first,
                                            values->begin() + first + size));
  }
  // An unknown start: element k is one of values[k .. k + last], picked by
  // the clamped start min(max(start, 0), last). The operand's elements stay
  // as they are (SEMANTICS.md §2: an unknown never spreads to neighbours).
  if ((last + 1) * size > kMaxSelectTerms)
    return;
  TermId zero = ctx.constant(0), top = ctx.constant(last);
  TermId a = (*start)[0];
  TermId low = ctx.selectLe(a, zero, zero, a);
  TermId first = ctx.selectLe(low, top, low, top);
  std::vector<TermId> picked;
  for (int64_t k = 0; k < size; ++k) {
    TermId e = (*values)[size_t(k + last)];
    for (int64_t j = last - 1; j >= 0; --j) {
      TermId v = (*values)[size_t(k + j)];
      if (v != e) // equal picks need no select
        e = ctx.selectEq(first, ctx.constant(j), v, e);
    }
    picked.push_back(e);
  }
  attachValues(ctx, 0, std::move(picked));
}

void lowerDynamicUpdateSlice(OpContext &ctx) {
  if (!ctx.expectRanked() || ctx.numOperands() < 2)
    return;
  if (ctx.rank(1) != ctx.rank(0))
    return ctx.error("expects an update of the operand's rank, got '" +
                     ctx.operandType(1).str() + "'");
  if (ctx.numOperands() - 2 != ctx.rank(0) &&
      !(ctx.numOperands() == 3 && ctx.rank(2) == 1)) // old mhlo: one vector
    return ctx.error("expects one start index per operand dim (" +
                     std::to_string(ctx.rank(0)) + "), got " +
                     std::to_string(ctx.numOperands() - 2));
  for (size_t d = 0; d < ctx.rank(0); ++d)
    requireFits(ctx, ctx.dim(1, d), 0, d,
                "the update's size " + ctx.dimName(1, d));
  ctx.setResult(0, ctx.dims(0));
}

/// operand, start, limit, strides: 1-D integer tensors, one element per
/// dim, read element by element. Not in the spec: StableHLO defines it as
/// slice with its indices given as values, so slice's constraints hold at
/// runtime (slice_c3 bounds, slice_c4 strides, slice_c5 the result).
void lowerRealDynamicSlice(OpContext &ctx) {
  if (!ctx.expectRanked() || ctx.numOperands() != 4)
    return;
  size_t rank = ctx.rank(0);
  for (size_t i = 1; i < 4; ++i) {
    const Type &t = ctx.operandType(i);
    if (!t.hasRank() || t.dims.size() != 1 ||
        (t.dims[0] != kDynamic && size_t(t.dims[0]) != rank))
      return ctx.error("expects start, limit and strides of " +
                       std::to_string(rank) + " elements, got '" + t.str() +
                       "' (slice_c2)");
  }
  std::optional<std::vector<TermId>> start = intValues(ctx, 1),
                                     limit = intValues(ctx, 2),
                                     strides = intValues(ctx, 3);
  if (!start || !limit || !strides)
    return ctx.opaque("start, limit or strides not known");
  if (start->size() != rank || limit->size() != rank || strides->size() != rank)
    return ctx.error("expects start, limit and strides of length " +
                     std::to_string(rank) + " (slice_c2)");
  solver::FormulaStore &f = ctx.formulas();
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    TermId a = (*start)[d], b = (*limit)[d], s = (*strides)[d];
    ctx.setRule("slice_c3");
    ctx.requireInBounds(f.mkAnd({f.mkLe(ctx.constant(0), a), f.mkLe(a, b),
                                 f.mkLe(b, ctx.dim(0, d))}),
                        "the slice of dim " + std::to_string(d) + " within " +
                            ctx.dimName(0, d) +
                            " (0 <= start <= limit <= size: slice_c3)");
    ctx.setRule("slice_c4");
    ctx.requireInBounds(f.mkLe(ctx.constant(1), s),
                        "the stride of dim " + std::to_string(d) +
                            " (positive: slice_c4)");
    // slice_c5: ceil((limit - start) / stride).
    TermId span = ctx.sub(ctx.add(ctx.sub(b, a), s), ctx.constant(1));
    dims.push_back(ctx.floorDiv(span, s));
  }
  ctx.setRule("slice_c5");
  ctx.setResultFromValues(0, dims);
  // A slice of a 1-D integer tensor at constant indices keeps its values.
  std::optional<std::vector<TermId>> values = intValues(ctx, 0);
  std::optional<int64_t> a = ctx.graph().constantValue((*start)[0]),
                         b = ctx.graph().constantValue((*limit)[0]),
                         s = ctx.graph().constantValue((*strides)[0]);
  if (rank == 1 && values && a && b && s && *a >= 0 && *a <= *b && *s > 0 &&
      size_t(*b) <= values->size()) {
    std::vector<TermId> picked;
    for (int64_t i = *a; i < *b; i += *s)
      picked.push_back((*values)[size_t(i)]);
    attachValues(ctx, 0, std::move(picked));
  }
}

void lowerPad(OpContext &ctx) {
  std::optional<std::vector<int64_t>> lo = ctx.ints("edge_padding_low");
  std::optional<std::vector<int64_t>> hi = ctx.ints("edge_padding_high");
  std::optional<std::vector<int64_t>> in = ctx.ints("interior_padding");
  if (!ctx.expectRanks({-1, 0}))
    return;
  if (!lo || !hi || !in)
    return ctx.opaque("edge_padding_low/high or interior_padding not "
                      "understood");
  size_t rank = ctx.rank(0);
  if (lo->size() != rank || hi->size() != rank || in->size() != rank)
    return ctx.error("expects one padding per dim (" + std::to_string(rank) +
                     ")");
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    if ((*in)[d] < 0)
      return ctx.error("expects non-negative interior padding, got " +
                       listText(*in, '('));
    TermId out = ctx.add(ctx.constant((*lo)[d] + (*hi)[d]),
                         dilated(ctx, ctx.dim(0, d), (*in)[d]));
    std::optional<int64_t> size = ctx.graph().constantValue(out);
    if (size && *size < 0)
      return ctx.error("makes dim " + std::to_string(d) + " negative (" +
                       std::to_string(*size) + ")");
    ctx.requireInBounds(ctx.formulas().mkLe(ctx.constant(0), out),
                        "the padded size of " + ctx.dimName(0, d) +
                            " (it must not be negative)");
    dims.push_back(out);
  }
  ctx.setResult(0, dims);
}

/// operand, padding_value, low, high, interior (1-D, known values).
void lowerDynamicPad(OpContext &ctx) {
  if (!ctx.expectRanked() || ctx.numOperands() != 5)
    return;
  std::optional<std::vector<TermId>> lo = intValues(ctx, 2),
                                     hi = intValues(ctx, 3),
                                     in = intValues(ctx, 4);
  if (!lo || !hi || !in)
    return ctx.opaque("edge or interior padding not known");
  size_t rank = ctx.rank(0);
  if (lo->size() != rank || hi->size() != rank || in->size() != rank)
    return ctx.error("expects one padding per dim (" + std::to_string(rank) +
                     ")");
  solver::FormulaStore &f = ctx.formulas();
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    TermId size = ctx.dim(0, d), one = ctx.constant(1);
    // max(size - 1, 0) = size - 1 + floor(1 / (size + 1)) for size >= 0.
    TermId gaps =
        ctx.add(ctx.sub(size, one), ctx.floorDiv(one, ctx.add(size, one)));
    TermId out = ctx.add(ctx.add((*lo)[d], (*hi)[d]),
                         ctx.add(size, ctx.mul(gaps, (*in)[d])));
    ctx.requireInBounds(f.mkAnd({f.mkLe(ctx.constant(0), (*in)[d]),
                                 f.mkLe(ctx.constant(0), out)}),
                        "the padding of " + ctx.dimName(0, d) +
                            " (interior and result not negative)");
    dims.push_back(out);
  }
  ctx.setResultFromValues(0, dims);
}

} // namespace symshape::frontend::hlo
