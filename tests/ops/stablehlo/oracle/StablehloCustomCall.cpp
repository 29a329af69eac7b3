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
// and GSPMD's shard_map boundary (XLA's SPMD partitioner,
// custom_call_handler.cc; shapes by HloSharding::TileShape, which makes
// each tiled dim ceil(dim / tiles) and pads the last shard):
//
//   @Sharding(x): x, annotated with its `mhlo.sharding`
//   @SPMDFullToShardShape(x): x tiled by the sharding of the @Sharding
//     call that made it; the declared result must be that shape
//   @SPMDShardToFullShape(x): the declared full shape, which tiled by the
//     op's own sharding must give x's shape
//
// Other targets are not modelled.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

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

/// The tile count of each data dim of an `mhlo.sharding` text, written
/// from HloSharding::Print's forms: none for {replicated}, {manual} and
/// {maximal device=N}, the leading dims of `devices=[..]` less the
/// trailing subgroup dims otherwise. nullopt for any other form (and for
/// a manual subgroup, which this oracle does not run).
static std::optional<std::vector<int64_t>> tiles(const std::string &text) {
  if (text == "{replicated}" || text == "{manual}")
    return std::vector<int64_t>{};
  if (text.rfind("{maximal device=", 0) == 0)
    return std::vector<int64_t>{};
  const std::string head = "{devices=[";
  if (text.rfind(head, 0) != 0)
    return std::nullopt;
  size_t close = text.find(']');
  std::vector<int64_t> out;
  if (close == std::string::npos)
    return std::nullopt;
  for (size_t at = head.size(); at < close;) {
    size_t comma = std::min(text.find(',', at), close);
    int64_t n = 0;
    for (size_t k = at; k < comma; ++k) {
      if (text[k] < '0' || text[k] > '9' || n > 1000000)
        return std::nullopt;
      n = n * 10 + (text[k] - '0');
    }
    if (comma == at || n < 1)
      return std::nullopt;
    out.push_back(n);
    at = comma + 1;
  }
  size_t subgroups = 0;
  if (text.find(" last_tile_dim_replicate") != std::string::npos)
    subgroups = 1;
  size_t dims = text.find(" last_tile_dims={");
  if (dims != std::string::npos) {
    std::string list = text.substr(dims);
    if (list.find("manual") != std::string::npos)
      return std::nullopt;
    subgroups = size_t(std::count(list.begin(), list.end(), ',')) + 1;
  }
  if (subgroups > out.size())
    return std::nullopt;
  out.resize(out.size() - subgroups);
  return out;
}

/// `shape` cut into tiles of `sharding`: ceil(dim / tiles) per tiled dim.
static std::optional<Shape> tileShape(Eval &e, const Shape &shape,
                                      const std::string &sharding) {
  std::optional<std::vector<int64_t>> t = tiles(sharding);
  if (!t) {
    e.unsupported("sharding " + sharding);
    return std::nullopt;
  }
  if (!t->empty() && t->size() != shape.size()) {
    e.require(false, "sharding " + sharding + " of another rank");
    return std::nullopt;
  }
  Shape out = shape;
  for (size_t d = 0; d < t->size(); ++d)
    out[d] = ((*t)[d] - 1 + shape[d]) / (*t)[d];
  return out;
}

static const std::string *shardingOf(const frontend::Operation *op) {
  const frontend::Attribute *a =
      op ? frontend::findAttr(op->attributes, "mhlo.sharding") : nullptr;
  return a && a->kind == frontend::AttrKind::String ? &a->str : nullptr;
}

static bool fullToShard(Eval &e) {
  const Shape *in = e.shape(0);
  if (!in)
    return false;
  const frontend::Operation *def = e.definingOp(0);
  const frontend::Attribute *target = nullptr;
  for (const char *key : {"call_target_name", "callee"}) // generic, pretty
    if (def && !target)
      target = frontend::findAttr(def->attributes, key);
  const std::string *sharding = shardingOf(def);
  if (!target || target->str != "Sharding" || !sharding)
    return e.unsupported("SPMDFullToShardShape of a value no @Sharding made");
  std::optional<Shape> shard = tileShape(e, *in, *sharding);
  if (!shard)
    return false;
  const frontend::Type &declared = e.declaredResult(0);
  for (size_t d = 0; d < shard->size(); ++d)
    if (!e.require(d < declared.dims.size() &&
                       (declared.dims[d] == frontend::kDynamic ||
                        declared.dims[d] == (*shard)[d]),
                   "shard dim " + s(int64_t(d)) + " is " + s((*shard)[d])))
      return false;
  return e.setResult(0, *shard);
}

static bool shardToFull(Eval &e) {
  const Shape *in = e.shape(0);
  const std::string *sharding = shardingOf(&e.operation());
  if (!in || !sharding)
    return in ? e.unsupported("SPMDShardToFullShape without a sharding")
              : false;
  const frontend::Type &declared = e.declaredResult(0);
  Shape full;
  for (int64_t d : declared.dims)
    full.push_back(d);
  for (size_t d = 0; d < full.size(); ++d)
    if (full[d] == frontend::kDynamic)
      return e.unsupported("SPMDShardToFullShape to a `?` size");
  std::optional<Shape> shard = tileShape(e, full, *sharding);
  if (!shard)
    return false;
  if (!e.require(*shard == *in, "the shard is not the full shape tiled"))
    return false;
  return e.setResult(0, full);
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
  if (target == "Sharding") {
    const Shape *in = e.shape(0);
    return in && e.setResult(0, *in);
  }
  if (target == "SPMDFullToShardShape")
    return fullToShard(e);
  if (target == "SPMDShardToFullShape")
    return shardToFull(e);
  return e.unsupported("custom_call @" + target);
}

static void registerStablehloCustomCalls() {
  add("stablehlo.custom_call", customCall);
  add("mhlo.custom_call", customCall);
}

static const RuleFile rules(__FILE__, registerStablehloCustomCalls);

} // namespace symshape::models::oracle
