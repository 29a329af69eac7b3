//===- StablehloGather.cpp - Shape functions: gather, scatter ------------===//
//
// StableHLO spec rules (docs/spec.md) for the ops that index their operand
// by the values of another:
//
//   gather / scatter    batch and offset dims from the dimension numbers
//   dynamic_gather      gather with slice_sizes given by an operand's values
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
  const Attribute *attr = ctx.structAttr(name);
  if (!attr)
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

namespace {
/// gather's dimension numbers (dynamic_gather's too); a field the printer
/// left out is empty, index_vector_dim 0.
struct GatherDims {
  std::vector<int64_t> offsetDims, collapsed, operandBatch, indicesBatch,
      startIndexMap;
  int64_t indexVectorDim = 0;
};
} // namespace

/// The dimension numbers `dn`, checked against the operand ranks and the
/// number of slice sizes; nullopt after an error.
static std::optional<GatherDims> gatherDims(OpContext &ctx, const Fields &dn,
                                            size_t sliceCount) {
  GatherDims g;
  g.offsetDims = field(dn, "offset_dims");
  g.collapsed = field(dn, "collapsed_slice_dims");
  g.operandBatch = field(dn, "operand_batching_dims");
  g.indicesBatch = field(dn, "start_indices_batching_dims");
  g.startIndexMap = field(dn, "start_index_map");
  g.indexVectorDim = scalarField(dn, "index_vector_dim");
  int64_t ivd = g.indexVectorDim;
  size_t rank = ctx.rank(0), indicesRank = ctx.rank(1);
  if (sliceCount != rank || ivd < 0 || size_t(ivd) > indicesRank ||
      g.operandBatch.size() != g.indicesBatch.size()) {
    ctx.error("has slice_sizes or dimension numbers that do not fit "
              "its operands");
    return std::nullopt;
  }
  std::vector<int64_t> mapped = g.startIndexMap;
  mapped.insert(mapped.end(), g.operandBatch.begin(), g.operandBatch.end());
  std::vector<int64_t> indexDims = g.indicesBatch;
  if (size_t(ivd) < indicesRank)
    indexDims.push_back(ivd);
  if (!isDimList(mapped, rank) || !isDimList(indexDims, indicesRank) ||
      !std::is_sorted(g.offsetDims.begin(), g.offsetDims.end()) ||
      !std::is_sorted(g.collapsed.begin(), g.collapsed.end()) ||
      !std::is_sorted(g.operandBatch.begin(), g.operandBatch.end())) {
    ctx.error("has start_index_map " + listText(g.startIndexMap, '(') +
              ", batching dims " + listText(g.operandBatch, '(') + " x " +
              listText(g.indicesBatch, '(') +
              " or unsorted dim lists that do not fit its operands");
    return std::nullopt;
  }
  return g;
}

/// Operand dim `d` is collapsed or a batching dim: its slice size is at
/// most 1 and the result has no dim for it.
static bool dropsDim(const GatherDims &g, size_t d) {
  return contains(g.collapsed, int64_t(d)) ||
         contains(g.operandBatch, int64_t(d));
}

/// `subject`, and the constraint `id` of the op `tag` names ("" for
/// gather, whose messages name none).
static std::string tagged(std::string subject, std::string_view tag,
                          const char *id) {
  if (tag.empty())
    return subject;
  return subject + " (" + std::string(tag) + "_" + id + ")";
}

/// An index vector holds one start index per start_index_map entry (c3),
/// and each operand batching dim equals its start_indices batching dim
/// (c17); false after an error.
static bool requireGatherIndices(OpContext &ctx, const GatherDims &g,
                                 std::string_view tag) {
  size_t rank = ctx.rank(0), indicesRank = ctx.rank(1);
  size_t ivd = size_t(g.indexVectorDim), mapSize = g.startIndexMap.size();
  if (ivd < indicesRank) {
    std::optional<int64_t> n = ctx.staticDim(1, ivd);
    if (n && size_t(*n) != mapSize) {
      ctx.error(tagged("expects index vectors of " + std::to_string(mapSize) +
                           " elements",
                       tag, "c3"));
      return false;
    }
    ctx.requireEqual(ctx.dim(1, ivd), ctx.constant(int64_t(mapSize)),
                     tagged("the index vector size " + ctx.dimName(1, ivd) +
                                " and start_index_map's length",
                            tag, "c3"));
  }
  for (size_t k = 0; k < g.operandBatch.size(); ++k) {
    int64_t od = g.operandBatch[k], id = g.indicesBatch[k];
    if (od < 0 || size_t(od) >= rank || id < 0 || size_t(id) >= indicesRank)
      continue;
    if (tag.empty()) {
      ctx.requireSameDim(0, size_t(od), 1, size_t(id), "batching");
      continue;
    }
    std::optional<int64_t> a = ctx.staticDim(0, size_t(od)),
                           b = ctx.staticDim(1, size_t(id));
    if (a && b && *a != *b) {
      ctx.error(tagged("expects equal batching sizes, got " +
                           std::to_string(*a) + " and " + std::to_string(*b),
                       tag, "c17"));
      return false;
    }
    ctx.requireEqual(ctx.dim(0, size_t(od)), ctx.dim(1, size_t(id)),
                     tagged("the batching sizes " + ctx.dimName(0, size_t(od)) +
                                " and " + ctx.dimName(1, size_t(id)),
                            tag, "c17"));
  }
  return !ctx.failed();
}

/// The result's dims (c22): the slice sizes of the kept operand dims at
/// offset_dims, the indices' batch dims in order at the others; nullopt
/// after an error.
static std::optional<std::vector<TermId>>
gatherShape(OpContext &ctx, const GatherDims &g,
            const std::vector<TermId> &sizes) {
  std::vector<size_t> batch = indexBatchDims(ctx, 1, g.indexVectorDim);
  std::vector<TermId> offsets;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (!dropsDim(g, d))
      offsets.push_back(sizes[d]);
  size_t resultRank = batch.size() + g.offsetDims.size();
  if (offsets.size() != g.offsetDims.size() ||
      !isDimList(g.offsetDims, resultRank)) {
    ctx.error("has offset_dims " + listText(g.offsetDims, '(') +
              " that do not fit its slice sizes");
    return std::nullopt;
  }
  std::vector<TermId> dims;
  size_t nextBatch = 0, nextOffset = 0;
  for (size_t d = 0; d < resultRank; ++d)
    dims.push_back(contains(g.offsetDims, int64_t(d))
                       ? offsets[nextOffset++]
                       : ctx.dim(1, batch[nextBatch++]));
  return dims;
}

/// The values of a gather of single elements of a 1-D integer tensor (a
/// shape vector indexed by constants, as exporters pick a size): with
/// collapsed_slice_dims = start_index_map = [0], no offset dims and a
/// slice size of 1, result element k is operand[clamp(index k, 0, n - 1)]
/// (the spec's gather clamps each start index to operand dim - slice
/// size). Indices of rank 1 (index_vector_dim = 1, implied) or [N, 1].
static void gatherValues(OpContext &ctx, const GatherDims &g,
                         TermId sliceSize) {
  std::optional<int64_t> size = ctx.graph().constantValue(sliceSize);
  if (ctx.failed() || ctx.rank(0) != 1 || !size || *size != 1 ||
      g.collapsed != std::vector<int64_t>{0} ||
      g.startIndexMap != std::vector<int64_t>{0} || !g.offsetDims.empty() ||
      !g.operandBatch.empty() || !ctx.resultType(0).hasRank() ||
      ctx.resultType(0).dims.size() > 1)
    return;
  std::optional<std::vector<TermId>> values = intValues(ctx, 0);
  std::optional<std::vector<TermId>> indices;
  size_t indexRank = ctx.rank(1);
  if (indexRank <= 1 && g.indexVectorDim == int64_t(indexRank))
    indices = intValues(ctx, 1);
  else if (indexRank == 2 && g.indexVectorDim == 1 &&
           ctx.staticDim(1, 1) == std::optional<int64_t>(1))
    indices = ctx.matrixElements(1);
  if (!values || values->empty() || !indices)
    return;
  std::vector<TermId> out;
  int64_t last = int64_t(values->size()) - 1;
  for (TermId index : *indices) {
    std::optional<int64_t> i = ctx.graph().constantValue(index);
    if (!i)
      return;
    out.push_back((*values)[size_t(std::clamp<int64_t>(*i, 0, last))]);
  }
  attachValues(ctx, 0, std::move(out));
}

void lowerGather(OpContext &ctx) {
  std::optional<Fields> dn = dimensionNumbers(ctx, "dimension_numbers");
  std::optional<std::vector<int64_t>> sizes = ctx.ints("slice_sizes");
  if (!ctx.expectRanks({-1, -1}))
    return;
  if (!dn || !sizes)
    return ctx.opaque("dimension_numbers or slice_sizes not understood");
  std::optional<GatherDims> g = gatherDims(ctx, *dn, sizes->size());
  if (!g)
    return;
  std::vector<TermId> sizeTerms;
  for (size_t d = 0; d < sizes->size(); ++d) {
    int64_t size = (*sizes)[d];
    if (size < 0 || (dropsDim(*g, d) && size > 1))
      return ctx.error("has slice size " + std::to_string(size) + " in dim " +
                       std::to_string(d));
    sizeTerms.push_back(ctx.constant(size));
    requireFits(ctx, sizeTerms.back(), 0, d,
                "the slice size " + std::to_string(size));
  }
  if (!requireGatherIndices(ctx, *g, ""))
    return;
  if (std::optional<std::vector<TermId>> dims =
          gatherShape(ctx, *g, sizeTerms)) {
    ctx.setResult(0, *dims);
    if (!sizeTerms.empty())
      gatherValues(ctx, *g, sizeTerms[0]);
  }
}

/// dynamic_gather's slice sizes at runtime: each within its operand dim
/// (c21), at most 1 in a collapsed (c9) or batching (c12) dim.
static void requireSliceSizes(OpContext &ctx, const GatherDims &g,
                              const std::vector<TermId> &sizes) {
  solver::FormulaStore &f = ctx.formulas();
  for (size_t d = 0; d < sizes.size(); ++d) {
    TermId size = sizes[d];
    std::string dim = std::to_string(d);
    ctx.requireInBounds(
        f.mkAnd({f.mkLe(ctx.constant(0), size), f.mkLe(size, ctx.dim(0, d))}),
        "the slice size of dim " + dim + " within " + ctx.dimName(0, d) +
            " (0 <= size <= dim: dynamic_gather_c21)");
    if (!dropsDim(g, d))
      continue;
    bool collapsed = contains(g.collapsed, int64_t(d));
    ctx.requireInBounds(f.mkLe(size, ctx.constant(1)),
                        "the slice size of " +
                            std::string(collapsed ? "collapsed" : "batching") +
                            " dim " + dim + " (at most 1: dynamic_gather_" +
                            (collapsed ? "c9)" : "c12)"));
  }
}

/// dynamic_gather is gather with slice_sizes given by the values of its
/// third operand (a constant, or sizes the program computed): the same
/// static checks, made before any runtime requirement, and the slice
/// sizes' own constraints become runtime requirements. Constraint ids are
/// TypeInference.cpp's (gather's numbering: c3, c9, c12, c17, c20, c21);
/// docs/spec.md's section for the op predates the batching dims and
/// numbers the slice sizes' constraints C8, C11, C12.
void lowerDynamicGather(OpContext &ctx) {
  std::optional<Fields> dn = dimensionNumbers(ctx, "dimension_numbers");
  if (!ctx.expectRanks({-1, -1, 1}))
    return;
  if (ctx.numResults() != 1)
    return ctx.error("expects one result");
  if (!dn)
    return ctx.opaque("dimension_numbers not understood");
  int64_t count = ctx.operandType(2).dims[0];
  if (count != kDynamic && size_t(count) != ctx.rank(0))
    return ctx.error("expects one slice size per operand dim (" +
                     std::to_string(ctx.rank(0)) + "), got '" +
                     ctx.operandType(2).str() + "' (dynamic_gather_c20)");
  std::optional<std::vector<TermId>> sizes = intValues(ctx, 2);
  if (!sizes)
    return ctx.opaque("slice_sizes " + ctx.operandName(2) +
                      ": its values are not known");
  std::optional<GatherDims> g = gatherDims(ctx, *dn, sizes->size());
  if (!g)
    return;
  // c3 with index_vector_dim = rank(start_indices): a trailing dim of 1.
  if (size_t(g->indexVectorDim) == ctx.rank(1) && g->startIndexMap.size() != 1)
    return ctx.error("expects a start_index_map of 1 element with an implied "
                     "index vector dim (dynamic_gather_c3)");
  std::optional<std::vector<TermId>> dims = gatherShape(ctx, *g, *sizes);
  if (!dims)
    return;
  // A result of another rank is the verifier's error (c22), stated by
  // setResult before any runtime requirement.
  const Type &result = ctx.resultType(0);
  if (result.hasRank() && result.dims.size() != dims->size())
    return ctx.setResultFromValues(0, *dims);
  if (!requireGatherIndices(ctx, *g, "dynamic_gather"))
    return;
  requireSliceSizes(ctx, *g, *sizes);
  ctx.setResultFromValues(0, *dims);
  if (!sizes->empty())
    gatherValues(ctx, *g, (*sizes)[0]);
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
    return ctx.error("has scatter_dims_to_operand_dims " +
                     listText(toOperand, '(') + ", batching dims " +
                     listText(inputBatch, '(') + " x " +
                     listText(indicesBatch, '(') +
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
                       " matching update_window_dims " +
                       listText(windowDims, '('));
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
  ctx.lowerRegionsConditionally();
}

} // namespace symshape::frontend::hlo
