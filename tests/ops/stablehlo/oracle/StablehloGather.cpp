//===- StablehloGather.cpp - gather and dynamic_gather (StableHLO spec) ---===//
//
// From the StableHLO spec's gather (docs/spec.md); dynamic_gather is
// "functionally identical to gather", its slice_sizes given by the values
// of its third operand. Constraints on the attributes and ranks alone
// (C1, C2, C4-C8, C10, C11, C13-C16, C18-C20) are static: the op is
// unsupported when one is broken. At runtime:
//   (C3)  size(start_index_map) = index_vector_dim < rank(start_indices)
//         ? dim(start_indices, index_vector_dim) : 1
//   (C9)  slice_sizes[collapsed_slice_dims...] <= 1
//   (C12) slice_sizes[operand_batching_dims...] <= 1
//   (C17) dim(operand, operand_batching_dims...) =
//         dim(start_indices, start_indices_batching_dims...)
//   (C21) 0 <= slice_sizes <= shape(operand)
//   (C22) shape(result) = combine(batch_dim_sizes, offset_dim_sizes):
//         start_indices' dims but index_vector_dim at the result's axes
//         that are not offset_dims, slice_sizes but the collapsed and
//         operand batching dims at offset_dims.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

/// The fields of `#stablehlo.gather<...>`; a field the printer left out is
/// an empty list, index_vector_dim 0.
struct GatherNumbers {
  std::vector<int64_t> offsetDims, collapsed, operandBatching, indicesBatching,
      startIndexMap;
  int64_t indexVectorDim = 0;
};

/// `key = N` in the attribute text, whole word; `fallback` when absent.
static std::optional<int64_t>
intAfter(const std::string &text, const std::string &key, int64_t fallback) {
  for (size_t at = text.find(key); at != std::string::npos;
       at = text.find(key, at + 1)) {
    if (at > 0 &&
        (std::isalnum((unsigned char)text[at - 1]) || text[at - 1] == '_'))
      continue;
    size_t p = at + key.size();
    while (p < text.size() && text[p] == ' ')
      ++p;
    if (p >= text.size() || text[p] != '=')
      continue;
    ++p;
    while (p < text.size() && text[p] == ' ')
      ++p;
    if (p >= text.size() ||
        !(std::isdigit((unsigned char)text[p]) || text[p] == '-'))
      return std::nullopt;
    return std::stoll(text.substr(p));
  }
  return fallback;
}

static std::optional<GatherNumbers> gatherNumbers(Eval &e) {
  const frontend::Attribute *a = e.attr("dimension_numbers");
  if (!a)
    return std::nullopt;
  const std::string &t = a->text;
  auto list = [&](const char *key) {
    return t.find(key) == std::string::npos
               ? std::optional<std::vector<int64_t>>(std::vector<int64_t>())
               : intListAfter(t, key);
  };
  auto offset = list("offset_dims"), collapsed = list("collapsed_slice_dims"),
       operandBatching = list("operand_batching_dims"),
       indicesBatching = list("start_indices_batching_dims"),
       startIndexMap = list("start_index_map");
  std::optional<int64_t> ivd = intAfter(t, "index_vector_dim", 0);
  if (!offset || !collapsed || !operandBatching || !indicesBatching ||
      !startIndexMap || !ivd)
    return std::nullopt;
  return GatherNumbers{*offset,          *collapsed,     *operandBatching,
                       *indicesBatching, *startIndexMap, *ivd};
}

static bool unique(const std::vector<int64_t> &v) {
  return std::set<int64_t>(v.begin(), v.end()).size() == v.size();
}

static bool inRange(const std::vector<int64_t> &v, size_t limit) {
  return std::all_of(v.begin(), v.end(),
                     [&](int64_t x) { return x >= 0 && size_t(x) < limit; });
}

static bool has(const std::vector<int64_t> &v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

static std::vector<int64_t> concat(std::vector<int64_t> a,
                                   const std::vector<int64_t> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

/// The static constraints; the first one broken, or "".
static std::string staticViolation(const GatherNumbers &g, size_t rank,
                                   size_t indicesRank, size_t sliceCount) {
  if (rank !=
      g.offsetDims.size() + g.collapsed.size() + g.operandBatching.size())
    return "C1";
  if (g.indexVectorDim < 0 || size_t(g.indexVectorDim) > indicesRank)
    return "C2";
  if (!unique(g.offsetDims) ||
      !std::is_sorted(g.offsetDims.begin(), g.offsetDims.end()))
    return "C4";
  if (!unique(concat(g.collapsed, g.operandBatching)))
    return "C6";
  if (!std::is_sorted(g.collapsed.begin(), g.collapsed.end()) ||
      !inRange(g.collapsed, rank))
    return "C7/C8";
  if (!std::is_sorted(g.operandBatching.begin(), g.operandBatching.end()) ||
      !inRange(g.operandBatching, rank))
    return "C10/C11";
  if (!unique(g.indicesBatching) || !inRange(g.indicesBatching, indicesRank) ||
      has(g.indicesBatching, g.indexVectorDim))
    return "C13-C15";
  if (g.operandBatching.size() != g.indicesBatching.size())
    return "C16";
  if (!unique(concat(g.startIndexMap, g.operandBatching)) ||
      !inRange(g.startIndexMap, rank))
    return "C18/C19";
  if (sliceCount != rank)
    return "C20";
  return "";
}

/// gather's rule with the slice sizes `slice`.
static bool gatherWith(Eval &e, const std::vector<int64_t> &slice) {
  const Shape *operand = e.shape(0), *indices = e.shape(1);
  if (!operand || !indices)
    return false;
  std::optional<GatherNumbers> g = gatherNumbers(e);
  if (!g)
    return e.unsupported("dimension_numbers not readable");
  std::string broken =
      staticViolation(*g, operand->size(), indices->size(), slice.size());
  if (!broken.empty())
    return e.unsupported("dimension numbers break " + broken);
  size_t ivd = size_t(g->indexVectorDim);
  int64_t vector = ivd < indices->size() ? (*indices)[ivd] : 1;
  if (!e.require(int64_t(g->startIndexMap.size()) == vector,
                 "C3: index vectors of " + s(vector) + " elements, " +
                     s(int64_t(g->startIndexMap.size())) +
                     " in start_index_map"))
    return false;
  for (size_t k = 0; k < g->operandBatching.size(); ++k) {
    int64_t a = (*operand)[size_t(g->operandBatching[k])],
            b = (*indices)[size_t(g->indicesBatching[k])];
    if (!e.require(a == b, "C17: batching dims " + s(a) + " != " + s(b)))
      return false;
  }
  Shape offsetSizes;
  for (size_t d = 0; d < operand->size(); ++d) {
    bool collapsed = has(g->collapsed, int64_t(d));
    bool batching = has(g->operandBatching, int64_t(d));
    if (!e.require(0 <= slice[d] && slice[d] <= (*operand)[d],
                   "C21: slice size " + s(slice[d]) + " of dim " +
                       s(int64_t(d)) + " (" + s((*operand)[d]) + ")") ||
        !e.require(!(collapsed || batching) || slice[d] <= 1,
                   std::string(collapsed ? "C9" : "C12") + ": slice size " +
                       s(slice[d]) + " of dim " + s(int64_t(d))))
      return false;
    if (!collapsed && !batching)
      offsetSizes.push_back(slice[d]);
  }
  Shape batchSizes;
  for (size_t d = 0; d < indices->size(); ++d)
    if (d != ivd)
      batchSizes.push_back((*indices)[d]);
  size_t resultRank = batchSizes.size() + g->offsetDims.size();
  if (!inRange(g->offsetDims, resultRank))
    return e.unsupported("offset_dims break C5");
  Shape result;
  size_t nextBatch = 0, nextOffset = 0;
  for (size_t d = 0; d < resultRank; ++d)
    result.push_back(has(g->offsetDims, int64_t(d)) ? offsetSizes[nextOffset++]
                                                    : batchSizes[nextBatch++]);
  // Contents, for single elements of a 1-D operand (a shape vector picked
  // by indices): the spec clamps each start index to [0, size - 1].
  std::optional<std::vector<int64_t>> data;
  auto values = e.contents(0), index = e.contents(1);
  if (values && index && operand->size() == 1 && slice[0] == 1 &&
      g->collapsed == std::vector<int64_t>{0} && result.size() <= 1 &&
      !values->empty()) {
    data.emplace();
    for (int64_t i : *index)
      data->push_back(
          (*values)[size_t(std::clamp<int64_t>(i, 0, (*operand)[0] - 1))]);
  }
  return e.setResult(0, result, data);
}

static bool gather(Eval &e) {
  const Shape *operand = e.shape(0);
  if (!operand)
    return false;
  std::optional<std::vector<int64_t>> slice =
      e.ints("slice_sizes", operand->size());
  if (!slice)
    return e.unsupported("slice_sizes not readable");
  return gatherWith(e, *slice);
}

static bool dynamicGather(Eval &e) {
  std::optional<std::vector<int64_t>> slice = e.contents(2);
  if (!slice)
    return e.unsupported("slice_sizes operand not known");
  return gatherWith(e, *slice);
}

static void registerStablehloGather(const std::string &dialect) {
  add(dialect + "gather", gather);
  add(dialect + "dynamic_gather", dynamicGather);
}

static const RuleFile rules(__FILE__, [] {
  for (const char *dialect : {"stablehlo.", "mhlo."})
    registerStablehloGather(dialect);
});

} // namespace symshape::models::oracle
