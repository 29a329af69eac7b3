//===- StablehloGen.cpp - stablehlo programs as JAX exports them
//-----------===//
//
// JAX's shape-polymorphic export: dot_general for contractions, reductions
// with `applies`, broadcasts of bias and row statistics through
// dynamic_broadcast_in_dim whose shape is built from get_dimension_size,
// reshape to tensor<1xi32> and concatenate; dynamic_reshape for head
// splits, real_dynamic_slice + pad, convolution and reduce_window pools.
// Current StableHLO pretty form (reduce_window stays generic, as printed).
//
//===----------------------------------------------------------------------===//

#include "gen/HloWriter.h"

namespace symshape::models::gen {

static Val linear(Hlo &h, const Val &x, int64_t e) {
  size_t last = x.dims.size() - 1;
  Val w = h.weight({x.dims[last], Builder::fix(e)});
  Val bias = h.weight({Builder::fix(e)});
  Dims out = x.dims;
  out[last] = Builder::fix(e);
  Val mm = h.dotGeneral(x, w, {}, {}, {int64_t(last)}, {0}, out);
  Val bb = h.broadcast(bias, out, {int64_t(last)}, &mm);
  return h.binary("add", mm, bb);
}

static Val attention(Hlo &h, const Val &x) {
  Dims sss{x.dims[0], x.dims[1], x.dims[1]};
  Val scores = h.dotGeneral(x, x, {0}, {0}, {2}, {2}, sss);
  if (!x.dims[1].dynamic() && h.b.rng.chance(50)) {
    // Causal mask from two iotas, broadcast over the batch.
    Dims ss{x.dims[1], x.dims[1]};
    Val rows = h.b.result(ss, "i32"), cols = h.b.result(ss, "i32");
    h.b.emit(rows.name + " = stablehlo.iota dim = 0 : " + rows.type,
             Builder::generic({rows}, "stablehlo.iota", {},
                              "iota_dimension = 0 : i64"));
    h.b.emit(cols.name + " = stablehlo.iota dim = 1 : " + cols.type,
             Builder::generic({cols}, "stablehlo.iota", {},
                              "iota_dimension = 1 : i64"));
    Val mask = h.b.result(ss, "i1");
    h.b.emit(mask.name + " = stablehlo.compare  GE, " + rows.name + ", " +
                 cols.name + ",  SIGNED" + Hlo::fnType({rows, cols}, mask),
             Builder::generic(
                 {mask}, "stablehlo.compare", {rows, cols},
                 "compare_type = #stablehlo<comparison_type SIGNED>, "
                 "comparison_direction = #stablehlo<comparison_direction GE>"));
    Val maskB = h.broadcast(mask, sss, {1, 2}, &scores);
    Val ninf = h.constant({}, "f32", "0xFF800000");
    Val ninfB = h.broadcast(ninf, sss, {}, &scores);
    Val masked = h.b.result(sss);
    h.b.emit(masked.name + " = stablehlo.select " + maskB.name + ", " +
                 scores.name + ", " + ninfB.name + " : " + maskB.type + ", " +
                 masked.type,
             Builder::generic({masked}, "stablehlo.select",
                              {maskB, scores, ninfB}, ""));
    scores = masked;
  }
  Val mx = h.reduce(scores, "maximum", 2);
  Val sub = h.binary("subtract", scores, h.broadcast(mx, sss, {0, 1}, &scores));
  Val ex = h.unary("exponential", sub);
  Val sum = h.reduce(ex, "add", 2);
  Val probs = h.binary("divide", ex, h.broadcast(sum, sss, {0, 1}, &ex));
  return h.dotGeneral(probs, x, {0}, {0}, {2}, {1}, x.dims);
}

static Val layerNorm(Hlo &h, const Val &x) {
  Dims rows{x.dims[0], x.dims[1]};
  Val sum = h.reduce(x, "add", 2);
  Val inv = h.constant({}, "f32", std::to_string(1.0 / double(x.dims[2].size)));
  Val mean = h.binary("multiply", sum, h.broadcast(inv, rows, {}));
  Val centered = h.binary("subtract", x, h.broadcast(mean, x.dims, {0, 1}, &x));
  Val sq = h.binary("multiply", centered, centered);
  Val var = h.reduce(sq, "add", 2);
  Val rs = h.unary("rsqrt", var);
  return h.binary("multiply", centered,
                  h.broadcast(rs, x.dims, {0, 1}, &centered));
}

static Val relu(Hlo &h, const Val &x) {
  Val zero = h.constant({}, "f32", "0.000000e+00");
  Val zb = h.broadcast(zero, x.dims, {}, &x);
  if (h.b.rng.chance(50))
    return h.binary("maximum", x, zb);
  Val mask = h.b.result(x.dims, "i1");
  h.b.emit(mask.name + " = stablehlo.compare  GT, " + x.name + ", " + zb.name +
               ",  FLOAT" + Hlo::fnType({x, zb}, mask),
           Builder::generic({mask}, "stablehlo.compare", {x, zb},
                            "compare_type = #stablehlo<comparison_type FLOAT>, "
                            "comparison_direction = "
                            "#stablehlo<comparison_direction GT>"));
  Val r = h.b.result(x.dims);
  h.b.emit(r.name + " = stablehlo.select " + mask.name + ", " + x.name + ", " +
               zb.name + " : " + mask.type + ", " + x.type,
           Builder::generic({r}, "stablehlo.select", {mask, x, zb}, ""));
  return r;
}

/// The residual block as a private function JAX did not inline.
static Val outlined(Hlo &h, const Val &x) {
  Builder cb(h.b.rng);
  Hlo hc(cb);
  Val a = cb.arg("arg0", x.dims);
  Val y = hc.unary("tanh", a);
  cb.ret({hc.binary("add", a, y)});
  std::string name = "residual_" + std::to_string(h.b.callees_++);
  h.b.addCallee(cb.function(name, false), cb.function(name, true));
  Val r = h.b.result(x.dims);
  h.b.emit(r.name + " = call @" + name + "(" + x.name + ") : (" + x.type +
               ") -> " + r.type,
           Builder::generic({r}, "func.call", {x}, "callee = @" + name));
  return r;
}

static Val residual(Hlo &h, const Val &x) {
  if (h.b.rng.chance(25))
    return outlined(h, x);
  Val y = h.b.rng.chance(50) ? h.unary("tanh", x) : h.unary("logistic", x);
  if (h.b.rng.chance(30))
    y = relu(h, y);
  return h.binary("add", x, y);
}

static Val transposeBlock(Hlo &h, const Val &x) {
  Val t = h.transpose(x, {1, 0, 2});
  Val c = h.b.result(t.dims, "f16");
  h.b.emit(c.name + " = stablehlo.convert " + t.name + Hlo::fnType({t}, c),
           Builder::generic({c}, "stablehlo.convert", {t}, ""));
  Val back = h.b.result(t.dims);
  h.b.emit(back.name + " = stablehlo.convert " + c.name +
               Hlo::fnType({c}, back),
           Builder::generic({back}, "stablehlo.convert", {c}, ""));
  return h.transpose(back, {1, 0, 2});
}

static Val slicePad(Hlo &h, const Val &x) {
  int64_t D = x.dims[2].size;
  int64_t start = h.b.rng.in(0, D / 2), n = h.b.rng.in(1, D - start);
  Dims three{Builder::fix(3)};
  Val st = h.constant(three, "i32", "[0, 0, " + std::to_string(start) + "]");
  Val limit =
      h.concat({h.dimVec(x.dims[0]), h.dimVec(x.dims[1]), h.vec1(start + n)}, 0,
               three, "i32");
  Val strides = h.constant(three, "i32", "1");
  Val sl = h.b.result({x.dims[0], x.dims[1], Builder::fix(n)});
  h.b.emit(sl.name + " = stablehlo.real_dynamic_slice " + x.name + ", " +
               st.name + ", " + limit.name + ", " + strides.name +
               Hlo::fnType({x, st, limit, strides}, sl),
           Builder::generic({sl}, "stablehlo.real_dynamic_slice",
                            {x, st, limit, strides}, ""));
  int64_t lo = h.b.rng.in(0, 2), hi = h.b.rng.in(0, 2);
  Val z = h.constant({}, "f32", "0.000000e+00");
  Val pd = h.b.result({x.dims[0], x.dims[1], Builder::fix(n + lo + hi)});
  std::string L = std::to_string(lo), H = std::to_string(hi);
  h.b.emit(pd.name + " = stablehlo.pad " + sl.name + ", " + z.name +
               ", low = [0, 0, " + L + "], high = [0, 0, " + H +
               "], interior = [0, 0, 0]" + Hlo::fnType({sl, z}, pd),
           Builder::generic({pd}, "stablehlo.pad", {sl, z},
                            "edge_padding_high = array<i64: 0, 0, " + H +
                                ">, edge_padding_low = array<i64: 0, 0, " + L +
                                ">, interior_padding = array<i64: 0, 0, 0>"));
  return pd;
}

static Val heads(Hlo &h, const Val &x) {
  int64_t D = x.dims[2].size;
  int64_t n = D % 4 == 0 ? 4 : D % 2 == 0 ? 2 : 1;
  Dims split{x.dims[0], x.dims[1], Builder::fix(n), Builder::fix(D / n)};
  Val r = h.dynamicReshape(x, h.shape(split), split);
  Val t = h.transpose(r, {0, 2, 1, 3});
  Val back = h.transpose(t, {0, 2, 1, 3});
  return h.dynamicReshape(back, h.shape(x.dims), x.dims);
}

/// NHWC/HWIO or NCHW/OIHW convolution, relu, reduce_window max pool,
/// flatten, linear.
static Val convPool(Hlo &h, const Val &x, bool nchw, int64_t e) {
  Rng &r = h.b.rng;
  int64_t H = x.dims[nchw ? 2 : 1].size, W = x.dims[nchw ? 3 : 2].size,
          C = x.dims[nchw ? 1 : 3].size;
  int64_t k = r.in(1, 3), s = r.in(1, 2), d = r.in(1, 2), p = r.in(0, 1);
  auto out = [&](int64_t n) { return (n + 2 * p - d * (k - 1) - 1) / s + 1; };
  int64_t oh = out(H), ow = out(W), F = r.pick<int64_t>({4, 8});
  Dim K = Builder::fix(k), Cd = Builder::fix(C), Fd = Builder::fix(F);
  Val w = nchw ? h.weight({Fd, Cd, K, K}) : h.weight({K, K, Cd, Fd});
  Dims cd = nchw ? Dims{x.dims[0], Fd, Builder::fix(oh), Builder::fix(ow)}
                 : Dims{x.dims[0], Builder::fix(oh), Builder::fix(ow), Fd};
  Val conv = h.b.result(cd);
  std::string dn = nchw ? "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]"
                        : "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]";
  std::string S = std::to_string(s), P = std::to_string(p),
              Dl = std::to_string(d);
  h.b.emit(conv.name + " = stablehlo.convolution(" + x.name + ", " + w.name +
               ") dim_numbers = " + dn + ", window = {stride = [" + S + ", " +
               S + "], pad = [[" + P + ", " + P + "], [" + P + ", " + P +
               "]], rhs_dilate = [" + Dl + ", " + Dl +
               "]} {batch_group_count = 1 : i64, feature_group_count = 1 : "
               "i64}" +
               Hlo::fnType({x, w}, conv),
           Builder::generic({conv}, "stablehlo.convolution", {x, w},
                            "batch_group_count = 1 : i64, dimension_numbers = "
                            "#stablehlo.conv<" +
                                dn +
                                ">, feature_group_count = 1 : i64, padding = "
                                "dense<" +
                                P +
                                "> : tensor<2x2xi64>, "
                                "rhs_dilation = array<i64: " +
                                Dl + ", " + Dl +
                                ">, window_strides = array<i64: " + S + ", " +
                                S + ">"));
  Val act = relu(h, conv);
  int64_t pk = oh >= 2 && ow >= 2 ? 2 : 1;
  int64_t ph = (oh - pk) / pk + 1, pw = (ow - pk) / pk + 1;
  std::vector<int64_t> win = nchw ? std::vector<int64_t>{1, 1, pk, pk}
                                  : std::vector<int64_t>{1, pk, pk, 1};
  Dims pd = nchw ? Dims{x.dims[0], Fd, Builder::fix(ph), Builder::fix(pw)}
                 : Dims{x.dims[0], Builder::fix(ph), Builder::fix(pw), Fd};
  Val ninf = h.constant({}, "f32", "0xFF800000");
  Val pooled = h.b.result(pd);
  std::string attrs = "window_dimensions = array<i64: " + ints(win) +
                      ">, window_strides = array<i64: " + ints(win) + ">";
  std::string tag = pooled.name.substr(1);
  h.b.emit(pooled.name + " = \"stablehlo.reduce_window\"(" + act.name + ", " +
               ninf.name + ") ({\n^bb0(%l" + tag + ": tensor<f32>, %r" + tag +
               ": tensor<f32>):\n  %m" + tag + " = stablehlo.maximum %l" + tag +
               ", %r" + tag + " : tensor<f32>\n  stablehlo.return %m" + tag +
               " : tensor<f32>\n}) {" + attrs + "}" +
               Hlo::fnType({act, ninf}, pooled),
           Builder::generic({pooled}, "stablehlo.reduce_window", {act, ninf},
                            attrs));
  int64_t flat = ph * pw * F;
  Dims fd{x.dims[0], Builder::fix(flat)};
  Val fl = h.dynamicReshape(pooled, h.shape(fd), fd);
  return linear(h, fl, e);
}

static Val plant(Hlo &h, const Val &x) {
  Builder &b = h.b;
  bool restStatic = true;
  for (size_t d = 1; d < x.dims.size(); ++d)
    restStatic = restStatic && !x.dims[d].dynamic();
  if (b.rng.chance(15)) { // a static size off by one: a static error
    int64_t last = int64_t(x.dims.size() - 1);
    Val w = h.weight({Builder::fix(x.dims.back().size + 1), Builder::fix(8)});
    Dims out = x.dims;
    out.back() = Builder::fix(8);
    b.plant("stablehlo.dot_general contracting a static D against D+1");
    b.staticallyInvalid = true;
    return h.dotGeneral(x, w, {}, {}, {last}, {0}, out);
  }
  int kind = int(b.rng.below(5));
  if ((kind == 1 && x.dims.size() != 3) || (kind == 3 && !restStatic))
    kind = 0;
  if (kind <= 2) {
    Dims yd = x.dims;
    yd[0] = Builder::sym("B2");
    if (yd.size() == 3 && yd[1].dynamic())
      yd[1] = Builder::sym("S2");
    Val y = h.argWithSyms("y", yd);
    if (kind == 0) {
      b.plant("stablehlo.add of x and a second input");
      return h.binary("add", x, y);
    }
    if (kind == 1) {
      b.plant("stablehlo.dot_general batching x against a second input");
      return h.dotGeneral(x, y, {0}, {0}, {2}, {2},
                          {x.dims[0], x.dims[1], yd[1]});
    }
    Dims out = x.dims;
    out.back().size *= 2;
    b.plant("stablehlo.concatenate with a second input");
    return h.concat({x, y}, int64_t(x.dims.size() - 1), out, "f32");
  }
  if (kind == 3) { // rows [0:2] of the dynamic batch
    Dims out = x.dims;
    out[0] = Builder::fix(2);
    std::string ranges = "0:2";
    std::vector<int64_t> start{0}, limit{2}, strides{1};
    for (size_t d = 1; d < x.dims.size(); ++d) {
      ranges += ", 0:" + std::to_string(x.dims[d].size);
      start.push_back(0);
      limit.push_back(x.dims[d].size);
      strides.push_back(1);
    }
    Val r = b.result(out);
    b.plant("stablehlo.slice of static rows 0:2 of the dynamic batch");
    b.emit(r.name + " = stablehlo.slice " + x.name + " [" + ranges + "]" +
               Hlo::fnType({x}, r),
           Builder::generic({r}, "stablehlo.slice", {x},
                            "limit_indices = array<i64: " + ints(limit) +
                                ">, start_indices = array<i64: " + ints(start) +
                                ">, strides = array<i64: " + ints(strides) +
                                ">"));
    return r;
  }
  // dynamic_reshape to [B / 2, 2, rest...]: element count needs an even B.
  Val half = h.binary("divide", h.dimVec(x.dims[0]), h.vec1(2));
  std::vector<Val> parts{half, h.vec1(2)};
  Dims out{Builder::sym("B/2"), Builder::fix(2)};
  for (size_t d = 1; d < x.dims.size(); ++d) {
    parts.push_back(h.dimVec(x.dims[d]));
    out.push_back(x.dims[d]);
  }
  Val s = h.concat(parts, 0, {Builder::fix(int64_t(parts.size()))}, "i32");
  b.plant("stablehlo.dynamic_reshape to [B / 2, 2, ...]");
  return h.dynamicReshape(x, s, out);
}

void generateStablehlo(Builder &b, bool planted,
                       std::vector<std::string> &blocks) {
  Rng &r = b.rng;
  Hlo h(b);
  h.useShapeOf = r.chance(30);
  std::vector<Val> outs;
  if (r.chance(25)) {
    bool nchw = r.chance(40);
    int64_t hw = r.pick<int64_t>({6, 8, 9}), c = r.pick<int64_t>({1, 3, 4});
    Dims xd = nchw ? Dims{Builder::sym("B"), Builder::fix(c), Builder::fix(hw),
                          Builder::fix(hw)}
                   : Dims{Builder::sym("B"), Builder::fix(hw), Builder::fix(hw),
                          Builder::fix(c)};
    Val x = h.argWithSyms("x", xd);
    bool early = planted && r.chance(50);
    if (early)
      outs.push_back(plant(h, x));
    Val y = convPool(h, x, nchw, r.pick<int64_t>({10, 16}));
    blocks.push_back(nchw ? "conv+pool (NCHW)" : "conv+pool (NHWC)");
    if (planted && !early)
      outs.push_back(plant(h, y));
    outs.insert(outs.begin(), y);
    b.ret(outs);
    return;
  }
  bool seqStatic = r.chance(50);
  int64_t D = r.pick<int64_t>({8, 12, 16});
  Val x = h.argWithSyms(
      "x", {Builder::sym("B"),
            seqStatic ? Builder::fix(r.in(2, 5)) : Builder::sym("S"),
            Builder::fix(D)});
  int n = int(r.in(2, 4)), at = planted ? int(r.in(0, n)) : -1;
  for (int i = 0; i <= n; ++i) {
    if (i == at)
      outs.push_back(plant(h, x));
    if (i == n)
      break;
    switch (r.below(7)) {
    case 0:
      x = attention(h, x);
      blocks.push_back("attention");
      break;
    case 1:
      x = layerNorm(h, x);
      blocks.push_back("layernorm");
      break;
    case 2:
      x = residual(h, x);
      blocks.push_back("residual");
      break;
    case 3:
      x = transposeBlock(h, x);
      blocks.push_back("transpose");
      break;
    case 4:
      x = slicePad(h, x);
      blocks.push_back("slice+pad");
      break;
    case 5:
      x = linear(h, x, r.pick<int64_t>({8, 16, 24}));
      blocks.push_back("linear");
      break;
    default:
      x = heads(h, x);
      blocks.push_back("reshape");
      break;
    }
  }
  outs.insert(outs.begin(), x);
  b.ret(outs);
}

} // namespace symshape::models::gen
