//===- StablehloSlices.cpp - Shape functions: slices, pads, gather/scatter ===//
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
//   gather / scatter    batch and offset dims from the dimension numbers
//   torch_index_select  operand[:dim] ++ index[batch_dims:] ++
//                       operand[dim + 1:]; the first batch_dims dims of
//                       index and operand equal
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"

#include <algorithm>

namespace symshape::frontend::hlo {

/// `size <= operand i's dim d`: an error when both are static and it
/// fails, else an `in-bounds` obligation.
static void requireFits(OpContext &ctx, TermId size, size_t i, size_t d,
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
  std::optional<std::vector<int64_t>> start = intsAttr(ctx, "start_indices");
  std::optional<std::vector<int64_t>> limit = intsAttr(ctx, "limit_indices");
  std::optional<std::vector<int64_t>> strides = intsAttr(ctx, "strides");
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
  std::optional<std::vector<int64_t>> sizes = intsAttr(ctx, "slice_sizes");
  if (!ctx.expectRanked() || ctx.numOperands() < 1)
    return;
  if (!sizes)
    return ctx.opaque("slice_sizes not understood");
  size_t rank = ctx.rank(0);
  if (sizes->size() != rank)
    return ctx.error("expects one slice size per dim (" + std::to_string(rank) +
                     "), got " + listText(*sizes));
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    if ((*sizes)[d] < 0)
      return ctx.error("expects non-negative slice sizes, got " +
                       listText(*sizes));
    dims.push_back(ctx.constant((*sizes)[d]));
    requireFits(ctx, dims.back(), 0, d,
                "the slice size " + std::to_string((*sizes)[d]));
  }
  ctx.setResult(0, dims);
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
    ctx.requireInBounds(f.mkAnd({f.mkLe(ctx.constant(0), a), f.mkLe(a, b),
                                 f.mkLe(b, ctx.dim(0, d))}),
                        "the slice of dim " + std::to_string(d) + " within " +
                            ctx.dimName(0, d) +
                            " (0 <= start <= limit <= size: slice_c3)");
    ctx.requireInBounds(f.mkLe(ctx.constant(1), s),
                        "the stride of dim " + std::to_string(d) +
                            " (positive: slice_c4)");
    // slice_c5: ceil((limit - start) / stride).
    TermId span = ctx.sub(ctx.add(ctx.sub(b, a), s), ctx.constant(1));
    dims.push_back(ctx.floorDiv(span, s));
  }
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
  std::optional<std::vector<int64_t>> lo = intsAttr(ctx, "edge_padding_low");
  std::optional<std::vector<int64_t>> hi = intsAttr(ctx, "edge_padding_high");
  std::optional<std::vector<int64_t>> in = intsAttr(ctx, "interior_padding");
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
                       listText(*in));
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

static bool contains(const std::vector<int64_t> &list, int64_t v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

/// A struct attribute's fields, or nullopt (the op is then made opaque).
static std::optional<Fields> dimensionNumbers(OpContext &ctx,
                                              std::string_view name) {
  const Attribute *attr = ctx.attr(name);
  if (!attr || attr->kind != AttrKind::Other)
    return std::nullopt;
  return structFields(*attr);
}

static std::vector<int64_t> field(const Fields &fields, const char *name) {
  auto it = fields.find(name);
  return it == fields.end() ? std::vector<int64_t>() : it->second;
}

static int64_t scalarField(const Fields &fields, const char *name) {
  std::vector<int64_t> v = field(fields, name);
  return v.empty() ? 0 : v[0];
}

/// The batch dims of gather's / scatter's indices operand `i`: every dim
/// but index_vector_dim (all of them when it equals the rank).
static std::vector<size_t> indexBatchDims(OpContext &ctx, size_t i,
                                          int64_t indexVectorDim) {
  std::vector<size_t> out;
  for (size_t d = 0; d < ctx.rank(i); ++d)
    if (int64_t(d) != indexVectorDim)
      out.push_back(d);
  return out;
}

void lowerTorchIndexSelect(OpContext &ctx) {
  // The op has no verifier upstream; its meaning is the one its lowerings
  // give it (stablehlo-legalize-to-linalg, IREE's): a negative dim counts
  // from the operand's rank and a negative batch_dims from the index's;
  // loop i < batch_dims indexes both operand and index dim i, so they
  // agree; the result is operand[:dim] ++ index[batch_dims:] ++
  // operand[dim + 1:]. Anything else is not guessed.
  for (const NamedAttribute &a : ctx.op().attributes)
    if (a.name != "dim" && a.name != "batch_dims")
      return ctx.opaque("attribute '" + a.name + "' not understood");
  if (!ctx.expectRanks({-1, -1}))
    return;
  std::optional<int64_t> dim = ctx.integer("dim");
  std::optional<int64_t> batch = ctx.integer("batch_dims");
  if (!dim || !batch)
    return ctx.opaque("dim or batch_dims not understood");
  int64_t rank = int64_t(ctx.rank(0)), indexRank = int64_t(ctx.rank(1));
  int64_t d = *dim < 0 ? *dim + rank : *dim;
  int64_t b = *batch < 0 ? *batch + indexRank : *batch;
  if (d < 0 || d >= rank || b < 0 || b > indexRank || b > d)
    return ctx.opaque("dim " + std::to_string(*dim) + " and batch_dims " +
                      std::to_string(*batch) +
                      " do not fit the operand and index ranks");
  if (ctx.numResults() != 1 ||
      ctx.resultType(0).kind != TypeKind::RankedTensor ||
      int64_t(ctx.resultType(0).dims.size()) != rank - 1 + indexRank - b)
    return ctx.opaque("the result rank is not operand rank - 1 + index "
                      "rank - batch_dims");
  for (int64_t i = 0; i < b; ++i)
    ctx.requireSameDim(0, size_t(i), 1, size_t(i), "batch");
  std::vector<TermId> dims;
  for (int64_t i = 0; i < d; ++i)
    dims.push_back(ctx.dim(0, size_t(i)));
  for (int64_t i = b; i < indexRank; ++i)
    dims.push_back(ctx.dim(1, size_t(i)));
  for (int64_t i = d + 1; i < rank; ++i)
    dims.push_back(ctx.dim(0, size_t(i)));
  ctx.setResult(0, std::move(dims));
}

void lowerGather(OpContext &ctx) {
  std::optional<Fields> dn = dimensionNumbers(ctx, "dimension_numbers");
  std::optional<std::vector<int64_t>> sizes = intsAttr(ctx, "slice_sizes");
  if (!ctx.expectRanks({-1, -1}))
    return;
  if (!dn || !sizes)
    return ctx.opaque("dimension_numbers or slice_sizes not understood");
  std::vector<int64_t> offsetDims = field(*dn, "offset_dims");
  std::vector<int64_t> collapsed = field(*dn, "collapsed_slice_dims");
  std::vector<int64_t> operandBatch = field(*dn, "operand_batching_dims");
  std::vector<int64_t> indicesBatch = field(*dn, "start_indices_batching_dims");
  std::vector<int64_t> startIndexMap = field(*dn, "start_index_map");
  int64_t ivd = scalarField(*dn, "index_vector_dim");
  size_t rank = ctx.rank(0), indicesRank = ctx.rank(1);
  if (sizes->size() != rank || ivd < 0 || size_t(ivd) > indicesRank ||
      operandBatch.size() != indicesBatch.size())
    return ctx.error("has slice_sizes or dimension numbers that do not fit "
                     "its operands");
  std::vector<int64_t> mapped = startIndexMap;
  mapped.insert(mapped.end(), operandBatch.begin(), operandBatch.end());
  std::vector<int64_t> indexDims = indicesBatch;
  if (size_t(ivd) < indicesRank)
    indexDims.push_back(ivd);
  if (!isDimList(mapped, rank) || !isDimList(indexDims, indicesRank) ||
      !std::is_sorted(offsetDims.begin(), offsetDims.end()) ||
      !std::is_sorted(collapsed.begin(), collapsed.end()) ||
      !std::is_sorted(operandBatch.begin(), operandBatch.end()))
    return ctx.error("has start_index_map " + listText(startIndexMap) +
                     ", batching dims " + listText(operandBatch) + " x " +
                     listText(indicesBatch) +
                     " or unsorted dim lists that do not fit its operands");
  for (size_t d = 0; d < rank; ++d) {
    if ((*sizes)[d] < 0 || ((contains(collapsed, int64_t(d)) ||
                             contains(operandBatch, int64_t(d))) &&
                            (*sizes)[d] > 1))
      return ctx.error("has slice size " + std::to_string((*sizes)[d]) +
                       " in dim " + std::to_string(d));
    requireFits(ctx, ctx.constant((*sizes)[d]), 0, d,
                "the slice size " + std::to_string((*sizes)[d]));
  }
  if (size_t(ivd) < indicesRank) {
    std::optional<int64_t> n = ctx.staticDim(1, size_t(ivd));
    if (n && size_t(*n) != startIndexMap.size())
      return ctx.error("expects index vectors of " +
                       std::to_string(startIndexMap.size()) + " elements");
    ctx.requireEqual(ctx.dim(1, size_t(ivd)),
                     ctx.constant(int64_t(startIndexMap.size())),
                     "the index vector size " + ctx.dimName(1, size_t(ivd)) +
                         " and start_index_map's length");
  }
  for (size_t k = 0; k < operandBatch.size(); ++k)
    if (operandBatch[k] >= 0 && size_t(operandBatch[k]) < rank &&
        indicesBatch[k] >= 0 && size_t(indicesBatch[k]) < indicesRank)
      ctx.requireSameDim(0, size_t(operandBatch[k]), 1, size_t(indicesBatch[k]),
                         "batching");
  std::vector<size_t> batch = indexBatchDims(ctx, 1, ivd);
  std::vector<TermId> offsets;
  for (size_t d = 0; d < rank; ++d)
    if (!contains(collapsed, int64_t(d)) && !contains(operandBatch, int64_t(d)))
      offsets.push_back(ctx.constant((*sizes)[d]));
  size_t resultRank = batch.size() + offsetDims.size();
  if (offsets.size() != offsetDims.size() || !isDimList(offsetDims, resultRank))
    return ctx.error("has offset_dims " + listText(offsetDims) +
                     " that do not fit its slice sizes");
  std::vector<TermId> dims;
  size_t nextBatch = 0, nextOffset = 0;
  for (size_t d = 0; d < resultRank; ++d)
    dims.push_back(contains(offsetDims, int64_t(d))
                       ? offsets[nextOffset++]
                       : ctx.dim(1, batch[nextBatch++]));
  ctx.setResult(0, dims);
}

/// inputs..., scatter_indices, updates...: results = inputs.
void lowerScatter(OpContext &ctx) {
  std::optional<Fields> dn = dimensionNumbers(ctx, "scatter_dimension_numbers");
  if (!ctx.expectRanked())
    return;
  if (!dn)
    return ctx.opaque("scatter_dimension_numbers not understood");
  size_t n = (ctx.numOperands() - 1) / 2, indices = n;
  if (n == 0 || ctx.numOperands() != 2 * n + 1 || ctx.numResults() != n)
    return ctx.error("expects inputs, scatter indices and as many updates");
  std::vector<int64_t> windowDims = field(*dn, "update_window_dims");
  std::vector<int64_t> inserted = field(*dn, "inserted_window_dims");
  std::vector<int64_t> inputBatch = field(*dn, "input_batching_dims");
  int64_t ivd = scalarField(*dn, "index_vector_dim");
  size_t rank = ctx.rank(0);
  if (ivd < 0 || size_t(ivd) > ctx.rank(indices))
    return ctx.error("has index_vector_dim " + std::to_string(ivd) +
                     " beyond the scatter indices' rank");
  std::vector<int64_t> indicesBatch =
      field(*dn, "scatter_indices_batching_dims");
  std::vector<int64_t> toOperand = field(*dn, "scatter_dims_to_operand_dims");
  std::vector<int64_t> mapped = toOperand;
  mapped.insert(mapped.end(), inputBatch.begin(), inputBatch.end());
  std::vector<int64_t> indexDims = indicesBatch;
  if (size_t(ivd) < ctx.rank(indices))
    indexDims.push_back(ivd);
  if (!isDimList(mapped, rank) || !isDimList(indexDims, ctx.rank(indices)) ||
      inputBatch.size() != indicesBatch.size() || !isDimList(inserted, rank) ||
      !std::is_sorted(windowDims.begin(), windowDims.end()) ||
      !std::is_sorted(inserted.begin(), inserted.end()) ||
      !std::is_sorted(inputBatch.begin(), inputBatch.end()))
    return ctx.error("has scatter_dims_to_operand_dims " + listText(toOperand) +
                     ", batching dims " + listText(inputBatch) + " x " +
                     listText(indicesBatch) +
                     " or unsorted dim lists that do not fit its operands");
  if (size_t(ivd) < ctx.rank(indices)) {
    std::optional<int64_t> k = ctx.staticDim(indices, size_t(ivd));
    if (k && size_t(*k) != toOperand.size())
      return ctx.error("expects index vectors of " +
                       std::to_string(toOperand.size()) + " elements");
    ctx.requireEqual(
        ctx.dim(indices, size_t(ivd)), ctx.constant(int64_t(toOperand.size())),
        "the index vector size " + ctx.dimName(indices, size_t(ivd)) +
            " and scatter_dims_to_operand_dims' length");
  }
  for (size_t k = 0; k < inputBatch.size(); ++k)
    ctx.requireSameDim(0, size_t(inputBatch[k]), indices,
                       size_t(indicesBatch[k]), "batching");
  std::vector<size_t> batch = indexBatchDims(ctx, indices, ivd);
  std::vector<size_t> operandWindow; // operand dims the window covers
  for (size_t d = 0; d < rank; ++d)
    if (!contains(inserted, int64_t(d)) && !contains(inputBatch, int64_t(d)))
      operandWindow.push_back(d);
  for (size_t i = 0; i < n; ++i) {
    size_t update = n + 1 + i;
    if (ctx.rank(i) != rank)
      return ctx.error("expects inputs of the same rank");
    for (size_t d = 0; d < rank && i > 0; ++d)
      ctx.requireSameDim(0, d, i, d, "scattered inputs'");
    size_t updateRank = ctx.rank(update);
    if (updateRank != batch.size() + windowDims.size() ||
        windowDims.size() != operandWindow.size() ||
        !isDimList(windowDims, updateRank))
      return ctx.error("expects updates of rank " +
                       std::to_string(batch.size() + windowDims.size()) +
                       " matching update_window_dims " + listText(windowDims));
    size_t nextBatch = 0, nextWindow = 0;
    for (size_t d = 0; d < updateRank; ++d) {
      if (contains(windowDims, int64_t(d)))
        requireFits(ctx, ctx.dim(update, d), 0, operandWindow[nextWindow++],
                    "the update window size " + ctx.dimName(update, d));
      else
        ctx.requireSameDim(update, d, indices, batch[nextBatch++],
                           "update scatter");
    }
  }
  for (size_t r = 0; r < n; ++r)
    ctx.setResult(r, ctx.dims(r));
  for (const Region &region : ctx.op().regions)
    ctx.lowerer().lowerNestedRegion(region, /*conditional=*/true);
}

} // namespace symshape::frontend::hlo
