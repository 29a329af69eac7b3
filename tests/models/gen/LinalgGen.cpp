//===- LinalgGen.cpp - linalg + tensor + arith as torch-mlir writes them
//---===//
//
// torch-mlir's linalg-on-tensors output: `tensor.dim` of an argument for
// every dynamic size, `tensor.empty` + `linalg.fill` for accumulators,
// named contractions, `linalg.generic` with #map aliases for broadcasts and
// reductions, tensor.pad before a convolution, collapse/expand_shape for
// flattening. Pretty form as current MLIR (mlir-opt-22) prints it.
//
//===----------------------------------------------------------------------===//

#include "gen/LinalgWriter.h"

#include <limits>

namespace symshape::models::gen {

static const char *kId3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>";
static const char *kRow3 = "affine_map<(d0, d1, d2) -> (d0, d1)>";
static const std::string kMin =
    std::to_string(std::numeric_limits<int64_t>::min());

/// x: [B, S, D] -> [B, S, E]: a contraction generic (any S) or, with a
/// static S, collapse + linalg.matmul + expand; then a broadcast bias add.
static Val linear(Linalg &l, const Val &x, int64_t e) {
  Dims out{x.dims[0], x.dims[1], Builder::fix(e)};
  int64_t D = x.dims[2].size;
  Val w = l.weight({Builder::fix(D), Builder::fix(e)});
  Val bias = l.weight({Builder::fix(e)});
  Val mm;
  if (!x.dims[1].dynamic() && l.b.rng.chance(50)) {
    Dim bs = Builder::sym(x.dims[0].sym + "*S");
    Val flat = l.collapseShape(x, "[0, 1], [2]", {bs, Builder::fix(D)});
    // torch-mlir reads the collapsed size back with tensor.dim.
    Val c0 = l.index(0);
    Val n = l.b.resultScalar("index");
    l.b.emit(n.name + " = tensor.dim " + flat.name + ", " + c0.name + " : " +
                 flat.type,
             Builder::generic({n}, "tensor.dim", {flat, c0}, ""));
    Val init = l.b.result({bs, Builder::fix(e)});
    l.b.emit(init.name + " = tensor.empty(" + n.name + ") : " + init.type,
             Builder::generic({init}, "tensor.empty", {n}, ""));
    Val acc = l.fill(init);
    Val prod = l.named("matmul", {flat, w}, acc);
    mm = l.expandShape(prod, "[0, 1], [2]", out);
  } else {
    Val acc = l.zeros(out);
    mm = l.generic({"affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>",
                    "affine_map<(d0, d1, d2, d3) -> (d3, d2)>",
                    "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>"},
                   {"parallel", "parallel", "parallel", "reduction"}, {x, w},
                   acc,
                   {"%m$ = arith.mulf %a0$, %a1$ : f32",
                    "%r$ = arith.addf %a2$, %m$ : f32"});
  }
  Val init = l.empty(out);
  return l.generic({kId3, "affine_map<(d0, d1, d2) -> (d2)>", kId3},
                   {"parallel", "parallel", "parallel"}, {mm, bias}, init,
                   {"%r$ = arith.addf %a0$, %a1$ : f32"});
}

/// Row reduction over d2 into [B, S].
static Val rowReduce(Linalg &l, const Val &x, const std::string &op) {
  Val acc = l.zeros({x.dims[0], x.dims[1]});
  return l.generic({kId3, kRow3}, {"parallel", "parallel", "reduction"}, {x},
                   acc, {"%r$ = " + op + " %a0$, %a1$ : f32"});
}

/// x [B,S,S'] op row [B,S] broadcast along d2.
static Val rowApply(Linalg &l, const Val &x, const Val &row,
                    const std::vector<std::string> &body) {
  Val init = l.empty(x.dims);
  return l.generic({kId3, kRow3, kId3}, {"parallel", "parallel", "parallel"},
                   {x, row}, init, body);
}

static Val attention(Linalg &l, const Val &x) {
  Val scores;
  if (l.b.rng.chance(50)) { // Q K^T without materialising K^T
    scores = l.batchMatmulTransposeB(
        x, x, l.zeros({x.dims[0], x.dims[1], x.dims[1]}));
  } else {
    Val kt = l.transpose(x, {0, 2, 1});
    scores = l.named("batch_matmul", {x, kt},
                     l.zeros({x.dims[0], x.dims[1], x.dims[1]}));
  }
  Val mx = rowReduce(l, scores, "arith.maximumf");
  Val ex = rowApply(
      l, scores, mx,
      {"%s$ = arith.subf %a0$, %a1$ : f32", "%r$ = math.exp %s$ : f32"});
  Val sum = rowReduce(l, ex, "arith.addf");
  Val probs = rowApply(l, ex, sum, {"%r$ = arith.divf %a0$, %a1$ : f32"});
  return l.named("batch_matmul", {probs, x}, l.zeros(x.dims));
}

static Val layerNorm(Linalg &l, const Val &x) {
  Val acc = l.zeros({x.dims[0], x.dims[1]});
  Val sum = l.b.result(acc.dims);
  int id = l.locals++;
  std::string t = "_" + std::to_string(id);
  l.b.emit(sum.name + " = linalg.reduce " + Linalg::insOuts({x}, acc) +
               " dimensions = [2]\n  (%in" + t + ": f32, %init" + t +
               ": f32) {\n    %s" + t + " = arith.addf %in" + t + ", %init" +
               t + " : f32\n    linalg.yield %s" + t + " : f32\n  }",
           Builder::generic({sum}, "linalg.reduce", {x, acc},
                            "dimensions = array<i64: 2>"));
  Val centered = rowApply(l, x, sum, {"%r$ = arith.subf %a0$, %a1$ : f32"});
  Val init = l.empty(x.dims);
  Val sq = l.b.result(x.dims);
  l.b.emit(
      sq.name + " = linalg.map { arith.mulf } " +
          Linalg::insOuts({centered, centered}, init),
      Builder::generic({sq}, "linalg.map", {centered, centered, init}, ""));
  Val var = rowReduce(l, sq, "arith.addf");
  return rowApply(
      l, centered, var,
      {"%q$ = math.rsqrt %a1$ : f32", "%r$ = arith.mulf %a0$, %q$ : f32"});
}

/// The residual block outlined into a private function and called, as
/// torch-mlir keeps a submodule it does not inline.
static Val outlined(Linalg &l, const Val &x) {
  Builder cb(l.b.rng);
  Linalg lc(cb);
  Val a = cb.arg("arg0", x.dims);
  Val y = lc.tensorOp("math.tanh", {a});
  cb.ret({lc.tensorOp("arith.addf", {a, y})});
  std::string name = "residual_" + std::to_string(l.b.callees_++);
  l.b.addCallee(cb.function(name, false), cb.function(name, true));
  Val r = l.b.result(x.dims);
  l.b.emit(r.name + " = call @" + name + "(" + x.name + ") : (" + x.type +
               ") -> " + r.type,
           Builder::generic({r}, "func.call", {x}, "callee = @" + name));
  return r;
}

static Val residual(Linalg &l, const Val &x) {
  if (l.b.rng.chance(25))
    return outlined(l, x);
  Val y = l.tensorOp(l.b.rng.chance(50) ? "math.tanh" : "math.exp", {x});
  if (l.b.rng.chance(50))
    return l.tensorOp("arith.addf", {x, y});
  Val init = l.empty(x.dims);
  std::vector<std::string> maps(3, kId3);
  if (x.dims.size() == 2)
    maps.assign(3, "affine_map<(d0, d1) -> (d0, d1)>");
  return l.generic(maps, std::vector<std::string>(x.dims.size(), "parallel"),
                   {x, y}, init, {"%r$ = arith.addf %a0$, %a1$ : f32"});
}

static Val transposeBlock(Linalg &l, const Val &x) {
  Val t = l.transpose(x, {1, 0, 2});
  Val init = l.empty(t.dims);
  Val c = l.b.result(t.dims);
  l.b.emit(
      c.name + " = linalg.copy " + Linalg::insOuts({t}, init) + " -> " + c.type,
      Builder::generic({c}, "linalg.copy", {t, init}, Linalg::segments(1)));
  return l.transpose(c, {1, 0, 2});
}

static Val slicePad(Linalg &l, const Val &x) {
  int64_t D = x.dims[2].size;
  int64_t start = l.b.rng.in(0, D / 2), n = l.b.rng.in(1, D - start);
  std::vector<Val> dyn;
  std::string sizes, staticSizes;
  for (size_t d = 0; d < 2; ++d) {
    if (x.dims[d].dynamic()) {
      dyn.push_back(l.size(x.dims[d]));
      sizes += dyn.back().name + ", ";
      staticSizes += kMin + ", ";
    } else {
      sizes += std::to_string(x.dims[d].size) + ", ";
      staticSizes += std::to_string(x.dims[d].size) + ", ";
    }
  }
  Val sl = l.b.result({x.dims[0], x.dims[1], Builder::fix(n)});
  std::vector<Val> operands{x};
  operands.insert(operands.end(), dyn.begin(), dyn.end());
  l.b.emit(sl.name + " = tensor.extract_slice " + x.name + "[0, 0, " +
               std::to_string(start) + "] [" + sizes + std::to_string(n) +
               "] [1, 1, 1] : " + x.type + " to " + sl.type,
           Builder::generic({sl}, "tensor.extract_slice", operands,
                            "operand_segment_sizes = array<i32: 1, 0, " +
                                std::to_string(dyn.size()) +
                                ", 0>, static_offsets = array<i64: 0, 0, " +
                                std::to_string(start) +
                                ">, static_sizes = array<i64: " + staticSizes +
                                std::to_string(n) +
                                ">, static_strides = array<i64: 1, 1, 1>"));
  int64_t lo = l.b.rng.in(0, 2), hi = l.b.rng.in(0, 2);
  Val z = l.zeroF();
  Val pd = l.b.result({x.dims[0], x.dims[1], Builder::fix(n + lo + hi)});
  std::string t = "_" + std::to_string(l.locals++);
  l.b.emit(pd.name + " = tensor.pad " + sl.name + " low[0, 0, " +
               std::to_string(lo) + "] high[0, 0, " + std::to_string(hi) +
               "] {\n^bb0(%i" + t + ": index, %j" + t + ": index, %k" + t +
               ": index):\n  tensor.yield " + z.name +
               " : f32\n} : " + sl.type + " to " + pd.type,
           Builder::generic({pd}, "tensor.pad", {sl},
                            "operand_segment_sizes = array<i32: 1, 0, 0>, "
                            "static_high = array<i64: 0, 0, " +
                                std::to_string(hi) +
                                ">, static_low = array<i64: 0, 0, " +
                                std::to_string(lo) + ">"));
  return pd;
}

static Val heads(Linalg &l, const Val &x) {
  int64_t D = x.dims[2].size;
  int64_t h = D % 4 == 0 ? 4 : D % 2 == 0 ? 2 : 1;
  Val split = l.expandShape(
      x, "[0], [1], [2, 3]",
      {x.dims[0], x.dims[1], Builder::fix(h), Builder::fix(D / h)});
  Val tr = l.transpose(split, {0, 2, 1, 3});
  Val back = l.transpose(tr, {0, 2, 1, 3});
  return l.collapseShape(back, "[0], [1], [2, 3]", x.dims);
}

/// x: [B, H, W, C] -> pad -> conv -> relu -> pool -> flatten -> matmul.
static Val convPool(Linalg &l, const Val &x, int64_t e) {
  Rng &r = l.b.rng;
  int64_t H = x.dims[1].size, W = x.dims[2].size, C = x.dims[3].size;
  int64_t k = r.in(1, 3), s = r.in(1, 2), d = r.in(1, 2), p = r.in(0, 1);
  Val in = x;
  if (p > 0) {
    Val z = l.zeroF();
    Val pd = l.b.result({x.dims[0], Builder::fix(H + 2 * p),
                         Builder::fix(W + 2 * p), Builder::fix(C)});
    std::string t = "_" + std::to_string(l.locals++);
    std::string P = std::to_string(p);
    l.b.emit(pd.name + " = tensor.pad " + x.name + " low[0, " + P + ", " + P +
                 ", 0] high[0, " + P + ", " + P + ", 0] {\n^bb0(%i" + t +
                 ": index, %j" + t + ": index, %k" + t + ": index, %l" + t +
                 ": index):\n  tensor.yield " + z.name +
                 " : f32\n} : " + x.type + " to " + pd.type,
             Builder::generic({pd}, "tensor.pad", {x},
                              "operand_segment_sizes = array<i32: 1, 0, 0>, "
                              "static_high = array<i64: 0, " +
                                  P + ", " + P +
                                  ", 0>, static_low = array<i64: 0, " + P +
                                  ", " + P + ", 0>"));
    in = pd;
  }
  auto out = [&](int64_t n) { return (n + 2 * p - d * (k - 1) - 1) / s + 1; };
  int64_t oh = out(H), ow = out(W), F = r.pick<int64_t>({4, 8});
  Val filter = l.weight(
      {Builder::fix(k), Builder::fix(k), Builder::fix(C), Builder::fix(F)});
  Val acc =
      l.zeros({x.dims[0], Builder::fix(oh), Builder::fix(ow), Builder::fix(F)});
  std::string convAttrs = "dilations = dense<" + std::to_string(d) +
                          "> : tensor<2xi64>, strides = dense<" +
                          std::to_string(s) + "> : tensor<2xi64>";
  Val conv = l.named("conv_2d_nhwc_hwcf", {in, filter}, acc, convAttrs);
  std::string id4 = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>";
  Val relu =
      l.generic({id4, id4}, {"parallel", "parallel", "parallel", "parallel"},
                {conv}, l.empty(conv.dims),
                {"%z$ = arith.constant 0.000000e+00 : f32",
                 "%r$ = arith.maximumf %a0$, %z$ : f32"});
  int64_t pk = oh >= 2 && ow >= 2 ? 2 : 1;
  int64_t ph = (oh - pk) / pk + 1, pw = (ow - pk) / pk + 1;
  Val window = l.empty({Builder::fix(pk), Builder::fix(pk)});
  Val pacc =
      l.zeros({x.dims[0], Builder::fix(ph), Builder::fix(pw), Builder::fix(F)});
  std::string pool = r.chance(50) ? "pooling_nhwc_max" : "pooling_nhwc_sum";
  Val pooled =
      l.named(pool, {relu, window}, pacc,
              "dilations = dense<1> : vector<2xi64>, strides = dense<" +
                  std::to_string(pk) + "> : vector<2xi64>");
  int64_t flat = ph * pw * F;
  Val fl = l.collapseShape(pooled, "[0], [1, 2, 3]",
                           {x.dims[0], Builder::fix(flat)});
  Val w = l.weight({Builder::fix(flat), Builder::fix(e)});
  return l.named("matmul", {fl, w}, l.zeros({x.dims[0], Builder::fix(e)}));
}

static Val plant(Linalg &l, const Val &x) {
  Builder &b = l.b;
  if (b.rng.chance(15)) { // a static size off by one: a static error
    size_t rank = x.dims.size();
    std::string dims, last = "d" + std::to_string(rank - 1);
    for (size_t d = 0; d < rank; ++d)
      dims += (d ? ", d" : "d") + std::to_string(d);
    std::string id = "affine_map<(" + dims + ") -> (" + dims + ")>";
    Val bias = l.weight({Builder::fix(x.dims.back().size + 1)});
    Val init = l.empty(x.dims);
    b.plant("linalg.generic bias add with a bias of static size D+1");
    b.staticallyInvalid = true;
    return l.generic({id, "affine_map<(" + dims + ") -> (" + last + ")>", id},
                     std::vector<std::string>(rank, "parallel"), {x, bias},
                     init, {"%r$ = arith.addf %a0$, %a1$ : f32"});
  }
  int kind = int(b.rng.below(5));
  if (kind == 1 && x.dims.size() != 3)
    kind = 0;
  if (kind <= 2) {
    Dims yd = x.dims;
    yd[0] = Builder::sym("B2");
    if (yd.size() == 3 && yd[1].dynamic())
      yd[1] = Builder::sym("S2");
    Val y = l.argWithSyms("y", yd);
    if (kind == 0) {
      b.plant("arith.addf of x and a second input");
      return l.tensorOp("arith.addf", {x, y});
    }
    if (kind == 1) {
      Val yt = l.transpose(y, {0, 2, 1});
      Val acc = l.zeros({x.dims[0], x.dims[1], yd[1]});
      b.plant("linalg.batch_matmul batch of x against a second input");
      return l.named("batch_matmul", {x, yt}, acc);
    }
    Val init = l.empty(x.dims);
    std::string id = x.dims.size() == 2 ? "affine_map<(d0, d1) -> (d0, d1)>"
                     : x.dims.size() == 3
                         ? kId3
                         : "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>";
    b.plant("linalg.generic elementwise over x and a second input");
    return l.generic({id, id, id},
                     std::vector<std::string>(x.dims.size(), "parallel"),
                     {x, y}, init, {"%r$ = arith.mulf %a0$, %a1$ : f32"});
  }
  if (kind == 3) {
    Dims out = x.dims;
    out[0] = Builder::fix(2);
    Val r = b.result(out);
    b.plant("tensor.cast of the dynamic batch to a static 2");
    b.emit(r.name + " = tensor.cast " + x.name + " : " + x.type + " to " +
               r.type,
           Builder::generic({r}, "tensor.cast", {x}, ""));
    return r;
  }
  // expand_shape splitting the batch by 2: needs an even batch. Its
  // output_shape gives the half as torch-mlir computes it.
  l.quotient("B/2", x.dims[0], 2);
  Dims out{Builder::sym("B/2"), Builder::fix(2)};
  std::string groups = "[0, 1]";
  for (size_t d = 1; d < x.dims.size(); ++d) {
    out.push_back(x.dims[d]);
    groups += ", [" + std::to_string(d + 1) + "]";
  }
  for (const Dim &d : out) // every size read before the planted op
    if (d.dynamic())
      l.size(d);
  b.plant("tensor.expand_shape splitting the batch by 2");
  return l.expandShape(x, groups, out);
}

void generateLinalg(Builder &b, bool planted,
                    std::vector<std::string> &blocks) {
  Rng &r = b.rng;
  Linalg l(b);
  std::vector<Val> outs;
  if (r.chance(25)) {
    int64_t hw = r.pick<int64_t>({6, 8, 9}), c = r.pick<int64_t>({1, 3, 4});
    Val x = l.argWithSyms("x", {Builder::sym("B"), Builder::fix(hw),
                                Builder::fix(hw), Builder::fix(c)});
    bool early = planted && r.chance(50);
    if (early)
      outs.push_back(plant(l, x));
    Val y = convPool(l, x, r.pick<int64_t>({10, 16}));
    blocks.push_back("conv+pool");
    if (r.chance(50)) {
      y = residual(l, y);
      blocks.push_back("residual");
    }
    if (planted && !early)
      outs.push_back(plant(l, y));
    outs.insert(outs.begin(), y);
    b.ret(outs);
    return;
  }
  bool seqStatic = r.chance(50);
  int64_t D = r.pick<int64_t>({8, 12, 16});
  Val x = l.argWithSyms(
      "x", {Builder::sym("B"),
            seqStatic ? Builder::fix(r.in(2, 5)) : Builder::sym("S"),
            Builder::fix(D)});
  int n = int(r.in(2, 4)), at = planted ? int(r.in(0, n)) : -1;
  for (int i = 0; i <= n; ++i) {
    if (i == at)
      outs.push_back(plant(l, x));
    if (i == n)
      break;
    switch (r.below(7)) {
    case 0:
      x = attention(l, x);
      blocks.push_back("attention");
      break;
    case 1:
      x = layerNorm(l, x);
      blocks.push_back("layernorm");
      break;
    case 2:
      x = residual(l, x);
      blocks.push_back("residual");
      break;
    case 3:
      x = transposeBlock(l, x);
      blocks.push_back("transpose");
      break;
    case 4:
      x = slicePad(l, x);
      blocks.push_back("slice+pad");
      break;
    case 5:
      x = linear(l, x, r.pick<int64_t>({8, 16, 24}));
      blocks.push_back("linear");
      break;
    default:
      x = heads(l, x);
      blocks.push_back("reshape");
      break;
    }
  }
  outs.insert(outs.begin(), x);
  b.ret(outs);
}

} // namespace symshape::models::gen
