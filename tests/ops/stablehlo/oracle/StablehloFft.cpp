//===- StablehloFft.cpp - stablehlo.fft and mhlo.fft ----------------------===//
//
// From the StableHLO spec's fft (docs/spec.md), with L = size(fft_length)
// and R = rank(operand):
//   (C1) R >= L; (C3) 1 <= L <= 3 — static, so unsupported when broken;
//   (C4) the real tensor among operand and result (RFFT's operand,
//        IRFFT's result) has dims(real)[-L:] == fft_length;
//   (C5) dim(result, d) == dim(operand, d) for every d, except the last:
//        RFFT:  dim(result, -1)  = dim(operand, -1) == 0 ? 0
//                                  : dim(operand, -1) / 2 + 1
//        IRFFT: dim(operand, -1) = dim(result, -1) == 0 ? 0
//                                  : dim(result, -1) / 2 + 1
// FFT and IFFT have no real tensor: the result is the operand's shape.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

/// The fft_type word: the last word of `#stablehlo<fft_type RFFT>` or the
/// bare `RFFT` of the custom form.
static std::string typeWord(const frontend::Attribute &a) {
  std::string text = a.text;
  while (!text.empty() && text.back() == '>')
    text.pop_back();
  size_t cut = text.find_last_of(" <");
  return cut == std::string::npos ? text : text.substr(cut + 1);
}

/// fft_length, a splat `dense<9> : tensor<1xi64>` expanded.
static std::optional<std::vector<int64_t>> lengths(Eval &e) {
  const frontend::Attribute *a = e.attr("fft_length");
  if (!a)
    return std::nullopt;
  size_t count = 0;
  if (a->kind == frontend::AttrKind::DenseInt && a->splat && a->hasType &&
      a->type.dims.size() == 1 && a->type.dims[0] > 0)
    count = size_t(a->type.dims[0]);
  return e.ints("fft_length", count);
}

static bool fft(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  const frontend::Attribute *typeAttr = e.attr("fft_type");
  std::string type = typeAttr ? typeWord(*typeAttr) : "";
  if (type != "FFT" && type != "IFFT" && type != "RFFT" && type != "IRFFT")
    return e.unsupported("fft_type not readable");
  std::optional<std::vector<int64_t>> fl = lengths(e);
  if (!fl || fl->empty() || fl->size() > 3 || fl->size() > in->size())
    return e.unsupported("fft_length breaks C1 or C3");
  size_t l = fl->size(), r = in->size();
  Shape out = *in;
  if (type == "RFFT") {
    for (size_t k = 0; k < l; ++k)
      if (!e.require((*in)[r - l + k] == (*fl)[k],
                     "C4: operand dim " + s(int64_t(r - l + k)) + " is " +
                         s((*in)[r - l + k]) + ", fft_length[" + s(int64_t(k)) +
                         "] " + s((*fl)[k])))
        return false;
    int64_t last = (*in)[r - 1];
    out[r - 1] = last == 0 ? 0 : last / 2 + 1;
  } else if (type == "IRFFT") {
    // The result's last L dims are fft_length (C4); all but its last are
    // the operand's (C5), and the operand's last follows from the result's.
    for (size_t k = 0; k + 1 < l; ++k)
      if (!e.require((*in)[r - l + k] == (*fl)[k],
                     "C4/C5: operand dim " + s(int64_t(r - l + k)) + " is " +
                         s((*in)[r - l + k]) + ", fft_length[" + s(int64_t(k)) +
                         "] " + s((*fl)[k])))
        return false;
    int64_t n = fl->back(), want = n == 0 ? 0 : n / 2 + 1;
    if (!e.require((*in)[r - 1] == want, "C5: operand's last dim " +
                                             s((*in)[r - 1]) + ", expected " +
                                             s(want)))
      return false;
    out[r - 1] = n;
  }
  return e.setResult(0, out);
}

static void registerStablehloFft(const std::string &dialect) {
  add(dialect + "fft", fft);
}

static const RuleFile rules(__FILE__, [] {
  for (const char *dialect : {"stablehlo.", "mhlo."})
    registerStablehloFft(dialect);
});

} // namespace symshape::models::oracle
