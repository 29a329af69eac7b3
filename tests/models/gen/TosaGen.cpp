//===- TosaGen.cpp - tosa programs as torch-mlir writes them
//---------------===//
//
// torch-mlir's tosa output: weights as static tensors, a dynamic batch, 3-D
// matmuls ([1, B*S, D] x [1, D, E]) or fully_connected on a flattened
// batch, softmax as reduce_max / sub / exp / reduce_sum / reciprocal / mul,
// NHWC convolutions. Each program is written either in the generic form
// mlir-opt 16 prints or in the current pretty form.
//
//===----------------------------------------------------------------------===//

#include "gen/Builder.h"

namespace symshape::models::gen {

namespace {
struct Tosa {
  Builder &b;
  bool pretty;
  int weights = 0;

  Val op(const std::string &name, const std::vector<Val> &operands,
         const std::string &attrs, Dims dims, const std::string &elem = "f32") {
    Val r = b.result(std::move(dims), elem);
    std::string generic =
        Builder::generic({r}, "tosa." + name, operands, attrs);
    std::string text = generic;
    if (pretty) {
      text = r.name + " = tosa." + name + " ";
      for (size_t i = 0; i < operands.size(); ++i)
        text += (i ? ", " : "") + operands[i].name;
      if (!attrs.empty())
        text += " {" + attrs + "}";
      text += generic.substr(generic.rfind(" : ("));
    }
    b.emit(text, generic);
    return r;
  }
  /// Constants are printed in generic form by every MLIR version.
  Val constant(Dims dims, const std::string &elem, const std::string &value) {
    Val r = b.result(dims, elem);
    std::string g = Builder::generic(
        {r}, "tosa.const", {}, "value = dense<" + value + "> : " + r.type);
    b.emit(g, g);
    return r;
  }
  Val ints1d(const std::vector<int64_t> &v) {
    return constant({Builder::fix(int64_t(v.size()))}, "i32",
                    "[" + ints(v) + "]");
  }
  Val weight(Dims dims) {
    return b.arg("w" + std::to_string(weights++), std::move(dims));
  }
  static std::string arr(const std::vector<int64_t> &v) {
    return "array<i64: " + ints(v) + ">";
  }
  Val transpose(const Val &x, const std::vector<int64_t> &perm) {
    Val p = ints1d(perm);
    Dims out;
    for (int64_t i : perm)
      out.push_back(x.dims[i]);
    return op("transpose", {x, p}, "", out);
  }
  Val reshape(const Val &x, const std::vector<int64_t> &shape, Dims out) {
    return op("reshape", {x}, "new_shape = " + arr(shape), std::move(out));
  }
  Val reduce(const std::string &kind, const Val &x, int64_t axis) {
    Dims out = x.dims;
    out[axis] = Builder::fix(1);
    return op("reduce_" + kind, {x},
              "axis = " + std::to_string(axis) + " : i64", out);
  }
  Val mul(const Val &a, const Val &c, Dims out) {
    return op("mul", {a, c}, "shift = 0 : i32", std::move(out));
  }
};
} // namespace

static int64_t sz(const Dim &d) { return d.size; }

/// x: [B, S, D] with S static -> [B, S, E].
static Val linear(Tosa &t, const Val &x, int64_t e) {
  Dim B = x.dims[0];
  int64_t S = sz(x.dims[1]), D = sz(x.dims[2]);
  Dim BS = Builder::sym(B.sym + "*S");
  if (t.b.rng.chance(50)) { // fully_connected on [B*S, D]
    Val flat = t.reshape(x, {-1, D}, {BS, Builder::fix(D)});
    Val w = t.weight({Builder::fix(e), Builder::fix(D)});
    Val bias = t.weight({Builder::fix(e)});
    Val fc =
        t.op("fully_connected", {flat, w, bias}, "", {BS, Builder::fix(e)});
    return t.reshape(fc, {-1, S, e}, {B, Builder::fix(S), Builder::fix(e)});
  }
  Val flat = t.reshape(x, {1, -1, D}, {Builder::fix(1), BS, Builder::fix(D)});
  Val w = t.weight({Builder::fix(1), Builder::fix(D), Builder::fix(e)});
  Val mm =
      t.op("matmul", {flat, w}, "", {Builder::fix(1), BS, Builder::fix(e)});
  Val back = t.reshape(mm, {-1, S, e}, {B, Builder::fix(S), Builder::fix(e)});
  Val bias = t.weight({Builder::fix(1), Builder::fix(1), Builder::fix(e)});
  return t.op("add", {back, bias}, "", back.dims);
}

static Val attention(Tosa &t, const Val &x) {
  Val kt = t.transpose(x, {0, 2, 1});
  Dims sss{x.dims[0], x.dims[1], x.dims[1]};
  Val scores = t.op("matmul", {x, kt}, "", sss);
  Val mx = t.reduce("max", scores, 2);
  Val sub = t.op("sub", {scores, mx}, "", sss);
  Val ex = t.op("exp", {sub}, "", sss);
  Val sum = t.reduce("sum", ex, 2);
  Val rc = t.op("reciprocal", {sum}, "", sum.dims);
  Val probs = t.mul(ex, rc, sss);
  return t.op("matmul", {probs, x}, "", x.dims);
}

static Val layerNorm(Tosa &t, const Val &x) {
  int64_t D = sz(x.dims[2]);
  Val sum = t.reduce("sum", x, 2);
  Dims one{Builder::fix(1), Builder::fix(1), Builder::fix(1)};
  Val inv = t.constant(one, "f32", std::to_string(1.0 / double(D)));
  Val mean = t.mul(sum, inv, sum.dims);
  Val centered = t.op("sub", {x, mean}, "", x.dims);
  Val sq = t.mul(centered, centered, x.dims);
  Val var = t.reduce("sum", sq, 2);
  Val rs = t.op("rsqrt", {var}, "", var.dims);
  Val normed = t.mul(centered, rs, x.dims);
  Val gamma = t.weight({Builder::fix(1), Builder::fix(1), Builder::fix(D)});
  return t.mul(normed, gamma, x.dims);
}

static Val residual(Tosa &t, const Val &x) {
  Val y = t.b.rng.chance(50)
              ? t.op("tanh", {x}, "", x.dims)
              : t.op("clamp", {x},
                     "max_fp = 6.000000e+00 : f32, max_int = 6 : i64, "
                     "min_fp = 0.000000e+00 : f32, min_int = 0 : i64",
                     x.dims);
  return t.op("add", {x, y}, "", x.dims);
}

static Val transposeBlock(Tosa &t, const Val &x) {
  Val a = t.transpose(x, {1, 0, 2});
  Val s = t.op("sigmoid", {a}, "", a.dims);
  return t.transpose(s, {1, 0, 2});
}

static Val slicePad(Tosa &t, const Val &x) {
  int64_t D = sz(x.dims[2]);
  int64_t start = t.b.rng.in(0, D / 2), n = t.b.rng.in(1, D - start);
  Val sl =
      t.op("slice", {x},
           "size = array<i64: -1, -1, " + std::to_string(n) +
               ">, start = array<i64: 0, 0, " + std::to_string(start) + ">",
           {x.dims[0], x.dims[1], Builder::fix(n)});
  int64_t lo = t.b.rng.in(0, 2), hi = D - n - lo < 0 ? 0 : D - n - lo;
  Val pads = t.constant({Builder::fix(3), Builder::fix(2)}, "i32",
                        "[[0, 0], [0, 0], [" + std::to_string(lo) + ", " +
                            std::to_string(hi) + "]]");
  return t.op("pad", {sl, pads}, "",
              {x.dims[0], x.dims[1], Builder::fix(n + lo + hi)});
}

/// Heads split and merged back: [B,S,D] -> [B,S,h,D/h] -> [B,h,S,D/h] -> ..
static Val heads(Tosa &t, const Val &x) {
  int64_t S = sz(x.dims[1]), D = sz(x.dims[2]);
  int64_t h = D % 4 == 0 ? 4 : D % 2 == 0 ? 2 : 1;
  Val split =
      t.reshape(x, {-1, S, h, D / h},
                {x.dims[0], x.dims[1], Builder::fix(h), Builder::fix(D / h)});
  Val tr = t.transpose(split, {0, 2, 1, 3});
  Val back = t.transpose(tr, {0, 2, 1, 3});
  return t.reshape(back, {-1, S, D}, x.dims);
}

/// x: [B, H, W, C] -> conv (+relu) -> pool -> flatten -> fully_connected.
static Val convPool(Tosa &t, const Val &x, int64_t outFeatures) {
  Rng &r = t.b.rng;
  int64_t H = sz(x.dims[1]), W = sz(x.dims[2]), C = sz(x.dims[3]);
  int64_t k = r.in(1, 3), s = r.in(1, 2), d = r.in(1, 2), p = r.in(0, 1);
  // TOSA 1.0 divides exactly (idiv_check); newer verifiers reject the
  // rest. Keep every window exact so floor and exact division agree.
  if ((H + 2 * p - d * (k - 1) - 1) % s != 0)
    s = 1;
  auto out = [&](int64_t in) { return (in + 2 * p - d * (k - 1) - 1) / s + 1; };
  int64_t oh = out(H), ow = out(W), F = r.pick<int64_t>({4, 8});
  Val conv;
  std::string attrs = "dilation = " + Tosa::arr({d, d}) +
                      ", pad = " + Tosa::arr({p, p, p, p}) +
                      ", stride = " + Tosa::arr({s, s});
  if (r.chance(30)) { // depthwise, multiplier 2
    Val w = t.weight(
        {Builder::fix(k), Builder::fix(k), Builder::fix(C), Builder::fix(2)});
    Val bias = t.weight({Builder::fix(2 * C)});
    F = 2 * C;
    conv =
        t.op("depthwise_conv2d", {x, w, bias}, attrs,
             {x.dims[0], Builder::fix(oh), Builder::fix(ow), Builder::fix(F)});
  } else {
    Val w = t.weight(
        {Builder::fix(F), Builder::fix(k), Builder::fix(k), Builder::fix(C)});
    Val bias = t.weight({Builder::fix(F)});
    conv =
        t.op("conv2d", {x, w, bias}, attrs,
             {x.dims[0], Builder::fix(oh), Builder::fix(ow), Builder::fix(F)});
  }
  Val relu = t.op("clamp", {conv},
                  "max_fp = 3.40282347E+38 : f32, max_int = 2147483647 : i64, "
                  "min_fp = 0.000000e+00 : f32, min_int = 0 : i64",
                  conv.dims);
  int64_t pk = oh >= 2 && oh % 2 == 0 ? 2 : 1; // exact windows (H == W)
  int64_t ph = (oh - pk) / pk + 1, pw = (ow - pk) / pk + 1;
  std::string pool = r.chance(50) ? "max_pool2d" : "avg_pool2d";
  Val pooled = t.op(
      pool, {relu},
      "kernel = " + Tosa::arr({pk, pk}) + ", pad = " + Tosa::arr({0, 0, 0, 0}) +
          ", stride = " + Tosa::arr({pk, pk}),
      {x.dims[0], Builder::fix(ph), Builder::fix(pw), Builder::fix(F)});
  int64_t flat = ph * pw * F;
  Val fl = t.reshape(pooled, {-1, flat}, {x.dims[0], Builder::fix(flat)});
  Val w = t.weight({Builder::fix(outFeatures), Builder::fix(flat)});
  Val bias = t.weight({Builder::fix(outFeatures)});
  return t.op("fully_connected", {fl, w, bias}, "",
              {x.dims[0], Builder::fix(outFeatures)});
}

/// One planted mismatch; its result is returned and used by nothing else.
static Val plant(Tosa &t, const Val &x, bool seqStatic) {
  Builder &b = t.b;
  if (b.rng.chance(15)) { // a static size off by one: a static error
    Dims bd(x.dims.size(), Builder::fix(1));
    bd.back() = Builder::fix(x.dims.back().size + 1);
    Val bias = t.weight(bd);
    b.plant("tosa.add of a bias whose static size is off by one");
    b.staticallyInvalid = true;
    return t.op("add", {x, bias}, "", x.dims);
  }
  int kind = int(b.rng.below(seqStatic || x.dims.size() == 2 ? 5 : 4));
  Dims ydims = x.dims;
  ydims[0] = Builder::sym("B2");
  if (ydims.size() == 3 && ydims[1].dynamic())
    ydims[1] = Builder::sym("S2");
  if (kind <= 2) {
    Val y = b.arg("y", ydims);
    if (kind == 0 || (kind == 1 && x.dims.size() != 3)) {
      b.plant("tosa.add of the batch and a second input's batch");
      return t.op("add", {x, y}, "", x.dims);
    }
    if (kind == 1) {
      Val yt = t.transpose(y, {0, 2, 1});
      b.plant("tosa.matmul batch of x against a second input");
      return t.op("matmul", {x, yt}, "", {x.dims[0], x.dims[1], ydims[1]});
    }
    b.plant("tosa.concat on the feature axis with a second input");
    Dims out = x.dims;
    out.back().size *= 2;
    return t.op("concat", {x, y},
                "axis = " + std::to_string(x.dims.size() - 1) + " : i64", out);
  }
  if (kind == 3) { // a static 2 where the batch belongs: UB unless B >= 2
    b.plant("tosa.slice of a static 2 rows from the dynamic batch");
    std::string size = "2", start = "0";
    Dims out = x.dims;
    out[0] = Builder::fix(2);
    for (size_t d = 1; d < x.dims.size(); ++d) {
      size += ", -1";
      start += ", 0";
    }
    return t.op("slice", {x},
                "size = array<i64: " + size + ">, start = array<i64: " + start +
                    ">",
                out);
  }
  // Element count: [B, rest] -> [-1, 2 * rest] needs an even batch.
  int64_t rest = 1;
  for (size_t d = 1; d < x.dims.size(); ++d)
    rest *= x.dims[d].size;
  b.plant("tosa.reshape needing an even batch");
  return t.reshape(x, {-1, 2 * rest},
                   {Builder::sym("B/2"), Builder::fix(2 * rest)});
}

void generateTosa(Builder &b, bool planted, std::vector<std::string> &blocks) {
  Rng &r = b.rng;
  Tosa t{b, r.chance(50)};
  blocks.push_back(t.pretty ? "pretty" : "generic");
  std::vector<Val> outs;
  if (r.chance(25)) { // image model
    int64_t hw = r.pick<int64_t>({6, 8, 9}), c = r.pick<int64_t>({1, 3, 4});
    Val x = b.arg("x", {Builder::sym("B"), Builder::fix(hw), Builder::fix(hw),
                        Builder::fix(c)});
    bool early = planted && r.chance(50);
    if (early)
      outs.push_back(plant(t, x, true));
    Val y = convPool(t, x, r.pick<int64_t>({10, 16}));
    blocks.push_back("conv+pool");
    if (r.chance(50)) {
      y = residual(t, y);
      blocks.push_back("residual");
    }
    if (planted && !early)
      outs.push_back(plant(t, y, true));
    outs.insert(outs.begin(), y);
    b.ret(outs);
    return;
  }
  bool seqStatic = r.chance(60);
  int64_t D = r.pick<int64_t>({8, 12, 16});
  Val x = b.arg("x", {Builder::sym("B"),
                      seqStatic ? Builder::fix(r.in(2, 5)) : Builder::sym("S"),
                      Builder::fix(D)});
  int n = int(r.in(2, 4)), at = planted ? int(r.in(0, n)) : -1;
  for (int i = 0; i <= n; ++i) {
    if (i == at)
      outs.push_back(plant(t, x, seqStatic));
    if (i == n)
      break;
    int choice = int(r.below(seqStatic ? 7 : 5));
    switch (choice) {
    case 0:
      x = attention(t, x);
      blocks.push_back("attention");
      break;
    case 1:
      x = layerNorm(t, x);
      blocks.push_back("layernorm");
      break;
    case 2:
      x = residual(t, x);
      blocks.push_back("residual");
      break;
    case 3:
      x = transposeBlock(t, x);
      blocks.push_back("transpose");
      break;
    case 4:
      x = slicePad(t, x);
      blocks.push_back("slice+pad");
      break;
    case 5:
      x = linear(t, x, r.pick<int64_t>({8, 16, 24}));
      blocks.push_back("linear");
      break;
    default:
      x = heads(t, x);
      blocks.push_back("reshape");
      break;
    }
  }
  if (r.chance(30)) { // a classifier-style tail: tile, then argmax
    Dims tiled = x.dims;
    tiled.back().size *= 2;
    Val t2 = t.op("tile", {x}, "multiples = " + Tosa::arr({1, 1, 2}), tiled);
    outs.push_back(
        t.op("argmax", {t2}, "axis = 2 : i64", {x.dims[0], x.dims[1]}, "i32"));
    blocks.push_back("tile+argmax");
  }
  outs.insert(outs.begin(), x);
  b.ret(outs);
}

} // namespace symshape::models::gen
