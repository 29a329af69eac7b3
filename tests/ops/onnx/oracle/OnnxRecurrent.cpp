//===- OnnxRecurrent.cpp - The oracle's ONNX LSTM/GRU/RNN, GridSample, ... ===//
//
// From the ONNX operator docs, on concrete shapes:
//   LSTM-22 / GRU-22 / RNN-22: X [seq_length, batch_size, input_size]
//     (layout 1: [batch_size, seq_length, input_size]); W [num_directions,
//     G*hidden_size, input_size], R [num_directions, G*hidden_size,
//     hidden_size], B [num_directions, 2*G*hidden_size], sequence_lens
//     [batch_size], initial_h / initial_c [num_directions, batch_size,
//     hidden_size] (layout 1: batch first), P [num_directions,
//     3*hidden_size]; G = 4 (LSTM), 3 (GRU), 1 (RNN). Y [seq_length,
//     num_directions, batch_size, hidden_size] (layout 1: [batch_size,
//     seq_length, num_directions, hidden_size]), Y_h / Y_c like initial_h.
//   GridSample-20: X [N, C, D1..Dr], grid [N, G1..Gr, r] -> [N, C,
//     G1..Gr].
//   QuantizeLinear-21 / DequantizeLinear-21: y has x's shape; a 1-D
//     y_scale has x.shape[axis] elements (axis default 1); the zero point
//     has the scale's shape.
//   DynamicQuantizeLinear-11: y has x's shape; y_scale and y_zero_point
//     are scalars.
//   NonZero-13: [rank(X), n], n the count of nonzero elements of X (from
//     its known integer contents; without them the op is not run).
//   EyeLike-22: the shape of a 2-D input ("Only 2D tensors are
//     supported").
//   ai.onnx.ml Scaler-1: Y = (X - offset) * scale, broadcast along X's
//     features (last axis): each list has 1 or X.shape[-1] values.
//   Compress-11: along `axis` the slices whose condition entry is true (a
//     condition shorter than the axis drops the rest), without `axis` the
//     elements of the flattened input so selected: counted from the
//     condition's known contents (without them the op is not run).
//   Unique-11: n distinct values of the flattened X (Y [n]) or distinct
//     slices along `axis` (Y is X with n at `axis`); indices and counts
//     [n], inverse_indices one per element (slice) of X; counted from X's
//     known contents; `sorted` "must be one of 0, or 1".
//   ReverseSequence-10: the input's shape (rank >= 2); batch_axis "one
//     of 1 (default), or 0", time_axis "one of 0 (default), or 1";
//     sequence_lens [batch_size].
//   ai.onnx.ml Binarizer-1, CategoryMapper-1: the input's shape.
//   ai.onnx.ml OneHotEncoder-1: X's shape and one more dim, the number of
//     categories: cats_strings for a string X, cats_int64s for a numeric
//     one ("the data will be cast to integers and the cats_int64s category
//     list will be used").
// A shape the docs do not allow is UB at the op.
//
//===----------------------------------------------------------------------===//

#include "OnnxImpl.h"

#include <algorithm>

namespace symshape::models::oracle::onnx {

namespace {

/// Input `i`, when present, has shape `want`.
bool inputShape(Eval &e, size_t i, const Shape &want, const std::string &what) {
  if (onnxAbsent(e, i))
    return true;
  const Shape *s = e.shape(i);
  if (!s)
    return false;
  return e.require(*s == want, what + " is " + str(*s) + ", not " + str(want));
}

template <int64_t G> bool recurrent(Eval &e) {
  const Shape *x = e.shape(0), *r = x ? e.shape(2) : nullptr;
  if (!r)
    return false;
  if (!e.require(x->size() == 3 && r->size() == 3, "X and R of rank 3"))
    return false;
  const frontend::Attribute *dir = onnxAttr(e, "direction");
  std::string direction = dir ? dir->str : "forward";
  int64_t dirs = direction == "bidirectional" ? 2 : 1;
  std::optional<int64_t> layout = onnxInt(e, "layout", 0);
  std::optional<int64_t> hiddenAttr = onnxInt(e, "hidden_size", -1);
  if (!layout || !hiddenAttr)
    return false;
  int64_t seq = (*x)[*layout == 0 ? 0 : 1], batch = (*x)[*layout == 0 ? 1 : 0],
          input = (*x)[2];
  int64_t hidden = *hiddenAttr >= 0 ? *hiddenAttr : (*r)[2];
  Shape state =
      *layout == 0 ? Shape{dirs, batch, hidden} : Shape{batch, dirs, hidden};
  if (!inputShape(e, 1, {dirs, G * hidden, input}, "W") ||
      !inputShape(e, 2, {dirs, G * hidden, hidden}, "R") ||
      !inputShape(e, 3, {dirs, 2 * G * hidden}, "B") ||
      !inputShape(e, 4, {batch}, "sequence_lens") ||
      !inputShape(e, 5, state, "initial_h"))
    return false;
  if (G == 4 && (!inputShape(e, 6, state, "initial_c") ||
                 !inputShape(e, 7, {dirs, 3 * hidden}, "P")))
    return false;
  Shape y = *layout == 0 ? Shape{seq, dirs, batch, hidden}
                         : Shape{batch, seq, dirs, hidden};
  for (size_t k = 0; k < e.numResults(); ++k) {
    const frontend::Type &declared = e.declaredResult(k);
    if (!declared.isTensor())
      continue; // an output left out (`none`)
    if (!e.setResult(k, k == 0 ? y : state))
      return false;
  }
  return true;
}

bool gridSample(Eval &e) {
  const Shape *x = e.shape(0), *grid = x ? e.shape(1) : nullptr;
  if (!grid)
    return false;
  if (!e.require(x->size() >= 3 && grid->size() == x->size(),
                 "X and grid of one rank r + 2"))
    return false;
  int64_t r = int64_t(x->size()) - 2;
  if (!e.require((*grid)[0] == (*x)[0], "grid batch differs from X's") ||
      !e.require(grid->back() == r, "grid's last dim is not r"))
    return false;
  Shape out = {(*x)[0], (*x)[1]};
  out.insert(out.end(), grid->begin() + 1, grid->end() - 1);
  return e.setResult(0, out);
}

bool quantizeLinear(Eval &e) {
  const Shape *x = e.shape(0), *scale = x ? e.shape(1) : nullptr;
  if (!scale)
    return false;
  if (!e.require(scale->size() <= 1, "a scale of rank > 1"))
    return false;
  if (scale->size() == 1) {
    std::optional<int64_t> axis = onnxInt(e, "axis", 1);
    if (!axis)
      return false;
    std::optional<size_t> a = onnxAxis(e, *axis, x->size(), "axis");
    if (!a || !e.require((*scale)[0] == (*x)[*a],
                         "the scale's length differs from x.shape[axis]"))
      return false;
  }
  if (!inputShape(e, 2, *scale, "the zero point"))
    return false;
  return e.setResult(0, *x);
}

bool dynamicQuantizeLinear(Eval &e) {
  const Shape *x = e.shape(0);
  return x && e.setResult(0, *x) && e.setResult(1, {}) && e.setResult(2, {});
}

bool nonZero(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  std::optional<std::vector<int64_t>> data = e.contents(0);
  if (!data)
    return e.unsupported("NonZero of an input whose contents are unknown");
  int64_t n = 0;
  for (int64_t v : *data)
    n += v != 0;
  return e.setResult(0, {int64_t(x->size()), n});
}

bool eyeLike(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x || !e.require(x->size() == 2, "EyeLike of a tensor that is not 2-D"))
    return false;
  return e.setResult(0, *x);
}

bool scaler(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  if (x->empty())
    return e.unsupported("Scaler of a rank-0 X");
  for (const char *name : {"offset", "scale"}) {
    const frontend::Attribute *a = onnxAttr(e, name);
    if (!a)
      continue;
    if (a->kind != frontend::AttrKind::Array || a->elements.empty())
      return e.unsupported("Scaler's list is not understood");
    int64_t k = int64_t(a->elements.size());
    if (!e.require(k == 1 || k == x->back(),
                   "Scaler's list has neither 1 nor X.shape[-1] values"))
      return false;
  }
  return e.setResult(0, *x);
}

bool oneHotEncoder(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  const std::string &element = e.operandType(0).element;
  bool strings = element == "!onnx.String";
  const frontend::Attribute *cats =
      onnxAttr(e, strings ? "cats_strings" : "cats_int64s");
  if (!e.require(cats != nullptr, "OneHotEncoder without the category list "
                                  "its input's type uses"))
    return false;
  if (cats->kind != frontend::AttrKind::Array)
    return e.unsupported("a category list it does not read");
  Shape out = *x;
  out.push_back(int64_t(cats->elements.size()));
  return e.setResult(0, out);
}

bool compress(Eval &e) {
  const Shape *x = e.shape(0), *cond = x ? e.shape(1) : nullptr;
  if (!cond)
    return false;
  if (!e.require(cond->size() == 1, "Compress with a condition not 1-D"))
    return false;
  std::optional<int64_t> axisAttr;
  if (onnxAttr(e, "axis")) {
    axisAttr = onnxInt(e, "axis", 0);
    if (!axisAttr)
      return false;
  }
  std::optional<size_t> axis;
  if (axisAttr) {
    axis = onnxAxis(e, *axisAttr, x->size(), "axis");
    if (!axis)
      return false;
  }
  std::optional<std::vector<int64_t>> data = e.contents(1);
  if (!data)
    return e.unsupported("Compress of a condition whose contents are unknown");
  int64_t from = axis ? (*x)[*axis] : product(*x);
  int64_t n = 0;
  for (size_t k = 0; k < data->size() && int64_t(k) < from; ++k)
    n += (*data)[k] != 0;
  Shape out = {n};
  if (axis) {
    out = *x;
    out[*axis] = n;
  }
  return e.setResult(0, out);
}

bool unique(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  std::optional<int64_t> sorted = onnxInt(e, "sorted", 1);
  if (!sorted || !e.require(*sorted == 0 || *sorted == 1,
                            "Unique's sorted is neither 0 nor 1"))
    return false;
  std::optional<size_t> axis;
  if (onnxAttr(e, "axis")) {
    std::optional<int64_t> a = onnxInt(e, "axis", 0);
    if (!a || !(axis = onnxAxis(e, *a, x->size(), "axis")))
      return false;
  }
  std::optional<std::vector<int64_t>> data = e.contents(0);
  if (!data)
    return e.unsupported("Unique of an input whose contents are unknown");
  // Slice k along the axis (each element its own slice without one).
  int64_t outer = 1, count = product(*x), inner = 1;
  if (axis) {
    count = (*x)[*axis];
    for (size_t d = 0; d < *axis; ++d)
      outer *= (*x)[d];
    for (size_t d = *axis + 1; d < x->size(); ++d)
      inner *= (*x)[d];
  }
  std::vector<std::vector<int64_t>> seen;
  for (int64_t k = 0; k < count; ++k) {
    std::vector<int64_t> slice;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i)
        slice.push_back((*data)[size_t((o * count + k) * inner + i)]);
    if (std::find(seen.begin(), seen.end(), slice) == seen.end())
      seen.push_back(slice);
  }
  int64_t n = int64_t(seen.size());
  Shape y = {n};
  if (axis) {
    y = *x;
    y[*axis] = n;
  }
  for (size_t r = 0; r < e.numResults(); ++r)
    if (!e.setResult(r, r == 0 ? y : Shape{r == 2 ? count : n}))
      return false;
  return true;
}

bool reverseSequence(Eval &e) {
  const Shape *x = e.shape(0), *lens = x ? e.shape(1) : nullptr;
  if (!lens)
    return false;
  std::optional<int64_t> batch = onnxInt(e, "batch_axis", 1),
                         time = onnxInt(e, "time_axis", 0);
  if (!batch || !time)
    return false;
  if (!e.require(x->size() >= 2, "ReverseSequence of rank < 2") ||
      !e.require((*batch == 0 || *batch == 1) && (*time == 0 || *time == 1) &&
                     *batch != *time,
                 "batch_axis and time_axis are not 0 and 1") ||
      !e.require(lens->size() == 1 && (*lens)[0] == (*x)[size_t(*batch)],
                 "sequence_lens is not [batch_size]"))
    return false;
  return e.setResult(0, *x);
}

bool sameShapeMl(Eval &e) {
  const Shape *x = e.shape(0);
  return x && e.setResult(0, *x);
}

} // namespace

static void registerOnnxRecurrent() {
  addOp("LSTM", recurrent<4>);
  addOp("GRU", recurrent<3>);
  addOp("RNN", recurrent<1>);
  addOp("GridSample", gridSample);
  addOp("QuantizeLinear", quantizeLinear);
  addOp("DequantizeLinear", quantizeLinear);
  addOp("DynamicQuantizeLinear", dynamicQuantizeLinear);
  addOp("NonZero", nonZero);
  addOp("EyeLike", eyeLike);
  addOp("Scaler", scaler);
  addOp("Binarizer", sameShapeMl);
  addOp("CategoryMapper", sameShapeMl);
  addOp("OneHotEncoder", oneHotEncoder);
  addOp("Compress", compress);
  addOp("Unique", unique);
  addOp("ReverseSequence", reverseSequence);
}

static const RuleFile rules(__FILE__, registerOnnxRecurrent);

} // namespace symshape::models::oracle::onnx
