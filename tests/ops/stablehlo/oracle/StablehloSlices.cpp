//===- StablehloSlices.cpp - Slices and pads (StableHLO spec) -------------===//
//
// From openxla/stablehlo docs/spec.md: slice, dynamic_slice (start indices
// clamped, so only slice_sizes <= the operand), real_dynamic_slice (slice
// with its bounds given by values) and pad. A slice of a 1-D integer
// tensor keeps its contents.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

static bool slice(Eval &e) {
  const RtValue *in = e.tensor(0);
  if (!in)
    return false;
  size_t rank = in->shape.size();
  auto start = e.ints("start_indices"), limit = e.ints("limit_indices"),
       strides = e.ints("strides", rank);
  if (!strides)
    strides = std::vector<int64_t>(rank, 1);
  if (!start || !limit || start->size() != rank || limit->size() != rank ||
      strides->size() != rank)
    return e.unsupported("start/limit/strides not readable");
  Shape out;
  for (size_t d = 0; d < rank; ++d) {
    int64_t st = (*start)[d], li = (*limit)[d], sd = (*strides)[d];
    if (!e.require(0 <= st && st <= li && li <= in->shape[d] && sd > 0,
                   "dim " + s(d) + ": need 0 <= " + s(st) + " <= " + s(li) +
                       " <= " + s(in->shape[d])))
      return false;
    out.push_back((li - st + sd - 1) / sd);
  }
  std::optional<std::vector<int64_t>> data;
  if (in->data && rank == 1) {
    data.emplace();
    for (int64_t i = (*start)[0]; i < (*limit)[0]; i += (*strides)[0])
      data->push_back((*in->data)[i]);
  }
  return e.setResult(0, out, data);
}

static bool dynamicSlice(Eval &e) { // operand, start indices..., slice_sizes
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  auto sizes = e.ints("slice_sizes");
  if (!sizes || sizes->size() != in->size())
    return e.unsupported("slice_sizes not readable");
  // Start indices are clamped at runtime; only the sizes can be UB.
  for (size_t d = 0; d < in->size(); ++d)
    if (!e.require(0 <= (*sizes)[d] && (*sizes)[d] <= (*in)[d],
                   "dim " + s(d) + ": slice size " + s((*sizes)[d]) +
                       " exceeds " + s((*in)[d])))
      return false;
  // The contents of a 1-D tensor: the spec clamps the start index to
  // [0, size - slice size].
  auto data = e.contents(0);
  auto start = e.numOperands() == 2 ? e.contents(1) : std::nullopt;
  std::optional<std::vector<int64_t>> out;
  if (in->size() == 1 && data && start && start->size() == 1) {
    int64_t first = std::clamp<int64_t>((*start)[0], 0, (*in)[0] - (*sizes)[0]);
    out.emplace(data->begin() + first, data->begin() + first + (*sizes)[0]);
  }
  return e.setResult(0, *sizes, out);
}

static bool realDynamicSlice(Eval &e) { // operand, start, limit, strides
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  auto start = e.contents(1), limit = e.contents(2), strides = e.contents(3);
  size_t rank = in->size();
  if (!start || !limit || !strides || start->size() != rank ||
      limit->size() != rank || strides->size() != rank)
    return e.unsupported("start/limit/strides operands not known");
  Shape out;
  for (size_t d = 0; d < rank; ++d) {
    int64_t st = (*start)[d], li = (*limit)[d], sd = (*strides)[d];
    if (!e.require(0 <= st && st <= li && li <= (*in)[d] && sd > 0,
                   "dim " + s(d) + ": need 0 <= " + s(st) + " <= " + s(li) +
                       " <= " + s((*in)[d]) + " and stride " + s(sd) + " > 0"))
      return false;
    out.push_back((li - st + sd - 1) / sd);
  }
  // A 1-D tensor keeps the contents it slices.
  std::optional<std::vector<int64_t>> kept;
  if (auto data = e.contents(0); data && rank == 1) {
    kept.emplace();
    for (int64_t i = (*start)[0]; i < (*limit)[0]; i += (*strides)[0])
      kept->push_back((*data)[size_t(i)]);
  }
  return e.setResult(0, out, kept);
}

static bool pad(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  size_t rank = in->size();
  auto lo = e.ints("edge_padding_low", rank),
       hi = e.ints("edge_padding_high", rank),
       interior = e.ints("interior_padding", rank);
  if (!lo || !hi || !interior || lo->size() != rank || hi->size() != rank ||
      interior->size() != rank)
    return e.unsupported("padding not readable");
  Shape out;
  for (size_t d = 0; d < rank; ++d) {
    int64_t n = (*in)[d];
    int64_t size =
        (*lo)[d] + (*hi)[d] + n + std::max<int64_t>(n - 1, 0) * (*interior)[d];
    if (!e.require((*interior)[d] >= 0 && size >= 0,
                   "dim " + s(d) + ": padded size " + s(size)))
      return false;
    out.push_back(size);
  }
  return e.setResult(0, out);
}

static void registerStablehloSlices(const std::string &dialect) {
  add(dialect + "slice", slice);
  add(dialect + "dynamic_slice", dynamicSlice);
  add(dialect + "real_dynamic_slice", realDynamicSlice);
  add(dialect + "pad", pad);
}

static const RuleFile rules(__FILE__, [] {
  for (const char *dialect : {"stablehlo.", "mhlo."})
    registerStablehloSlices(dialect);
});

} // namespace symshape::models::oracle
