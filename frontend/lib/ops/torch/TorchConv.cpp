//===- TorchConv.cpp - Convolution and pooling of the torch dialect -------===//
//
// From PyTorch's documentation (torch.nn.Conv{1,2,3}d, ConvTranspose2d,
// MaxPool2d, AvgPool2d, AdaptiveAvgPool2d and their functional forms):
//   conv: input [N, C_in, *], weight [C_out, C_in / groups, k...];
//     C_in = groups * weight[1], groups divides C_out, bias [C_out];
//     out = floor((in + 2 * padding - dilation * (k - 1) - 1) / stride) + 1,
//     the dilated kernel inside the padded input ("Kernel size can't be
//     greater than actual input size"); transposed: weight [C_in,
//     C_out / groups, k...], C_out = groups * weight[1],
//     out = (in - 1) * stride - 2 * padding + dilation * (k - 1)
//           + output_padding + 1, not negative;
//   max_pool2d / avg_pool2d: the same window with ceil_mode rounding up
//     (a last window starting in the right padding is dropped), padding at
//     most half the kernel, the output at least 1, the non-batch dims not
//     empty; stride [] means the kernel size;
//   adaptive_avg_pool2d(input, output_size): the last two dims become
//     output_size, they must not be empty.
// Integer lists of one element apply to every spatial dim. The gradients
// of convolution_backward have the shapes of what they differentiate.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

namespace {

/// Int-list operand `i` for `n` spatial dims: one value per dim (one value
/// repeated), each at least `least`; `fallback` for an empty list when
/// given. nullopt after an error or opaque.
std::optional<std::vector<int64_t>>
spatialList(OpContext &c, size_t i, size_t n, int64_t least, const char *what,
            std::optional<std::vector<int64_t>> fallback = std::nullopt) {
  std::optional<std::vector<int64_t>> list = torchConstantList(c, i);
  if (!list)
    return std::nullopt;
  if (list->empty() && fallback)
    return fallback;
  if (list->size() == 1)
    list->assign(n, list->front());
  if (list->size() != n) {
    c.error(std::string(what) + " must have " + std::to_string(n) +
            " elements");
    return std::nullopt;
  }
  for (int64_t v : *list)
    if (v < least) {
      c.error(std::string(what) + " " + std::to_string(v) + " is below " +
              std::to_string(least));
      return std::nullopt;
    }
  return list;
}

/// The output sizes of the convolution of input `x` by weight `x + 1`, for
/// `n` spatial dims (the input unbatched when its rank is n + 1); its
/// parameters follow: bias x + 2 (a tensor when `bias`), stride x + 3,
/// padding x + 4, dilation x + 5, then (`general`: aten::convolution's
/// operands) transposed x + 6, output_padding x + 7, groups x + 8, or
/// (convNd) groups x + 6. nullopt after an error or opaque.
std::optional<std::vector<TermId>> convOutput(OpContext &c, size_t x,
                                              bool general, bool bias) {
  size_t wr = c.rank(x + 1), xr = c.rank(x);
  if (wr < 3) {
    c.error("weight should have at least three dimensions");
    return std::nullopt;
  }
  size_t n = wr - 2;
  bool batched = xr == wr;
  if (!batched && (general || xr + 1 != wr)) {
    c.error("expected a " + std::to_string(wr) + "-dimensional input for a " +
            std::to_string(wr) + "-dimensional weight");
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> stride =
      spatialList(c, x + 3, n, 1, "stride");
  std::optional<std::vector<int64_t>> padding =
      stride ? spatialList(c, x + 4, n, 0, "padding") : std::nullopt;
  std::optional<std::vector<int64_t>> dilation =
      padding ? spatialList(c, x + 5, n, 1, "dilation") : std::nullopt;
  std::optional<bool> transposed = !dilation ? std::nullopt
                                   : general ? torchFlag(c, x + 6)
                                             : false;
  if (!transposed)
    return std::nullopt;
  std::optional<std::vector<int64_t>> outPad(std::vector<int64_t>(n, 0));
  if (*transposed &&
      !(outPad = spatialList(c, x + 7, n, 0, "output_padding", outPad)))
    return std::nullopt;
  for (size_t s = 0; s < n; ++s)
    if ((*outPad)[s] >= (*stride)[s] && (*outPad)[s] >= (*dilation)[s]) {
      c.error("output padding must be smaller than either stride or "
              "dilation");
      return std::nullopt;
    }
  size_t gi = x + (general ? 8 : 6);
  std::optional<int64_t> groups = c.constantValue(c.scalar(gi));
  if (!groups) {
    c.opaque("groups is not a constant");
    return std::nullopt;
  }
  if (*groups < 1) {
    c.error("non-positive groups is not supported");
    return std::nullopt;
  }
  TermId g = c.constant(*groups);
  size_t w = x + 1, ci = batched ? 1 : 0, first = ci + 1;
  std::string gs = std::to_string(*groups);
  TermId inChannels = *transposed ? c.dim(w, 0) : c.mul(g, c.dim(w, 1));
  if (!requireSizesEqual(
          c, c.dim(x, ci), inChannels,
          "the input channels " + c.dimName(x, ci) + " and " +
              (*transposed ? c.dimName(w, 0) : gs + " * " + c.dimName(w, 1))) ||
      !requireSizesEqual(c, c.mul(c.floorDiv(c.dim(w, 0), g), g), c.dim(w, 0),
                         "the weight's dim 0 " + c.dimName(w, 0) +
                             " (a multiple of " + gs + " groups)"))
    return std::nullopt;
  // ATen: "expected weight to be at least `groups` at dimension 0".
  c.requireInBounds(c.formulas().mkLe(g, c.dim(w, 0)),
                    "the weight's dim 0 " + c.dimName(w, 0) + " (at least " +
                        gs + " groups)");
  TermId outChannels = *transposed ? c.mul(g, c.dim(w, 1)) : c.dim(w, 0);
  if (bias && !isNone(c, x + 2)) {
    if (!c.ranked(x + 2) || c.rank(x + 2) != 1) {
      c.error("the bias must be 1-D");
      return std::nullopt;
    }
    if (!requireSizesEqual(c, c.dim(x + 2, 0), outChannels,
                           "the bias size " + c.dimName(x + 2, 0) +
                               " and the output channels"))
      return std::nullopt;
  }
  std::vector<TermId> out;
  if (batched)
    out.push_back(c.dim(x, 0));
  out.push_back(outChannels);
  for (size_t s = 0; s < n; ++s) {
    TermId in = c.dim(x, first + s), k = c.dim(w, 2 + s);
    TermId pad = c.constant((*padding)[s]);
    std::string what = "spatial dim " + std::to_string(first + s);
    if (!*transposed) {
      out.push_back(windowOutputSize(c, in, pad, pad, k, (*stride)[s],
                                     (*dilation)[s], what, /*least=*/1));
      continue;
    }
    TermId o =
        c.add(c.sub(c.mul(c.sub(in, c.constant(1)), c.constant((*stride)[s])),
                    c.constant(2 * (*padding)[s])),
              c.add(c.mul(c.constant((*dilation)[s]), c.sub(k, c.constant(1))),
                    c.constant((*outPad)[s] + 1)));
    // A negative size cannot be allocated; 0 is an empty result.
    c.requireInBounds(c.formulas().mkLe(c.constant(0), o),
                      "the transposed output of " + what +
                          " (it must not be negative)");
    out.push_back(o);
  }
  return out;
}

void lowerConv(OpContext &c, bool general) {
  if (!torchTensors(c, {0, 1}, 1, general ? 9 : 7))
    return;
  if (std::optional<std::vector<TermId>> out =
          convOutput(c, 0, general, /*bias=*/true))
    c.setResult(0, std::move(*out));
}

/// One pooled dim of size `in` (PyTorch's pooling_output_shape).
TermId pooledSize(OpContext &c, TermId in, int64_t k, int64_t s, int64_t p,
                  int64_t d, bool ceil, const std::string &what) {
  TermId pad = c.constant(p), kernel = c.constant(k);
  if (!ceil)
    return windowOutputSize(c, in, pad, pad, kernel, s, d, what, 1);
  // room = padded - span + 1
  TermId room =
      c.sub(c.add(in, c.constant(2 * p)), c.constant(windowSpan(k, d) - 1));
  TermId up = c.add(c.floorDiv(c.add(room, c.constant(s - 2)), c.constant(s)),
                    c.constant(1));
  // The last window must start inside the input or the left padding.
  TermId last = c.mul(c.sub(up, c.constant(1)), c.constant(s));
  TermId out = c.selectLe(c.add(in, pad), last, c.sub(up, c.constant(1)), up);
  c.requireInBounds(c.formulas().mkLe(c.constant(1), out),
                    "the window of " + what +
                        " (its output size must be at least 1)");
  return out;
}

/// The non-batch dims `from`.. of input 0 are not empty.
void requireNotEmptyFrom(OpContext &c, size_t from) {
  for (size_t d = from; d < c.rank(0); ++d)
    c.requireInBounds(c.formulas().mkLe(c.constant(1), c.dim(0, d)),
                      "the non-batch dim " + c.dimName(0, d) +
                          " (it must not be empty)");
}

} // namespace

void lowerTorchConvolution(OpContext &c) { lowerConv(c, /*general=*/true); }

void lowerTorchConvNd(OpContext &c) { lowerConv(c, /*general=*/false); }

void lowerTorchConvolutionBackward(OpContext &c) {
  // convolution_backward(grad_output, input, weight, bias_sizes, stride,
  // padding, dilation, transposed, output_padding, groups, output_mask) ->
  // (grad_input, grad_weight, grad_bias). ATen (Convolution.cpp) checks
  // input and weight as the forward convolution does
  // (check_shape_backward), "Expected input and grad_output to have the
  // same number of dimensions", and its kernels take grad_output of the
  // forward output's sizes. grad_input has input's sizes, grad_weight
  // weight's, grad_bias is grad_output summed over every dim but the
  // channels: [out_channels] (bias_sizes only shapes the meta function's
  // result, which ATen does not check). An output the mask leaves out is
  // undefined: `!torch.none`.
  if (!torchTensors(c, {0, 1, 2}, 3, 11))
    return;
  if (c.rank(0) != c.rank(1))
    return c.error("expected input and grad_output to have the same number "
                   "of dimensions, but got " +
                   std::to_string(c.rank(1)) + " and " +
                   std::to_string(c.rank(0)));
  std::optional<std::vector<OpContext::ListItem>> mask = c.listItems(10);
  std::vector<bool> wanted;
  for (const OpContext::ListItem &item :
       mask ? *mask : std::vector<OpContext::ListItem>{}) {
    std::optional<int64_t> v =
        item.scalar ? c.constantValue(*item.scalar) : std::nullopt;
    if (!v)
      return c.opaque("output_mask is not a list of constants");
    wanted.push_back(*v != 0);
  }
  if (!mask)
    return c.opaque("output_mask is not a list of constants");
  if (wanted.size() != 3)
    return c.error("output_mask must have 3 elements");
  for (size_t r = 0; r < 3; ++r)
    if (wanted[r] == (c.resultType(r).spelling == "!torch.none"))
      return c.opaque("result " + std::to_string(r) + " is declared " +
                      c.resultType(r).str() + " for an output_mask of " +
                      (wanted[r] ? "true" : "false"));
  std::optional<std::vector<TermId>> out =
      convOutput(c, 1, /*general=*/true, /*bias=*/false);
  if (!out)
    return;
  for (size_t d = 0; d < out->size(); ++d)
    if (!requireSizesEqual(c, c.dim(0, d), (*out)[d],
                           "grad_output's size " + c.dimName(0, d) +
                               " and the convolution's output size"))
      return;
  if (wanted[0])
    c.setResult(0, c.dims(1));
  if (wanted[1])
    c.setResult(1, c.dims(2));
  if (wanted[2])
    c.setResult(2, {(*out)[1]});
}

namespace {

/// max_pool2d(self, kernel_size, stride, padding, dilation, ceil_mode),
/// max_pool2d_with_indices (the same operands; values and indices),
/// avg_pool2d(self, kernel_size, stride, padding, ceil_mode,
/// count_include_pad, divisor_override).
void lowerPool2dOf(OpContext &c, bool avg, size_t results) {
  if (!torchTensors(c, {0}, results, avg ? 7 : 6))
    return;
  size_t rank = c.rank(0);
  if (rank != 3 && rank != 4)
    return c.error("expected a 3-D or 4-D input");
  std::optional<std::vector<int64_t>> kernel =
      spatialList(c, 1, 2, 1, "kernel_size");
  std::optional<std::vector<int64_t>> stride =
      kernel ? spatialList(c, 2, 2, 1, "stride", kernel) : std::nullopt;
  std::optional<std::vector<int64_t>> padding =
      stride ? spatialList(c, 3, 2, 0, "padding") : std::nullopt;
  std::optional<std::vector<int64_t>> dilation =
      !padding ? std::nullopt
      : avg    ? std::vector<int64_t>{1, 1}
               : spatialList(c, 4, 2, 1, "dilation");
  std::optional<bool> ceil;
  if (dilation)
    ceil = torchFlag(c, avg ? 4 : 5);
  if (!ceil)
    return;
  if (avg && !isNone(c, 6) && c.constantValue(c.scalar(6)) == 0)
    return c.error("divisor_override must not be zero");
  for (size_t s = 0; s < 2; ++s)
    if ((*padding)[s] > (*kernel)[s] / 2)
      return c.error("pad should be at most half of the kernel size");
  requireNotEmptyFrom(c, rank - 3);
  std::vector<TermId> out = c.dims(0);
  for (size_t s = 0; s < 2; ++s) {
    size_t d = rank - 2 + s;
    out[d] =
        pooledSize(c, c.dim(0, d), (*kernel)[s], (*stride)[s], (*padding)[s],
                   (*dilation)[s], *ceil, "spatial dim " + std::to_string(d));
  }
  for (size_t r = 0; r < results; ++r)
    c.setResult(r, out);
}

} // namespace

void lowerTorchMaxPool2d(OpContext &c) { lowerPool2dOf(c, false, 1); }

void lowerTorchMaxPool2dWithIndices(OpContext &c) {
  lowerPool2dOf(c, false, 2);
}

void lowerTorchAvgPool2d(OpContext &c) { lowerPool2dOf(c, true, 1); }

void lowerTorchAdaptiveAvgPool2d(OpContext &c) {
  // adaptive_avg_pool2d(self, output_size).
  if (!torchTensors(c, {0}, 1, 2))
    return;
  size_t rank = c.rank(0);
  if (rank != 3 && rank != 4)
    return c.error("expected a 3-D or 4-D input");
  std::optional<std::vector<TermId>> size = intList(c, 1);
  if (!size)
    return c.opaque("output_size is not a known int list");
  if (size->size() != 2)
    return c.error("output_size must have 2 elements");
  for (TermId t : *size) {
    std::optional<int64_t> v = c.constantValue(t);
    if (v && *v < 0)
      return c.error("output_size must not be negative");
    if (!v && !c.provablyNonNegative(t))
      return c.opaque("an output size that may be negative");
  }
  requireNotEmptyFrom(c, rank - 2);
  std::vector<TermId> out = c.dims(0);
  out[rank - 2] = (*size)[0];
  out[rank - 1] = (*size)[1];
  c.setResult(0, std::move(out));
}

} // namespace symshape::frontend
