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
// where mask = ReduceMean(x, [-1], keepdims 0) [B, S]. Planted, exactly one
// of: x is first added to a second input [?, ?, H] (position embeddings;
// the Add need not broadcast, and when it does everything after follows
// its result); W is an
// input [?, D] (the MatMul's inner sizes may differ); the second Reshape
// goes to [-1, 2*D] (B*S must be even); the Expand's shape is Concat([S],
// [B], [D]) (B and S must broadcast). The opset (17: reduction axes as an
// attribute; 18, 21: as an input) and how [B] and [S] are read vary by seed.
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

/// [B] and [S] of `x` (rank >= 2) read as the exporter may: Gather of
/// Shape, Slice of Shape, or Shape with start / end (opset 15+).
std::pair<int, int> batchAndSeq(GraphBuilder &b, int x, int how) {
  if (how == 2) {
    int bs =
        b.node("Shape", {x}, {1}, {attr("end", 1), attr("start", 0)}, true);
    int sq =
        b.node("Shape", {x}, {1}, {attr("end", 2), attr("start", 1)}, true);
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
  int how = int(rng.below(3));
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
  int heads = b.ints({nh, hd});
  int split = b.node("Concat", {bs, sq, heads}, {4}, {attr("axis", 0)}, true);
  int r = b.node("Reshape", {q, split}, {kDyn, kDyn, nh, hd});
  int qT = b.node("Transpose", {r}, {kDyn, nh, kDyn, hd},
                  {list("perm", {0, 2, 1, 3})});
  int kT = b.node("Transpose", {r}, {kDyn, nh, hd, kDyn},
                  {list("perm", {0, 2, 3, 1})});
  int scores = b.node("MatMul", {qT, kT}, {kDyn, nh, kDyn, kDyn});
  int mask = b.reduceLast("ReduceMean", x, {kDyn, kDyn}, 0);
  int unsq;
  if (b.g.opset < 13) {
    unsq =
        b.node("Unsqueeze", {mask}, {kDyn, 1, 1, kDyn}, {list("axes", {1, 2})});
  } else {
    int axes = b.ints({1, 2});
    unsq = b.node("Unsqueeze", {mask, axes}, {kDyn, 1, 1, kDyn});
  }
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
    int target = b.ints({-1, 2 * d});
    outDims = {kDyn, 2 * d};
    merged = b.node("Reshape", {ctx, target}, outDims);
    p.plantedNode = int(b.last());
    p.plantedWhat = "Reshape of [B, S, " + std::to_string(nh) + ", " +
                    std::to_string(hd) + "] to [-1, " + std::to_string(2 * d) +
                    "]";
  } else {
    int last = b.ints({d});
    int target = b.node("Concat", {bs, sq, last}, {3}, {attr("axis", 0)}, true);
    merged = b.node("Reshape", {ctx, target}, outDims);
  }
  std::vector<int64_t> meanDims = outDims;
  meanDims.back() = 1;
  int mean = b.reduceLast("ReduceMean", merged, meanDims, 1);
  int shape;
  if (plant == OnnxPlant::Expand) {
    int last = b.ints({d});
    shape = b.node("Concat", {sq, bs, last}, {3}, {attr("axis", 0)}, true);
  } else {
    shape = b.node("Shape", {merged}, {int64_t(outDims.size())}, {}, true);
  }
  int spread = b.node("Expand", {mean, shape}, outDims);
  if (plant == OnnxPlant::Expand) {
    p.plantedNode = int(b.last());
    p.plantedWhat = "Expand of [B, S, 1] to the computed shape [S, B, " +
                    std::to_string(d) + "]";
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
