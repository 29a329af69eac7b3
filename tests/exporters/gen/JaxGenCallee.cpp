//===- JaxGenCallee.cpp - JAX's private callee ----------------------------===//
//
// The private callee of a JAX export: it receives the dimension
// variables and builds every shape from them (convert, reshape to
// tensor<1xi32>, concatenate) for the model's layers.
//
//===----------------------------------------------------------------------===//

#include "gen/JaxGenInternal.h"

#include <algorithm>
#include <optional>
#include <set>

namespace symshape::exporters::gen::jax {

/// The callee's shape building, as JAX writes it.
struct Shapes {
  Hlo &h;
  Rng &rng;
  std::string vt;
  std::map<std::string, V> vars;
  std::map<std::string, V> cache;
  bool reuse = true;

  /// tensor<1xi32> holding the size `l`.
  V piece(const Lin &l) {
    if (!l.dynamic())
      return h.constant("dense<" + std::to_string(l.off) + ">",
                        "tensor<1xi32>");
    std::string key = l.spec();
    if (reuse && cache.count(key))
      return cache.at(key);
    V v = vars.at(l.var);
    if (!l.var2.empty())
      v = h.binary("multiply", v, vars.at(l.var2), "mul");
    if (l.coef != 1)
      v = h.binary("multiply", v, h.scalarInt(l.coef, vt), "mul");
    if (l.off != 0)
      v = h.binary("add", v, h.scalarInt(l.off, vt), "add");
    if (vt != "i32")
      v = h.convert(v, "tensor<i32>", "");
    V r = h.reshape(v, "tensor<1xi32>", "");
    cache[key] = r;
    return r;
  }
  V shape(const std::vector<Lin> &dims) {
    std::vector<V> parts;
    for (const Lin &l : dims)
      parts.push_back(piece(l));
    if (parts.size() == 1)
      return parts[0];
    return h.concatenate(
        parts, 0, "tensor<" + std::to_string(parts.size()) + "xi32>", "");
  }
  Tensor broadcast(const Tensor &x, const std::vector<Lin> &out,
                   const std::vector<int64_t> &dims) {
    V s = shape(out);
    return {h.dynamicBroadcastInDim(x.v, s, dims, typeOf(out, "f32")), out};
  }
};

void JaxGen::writeCallee(Fn &callee) {
  Hlo h(callee, rng);
  h.namedConstants = year != 2023;
  h.hoistConstants = year == 2025;
  std::string prim = "";
  h.loc = [this, &prim](const std::string &what) {
    return locs.inModel(what.empty() ? prim : what);
  };
  std::set<std::string> names;
  for (const auto &dims : argDims)
    for (const Lin &l : dims)
      if (l.dynamic())
        names.insert(l.var);
  Shapes shapes{h, rng, vt, {}, {}, rng.chance(60)};
  for (const std::string &n : names) {
    std::string attrs = year == 2023 ? ""
                        : year == 2024
                            ? "{jax.global_constant = \"" + n +
                                  "\", mhlo.layout_mode = \"default\"}"
                            : "{jax.global_constant = \"" + n + "\"}";
    shapes.vars[n] =
        callee.arg("tensor<" + vt + ">", attrs, locs.on ? "loc(unknown)" : "");
  }
  std::vector<Tensor> in;
  for (size_t i = 0; i < argDims.size(); ++i) {
    std::string attrs;
    if (year == 2023)
      attrs = "{jax.arg_info = \"" + argNames[i] +
              "\", mhlo.sharding = \"{replicated}\"}";
    else if (year == 2024)
      attrs = "{mhlo.layout_mode = \"default\"}";
    std::string loc = !locs.on       ? ""
                      : year == 2023 ? "loc(unknown)"
                                     : "loc(\"" + argNames[i] + "\")";
    in.push_back(
        {callee.arg(typeOf(argDims[i], "f32"), attrs, loc), argDims[i]});
  }
  auto t = [](const std::vector<Lin> &d) { return typeOf(d, "f32"); };
  auto binary = [&](const std::string &op, const Tensor &a, const Tensor &b) {
    prim = op == "subtract"   ? "sub"
           : op == "multiply" ? "mul"
           : op == "maximum"  ? "max"
           : op == "divide"   ? "div"
                              : op;
    return Tensor{h.binary(op, a.v, b.v, prim), a.dims};
  };
  auto zero = [&]() {
    return h.constant("dense<0.000000e+00>", "tensor<f32>");
  };
  Lin b = var("b"), s = var("s"), d = fixed(D), e = fixed(E);
  Tensor base, out;
  p.features.push_back("jax " + std::to_string(year) + " " + layout);
  if (layout == "mlp") {
    Tensor x = in[0], y = in[1];
    Tensor h1 = binary("add", x, y);
    V w = in.size() > 2 && argNames[2] == "w"
              ? in[2].v
              : h.constant("dense<1.000000e+00>", tensorType({D, E}, "f32"));
    prim = "dot_general";
    Tensor mm{h.dotGeneral(h1.v, w, {}, {}, {1}, {0}, t({b, e}), rng.chance(50),
                           prim),
              {b, e}};
    prim = "broadcast_in_dim";
    V bias = h.constant("dense<5.000000e-01>", tensorType({E}, "f32"));
    Tensor bb = shapes.broadcast({bias, {e}}, {b, e}, {1});
    out = binary("add", mm, bb);
    if (rng.chance(50)) {
      prim = "broadcast_in_dim";
      Tensor zb = shapes.broadcast({zero(), {}}, {b, e}, {});
      out = binary("maximum", out, zb);
    }
    base = h1;
  } else if (layout == "seq") {
    Tensor x = in[0], y = in[1];
    bool batch = y.dims[0].var == "b";
    prim = "broadcast_in_dim";
    Tensor yb = shapes.broadcast(y, {b, s, d},
                                 batch ? std::vector<int64_t>{0, 2}
                                       : std::vector<int64_t>{1, 2});
    Tensor h1 = binary("add", x, yb);
    if (rng.chance(50)) {
      prim = "iota";
      V io = h.dynamicIota(shapes.shape({s}), 0, "tensor<?xi32>", prim);
      prim = "convert_element_type[new_dtype=float32 weak_type=False]";
      V iof = h.convert(io, "tensor<?xf32>", prim);
      prim = "broadcast_in_dim";
      Tensor iob = shapes.broadcast({iof, {s}}, {b, s, d}, {1});
      h1 = binary("multiply", h1, iob);
    }
    Lin bs{"b", "s", 1, 0};
    prim = "reshape";
    Tensor flat{h.dynamicReshape(h1.v, shapes.shape({bs, d}), t({bs, d}), prim),
                {bs, d}};
    Tensor back{
        h.dynamicReshape(flat.v, shapes.shape({b, s, d}), t({b, s, d}), prim),
        {b, s, d}};
    prim = "slice";
    Lin s1 = var("s", 1, -1);
    V start = shapes.shape({fixed(0), fixed(1), fixed(0)});
    V limit = shapes.shape({b, s, d});
    V strides = shapes.shape({fixed(1), fixed(1), fixed(1)});
    Tensor sl{
        h.realDynamicSlice(back.v, start, limit, strides, t({b, s1, d}), prim),
        {b, s1, d}};
    prim = "reduce_sum";
    out = {h.reduce(sl.v, zero(), "add", {1}, t({b, d}), prim), {b, d}};
    base = out;
  } else if (layout == "derived") {
    Tensor x = in[0], y = in[1];
    prim = "slice";
    V start = shapes.shape({fixed(2), fixed(0)});
    V limit = shapes.shape({var("b", 1, 2), d});
    V strides = shapes.shape({fixed(1), fixed(1)});
    Tensor xs{h.realDynamicSlice(x.v, start, limit, strides, t({b, d}), prim),
              {b, d}};
    Tensor h1 = binary("add", xs, y);
    out = h1;
    if (rng.chance(60)) {
      prim = "concatenate";
      Lin b2 = var("b", 2, 0);
      V cat = h.concatenate({h1.v, y.v}, 0, t({b2, d}), prim);
      prim = "reshape";
      Lin d2 = fixed(2 * D);
      out = {h.dynamicReshape(cat, shapes.shape({b, d2}), t({b, d2}), prim),
             {b, d2}};
    }
    base = h1;
  } else if (layout == "halves") {
    Tensor x = in[0], y = in[1];
    prim = "reshape";
    Tensor r3{h.dynamicReshape(x.v, shapes.shape({b, fixed(2), d}),
                               t({b, fixed(2), d}), prim),
              {b, fixed(2), d}};
    prim = "reduce_sum";
    Tensor red{h.reduce(r3.v, zero(), "add", {1}, t({b, d}), prim), {b, d}};
    out = binary("add", red, y);
    base = out;
  } else { // attn
    Tensor x = in[0];
    prim = "dot_general";
    Tensor sc{h.dotGeneral(x.v, x.v, {0}, {0}, {2}, {2}, t({b, s, s}),
                           rng.chance(50), prim),
              {b, s, s}};
    prim = "reduce_max";
    V ninf = h.constant("dense<0xFF800000>", "tensor<f32>");
    Tensor mx{h.reduce(sc.v, ninf, "maximum", {2}, t({b, s}), prim), {b, s}};
    prim = "broadcast_in_dim";
    Tensor mxb = shapes.broadcast(mx, {b, s, s}, {0, 1});
    Tensor sub = binary("subtract", sc, mxb);
    prim = "exp";
    Tensor ex{h.unary("exponential", sub.v, prim), sub.dims};
    prim = "reduce_sum";
    Tensor sm{h.reduce(ex.v, zero(), "add", {2}, t({b, s}), prim), {b, s}};
    prim = "broadcast_in_dim";
    Tensor smb = shapes.broadcast(sm, {b, s, s}, {0, 1});
    Tensor pr = binary("divide", ex, smb);
    prim = "dot_general";
    Tensor o{h.dotGeneral(pr.v, x.v, {0}, {0}, {2}, {1}, t({b, s, d}),
                          rng.chance(50), prim),
             {b, s, d}};
    prim = "reduce_sum";
    out = {h.reduce(o.v, zero(), "add", {1}, t({b, d}), prim), {b, d}};
    base = out;
  }
  std::vector<Tensor> results{out};
  if (variant == Variant::Planted) {
    Tensor z = in[size_t(plantArg)];
    Lin c = var("c");
    Tensor planted;
    if (plantKind == "add") {
      prim = "add";
      planted = {h.binary("add", base.v, z.v, prim), base.dims};
      p.plantedWhat = "stablehlo.add of (b, D) and (c, D)";
    } else if (plantKind == "bcast") {
      prim = "broadcast_in_dim";
      V sh = shapes.shape(base.dims);
      planted = {h.dynamicBroadcastInDim(z.v, sh, {0, 1}, t(base.dims), prim),
                 base.dims};
      p.plantedWhat = "dynamic_broadcast_in_dim of (c, D) to (b, D)";
    } else if (plantKind == "dot") {
      prim = "dot_general";
      planted = {
          h.dotGeneral(base.v, z.v, {}, {}, {0}, {0}, t({d, d}), false, prim),
          {d, d}};
      p.plantedWhat = "dot_general contracting b with c";
    } else if (plantKind == "reshape") {
      prim = "reshape";
      V sh = shapes.shape({c, d});
      planted = {h.dynamicReshape(base.v, sh, t({c, d}), prim), {c, d}};
      p.plantedWhat = "dynamic_reshape of (b, D) to (c, D)";
    } else if (plantKind == "slice") {
      prim = "slice";
      V start = shapes.shape({fixed(0), fixed(0)});
      V limit = shapes.shape({c, d});
      V strides = shapes.shape({fixed(1), fixed(1)});
      planted = {
          h.realDynamicSlice(base.v, start, limit, strides, t({c, d}), prim),
          {c, d}};
      p.plantedWhat = "real_dynamic_slice of (b, D) up to c";
    } else { // concat
      prim = "concatenate";
      Lin de = fixed(D + E);
      planted = {h.concatenate({base.v, z.v}, 1, t({b, de}), prim), {b, de}};
      p.plantedWhat = "concatenate of (b, D) and (c, E) along 1";
    }
    plantedValue = planted.v;
    results.push_back(planted);
  }
  std::vector<V> rets;
  for (size_t i = 0; i < results.size(); ++i) {
    rets.push_back(results[i].v);
    callee.result(results[i].v.type, resultAttrs(i, results.size()));
    calleeResults.push_back(results[i].v.type);
  }
  callee.ret(rets, locs.on ? " loc(#loc)" : "");
}

} // namespace symshape::exporters::gen::jax
