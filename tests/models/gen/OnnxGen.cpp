//===- OnnxGen.cpp - The ONNX graph of one seed
//-----------------------------===//
//
// One transformer-like block over x [B, S, H] (B, S dynamic), as PyTorch's
// ONNX exporter writes it (sizes small, so the oracle's box holds them):
//
//   q = MatMul(x, W[H, D]) + b[D]                     projection, bias
//   [B], [S] = Gather / Slice / Shape(start, end) of Shape(q)
//   r = Reshape(q, Concat([B], [S], [nh, hd]))        split heads
//   qT = Transpose(r, [0,2,1,3]); kT = Transpose(r, [0,2,3,1])
//   scores = MatMul(qT, kT) + Unsqueeze(mask, [1, 2])
//   ctx = MatMul(Softmax(scores), qT), back to [B, S, D] by Transpose and
//         Reshape(.., Concat([B], [S], [D]))
//   y = ctx - Expand(ReduceMean(ctx, [-1]), Shape(ctx))
//
// where mask = ReduceMean(x, [-1], keepdims 0) [B, S] (or keepdims 1 and
// Squeeze), and y may go through an output projection Flatten -> Gemm
// (transB or not) -> Reshape back. Planted, exactly one of: x is first
// added to a second input [?, ?, H] (position embeddings; the Add need not
// broadcast, and when it does everything after follows its result); W is
// an input [?, D] (the MatMul's inner sizes may differ); the second
// Reshape goes to [-1, 2*D] (B*S must be even) or [0, -1, 2*D] (S even,
// B > 0); the Expand's shape is Concat([S], [B], [D]) (B and S must
// broadcast). Varying by seed: the opset (17: reduction axes as an
// attribute; 18, 21: as an input), how [B] and [S] are read (Gather of a
// [1] or a scalar index + Unsqueeze, Slice, Shape with start / end, also
// negative), the head split (Concat or 0s copying B, S), a Cast of a
// computed shape, Softmax's axis (-1 or 3).
//
//===----------------------------------------------------------------------===//

#include "gen/OnnxGen.h"
#include "gen/Builder.h"

namespace symshape::models {

namespace {

constexpr int64_t kDyn = -1;

struct GraphBuilder {
  OnnxGraph g;

  int value(std::vector<int64_t> dims, bool integer = false) {
    g.values.push_back({std::move(dims), integer});
    return int(g.values.size() - 1);
  }
  int arg(std::vector<int64_t> dims, std::string dimParams) {
    int v = value(std::move(dims));
    g.args.push_back(v);
    g.dimParams.push_back(std::move(dimParams));
    return v;
  }
  int node(std::string op, std::vector<int> inputs, std::vector<int64_t> dims,
           std::vector<OnnxAttr> attrs = {}, bool integer = false) {
    OnnxNode n;
    n.op = std::move(op);
    n.inputs = std::move(inputs);
    n.attrs = std::move(attrs);
    n.result = value(std::move(dims), integer);
    g.nodes.push_back(std::move(n));
    return n.result;
  }
  size_t last() const { return g.nodes.size() - 1; }
  /// An i64 constant of shape [n] (or [] when `scalar`).
  int ints(std::vector<int64_t> v) {
    int r = node("Constant", {}, {int64_t(v.size())}, {}, true);
    g.nodes.back().ints = std::move(v);
    return r;
  }
  /// A rank-0 i64 constant.
  int scalar(int64_t v) {
    int r = node("Constant", {}, {}, {}, true);
    g.nodes.back().ints = {v};
    return r;
  }
  /// Unsqueeze's axes, as the opset has them (an input since opset 13).
  int unsqueeze(int x, std::vector<int64_t> axes, std::vector<int64_t> out) {
    bool integer = g.values[x].integer;
    if (g.opset < 13)
      return node("Unsqueeze", {x}, std::move(out),
                  {OnnxAttr{"axes", true, axes}}, integer);
    int a = ints(std::move(axes));
    return node("Unsqueeze", {x, a}, std::move(out), {}, integer);
  }
  int weight(std::vector<int64_t> dims, const std::string &splat) {
    int r = node("Constant", {}, std::move(dims));
    g.nodes.back().splat = splat;
    return r;
  }
  /// A reduction over the last axis, its axes as the opset has them.
  int reduceLast(const std::string &op, int x, std::vector<int64_t> out,
                 int64_t keep) {
    OnnxAttr k{"keepdims", false, {keep}};
    if (g.opset < 18)
      return node(op, {x}, std::move(out), {OnnxAttr{"axes", true, {-1}}, k});
    int axes = ints({-1});
    return node(op, {x, axes}, std::move(out), {k});
  }
};

OnnxAttr attr(const std::string &name, int64_t v) { return {name, false, {v}}; }
OnnxAttr list(const std::string &name, std::vector<int64_t> v) {
  return {name, true, std::move(v)};
}

/// [B] and [S] of `x` (rank 3) read as the exporter may: Gather of
/// Shape, Slice of Shape, Shape with start / end (opset 15+; also
/// negative), or, as PyTorch's exporter writes `x.size(0)`, Gather of a
/// scalar index then Unsqueeze.
std::pair<int, int> batchAndSeq(GraphBuilder &b, int x, int how) {
  if (how == 2 || how == 4) {
    int64_t off = how == 4 ? -3 : 0;
    int bs = b.node("Shape", {x}, {1},
                    {attr("end", off + 1), attr("start", off)}, true);
    int sq = b.node("Shape", {x}, {1},
                    {attr("end", off + 2), attr("start", off + 1)}, true);
    return {bs, sq};
  }
  int rank = int(b.g.values[x].dims.size());
  int shape = b.node("Shape", {x}, {rank}, {}, true);
  std::pair<int, int> out;
  for (int64_t k : {0, 1}) {
    int got;
    if (how == 0) {
      int idx = b.ints({k});
      got = b.node("Gather", {shape, idx}, {1}, {attr("axis", 0)}, true);
    } else if (how == 3) {
      int idx = b.scalar(k == 1 ? -2 : 0); // dim 1 of rank 3 counted back
      got = b.node("Gather", {shape, idx}, {}, {attr("axis", 0)}, true);
      got = b.unsqueeze(got, {0}, {1});
    } else {
      int starts = b.ints({k}), ends = b.ints({k + 1}), axes = b.ints({0});
      got = b.node("Slice", {shape, starts, ends, axes}, {1}, {}, true);
    }
    (k == 0 ? out.first : out.second) = got;
  }
  return out;
}

std::string splat(gen::Rng &rng) {
  static const std::vector<std::string> values = {
      "5.000000e-01", "1.000000e-01", "-2.500000e-01", "2.000000e+00"};
  return rng.pick(values);
}

} // namespace

const char *plantName(OnnxPlant plant) {
  switch (plant) {
  case OnnxPlant::None:
    return "none";
  case OnnxPlant::Broadcast:
    return "broadcast";
  case OnnxPlant::Reshape:
    return "reshape";
  case OnnxPlant::MatMul:
    return "matmul";
  case OnnxPlant::Expand:
    return "expand";
  }
  return "?";
}

std::optional<OnnxPlant> plantNamed(const std::string &name) {
  for (OnnxPlant p : {OnnxPlant::None, OnnxPlant::Broadcast, OnnxPlant::Reshape,
                      OnnxPlant::MatMul, OnnxPlant::Expand})
    if (name == plantName(p))
      return p;
  return std::nullopt;
}

const char *spellingName(OnnxSpelling spelling) {
  return spelling == OnnxSpelling::Torch ? "torch" : "onnx";
}

int OnnxProgram::plantedOp(OnnxSpelling spelling) const {
  if (plantedNode < 0)
    return -1;
  return plantedNode + (spelling == OnnxSpelling::Torch ? 1 : 0);
}

OnnxProgram generateOnnx(uint64_t seed, OnnxPlant plant) {
  gen::Rng rng(seed * 8 + uint64_t(plant) + 0x4f4e4e58);
  OnnxProgram p;
  p.seed = seed;
  p.plant = plant;
  GraphBuilder b;
  b.g.opset = rng.pick(std::vector<int>{17, 18, 21});
  int64_t h = rng.in(2, 4), nh = rng.in(1, 2), hd = rng.in(1, 2);
  int64_t d = nh * hd;
  int how = int(rng.below(5));
  int x = b.arg({kDyn, kDyn, h}, "0:batch,1:seq");
  if (plant == OnnxPlant::Broadcast) {
    // Position embeddings fed as a second input: a correct export would
    // give them the input's batch and sequence (or 1).
    int pos = b.arg({kDyn, kDyn, h}, "0:pos_batch,1:pos_len");
    x = b.node("Add", {x, pos}, {kDyn, kDyn, h});
    p.plantedNode = int(b.last());
    p.plantedWhat = "Add of x [B, S, " + std::to_string(h) +
                    "] and an input [?, ?, " + std::to_string(h) + "]";
  }
  int w = plant == OnnxPlant::MatMul ? b.arg({kDyn, d}, "0:in_features")
                                     : b.weight({h, d}, splat(rng));
  int q = b.node("MatMul", {x, w}, {kDyn, kDyn, d});
  if (plant == OnnxPlant::MatMul) {
    p.plantedNode = int(b.last());
    p.plantedWhat = "MatMul of x [B, S, " + std::to_string(h) +
                    "] with an input weight [?, " + std::to_string(d) + "]";
  }
  int bias = b.weight({d}, splat(rng));
  q = b.node("Add", {q, bias}, {kDyn, kDyn, d});
  auto [bs, sq] = batchAndSeq(b, q, how);
  // Split the heads: to Concat([B], [S], [nh, hd]), or with 0s copying B
  // and S (onnx.Reshape-14).
  int split;
  if (rng.chance(30)) {
    split = b.ints({0, 0, nh, hd});
  } else {
    int heads = b.ints({nh, hd});
    split = b.node("Concat", {bs, sq, heads}, {4}, {attr("axis", 0)}, true);
  }
  int r = b.node("Reshape", {q, split}, {kDyn, kDyn, nh, hd});
  int qT = b.node("Transpose", {r}, {kDyn, nh, kDyn, hd},
                  {list("perm", {0, 2, 1, 3})});
  int kT = b.node("Transpose", {r}, {kDyn, nh, hd, kDyn},
                  {list("perm", {0, 2, 3, 1})});
  int scores = b.node("MatMul", {qT, kT}, {kDyn, nh, kDyn, kDyn});
  int mask;
  if (rng.chance(40)) { // keepdims, then Squeeze the kept axis
    mask = b.reduceLast("ReduceMean", x, {kDyn, kDyn, 1}, 1);
    int axes = b.ints({-1});
    mask = b.node("Squeeze", {mask, axes}, {kDyn, kDyn});
  } else {
    mask = b.reduceLast("ReduceMean", x, {kDyn, kDyn}, 0);
  }
  int unsq = b.unsqueeze(mask, {1, 2}, {kDyn, 1, 1, kDyn});
  scores = b.node("Add", {scores, unsq}, {kDyn, nh, kDyn, kDyn});
  int64_t axis = rng.chance(50) ? -1 : 3;
  int probs =
      b.node("Softmax", {scores}, {kDyn, nh, kDyn, kDyn}, {attr("axis", axis)});
  int ctx = b.node("MatMul", {probs, qT}, {kDyn, nh, kDyn, hd});
  ctx = b.node("Transpose", {ctx}, {kDyn, kDyn, nh, hd},
               {list("perm", {0, 2, 1, 3})});
  int merged;
  std::vector<int64_t> outDims{kDyn, kDyn, d};
  if (plant == OnnxPlant::Reshape) {
    // [-1, 2D] needs B*S even; [0, -1, 2D] (B copied) needs S even, and
    // B > 0: with B = 0 the other sizes multiply to 0 and -1 is not
    // determined (numpy.reshape, ONNX's reference, fails).
    bool copy = rng.chance(50);
    int target = copy ? b.ints({0, -1, 2 * d}) : b.ints({-1, 2 * d});
    outDims = copy ? std::vector<int64_t>{kDyn, kDyn, 2 * d}
                   : std::vector<int64_t>{kDyn, 2 * d};
    merged = b.node("Reshape", {ctx, target}, outDims);
    p.plantedNode = int(b.last());
    p.plantedWhat = "Reshape of [B, S, " + std::to_string(nh) + ", " +
                    std::to_string(hd) + "] to [" + (copy ? "0, " : "") +
                    "-1, " + std::to_string(2 * d) + "]";
  } else {
    int last = b.ints({d});
    int target = b.node("Concat", {bs, sq, last}, {3}, {attr("axis", 0)}, true);
    if (rng.chance(30)) // to int64 (7), as exporters cast shape arithmetic
      target = b.node("Cast", {target}, {3}, {attr("to", 7)}, true);
    merged = b.node("Reshape", {ctx, target}, outDims);
  }
  if (rng.chance(50)) {
    // An output projection by Gemm on the flattened tokens (Flatten before
    // the last dim), reshaped back when it was [B, S, D].
    int64_t e = rng.in(2, 4), in = outDims.back();
    bool transB = rng.chance(50);
    bool flatten = outDims.size() == 3;
    int flat = merged;
    if (flatten)
      flat = b.node("Flatten", {merged}, {kDyn, in},
                    {attr("axis", rng.chance(50) ? 2 : -1)});
    int wo = b.weight(transB ? std::vector<int64_t>{e, in}
                             : std::vector<int64_t>{in, e},
                      splat(rng));
    int bo = b.weight({e}, splat(rng));
    std::vector<OnnxAttr> attrs;
    if (transB)
      attrs.push_back(attr("transB", 1));
    merged = b.node("Gemm", {flat, wo, bo}, {kDyn, e}, attrs);
    outDims = {kDyn, e};
    // Back to [B, S, E] (the planted Reshape's rows are not [B, S]).
    if (flatten && plant != OnnxPlant::Reshape) {
      int last = b.ints({e});
      int target =
          b.node("Concat", {bs, sq, last}, {3}, {attr("axis", 0)}, true);
      outDims = {kDyn, kDyn, e};
      // allowzero: a runtime 0 in [B, S, E] (S = 0) must stay 0, not copy
      // the input's dim 1, E (onnx.Reshape-14); the other Reshapes to
      // Concat([B], [S], ..) copy the very dim a 0 stands for.
      merged =
          b.node("Reshape", {merged, target}, outDims, {attr("allowzero", 1)});
    }
  }
  std::vector<int64_t> meanDims = outDims;
  meanDims.back() = 1;
  int mean = b.reduceLast("ReduceMean", merged, meanDims, 1);
  int shape;
  if (plant == OnnxPlant::Expand) {
    int last = b.ints({outDims.back()});
    shape = b.node("Concat", {sq, bs, last}, {3}, {attr("axis", 0)}, true);
  } else {
    shape = b.node("Shape", {merged}, {int64_t(outDims.size())}, {}, true);
  }
  int spread = b.node("Expand", {mean, shape}, outDims);
  if (plant == OnnxPlant::Expand) {
    p.plantedNode = int(b.last());
    p.plantedWhat = "Expand of [B, S, 1] to the computed shape [S, B, " +
                    std::to_string(outDims.back()) + "]";
  }
  b.g.output = b.node("Sub", {merged, spread}, outDims);
  p.graph = std::move(b.g);
  p.unranked = rng.chance(40);
  p.torch = writeTorch(p.graph, p.function);
  OnnxForms forms =
      rng.chance(50) ? OnnxForms::Custom : OnnxForms::GenericReturn;
  p.dialect = writeDialect(p.graph, p.function, p.unranked, forms);
  p.dialectTwin =
      writeDialect(p.graph, p.function, p.unranked, OnnxForms::Generic);
  return p;
}

} // namespace symshape::models
