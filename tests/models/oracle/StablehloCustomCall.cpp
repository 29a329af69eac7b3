//===- StablehloCustomCall.cpp - custom_call targets with shape rules -----===//
//
// custom_call runs an external function; the targets JAX uses for dynamic
// ops define their shapes (XLA's stablehlo_ext: DynamicTopKOpAdaptor and
// its siblings, "Semantics ... inherited from" chlo.top_k, ApproxTopK,
// rng_bit_generator and reduce_window of docs/spec.md):
//
//   @stablehlo.dynamic_top_k(operand, k): values and indices are operand
//     with its last dim k, and k <= that dim
//   @stablehlo.dynamic_approx_top_k(inputs..., inits..., k): the inputs
//     (one shape) with reduction_dim k, when aggregate_to_topk
//   @stablehlo.dynamic_rng_bit_generator(state, shape): state's shape and
//     the output shape `shape` holds
//   @stablehlo.dynamic_reduce_window(inputs..., inits..., window sizes,
//     strides, base dilations, window dilations, padding): reduce_window's
//     result rule (C15) with those values
//
// Other targets are not modelled.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

static bool topK(Eval &e) {
  const Shape *in = e.shape(0);
  std::optional<int64_t> k = e.scalar(1);
  if (!in)
    return false;
  if (in->empty() || !k)
    return e.unsupported("dynamic_top_k: a rank-0 operand or k not known");
  if (!e.require(0 <= *k && *k <= in->back(),
                 "k = " + s(*k) + " outside [0, " + s(in->back()) + "]"))
    return false;
  Shape out = *in;
  out.back() = *k;
  return e.setResult(0, out) && e.setResult(1, out);
}

static bool approxTopK(Eval &e) {
  size_t n = (e.numOperands() - 1) / 2;
  const frontend::Attribute *config = e.attr("mhlo.backend_config");
  if (!config || config->kind != frontend::AttrKind::Dictionary)
    return e.unsupported("dynamic_approx_top_k: no backend config");
  const frontend::Attribute *dim =
      frontend::findAttr(config->entries, "reduction_dim");
  const frontend::Attribute *all =
      frontend::findAttr(config->entries, "aggregate_to_topk");
  if (!dim || dim->kind != frontend::AttrKind::Integer || !all ||
      all->kind != frontend::AttrKind::Bool || !all->boolValue)
    return e.unsupported("dynamic_approx_top_k: reduction_dim or "
                         "aggregate_to_topk not readable");
  const Shape *in = e.shape(0);
  std::optional<int64_t> k = e.scalar(2 * n);
  if (!in)
    return false;
  int64_t rd = dim->intValue;
  if (!k || rd < 0 || size_t(rd) >= in->size())
    return e.unsupported("dynamic_approx_top_k: k or reduction_dim");
  for (size_t i = 1; i < n; ++i) {
    const Shape *x = e.shape(i);
    if (!x || !e.require(*x == *in, "input " + s(int64_t(i)) + " " + str(*x) +
                                        " != input 0 " + str(*in)))
      return false;
  }
  if (!e.require(0 <= *k && *k <= (*in)[size_t(rd)],
                 "k = " + s(*k) + " outside [0, " + s((*in)[size_t(rd)]) + "]"))
    return false;
  Shape out = *in;
  out[size_t(rd)] = *k;
  for (size_t r = 0; r < n; ++r)
    e.setResult(r, out);
  return true;
}

static bool rngBitGenerator(Eval &e) {
  const Shape *state = e.shape(0);
  auto shape = e.contents(1);
  if (!state)
    return false;
  if (!shape)
    return e.unsupported("dynamic_rng_bit_generator: output_shape not known");
  for (int64_t d : *shape)
    if (!e.require(d >= 0, "negative output size " + s(d)))
      return false;
  return e.setResult(0, *state) && e.setResult(1, *shape);
}

static bool reduceWindow(Eval &e) {
  size_t n = (e.numOperands() - 5) / 2;
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  size_t rank = in->size();
  for (size_t i = 1; i < n; ++i) {
    const Shape *x = e.shape(i);
    if (!x || !e.require(*x == *in, "input " + s(int64_t(i)) + " " + str(*x) +
                                        " != input 0 " + str(*in)))
      return false;
  }
  std::vector<std::vector<int64_t>> w;
  for (size_t p = 0; p < 5; ++p) {
    auto v = e.contents(2 * n + p);
    if (!v || v->size() != (p == 4 ? 2 * rank : rank))
      return e.unsupported("dynamic_reduce_window: window operand not known");
    w.push_back(*v);
  }
  const char *what[] = {"window size", "stride", "base dilation",
                        "window dilation"};
  for (size_t p = 0; p < 4; ++p)
    for (int64_t v : w[p])
      if (!e.require(v > 0,
                     std::string(what[p]) + " " + s(v) + " is not positive"))
        return false;
  Shape out;
  for (size_t d = 0; d < rank; ++d) {
    int64_t x = (*in)[d];
    int64_t dilated = x == 0 ? 0 : (x - 1) * w[2][d] + 1;
    int64_t padded = w[4][2 * d] + dilated + w[4][2 * d + 1];
    int64_t window = (w[0][d] - 1) * w[3][d] + 1;
    bool empty = padded == 0 || window > padded;
    out.push_back(empty ? 0 : floorDiv(padded - window, w[1][d]) + 1);
  }
  for (size_t r = 0; r < e.numResults(); ++r)
    e.setResult(r, out);
  return true;
}

static bool customCall(Eval &e) {
  std::string target;
  if (const frontend::Attribute *a = e.attr("call_target_name"))
    target = a->str;
  else if (const frontend::Attribute *c = e.attr("callee"))
    target = c->str;
  if (target == "shape_assertion") // JAX's runtime check (Checks.cpp)
    return shapeAssertion(e);
  if (target == "stablehlo.dynamic_top_k")
    return topK(e);
  if (target == "stablehlo.dynamic_approx_top_k")
    return approxTopK(e);
  if (target == "stablehlo.dynamic_rng_bit_generator")
    return rngBitGenerator(e);
  if (target == "stablehlo.dynamic_reduce_window")
    return reduceWindow(e);
  return e.unsupported("custom_call @" + target);
}

void registerStablehloCustomCalls() {
  add("stablehlo.custom_call", customCall);
  add("mhlo.custom_call", customCall);
}

} // namespace symshape::models::oracle
