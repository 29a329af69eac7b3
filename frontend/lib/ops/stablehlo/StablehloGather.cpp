//===- StablehloGather.cpp - Shape functions: gather, scatter ------------===//
//
// StableHLO spec rules (docs/spec.md) for the ops that index their operand
// by the values of another:
//
//   gather / scatter    batch and offset dims from the dimension numbers
//   torch_index_select  operand[:dim] ++ index[batch_dims:] ++
//                       operand[dim + 1:]; the first batch_dims dims of
//                       index and operand equal
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"

#include <algorithm>

namespace symshape::frontend::hlo {

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
