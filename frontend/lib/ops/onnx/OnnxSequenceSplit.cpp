//===- OnnxSequenceSplit.cpp - ONNX SplitToSequence, ConcatFromSequence ---===//
//
// A tensor cut into a sequence and a sequence joined into a tensor, from
// the ONNX operator docs (onnx.SplitToSequence-11, the same in -24;
// onnx.ConcatFromSequence-11). The split sequence is tracked when its
// length is a constant; the concatenation reads a tracked sequence's
// tensors and requires the sizes it joins to agree.
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "OnnxSequence.h"

namespace symshape::frontend {

using ListItem = OpContext::ListItem;

/// An integer attribute with its default; nullopt, after making the op
/// opaque, when it is present but not an integer.
static std::optional<int64_t> intAttr(OpContext &c, std::string_view name,
                                      int64_t fallback) {
  if (!onnxAttr(c, name))
    return fallback;
  std::optional<int64_t> v = onnxInt(c, name);
  if (!v)
    c.opaque("the `" + std::string(name) + "` attribute is not an integer");
  return v;
}

/// onnx.SplitToSequence-11: parts of `input` along `axis` ("Accepted
/// range is [-rank, rank-1]"). `split` "is either a scalar (tensor of
/// empty shape), or a 1-D tensor" and "must contain only positive
/// numbers": a scalar s cuts chunks of s, the last one smaller when s does
/// not divide the size; a 1-D split lists the parts' lengths, whose sum
/// "must be equal to the dimension size of input tensor on 'axis'".
/// Without `split` every part has length 1, and `keepdims` = 0 drops the
/// axis ("If input 'split' is specified, this attribute is ignored").
static void lowerSplitToSequence(OpContext &c) {
  std::optional<std::vector<TermId>> in = inputDims(c, 0);
  if (!in)
    return;
  size_t rank = in->size();
  std::optional<int64_t> axisValue = intAttr(c, "axis", 0);
  if (!axisValue)
    return;
  std::optional<size_t> axis = onnxAxis(c, *axisValue, rank, "'axis' value");
  if (!axis)
    return;
  TermId n = (*in)[*axis];
  auto part = [&](TermId length) {
    ListItem item;
    item.dims = *in;
    (*item.dims)[*axis] = length;
    return item;
  };
  std::vector<ListItem> items;
  if (onnxAbsent(c, 1)) {
    std::optional<int64_t> keep = intAttr(c, "keepdims", 1);
    if (!keep)
      return;
    if (*keep != 0 && *keep != 1) {
      // onnx-mlir's verifier: "accepted range is [0, 1]"; the ONNX docs
      // say only "Keep the split dimension or not".
      std::string what = "'keepdims' value is " + std::to_string(*keep);
      return isTorchSpelling(c) ? c.opaque(what + ", not 0 or 1")
                                : c.error(what + ", accepted range is [0, 1]");
    }
    std::optional<int64_t> count = c.constantValue(n);
    if (!count || *count > kOnnxMaxElements)
      return; // as many tensors as the runtime size: not tracked
    ListItem one = part(c.constant(1));
    if (*keep == 0)
      one.dims->erase(one.dims->begin() + std::ptrdiff_t(*axis));
    items.assign(size_t(*count), one);
    return c.setListResult(0, std::move(items));
  }
  std::optional<std::vector<TermId>> splitDims = onnxDims(c, 1);
  if (splitDims && splitDims->size() > 1)
    return c.error("split has rank " + std::to_string(splitDims->size()) +
                   ": it must be a scalar or 1-D");
  std::optional<std::vector<TermId>> split = onnxElements(c, 1);
  if (!splitDims || !split)
    return c.opaque("the split " + c.operandName(1) + " is not known");
  std::string name = "the split " + c.operandName(1);
  if (splitDims->empty()) {
    TermId s = (*split)[0];
    std::optional<int64_t> sv = c.constantValue(s), nv = c.constantValue(n);
    if (sv && *sv <= 0)
      return c.error("split scalar " + std::to_string(*sv) + " <= 0");
    if (!sv)
      c.requireInBounds(c.formulas().mkLe(c.constant(1), s),
                        name + " (a positive length)");
    if (!sv || !nv || *nv / *sv + 1 > kOnnxMaxElements)
      return; // as many chunks as the runtime sizes make: not tracked
    items.assign(size_t(*nv / *sv), part(s));
    if (*nv % *sv > 0)
      items.push_back(part(c.constant(*nv % *sv)));
    return c.setListResult(0, std::move(items));
  }
  TermId sum = c.constant(0);
  bool constants = true;
  for (size_t k = 0; k < split->size(); ++k) {
    TermId length = (*split)[k];
    std::optional<int64_t> v = c.constantValue(length);
    if (v && *v < 0)
      return c.error("split entry " + std::to_string(k) + " is " +
                     std::to_string(*v) + " < 0");
    constants = constants && v;
    if (!v || *v == 0)
      c.requireInBounds(c.formulas().mkLe(c.constant(1), length),
                        name + " entry " + std::to_string(k) +
                            " (a positive length)");
    sum = c.add(sum, length);
    items.push_back(part(length));
  }
  bool staticSizes = constants && declaredStatic(c, 0, *axis, rank);
  if (!requireSameSize(c, sum, n, staticSizes,
                       "the split sizes' sum and the size " + c.operandName(0) +
                           "[" + std::to_string(*axis) + "]"))
    return;
  c.setListResult(0, std::move(items));
}

/// "the sizes of dim 1 of tensors 0 and 2 of %seq".
static std::string sameSizes(OpContext &c, size_t a, size_t b, size_t d) {
  return "the sizes of dim " + std::to_string(d) + " of tensors " +
         std::to_string(a) + " and " + std::to_string(b) + " of " +
         c.operandName(0);
}

/// onnx.ConcatFromSequence-11: "All input tensors must have the same
/// rank"; `new_axis` 0 concatenates along `axis` ("similar to
/// numpy.concatenate": the other sizes agree), 1 stacks them on a new one
/// ("similar to numpy.stack": every size agrees). `axis` is required:
/// "Accepted range in [-r, r - 1] ... When new_axis is 1, accepted range
/// is [-r - 1, r]".
static void lowerConcatFromSequence(OpContext &c) {
  if (!onnxAttr(c, "axis"))
    return c.error("the required attribute 'axis' is missing");
  std::optional<int64_t> axis = intAttr(c, "axis", 0),
                         stack = intAttr(c, "new_axis", 0);
  if (!axis || !stack)
    return;
  if (*stack != 0 && *stack != 1)
    return c.error("new_axis is " + std::to_string(*stack) +
                   ": it must be either 0 or 1");
  std::optional<std::vector<ListItem>> items = onnxItems(c, 0);
  std::optional<size_t> rank;
  bool known = items && !items->empty();
  if (items) {
    for (size_t k = 0; k < items->size(); ++k) {
      const ListItem &item = (*items)[k];
      known = known && item.dims;
      if (!item.dims)
        continue;
      if (rank && *rank != item.dims->size())
        return c.error("the tensors of " + c.operandName(0) + " have ranks " +
                       std::to_string(*rank) + " and " +
                       std::to_string(item.dims->size()) +
                       ": all must have the same rank");
      rank = item.dims->size();
    }
  } else {
    rank = onnxDeclaredElementRank(c, 0);
  }
  int64_t r = rank ? int64_t(*rank) : 0;
  int64_t lo = *stack ? -r - 1 : -r, hi = *stack ? r : r - 1;
  if (rank && (*axis < lo || *axis > hi))
    return c.error("'axis' value is " + std::to_string(*axis) +
                   ", accepted range is [" + std::to_string(lo) + ", " +
                   std::to_string(hi) + "]");
  if (items && items->empty())
    return c.opaque("the sequence " + c.operandName(0) +
                    " is empty: no tensor to concatenate");
  if (!known)
    return setUnknownOnnxTensor(c, 0,
                                "the tensors of the sequence " +
                                    c.operandName(0) + " are not known");
  size_t a = size_t(*axis < 0 ? *axis + hi + 1 : *axis);
  const std::vector<TermId> &first = *items->front().dims;
  std::vector<TermId> out = first;
  TermId total = c.constant(0);
  for (size_t k = 0; k < items->size(); ++k) {
    const std::vector<TermId> &t = *(*items)[k].dims;
    for (size_t d = 0; d < t.size(); ++d)
      if (k > 0 && (*stack || d != a))
        c.requireEqual(first[d], t[d], sameSizes(c, 0, k, d));
    if (!*stack)
      total = c.add(total, t[a]);
  }
  if (*stack)
    out.insert(out.begin() + std::ptrdiff_t(a),
               c.constant(int64_t(items->size())));
  else
    out[a] = total;
  setOnnxResult(c, 0, std::move(out));
}

const std::vector<OnnxRule> &onnxSplitConcatSequenceRules() {
  static const std::vector<OnnxRule> rules = {
      {"SplitToSequence", lowerSplitToSequence,
       "parts along `axis`: `split` lengths (> 0, summing to the size), "
       "chunks of a scalar `split`, or parts of 1; tracked when the count "
       "is a constant"},
      {"ConcatFromSequence", lowerConcatFromSequence,
       "the tracked tensors joined along `axis` (other sizes equal) or "
       "stacked on a new one (`new_axis` = 1, all sizes equal)"},
  };
  return rules;
}

} // namespace symshape::frontend
