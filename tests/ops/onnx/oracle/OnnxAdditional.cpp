//===- OnnxAdditional.cpp - The oracle's onnx-mlir ops, Upsample, windows -===//
//
// On concrete shapes, from onnx-mlir's op descriptions (AdditionalONNXOps.td)
// and the ONNX operator docs:
//   onnx.UpsampleAndPad: "For each of the innermost k dimensions, insert
//     zeros between elements according to the stride values", then pad
//     with pads[i] before and pads[k + i] after; k = len(strides) (else
//     len(pads) / 2, else the rank); strides default to 1, pads to 0. The
//     oracle places element j of a dim at pads[i] + j * stride and takes
//     the output extent (D - 1) * stride + 1 + pads; an extent below 0, or
//     an element placed outside it, is UB;
//   onnx.LayoutTransform: "The input and output tensors must have the same
//     shape";
//   onnx.ShapeTransform: each input index goes where `index_map` sends it;
//     the output dims are one past the largest index reached; the map "must
//     be bijective" (UB otherwise);
//   onnx.ConcatShapeTranspose: Concat(axis), then Shape(start, end) of it
//     (clamped to [0, rank]) and Transpose(perm, reversed by default);
//   Upsample-7: floor(D * scale) for every dim, the float `scales` list
//     read from its text (scales >= 1); Upsample-9 and Resize-10/11/13/18/
//     19 by scales (no sizes; not tf_crop_and_resize, no `axes`): the
//     same, the scales from the onnx.Constant that defines them (f32
//     values rounded to float), each > 0 for Resize;
//   HannWindow-17 / HammingWindow-17 / BlackmanWindow-17: [size], size a
//     scalar;
//   QLinearMatMul-10: numpy.matmul(a, b); a scale and its zero point of
//     one shape;
//   OneHot-11: indices' shape with depth (>= 1) inserted at axis, in
//     [-r-1, r];
//   TopK-11: X with K at axis; K in [0, X.shape[axis]];
//   DFT-17 / DFT-20: input [..., 1 (real) or 2 (complex)], axis (DFT-17:
//     an attribute, default 1; DFT-20: an input, default -2) in
//     [-r, -2] or [0, r-2]; RFFT (onesided, forward) real input only,
//     IRFFT (onesided, inverse) complex only; n = dft_length (a scalar),
//     else the axis' size (IRFFT: 2 * (size - 1)); output: n at the axis
//     (RFFT: n / 2 + 1), last dim 2 (IRFFT: 1).
//
//===----------------------------------------------------------------------===//

#include "OnnxImpl.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>

namespace symshape::models::oracle::onnx {

namespace {

bool upsampleAndPad(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  std::optional<std::vector<int64_t>> strides = onnxInts(e, "strides");
  std::optional<std::vector<int64_t>> pads = onnxInts(e, "pads");
  size_t k = strides ? strides->size() : pads ? pads->size() / 2 : x->size();
  if (!e.require(k <= x->size(), "more strides than dims"))
    return false;
  std::vector<int64_t> s = strides.value_or(std::vector<int64_t>(k, 1));
  std::vector<int64_t> p = pads.value_or(std::vector<int64_t>(2 * k, 0));
  if (!e.require(p.size() == 2 * k, "pads not twice the strides"))
    return false;
  Shape out = *x;
  for (size_t i = 0; i < k; ++i) {
    size_t d = x->size() - k + i;
    if (!e.require(s[i] > 0, "a stride that is not positive"))
      return false;
    if (p[i] < 0 || p[k + i] < 0)
      return e.unsupported("a negative pad");
    int64_t extent = ((*x)[d] - 1) * s[i] + 1 + p[i] + p[k + i];
    if (!e.require(extent >= 0, "a negative output extent"))
      return false;
    for (int64_t j = 0; j < (*x)[d]; ++j)
      if (!e.require(p[i] + j * s[i] < extent, "an element placed outside"))
        return false;
    out[d] = extent;
  }
  return e.setResult(0, out);
}

/// The value of `x` at `at`; nullopt for a non-positive divisor.
std::optional<int64_t> evaluate(const frontend::AffineExpr &x,
                                const std::vector<int64_t> &at) {
  using K = frontend::AffineExpr::Kind;
  if (x.kind == K::Constant)
    return x.value;
  if (x.kind == K::Dim)
    return at.at(size_t(x.value));
  if (x.kind == K::Symbol)
    return std::nullopt;
  std::optional<int64_t> a = evaluate(x.operands[0], at);
  if (!a)
    return std::nullopt;
  if (x.kind == K::Neg)
    return -*a;
  std::optional<int64_t> b = evaluate(x.operands[1], at);
  if (!b)
    return std::nullopt;
  switch (x.kind) {
  case K::Add:
    return *a + *b;
  case K::Sub:
    return *a - *b;
  case K::Mul:
    return *a * *b;
  default:
    break;
  }
  if (*b <= 0)
    return std::nullopt;
  int64_t floor = int64_t(std::floor(double(*a) / double(*b)));
  if (x.kind == K::FloorDiv)
    return floor;
  if (x.kind == K::CeilDiv)
    return int64_t(std::ceil(double(*a) / double(*b)));
  return *a - floor * *b;
}

bool shapeTransform(Eval &e) {
  const Shape *x = e.shape(0);
  const frontend::Attribute *map = x ? onnxAttr(e, "index_map") : nullptr;
  if (!map || !map->affineMap)
    return x ? e.unsupported("no index_map") : false;
  if (product(*x) > 100000)
    return e.unsupported("too many elements");
  std::vector<std::vector<int64_t>> images;
  for (int64_t flat = 0; flat < product(*x); ++flat) {
    std::vector<int64_t> at(x->size());
    for (size_t d = x->size(), rest = size_t(flat); d-- > 0;) {
      at[d] = int64_t(rest % size_t((*x)[d]));
      rest /= size_t((*x)[d]);
    }
    std::vector<int64_t> image;
    for (const frontend::AffineResult &r : map->affineMap->results) {
      std::optional<int64_t> v = r.expr ? evaluate(*r.expr, at) : std::nullopt;
      if (!v)
        return e.unsupported("an index_map it cannot evaluate");
      if (!e.require(*v >= 0, "an index below 0"))
        return false;
      image.push_back(*v);
    }
    images.push_back(image);
  }
  if (images.empty())
    return e.unsupported("an empty input");
  Shape out(images[0].size(), 0);
  for (const std::vector<int64_t> &image : images)
    for (size_t k = 0; k < out.size(); ++k)
      out[k] = std::max(out[k], image[k] + 1);
  std::set<std::vector<int64_t>> distinct(images.begin(), images.end());
  if (!e.require(distinct.size() == images.size() &&
                     int64_t(images.size()) == product(out),
                 "index_map is not a bijection"))
    return false;
  return e.setResult(0, out);
}

bool concatShapeTranspose(Eval &e) {
  std::optional<int64_t> axisAttr = onnxInt(e, "axis", 0);
  const Shape *first = axisAttr ? e.shape(0) : nullptr;
  if (!first)
    return false;
  int64_t rank = int64_t(first->size());
  std::optional<size_t> axis = onnxAxis(e, *axisAttr, first->size(), "axis");
  if (!axis)
    return false;
  Shape concat = *first;
  for (size_t i = 1; i < e.numOperands(); ++i) {
    const Shape *s = e.shape(i);
    if (!s || !e.require(s->size() == first->size(), "ranks differ"))
      return false;
    for (size_t d = 0; d < s->size(); ++d)
      if (d != *axis && !e.require((*s)[d] == (*first)[d], "dims differ"))
        return false;
    concat[*axis] += (*s)[*axis];
  }
  auto clamp = [rank](int64_t a) {
    return std::clamp<int64_t>(a < 0 ? a + rank : a, 0, rank);
  };
  std::optional<int64_t> start = onnxInt(e, "start", 0);
  std::optional<int64_t> end = start ? onnxInt(e, "end", rank) : start;
  if (!end)
    return false;
  std::vector<int64_t> shape;
  for (int64_t d = clamp(*start); d < clamp(*end); ++d)
    shape.push_back(concat[size_t(d)]);
  std::vector<int64_t> perm;
  if (std::optional<std::vector<int64_t>> p = onnxInts(e, "perm"))
    perm = *p;
  else
    for (int64_t d = rank - 1; d >= 0; --d)
      perm.push_back(d);
  std::vector<int64_t> sorted = perm;
  std::sort(sorted.begin(), sorted.end());
  for (int64_t d = 0; d < rank; ++d)
    if (!e.require(size_t(rank) == perm.size() && sorted[size_t(d)] == d,
                   "perm is not a permutation"))
      return false;
  Shape transposed;
  for (int64_t p : perm)
    transposed.push_back(concat[size_t(p)]);
  return e.setResult(0, {int64_t(shape.size())}, shape) &&
         e.setResult(1, transposed);
}

bool upsample(Eval &e) {
  const Shape *x = e.shape(0);
  const frontend::Attribute *scales = x ? onnxAttr(e, "scales") : nullptr;
  if (!scales || scales->kind != frontend::AttrKind::Array)
    return x ? e.unsupported("no scales attribute") : false;
  if (!e.require(scales->elements.size() == x->size(),
                 "scales not one per dim"))
    return false;
  Shape out;
  for (size_t d = 0; d < x->size(); ++d) {
    double s = std::strtod(scales->elements[d].text.c_str(), nullptr);
    if (!e.require(s >= 1, "a scale below 1"))
      return false;
    out.push_back(int64_t(std::floor(double((*x)[d]) * s)));
  }
  return e.setResult(0, out);
}

/// The floats of the onnx.Constant defining input `i` (its `dense<..>`
/// text), f32 ones rounded to float; nullopt when it is not one.
std::optional<std::vector<double>> constantFloats(Eval &e, size_t i) {
  const frontend::Operation *def = e.definingOp(i);
  if (!def || def->name != "onnx.Constant")
    return std::nullopt;
  for (const frontend::NamedAttribute &a : def->attributes) {
    if (a.name != "value" || !a.value.hasType)
      continue;
    std::string text = a.value.text;
    size_t open = text.find('<'), close = text.find('>');
    if (open == std::string::npos || close == std::string::npos)
      return std::nullopt;
    std::string body = text.substr(open + 1, close - open - 1);
    body.erase(std::remove(body.begin(), body.end(), '['), body.end());
    body.erase(std::remove(body.begin(), body.end(), ']'), body.end());
    std::vector<double> out;
    size_t at = 0;
    while (true) {
      size_t comma = body.find(',', at);
      double v = std::strtod(body.c_str() + at, nullptr);
      out.push_back(a.value.type.element == "f32" ? double(float(v)) : v);
      if (comma == std::string::npos)
        break;
      at = comma + 1;
    }
    int64_t n = product(a.value.type.dims);
    if (out.size() == 1)
      out.assign(size_t(n), out[0]);
    return out;
  }
  return std::nullopt;
}

/// Upsample-9 / Resize by scales: floor(D * scale) per dim.
bool byScales(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  bool resize = e.name().find("Resize") != std::string::npos ||
                (isTorch(e) && e.attr("name")->str == "onnx.Resize");
  size_t input = 1;
  if (resize && e.name() != "onnx.ResizeV10") {
    if (!onnxAbsent(e, 3))
      return e.unsupported("Resize by sizes");
    const frontend::Attribute *mode =
        onnxAttr(e, "coordinate_transformation_mode");
    if ((mode && mode->str == "tf_crop_and_resize") || onnxAttr(e, "axes"))
      return e.unsupported("roi or axes");
    input = 2;
  }
  std::optional<std::vector<double>> scales = constantFloats(e, input);
  if (!scales)
    return e.unsupported("scales not a constant");
  if (!e.require(scales->size() == x->size(), "not one scale per dim"))
    return false;
  Shape out;
  for (size_t d = 0; d < x->size(); ++d) {
    double s = (*scales)[d];
    if (!resize && s < 1)
      return e.unsupported("an Upsample scale below 1");
    if (!e.require(s > 0, "a scale not greater than 0"))
      return false;
    out.push_back(int64_t(std::floor(double((*x)[d]) * s)));
  }
  return e.setResult(0, out);
}

bool window(Eval &e) {
  const Shape *s = e.shape(0);
  if (!s)
    return false;
  if (!s->empty())
    return e.unsupported("size is not a scalar");
  std::optional<std::vector<int64_t>> size = e.contents(0);
  if (!size || size->size() != 1)
    return e.unsupported("size not known");
  if (!e.require((*size)[0] >= 0, "a negative window size"))
    return false;
  return e.setResult(0, {(*size)[0]});
}

bool qlinearMatMul(Eval &e) {
  const Shape *a = e.shape(0), *b = a ? e.shape(3) : nullptr;
  if (!b)
    return false;
  for (size_t s : {1, 4, 6}) {
    const Shape *scale = e.shape(s), *zero = scale ? e.shape(s + 1) : nullptr;
    if (!zero || !e.require(*scale == *zero, "a scale and its zero point "
                                             "differ in shape"))
      return false;
  }
  return numpyMatmul(e, *a, *b);
}

bool oneHot(Eval &e) {
  const Shape *idx = e.shape(0);
  std::optional<std::vector<int64_t>> depth =
      idx ? e.contents(1) : std::nullopt;
  // "In case 'depth' is of non-integer type, it will be casted to int64".
  std::optional<std::vector<double>> f =
      idx && !depth ? constantFloats(e, 1) : std::nullopt;
  if (f && f->size() == 1)
    depth = std::vector<int64_t>{int64_t((*f)[0])};
  if (!depth || depth->size() != 1)
    return idx ? e.unsupported("depth not known") : false;
  int64_t r = int64_t(idx->size());
  std::optional<int64_t> axis = onnxInt(e, "axis", -1);
  if (!axis || !e.require(*axis >= -r - 1 && *axis <= r, "axis out of range"))
    return false;
  if (!e.require((*depth)[0] >= 1, "depth below 1"))
    return false;
  Shape out = *idx;
  out.insert(out.begin() + (*axis < 0 ? *axis + r + 1 : *axis), (*depth)[0]);
  return e.setResult(0, out);
}

bool topK(Eval &e) {
  const Shape *x = e.shape(0);
  std::optional<std::vector<int64_t>> k = x ? e.contents(1) : std::nullopt;
  if (!k || k->size() != 1)
    return x ? e.unsupported("K not known") : false;
  std::optional<int64_t> axisAttr = onnxInt(e, "axis", -1);
  std::optional<size_t> axis =
      axisAttr ? onnxAxis(e, *axisAttr, x->size(), "axis") : std::nullopt;
  if (!axis)
    return false;
  if (!e.require((*k)[0] >= 0 && (*k)[0] <= (*x)[*axis], "K out of range"))
    return false;
  Shape out = *x;
  out[*axis] = (*k)[0];
  return e.setResult(0, out) && e.setResult(1, out);
}

/// DFT-17's axis attribute (default 1), or DFT-20's axis input (default
/// -2); unsupported when neither form shows which opset it is.
std::optional<int64_t> dftAxis(Eval &e) {
  if (onnxAttr(e, "axis") || e.name() == "onnx.DFTV17")
    return onnxInt(e, "axis", 1);
  if (e.numOperands() < 3) {
    e.unsupported("the default axis depends on the opset");
    return std::nullopt;
  }
  if (onnxAbsent(e, 2))
    return -2;
  std::optional<std::vector<int64_t>> given = e.contents(2);
  if (!given || given->size() != 1) {
    e.unsupported("the axis is not known");
    return std::nullopt;
  }
  return given->front();
}

bool dft(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x)
    return false;
  int64_t r = int64_t(x->size());
  std::optional<int64_t> axis = dftAxis(e);
  std::optional<int64_t> onesided = axis ? onnxInt(e, "onesided", 0) : axis;
  std::optional<int64_t> inverse = onesided ? onnxInt(e, "inverse", 0) : axis;
  if (!inverse)
    return false;
  if (!e.require(r >= 2 && ((*axis >= -r && *axis <= -2) ||
                            (*axis >= 0 && *axis <= r - 2)),
                 "axis out of range"))
    return false;
  size_t a = size_t(*axis < 0 ? *axis + r : *axis);
  int64_t last = x->back();
  bool rfft = *onesided && !*inverse, irfft = *onesided && *inverse;
  if (!e.require(rfft    ? last == 1
                 : irfft ? last == 2
                         : last == 1 || last == 2,
                 "the last dim does not fit the transform"))
    return false;
  int64_t n = irfft ? 2 * ((*x)[a] - 1) : (*x)[a];
  if (!onnxAbsent(e, 1)) {
    const Shape *ls = e.shape(1);
    std::optional<std::vector<int64_t>> len = ls ? e.contents(1) : std::nullopt;
    if (!ls || !ls->empty() || !len)
      return e.unsupported("dft_length not a known scalar");
    n = (*len)[0];
  }
  if (!e.require(n >= 0, "a negative signal length"))
    return false;
  Shape out = *x;
  out[a] = rfft ? n / 2 + 1 : n;
  out.back() = irfft ? 1 : 2;
  return e.setResult(0, out);
}

} // namespace

static void registerOnnxAdditional() {
  addOp("UpsampleAndPad", upsampleAndPad);
  addOp("LayoutTransform",
        [](Eval &e) { return e.shape(0) && e.setResult(0, *e.shape(0)); });
  addOp("ShapeTransform", shapeTransform);
  addOp("ConcatShapeTranspose", concatShapeTranspose);
  addOp("UpsampleV7", upsample);
  for (const char *name : {"HannWindow", "HammingWindow", "BlackmanWindow"})
    addOp(name, window);
  addOp("QLinearMatMul", qlinearMatMul);
  addOp("OneHot", oneHot);
  addOp("TopK", topK);
  addOp("DFTV17", dft);
  addOp("DFT", dft);
  for (const char *name : {"Upsample", "Resize", "ResizeV10", "ResizeV11",
                           "ResizeV13", "ResizeV18"})
    addOp(name, byScales);
}

static const RuleFile rules(__FILE__, registerOnnxAdditional);

} // namespace symshape::models::oracle::onnx
