//===- TorchNeuralLayers.cpp - torch norms, products, conv and pooling ----===//
//
// The oracle's entries for the layers of torch.nn, each from its PyTorch
// documentation page (see TorchNeural.cpp for the list): the "Shape"
// sections of Conv{1,2,3}d / ConvTranspose{1,2,3}d / MaxPool2d / AvgPool2d
// / AdaptiveAvgPool2d, ATen's convolution_backward (Convolution.cpp), LayerNorm
// / RMSNorm / GroupNorm / BatchNorm2d's parameter shapes, torch.addmm / baddbmm
// and scaled_dot_product_attention.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

namespace {

/// `s` is "broadcastable to" `target` (Tensor.expand semantics).
bool expandsTo(Eval &e, const Shape &s, const Shape &target) {
  if (!e.require(s.size() <= target.size(), "expand to a smaller rank"))
    return false;
  for (size_t k = 0; k < s.size(); ++k) {
    int64_t x = s[s.size() - 1 - k], t = target[target.size() - 1 - k];
    if (!e.require(x == 1 || x == t, "size " + std::to_string(x) +
                                         " cannot expand to " +
                                         std::to_string(t)))
      return false;
  }
  return true;
}

/// An optional tensor operand is none or has shape `want`.
bool optionalShaped(Eval &e, size_t i, const Shape &want, const char *what) {
  if (torchNone(e, i))
    return true;
  const Shape *s = e.shape(i);
  return s && e.require(*s == want, std::string(what) + " shape " + str(*s) +
                                        " should be " + str(want));
}

/// An optional per-channel tensor: none, or `channels` elements (and 1-D
/// when `vector`).
bool channelVector(Eval &e, size_t i, int64_t channels, bool vector) {
  if (torchNone(e, i))
    return true;
  const Shape *s = e.shape(i);
  return s && e.require((!vector || s->size() == 1) && product(*s) == channels,
                        "expected a vector of size equal to the channels");
}

bool layerNorm(Eval &e) {
  const Shape *x = e.shape(0);
  std::optional<std::vector<int64_t>> ns = x ? e.contents(1) : std::nullopt;
  if (!ns)
    return x ? e.unsupported("normalized_shape not known") : false;
  size_t n = ns->size(), rank = x->size();
  if (!e.require(n >= 1 && n <= rank, "normalized_shape rank"))
    return false;
  Shape tail(x->end() - n, x->end());
  if (!e.require(tail == *ns, "input shape does not end in normalized_shape"))
    return false;
  bool rms = e.name() == "torch.aten.rms_norm";
  if (!optionalShaped(e, 2, *ns, "weight") ||
      (!rms && !optionalShaped(e, 3, *ns, "bias")))
    return false;
  if (!e.setResult(0, *x))
    return false;
  if (e.name() != "torch.aten.native_layer_norm")
    return true;
  Shape stats = *x;
  std::fill(stats.end() - n, stats.end(), 1);
  return e.setResult(1, stats) && e.setResult(2, stats);
}

/// num_groups > 0 divides `channels`.
bool groupsDivide(Eval &e, size_t i, int64_t channels) {
  std::optional<int64_t> g = e.scalar(i);
  if (!g)
    return e.unsupported("num_groups not known");
  return e.require(*g > 0 && channels % *g == 0,
                   "channels not divisible by num_groups");
}

bool groupNorm(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x || !e.require(x->size() >= 2, "group_norm: input below 2-D") ||
      !groupsDivide(e, 1, (*x)[1]) || !channelVector(e, 2, (*x)[1], true) ||
      !channelVector(e, 3, (*x)[1], true))
    return false;
  return e.setResult(0, *x);
}

bool nativeGroupNorm(Eval &e) {
  // native_group_norm(input, weight, bias, N, C, HxW, group, eps): the
  // input read as [N, C, HxW].
  const Shape *x = e.shape(0);
  std::optional<int64_t> n = x ? e.scalar(3) : std::nullopt, c = e.scalar(4),
                         hw = e.scalar(5), g = e.scalar(6);
  if (!n || !c || !hw || !g)
    return x ? e.unsupported("N, C, HxW or group not known") : false;
  if (!e.require(product(*x) == *n * *c * *hw, "input is not N * C * HxW") ||
      !groupsDivide(e, 6, *c) || !channelVector(e, 1, *c, true) ||
      !channelVector(e, 2, *c, true))
    return false;
  return e.setResult(0, *x) && e.setResult(1, {*n, *g}) &&
         e.setResult(2, {*n, *g});
}

bool batchNorm(Eval &e) {
  const Shape *x = e.shape(0);
  if (!x || !e.require(x->size() >= 2, "batch_norm: input below 2-D"))
    return false;
  for (size_t i = 1; i <= 4; ++i)
    if (!channelVector(e, i, (*x)[1], false))
      return false;
  if (!e.setResult(0, *x))
    return false;
  for (size_t r = 1; r < e.numResults(); ++r) {
    // Saved statistics of an evaluation run: as declared (device-dependent).
    const frontend::Type &t = e.declaredResult(r);
    if (std::find(t.dims.begin(), t.dims.end(), -1) != t.dims.end())
      return e.unsupported("saved statistics of a dynamic declared shape");
    if (!e.setResult(r, Shape(t.dims.begin(), t.dims.end())))
      return false;
  }
  return true;
}

bool addmm(Eval &e) {
  // addmm(input, mat1, mat2) / baddbmm(input, batch1, batch2).
  bool batched = e.name() == "torch.aten.baddbmm";
  const Shape *in = e.shape(0), *a = in ? e.shape(1) : nullptr,
              *b = a ? e.shape(2) : nullptr;
  if (!b)
    return false;
  size_t r = batched ? 3 : 2;
  if (!e.require(a->size() == r && b->size() == r, "operands not matrices") ||
      !e.require((*a)[r - 1] == (*b)[r - 2], "inner sizes differ") ||
      !e.require(!batched || (*a)[0] == (*b)[0], "batch sizes differ"))
    return false;
  Shape out =
      batched ? Shape{(*a)[0], (*a)[1], (*b)[2]} : Shape{(*a)[0], (*b)[1]};
  return expandsTo(e, *in, out) && e.setResult(0, out);
}

bool attention(Eval &e) {
  const Shape *q = e.shape(0), *k = q ? e.shape(1) : nullptr,
              *v = k ? e.shape(2) : nullptr;
  if (!v)
    return false;
  if (e.numOperands() == 8 && torchConstant(e, 7).value_or(1) != 0)
    return e.unsupported("enable_gqa not false");
  bool mask = !torchNone(e, 3);
  if (!e.require(!mask || torchConstant(e, 5).value_or(0) == 0,
                 "attn_mask with is_causal") ||
      !e.require(q->size() >= 2 && k->size() >= 2 && v->size() >= 2,
                 "query, key, value below 2-D") ||
      !e.require(q->back() == k->back(), "query and key embeddings differ") ||
      !e.require((*k)[k->size() - 2] == (*v)[v->size() - 2],
                 "key and value lengths differ"))
    return false;
  std::optional<Shape> batch = torchBroadcast(
      e, Shape(q->begin(), q->end() - 2), Shape(k->begin(), k->end() - 2));
  batch = batch ? torchBroadcast(e, *batch, Shape(v->begin(), v->end() - 2))
                : batch;
  if (!batch)
    return false;
  Shape weights = *batch;
  weights.push_back((*q)[q->size() - 2]);
  weights.push_back((*k)[k->size() - 2]);
  if (mask && !(e.shape(3) && expandsTo(e, *e.shape(3), weights)))
    return false;
  Shape out = *batch;
  out.push_back((*q)[q->size() - 2]);
  out.push_back(v->back());
  return e.setResult(0, out);
}

/// A list operand of `n` values (one value applies to all); `fallback` for
/// an empty list.
std::optional<std::vector<int64_t>>
listOf(Eval &e, size_t i, size_t n,
       const std::vector<int64_t> *fallback = nullptr) {
  std::optional<std::vector<int64_t>> v = e.contents(i);
  if (!v) {
    e.unsupported("int list not known");
    return v;
  }
  if (v->empty() && fallback)
    return *fallback;
  if (v->size() == 1)
    v->assign(n, v->front());
  if (!e.require(v->size() == n, "list of the wrong length"))
    return std::nullopt;
  return v;
}

/// The output shape of the convolution of input `x` by weight `x + 1`, its
/// parameters after them in aten::convolution's order (`general`; else
/// conv1d/2d/3d's, groups at x + 6); the bias at x + 2 is checked when
/// `bias`.
std::optional<Shape> convOut(Eval &e, size_t x, bool general, bool bias) {
  const Shape *in = e.shape(x), *w = in ? e.shape(x + 1) : nullptr;
  if (!w || !e.require(w->size() >= 3, "weight below 3-D"))
    return std::nullopt;
  size_t n = w->size() - 2;
  bool batched = in->size() == w->size();
  if (!e.require(batched || (!general && in->size() + 1 == w->size()),
                 "input rank does not match the weight"))
    return std::nullopt;
  std::vector<int64_t> zeros(n, 0);
  std::optional<std::vector<int64_t>> s = listOf(e, x + 3, n),
                                      p = listOf(e, x + 4, n),
                                      d = listOf(e, x + 5, n);
  std::optional<int64_t> transposed = general ? torchConstant(e, x + 6) : 0;
  std::optional<std::vector<int64_t>> op = general && transposed && *transposed
                                               ? listOf(e, x + 7, n, &zeros)
                                               : zeros;
  std::optional<int64_t> groups = e.scalar(x + (general ? 8 : 6));
  if (!s || !p || !d || !op || !transposed || !groups) {
    if (e.status == Status::Ok)
      e.unsupported("conv parameters");
    return std::nullopt;
  }
  for (size_t i = 0; i < n; ++i)
    if (!e.require((*s)[i] > 0 && (*d)[i] > 0 && (*p)[i] >= 0,
                   "non-positive stride / dilation or negative padding") ||
        !e.require((*op)[i] < (*s)[i] || (*op)[i] < (*d)[i],
                   "output padding must be smaller than stride or dilation"))
      return std::nullopt;
  int64_t g = *groups;
  size_t c = batched ? 1 : 0;
  if (!e.require(g > 0, "non-positive groups") ||
      !e.require((*w)[0] >= g && (*w)[0] % g == 0,
                 "weight dim 0 not a positive multiple of groups") ||
      !e.require((*in)[c] == (*transposed ? (*w)[0] : (*w)[1] * g),
                 "input channels do not match the weight"))
    return std::nullopt;
  int64_t outChannels = *transposed ? (*w)[1] * g : (*w)[0];
  if (bias && !torchNone(e, x + 2)) {
    const Shape *b = e.shape(x + 2);
    if (!b || !e.require(b->size() == 1 && (*b)[0] == outChannels,
                         "bias size differs from the output channels"))
      return std::nullopt;
  }
  Shape out;
  if (batched)
    out.push_back((*in)[0]);
  out.push_back(outChannels);
  for (size_t i = 0; i < n; ++i) {
    int64_t size = (*in)[c + 1 + i], k = (*w)[2 + i];
    int64_t o;
    if (*transposed) {
      o = (size - 1) * (*s)[i] - 2 * (*p)[i] + (*d)[i] * (k - 1) + (*op)[i] + 1;
    } else {
      if (!e.require(size + 2 * (*p)[i] >= (*d)[i] * (k - 1) + 1,
                     "Kernel size can't be greater than actual input size"))
        return std::nullopt;
      o = windowOut(size, k, (*s)[i], (*d)[i], (*p)[i], (*p)[i]);
    }
    out.push_back(o);
  }
  return out;
}

bool convolution(Eval &e) {
  std::optional<Shape> out =
      convOut(e, 0, e.name() == "torch.aten.convolution", /*bias=*/true);
  return out && e.setResult(0, *out);
}

/// aten::convolution_backward(grad_output, input, weight, bias_sizes,
/// stride, padding, dilation, transposed, output_padding, groups,
/// output_mask): ATen's check_shape_backward (the forward's checks of
/// input and weight), the same rank for grad_output and input, and the
/// kernels' grad_output of the forward output's shape. grad_input is
/// input's shape, grad_weight weight's, grad_bias grad_output summed but
/// on dim 1; an output the mask leaves out is undefined (none).
bool convolutionBackward(Eval &e) {
  const Shape *grad = e.shape(0), *in = grad ? e.shape(1) : nullptr;
  if (!in || !e.require(grad->size() == in->size(),
                        "Expected input and grad_output to have the same "
                        "number of dimensions"))
    return false;
  // output_mask: a list of three known bools (held as 0 / 1).
  const RtValue &list = e.operandValue(10);
  std::vector<int64_t> mask;
  for (const RtValue &item : list.isList ? list.items : std::vector<RtValue>{})
    if (item.scalar)
      mask.push_back(*item.scalar);
  if (!list.isList || list.items.size() != 3 || mask.size() != 3)
    return e.unsupported("output_mask not known");
  std::optional<Shape> out = convOut(e, 1, /*general=*/true, /*bias=*/false);
  if (!out ||
      !e.require(*out == *grad, "grad_output of shape " + str(*grad) +
                                    ", the convolution gives " + str(*out)))
    return false;
  Shape bias = {(*grad)[1]};
  const Shape *shapes[] = {in, e.shape(2), &bias};
  for (size_t r = 0; r < 3; ++r)
    if (!(mask[r] ? e.setResult(r, *shapes[r]) : e.setValue(r, RtValue())))
      return false;
  return true;
}

bool pool2d(Eval &e) {
  bool avg = e.name() == "torch.aten.avg_pool2d";
  const Shape *x = e.shape(0);
  if (!x || !e.require(x->size() == 3 || x->size() == 4, "expected 3-D or 4-D"))
    return false;
  std::optional<std::vector<int64_t>> k = listOf(e, 1, 2);
  std::optional<std::vector<int64_t>> s =
      k ? listOf(e, 2, 2, &*k) : std::nullopt;
  std::optional<std::vector<int64_t>> p = s ? listOf(e, 3, 2) : s;
  std::vector<int64_t> ones(2, 1);
  std::optional<std::vector<int64_t>> d = !p    ? p
                                          : avg ? std::optional(ones)
                                                : listOf(e, 4, 2);
  std::optional<int64_t> ceil =
      d ? torchConstant(e, avg ? 4 : 5) : std::nullopt;
  if (!ceil)
    return e.status == Status::Ok ? e.unsupported("pool parameters") : false;
  if (avg && !torchNone(e, 6) &&
      !e.require(e.scalar(6).value_or(1) != 0, "divisor must be not zero"))
    return false;
  for (size_t i = 0; i < 2; ++i)
    if (!e.require((*k)[i] > 0 && (*s)[i] > 0 && (*d)[i] > 0,
                   "non-positive kernel, stride or dilation") ||
        !e.require((*p)[i] >= 0 && (*p)[i] <= (*k)[i] / 2,
                   "pad should be at most half of kernel size"))
      return false;
  for (size_t i = x->size() - 3; i < x->size(); ++i)
    if (!e.require((*x)[i] != 0, "non-batch dims must not be empty"))
      return false;
  Shape out = *x;
  for (size_t i = 0; i < 2; ++i) {
    int64_t in = (*x)[x->size() - 2 + i];
    int64_t numer = in + 2 * (*p)[i] - (*d)[i] * ((*k)[i] - 1) - 1;
    int64_t o =
        (*ceil ? -floorDiv(-numer, (*s)[i]) : floorDiv(numer, (*s)[i])) + 1;
    // "Sliding windows that would start in the right padded region are
    // ignored."
    if (*ceil && (o - 1) * (*s)[i] >= in + (*p)[i])
      --o;
    if (!e.require(o >= 1, "Output size is too small"))
      return false;
    out[x->size() - 2 + i] = o;
  }
  for (size_t r = 0; r < e.numResults(); ++r)
    if (!e.setResult(r, out))
      return false;
  return true;
}

bool adaptiveAvgPool2d(Eval &e) {
  const Shape *x = e.shape(0);
  std::optional<std::vector<int64_t>> size = x ? e.contents(1) : std::nullopt;
  if (!size)
    return x ? e.unsupported("output_size not known") : false;
  if (!e.require(x->size() == 3 || x->size() == 4, "expected 3-D or 4-D") ||
      !e.require(size->size() == 2, "output_size of 2") ||
      !e.require((*x)[x->size() - 2] > 0 && x->back() > 0,
                 "non-batch dims must not be empty"))
    return false;
  Shape out = *x;
  out[x->size() - 2] = (*size)[0];
  out.back() = (*size)[1];
  return e.setResult(0, out);
}

} // namespace

static void registerTorchNeuralLayers() {
  for (const char *name : {"layer_norm", "native_layer_norm", "rms_norm"})
    add(std::string("torch.aten.") + name, layerNorm);
  add("torch.aten.group_norm", groupNorm);
  add("torch.aten.native_group_norm", nativeGroupNorm);
  add("torch.aten.batch_norm", batchNorm);
  add("torch.aten._native_batch_norm_legit_no_training", batchNorm);
  add("torch.aten.addmm", addmm);
  add("torch.aten.baddbmm", addmm);
  add("torch.aten.scaled_dot_product_attention", attention);
  for (const char *name : {"convolution", "conv1d", "conv2d", "conv3d"})
    add(std::string("torch.aten.") + name, convolution);
  add("torch.aten.convolution_backward", convolutionBackward);
  for (const char *name :
       {"max_pool2d", "max_pool2d_with_indices", "avg_pool2d"})
    add(std::string("torch.aten.") + name, pool2d);
  add("torch.aten.adaptive_avg_pool2d", adaptiveAvgPool2d);
}

static const RuleFile rules(__FILE__, registerTorchNeuralLayers);

} // namespace symshape::models::oracle
