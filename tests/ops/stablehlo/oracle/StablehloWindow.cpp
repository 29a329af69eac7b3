//===- StablehloWindow.cpp - StableHLO convolution and reduce_window ------===//
//
// Window arithmetic (convolution, dynamic_conv, reduce_window), per dim:
//   dilated_in  = in == 0 ? 0 : (in - 1) * lhs_dilation + 1
//   padded_in   = lo + dilated_in + hi
//   dilated_win = k == 0 ? 0 : (k - 1) * window_dilation + 1
//   out = padded_in == 0 || dilated_win > padded_in ? 0
//         : floor((padded_in - dilated_win) / stride) + 1
//
// Dimension numbers are read in the compact form
// `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` or the `raw`
// one; feature_group_count and batch_group_count divide as the spec says.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>
#include <cctype>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

static bool allPositive(const std::vector<int64_t> &v) {
  return std::all_of(v.begin(), v.end(), [](int64_t x) { return x > 0; });
}

static int64_t windowed(int64_t in, int64_t k, int64_t stride, int64_t lo,
                        int64_t hi, int64_t inDil, int64_t winDil) {
  int64_t dilatedIn = in == 0 ? 0 : (in - 1) * inDil + 1;
  int64_t padded = lo + dilatedIn + hi;
  int64_t dilatedWin = k == 0 ? 0 : (k - 1) * winDil + 1;
  if (padded <= 0 || dilatedWin > padded)
    return 0;
  return floorDiv(padded - dilatedWin, stride) + 1;
}

/// Compact dimension numbers "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]":
/// for each of the three lists, the position of every letter and digit.
struct ConvDims {
  int64_t inBatch = -1, inFeature = -1, kIn = -1, kOut = -1, outBatch = -1,
          outFeature = -1;
  std::vector<int64_t> inSpatial, kSpatial, outSpatial;
};

static std::optional<ConvDims> readConvDims(const std::string &text) {
  ConvDims cd;
  if (text.find("raw") != std::string::npos) {
    auto one = [&](const char *key) -> int64_t {
      auto v = intListAfter(text, key);
      if (v && v->size() == 1)
        return v->front();
      size_t at = text.find(std::string(key) + " = ");
      return at == std::string::npos
                 ? -1
                 : std::stoll(text.substr(at + std::string(key).size() + 3));
    };
    cd.inBatch = one("input_batch_dimension");
    cd.inFeature = one("input_feature_dimension");
    cd.kIn = one("kernel_input_feature_dimension");
    cd.kOut = one("kernel_output_feature_dimension");
    cd.outBatch = one("output_batch_dimension");
    cd.outFeature = one("output_feature_dimension");
    cd.inSpatial = intListAfter(text, "input_spatial_dimensions")
                       .value_or(std::vector<int64_t>{});
    cd.kSpatial = intListAfter(text, "kernel_spatial_dimensions")
                      .value_or(std::vector<int64_t>{});
    cd.outSpatial = intListAfter(text, "output_spatial_dimensions")
                        .value_or(std::vector<int64_t>{});
    return cd;
  }
  std::vector<std::vector<std::string>> lists;
  size_t p = 0;
  while ((p = text.find('[', p)) != std::string::npos) {
    size_t q = text.find(']', p);
    if (q == std::string::npos)
      return std::nullopt;
    std::vector<std::string> items;
    std::string cur;
    for (char c : text.substr(p + 1, q - p - 1)) {
      if (c == ',') {
        items.push_back(cur);
        cur.clear();
      } else if (c != ' ') {
        cur += c;
      }
    }
    items.push_back(cur);
    lists.push_back(items);
    p = q + 1;
  }
  if (lists.size() != 3)
    return std::nullopt;
  auto read = [](const std::vector<std::string> &l, char a, char b, int64_t &pa,
                 int64_t &pb, std::vector<int64_t> &spatial) {
    std::vector<std::pair<int64_t, int64_t>> sp;
    for (size_t i = 0; i < l.size(); ++i) {
      if (l[i] == std::string(1, a))
        pa = i;
      else if (l[i] == std::string(1, b))
        pb = i;
      else if (!l[i].empty() && std::isdigit((unsigned char)l[i][0]))
        sp.emplace_back(std::stoll(l[i]), i);
    }
    std::sort(sp.begin(), sp.end());
    for (auto &[k, pos] : sp)
      spatial.push_back(pos);
  };
  read(lists[0], 'b', 'f', cd.inBatch, cd.inFeature, cd.inSpatial);
  read(lists[1], 'i', 'o', cd.kIn, cd.kOut, cd.kSpatial);
  read(lists[2], 'b', 'f', cd.outBatch, cd.outFeature, cd.outSpatial);
  return cd;
}

/// convolution, with `dynamicPadding` the padding operand of dynamic_conv
/// ("functionally identical to convolution, but the padding is specified
/// dynamically via `padding`", a [N - 2, 2] tensor), else the attribute.
static bool convolutionWith(Eval &e, bool dynamicPadding) {
  const Shape *in = e.shape(0), *k = e.shape(1);
  if (!in || !k)
    return false;
  const frontend::Attribute *dn = e.attr("dimension_numbers");
  std::optional<ConvDims> cd = dn ? readConvDims(dn->text) : std::nullopt;
  if (in->size() < 2 || k->size() != in->size())
    return e.unsupported("convolution operands of rank < 2 or unequal ranks");
  size_t n = in->size() - 2;
  if (!cd || cd->inSpatial.size() != n || cd->kSpatial.size() != n ||
      cd->outSpatial.size() != n || cd->inBatch < 0 || cd->kOut < 0 ||
      cd->outFeature < 0)
    return e.unsupported("dimension_numbers not readable");
  auto inRange = [&](int64_t d) { return d >= 0 && size_t(d) < in->size(); };
  bool valid = inRange(cd->inFeature) && inRange(cd->kIn) &&
               inRange(cd->outBatch) && inRange(cd->kOut) &&
               inRange(cd->inBatch) && inRange(cd->outFeature);
  for (size_t i = 0; i < n; ++i)
    valid = valid && inRange(cd->inSpatial[i]) && inRange(cd->kSpatial[i]) &&
            inRange(cd->outSpatial[i]);
  if (!valid)
    return e.unsupported("dimension_numbers out of range");
  int64_t fgc = e.integer("feature_group_count").value_or(1),
          bgc = e.integer("batch_group_count").value_or(1);
  auto ones = std::vector<int64_t>(n, 1);
  auto strides = e.ints("window_strides", n).value_or(ones),
       lhsDil = e.ints("lhs_dilation", n).value_or(ones),
       rhsDil = e.ints("rhs_dilation", n).value_or(ones),
       padding = e.ints("padding", 2 * n).value_or(std::vector<int64_t>(2 * n));
  if (dynamicPadding) {
    const Shape *p = e.shape(2);
    auto values = e.contents(2);
    if (!p || *p != Shape{int64_t(n), 2} || !values)
      return e.unsupported("dynamic_conv padding not known or not [" + s(n) +
                           ", 2]");
    padding = *values;
  }
  if (strides.size() != n || lhsDil.size() != n || rhsDil.size() != n ||
      padding.size() != 2 * n || fgc < 1 || bgc < 1 || !allPositive(strides))
    return e.unsupported("window attributes not readable");
  int64_t inF = (*in)[cd->inFeature], kI = (*k)[cd->kIn], kO = (*k)[cd->kOut],
          batch = (*in)[cd->inBatch];
  if (!e.require(inF == kI * fgc, "input features " + s(inF) +
                                      " != kernel input features " + s(kI) +
                                      " * " + s(fgc)) ||
      !e.require(kO % fgc == 0 && kO % bgc == 0,
                 "kernel output features " + s(kO) + " not divisible") ||
      !e.require(batch % bgc == 0, "batch " + s(batch) + " not divisible by " +
                                       "batch_group_count " + s(bgc)))
    return false;
  Shape out(in->size(), 0);
  out[cd->outBatch] = batch / bgc;
  out[cd->outFeature] = kO;
  for (size_t i = 0; i < n; ++i)
    out[cd->outSpatial[i]] =
        windowed((*in)[cd->inSpatial[i]], (*k)[cd->kSpatial[i]], strides[i],
                 padding[2 * i], padding[2 * i + 1], lhsDil[i], rhsDil[i]);
  return e.setResult(0, out);
}

static bool convolution(Eval &e) { return convolutionWith(e, false); }
static bool dynamicConv(Eval &e) { return convolutionWith(e, true); }

static bool reduceWindow(Eval &e) { // inputs..., inits...
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  size_t rank = in->size(), n = e.numOperands() / 2;
  auto ones = std::vector<int64_t>(rank, 1);
  auto win = e.ints("window_dimensions");
  auto strides = e.ints("window_strides", rank).value_or(ones),
       baseDil = e.ints("base_dilations", rank).value_or(ones),
       winDil = e.ints("window_dilations", rank).value_or(ones),
       padding =
           e.ints("padding", 2 * rank).value_or(std::vector<int64_t>(2 * rank));
  if (!win || win->size() != rank || strides.size() != rank ||
      padding.size() != 2 * rank || baseDil.size() != rank ||
      winDil.size() != rank || !allPositive(strides))
    return e.unsupported("window attributes not readable");
  for (size_t i = 1; i < n; ++i) {
    const Shape *x = e.shape(i);
    if (!x || !e.require(*x == *in, "input #" + s(i) + " differs"))
      return false;
  }
  Shape out;
  for (size_t d = 0; d < rank; ++d)
    out.push_back(windowed((*in)[d], (*win)[d], strides[d], padding[2 * d],
                           padding[2 * d + 1], baseDil[d], winDil[d]));
  for (size_t r = 0; r < e.numResults(); ++r)
    e.setResult(r, out);
  return true;
}

static void registerStablehloWindows(const std::string &dialect) {
  add(dialect + "convolution", convolution);
  add(dialect + "dynamic_conv", dynamicConv);
  add(dialect + "reduce_window", reduceWindow);
}

static const RuleFile rules(__FILE__, [] {
  for (const char *dialect : {"stablehlo.", "mhlo."})
    registerStablehloWindows(dialect);
});

} // namespace symshape::models::oracle
