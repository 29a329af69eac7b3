//===- OnnxSequence.cpp - ONNX sequences and optionals at runtime ---------===//
//
// Written from the ONNX operator docs, not from symshape's rules. A
// sequence is an RtValue list of its tensors; an optional a list of its
// element, or of none when empty (told from a sequence by its declared
// type, `!onnx.Opt<..>` / `!torch.optional<..>`).
//
// - SequenceEmpty, SequenceConstruct, SequenceLength (onnx.*-11): no
//   tensors, the inputs, a scalar int64 holding the count;
// - SequenceAt / SequenceErase (onnx.*-11): "Accepted range for 'position'
//   is in [-n, n - 1]", negative counting from the back, "It must be a
//   scalar"; Erase without a position removes the last tensor (of an empty
//   sequence: UB, there is none);
// - SequenceInsert (onnx.SequenceInsert-11): position in [-n, n], by
//   default the back (Python's list.insert at the normalised position);
// - SplitToSequence (onnx.SplitToSequence-11): axis in [-r, r-1]; no
//   split: parts of 1, keepdims 0 drops the axis; a scalar split s > 0:
//   size / s parts of s and the remainder, if any, last (the reference
//   implementation's common_run); a 1-D split: its entries, each positive
//   ("'split' must contain only positive numbers"), summing to the size;
// - ConcatFromSequence (onnx.ConcatFromSequence-11): the tensors "must
//   have the same rank"; new_axis 0: numpy.concatenate along axis in
//   [-r, r-1]; new_axis 1: numpy.stack at axis in [-r-1, r]; an empty
//   sequence is not run (the docs define no result);
// - Optional (-15), OptionalHasElement (-18: a tensor or sequence input is
//   true, an absent input false), OptionalGetElement (-18: a tensor or
//   sequence input is returned; "It is an error if the input is an empty
//   optional-type ... the behavior is undefined").
//
//===----------------------------------------------------------------------===//

#include "OnnxImpl.h"

#include <algorithm>

namespace symshape::models::oracle::onnx {

namespace {

bool isOptional(const frontend::Type &type) {
  const std::string &s = type.spelling;
  return s.rfind("!onnx.Opt<", 0) == 0 || s.rfind("!torch.optional<", 0) == 0;
}

/// The tensors of sequence (or optional) input i.
const std::vector<RtValue> *items(Eval &e, size_t i) {
  const RtValue &v = e.operandValue(i);
  if (!v.isList) {
    e.unsupported("input " + std::to_string(i) + " is not a known sequence");
    return nullptr;
  }
  return &v.items;
}

bool setItems(Eval &e, std::vector<RtValue> tensors) {
  RtValue list;
  list.isList = true;
  list.items = std::move(tensors);
  return e.setValue(0, std::move(list));
}

RtValue tensorOf(Shape shape) {
  RtValue v;
  v.kind = RtValue::Kind::Tensor;
  v.shape = std::move(shape);
  return v;
}

/// The scalar position input i; nullopt (unsupported) when not known.
std::optional<int64_t> position(Eval &e, size_t i) {
  const Shape *s = e.shape(i);
  if (!s)
    return std::nullopt;
  std::optional<int64_t> p = e.scalar(i);
  if (!s->empty() || !p) {
    e.unsupported("the position is not a known scalar");
    return std::nullopt;
  }
  return p;
}

bool sequenceEmpty(Eval &e) { return setItems(e, {}); }

bool sequenceConstruct(Eval &e) {
  std::vector<RtValue> out;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const RtValue *t = e.tensor(i);
    if (!t)
      return false;
    out.push_back(*t);
  }
  return setItems(e, std::move(out));
}

bool sequenceLength(Eval &e) {
  const std::vector<RtValue> *seq = items(e, 0);
  return seq && e.setResult(0, {}, std::vector<int64_t>{int64_t(seq->size())});
}

bool sequenceAt(Eval &e) {
  const std::vector<RtValue> *seq = items(e, 0);
  std::optional<int64_t> p = seq ? position(e, 1) : std::nullopt;
  if (!p)
    return false;
  int64_t n = int64_t(seq->size());
  if (!e.require(*p >= -n && *p <= n - 1,
                 "SequenceAt position " + std::to_string(*p) +
                     " outside [-n, n-1], n = " + std::to_string(n)))
    return false;
  return e.setValue(0, (*seq)[size_t(*p < 0 ? *p + n : *p)]);
}

bool sequenceErase(Eval &e) {
  const std::vector<RtValue> *seq = items(e, 0);
  if (!seq)
    return false;
  int64_t n = int64_t(seq->size());
  int64_t p = n - 1;
  if (!onnxAbsent(e, 1)) {
    std::optional<int64_t> given = position(e, 1);
    if (!given)
      return false;
    p = *given;
  }
  if (!e.require(p >= -n && p <= n - 1,
                 "SequenceErase position " + std::to_string(p) +
                     " outside [-n, n-1], n = " + std::to_string(n)))
    return false;
  std::vector<RtValue> out = *seq;
  out.erase(out.begin() + (p < 0 ? p + n : p));
  return setItems(e, std::move(out));
}

bool sequenceInsert(Eval &e) {
  const std::vector<RtValue> *seq = items(e, 0);
  const RtValue *t = seq ? e.tensor(1) : nullptr;
  if (!t)
    return false;
  int64_t n = int64_t(seq->size());
  int64_t p = n;
  if (!onnxAbsent(e, 2)) {
    std::optional<int64_t> given = position(e, 2);
    if (!given)
      return false;
    p = *given;
  }
  if (!e.require(p >= -n && p <= n,
                 "SequenceInsert position " + std::to_string(p) +
                     " outside [-n, n], n = " + std::to_string(n)))
    return false;
  std::vector<RtValue> out = *seq;
  out.insert(out.begin() + (p < 0 ? p + n : p), *t);
  return setItems(e, std::move(out));
}

bool splitToSequence(Eval &e) {
  const Shape *in = e.shape(0);
  std::optional<int64_t> a = in ? onnxInt(e, "axis", 0) : std::nullopt;
  std::optional<size_t> axis =
      a ? onnxAxis(e, *a, in->size(), "SplitToSequence axis") : std::nullopt;
  if (!axis)
    return false;
  int64_t dim = (*in)[*axis];
  std::vector<int64_t> lengths;
  bool drop = false;
  if (onnxAbsent(e, 1)) {
    std::optional<int64_t> keep = onnxInt(e, "keepdims", 1);
    if (!keep)
      return false;
    if (*keep != 0 && *keep != 1)
      return e.unsupported("keepdims other than 0 or 1");
    lengths.assign(size_t(dim), 1);
    drop = *keep == 0;
  } else {
    const Shape *splitShape = e.shape(1);
    std::optional<std::vector<int64_t>> split = e.contents(1);
    if (!splitShape)
      return false;
    if (!split)
      return e.unsupported("the split values are not known");
    if (!e.require(splitShape->size() <= 1, "split is not a scalar or 1-D"))
      return false;
    if (splitShape->empty()) {
      int64_t s = split->front();
      if (!e.require(s > 0, "split scalar " + std::to_string(s) + " <= 0"))
        return false;
      lengths.assign(size_t(dim / s), s);
      if (dim % s > 0)
        lengths.push_back(dim % s);
    } else {
      int64_t sum = 0;
      for (int64_t v : *split) {
        if (!e.require(v > 0, "split entry " + std::to_string(v) + " <= 0"))
          return false;
        sum += v;
      }
      if (!e.require(sum == dim, "split entries sum to " + std::to_string(sum) +
                                     ", the size is " + std::to_string(dim)))
        return false;
      lengths = *split;
    }
  }
  std::vector<RtValue> out;
  for (int64_t length : lengths) {
    Shape part = *in;
    part[*axis] = length;
    if (drop)
      part.erase(part.begin() + std::ptrdiff_t(*axis));
    out.push_back(tensorOf(std::move(part)));
  }
  return setItems(e, std::move(out));
}

bool concatFromSequence(Eval &e) {
  const std::vector<RtValue> *seq = items(e, 0);
  if (!seq)
    return false;
  if (!onnxAttr(e, "axis"))
    return e.unsupported("ConcatFromSequence without its required axis");
  std::optional<int64_t> axis = onnxInt(e, "axis", 0),
                         stack = onnxInt(e, "new_axis", 0);
  if (!axis || !stack)
    return false;
  if (!e.require(*stack == 0 || *stack == 1, "new_axis is not 0 or 1"))
    return false;
  if (seq->empty())
    return e.unsupported("ConcatFromSequence of an empty sequence");
  const Shape &first = seq->front().shape;
  int64_t r = int64_t(first.size());
  int64_t lo = *stack ? -r - 1 : -r, hi = *stack ? r : r - 1;
  if (!e.require(*axis >= lo && *axis <= hi,
                 "ConcatFromSequence axis " + std::to_string(*axis) +
                     " outside [" + std::to_string(lo) + ", " +
                     std::to_string(hi) + "]"))
    return false;
  size_t at = size_t(*axis < 0 ? *axis + hi + 1 : *axis);
  Shape out = first;
  if (*stack)
    out.insert(out.begin() + std::ptrdiff_t(at), int64_t(seq->size()));
  else
    out[at] = 0;
  for (const RtValue &t : *seq) {
    if (!e.require(t.shape.size() == first.size(),
                   "the tensors have different ranks"))
      return false;
    for (size_t d = 0; d < first.size(); ++d)
      if (!e.require((!*stack && d == at) || t.shape[d] == first[d],
                     "dim " + std::to_string(d) + " differs: " + str(t.shape) +
                         " and " + str(first)))
        return false;
    if (!*stack)
      out[at] += t.shape[at];
  }
  return e.setResult(0, out);
}

bool optional(Eval &e) {
  std::vector<RtValue> element;
  if (!onnxAbsent(e, 0))
    element.push_back(e.operandValue(0));
  return setItems(e, std::move(element));
}

bool optionalHasElement(Eval &e) {
  bool has = true;
  if (onnxAbsent(e, 0)) {
    has = false;
  } else if (isOptional(e.operandType(0))) {
    const std::vector<RtValue> *element = items(e, 0);
    if (!element)
      return false;
    has = !element->empty();
  }
  return e.setResult(0, {}, std::vector<int64_t>{has ? 1 : 0});
}

bool optionalGetElement(Eval &e) {
  if (!isOptional(e.operandType(0)))
    return e.setValue(0, e.operandValue(0));
  const std::vector<RtValue> *element = items(e, 0);
  if (!element ||
      !e.require(!element->empty(), "OptionalGetElement of an empty optional"))
    return false;
  return e.setValue(0, element->front());
}

void registerOnnxSequence() {
  addOp("SequenceEmpty", sequenceEmpty);
  addOp("SequenceConstruct", sequenceConstruct);
  addOp("SequenceLength", sequenceLength);
  addOp("SequenceAt", sequenceAt);
  addOp("SequenceErase", sequenceErase);
  addOp("SequenceInsert", sequenceInsert);
  addOp("SplitToSequence", splitToSequence);
  addOp("ConcatFromSequence", concatFromSequence);
  addOp("Optional", optional);
  addOp("OptionalHasElement", optionalHasElement);
  addOp("OptionalGetElement", optionalGetElement);
}

} // namespace

static const RuleFile rules(__FILE__, registerOnnxSequence);

} // namespace symshape::models::oracle::onnx
