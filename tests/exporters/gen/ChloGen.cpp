//===- ChloGen.cpp - chlo-legalize-to-stablehlo output
//------------------------===//
//
// What `stablehlo-opt --chlo-legalize-to-stablehlo --cse --canonicalize`
// prints for implicitly broadcasting chlo ops on dynamic shapes (the
// lowering mlir-hlo's chlo-legalize-to-mhlo shares):
//
//   %0 = shape.shape_of %arg0 : tensor<?xf32> -> tensor<1xindex>
//   %1 = shape.shape_of %arg1 : tensor<?x?xf32> -> tensor<2xindex>
//   %2 = shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<2xindex>
//   %3 = shape.assuming %2 -> (tensor<?x?xf32>) {
//     %4 = shape.broadcast %0, %1 : tensor<1xindex>, tensor<2xindex> ->
//     tensor<2xindex> %5 = stablehlo.dynamic_broadcast_in_dim %arg0, %4, dims =
//     [1] : ... %6 = stablehlo.dynamic_broadcast_in_dim %arg1, %4, dims = [0,
//     1] : ... %7 = stablehlo.add %5, %6 : tensor<?x?xf32> shape.assuming_yield
//     %7 : tensor<?x?xf32>
//   }
//
// A chain of such ops checks each pair again; a pair that an earlier
// check already implies (the result of `a + b` with `b`) is a redundant
// check. A fused cluster joins its constraints with shape.assuming_all; a
// same-shape op is guarded by shape.cstr_eq; a ternary select uses the
// three-operand forms. Static operands' shapes fold to shape.const_shape.
//
//===----------------------------------------------------------------------===//

#include "gen/Generators.h"
#include "gen/Hlo.h"

#include <map>

namespace symshape::exporters::gen {

namespace {

struct Tensor {
  V v;
  std::vector<int64_t> dims; ///< -1: dynamic
  std::string elem = "f32";
};

class ChloGen {
public:
  ChloGen(Rng &rng, Variant variant, ExportProgram &p)
      : rng(rng), variant(variant), p(p) {}
  void run();

private:
  Rng &rng;
  Variant variant;
  ExportProgram &p;
  Module m;
  Fn *f = nullptr;
  std::map<int, V> shapes; ///< value id -> its shape_of (CSE)
  V planted;

  V shapeOf(const Tensor &t);
  V witness(const std::string &op, const std::vector<V> &shapes);
  V assumingAll(const std::vector<V> &ws);
  V broadcastShape(const std::vector<V> &shapes, size_t rank);
  Tensor bcastTo(Hlo &h, const Tensor &x, const V &shape,
                 const std::vector<int64_t> &dims);
  static std::vector<int64_t> resultDims(const std::vector<Tensor> &xs);
  /// chlo.broadcast_<op> of `xs` lowered: its constraints (or `w` when
  /// given), the assuming region, the broadcasts and the op. `extra`:
  /// also broadcast this tensor inside the region (the planted op).
  Tensor broadcastOp(Hlo &h, const std::string &op,
                     const std::vector<Tensor> &xs, std::optional<V> w = {},
                     const Tensor *extra = nullptr);
};

V ChloGen::shapeOf(const Tensor &t) {
  auto it = shapes.find(t.v.id);
  if (it != shapes.end())
    return it->second;
  std::string type = "tensor<" + std::to_string(t.dims.size()) + "xindex>";
  V r = f->value("", type);
  OpText o;
  bool allStatic = true;
  for (int64_t d : t.dims)
    allStatic = allStatic && d >= 0;
  if (allStatic) { // canonicalization folds it
    o.pretty = ref(r) + " = shape.const_shape [" + join(t.dims) + "] : " + type;
    o.generic = ref(r) + " = \"shape.const_shape\"() <{shape = dense<" +
                (t.dims.size() == 1 ? std::to_string(t.dims[0])
                                    : "[" + join(t.dims) + "]") +
                "> : tensor<" + std::to_string(t.dims.size()) +
                "xindex>}> : () -> " + type;
  } else {
    o.pretty = ref(r) + " = shape.shape_of " + ref(t.v) + " : " + t.v.type +
               " -> " + type;
    o.generic = generic({r}, "shape.shape_of", {t.v});
  }
  f->op(o, {r});
  return shapes[t.v.id] = r;
}

V ChloGen::witness(const std::string &op, const std::vector<V> &ss) {
  V w = f->value("", "!shape.witness");
  std::string names, types;
  for (size_t i = 0; i < ss.size(); ++i) {
    names += (i ? ", " : "") + ref(ss[i]);
    types += (i ? ", " : "") + ss[i].type;
  }
  OpText o;
  o.pretty = ref(w) + " = shape." + op + " " + names + " : " + types;
  o.generic = generic({w}, "shape." + op, ss);
  f->op(o, {w});
  return w;
}

V ChloGen::assumingAll(const std::vector<V> &ws) {
  V w = f->value("", "!shape.witness");
  std::string names;
  for (size_t i = 0; i < ws.size(); ++i)
    names += (i ? ", " : "") + ref(ws[i]);
  OpText o;
  o.pretty = ref(w) + " = shape.assuming_all " + names;
  o.generic = generic({w}, "shape.assuming_all", ws);
  f->op(o, {w});
  return w;
}

V ChloGen::broadcastShape(const std::vector<V> &ss, size_t rank) {
  std::string type = "tensor<" + std::to_string(rank) + "xindex>";
  V r = f->value("", type);
  std::string names, types;
  for (size_t i = 0; i < ss.size(); ++i) {
    names += (i ? ", " : "") + ref(ss[i]);
    types += (i ? ", " : "") + ss[i].type;
  }
  OpText o;
  o.pretty =
      ref(r) + " = shape.broadcast " + names + " : " + types + " -> " + type;
  o.generic = generic({r}, "shape.broadcast", ss);
  f->op(o, {r});
  return r;
}

std::vector<int64_t> ChloGen::resultDims(const std::vector<Tensor> &xs) {
  size_t rank = 0;
  for (const Tensor &x : xs)
    rank = std::max(rank, x.dims.size());
  std::vector<int64_t> out(rank, 1);
  std::vector<bool> dyn(rank, false);
  for (const Tensor &x : xs)
    for (size_t k = 0; k < x.dims.size(); ++k) {
      size_t at = rank - x.dims.size() + k;
      if (x.dims[k] < 0)
        dyn[at] = true;
      else if (x.dims[k] != 1)
        out[at] = x.dims[k];
    }
  for (size_t k = 0; k < rank; ++k)
    if (dyn[k] && out[k] == 1)
      out[k] = -1;
  return out;
}

Tensor ChloGen::bcastTo(Hlo &h, const Tensor &x, const V &shape,
                        const std::vector<int64_t> &dims) {
  std::vector<int64_t> map;
  for (size_t k = 0; k < x.dims.size(); ++k)
    map.push_back(int64_t(dims.size() - x.dims.size() + k));
  std::string type = tensorType(dims, x.elem);
  return {h.dynamicBroadcastInDim(x.v, shape, map, type), dims, x.elem};
}

Tensor ChloGen::broadcastOp(Hlo &h, const std::string &op,
                            const std::vector<Tensor> &xs, std::optional<V> w,
                            const Tensor *extra) {
  std::vector<V> ss;
  for (const Tensor &x : xs)
    ss.push_back(shapeOf(x));
  if (!w)
    w = witness("cstr_broadcastable", ss);
  bool select = op == "select";
  std::vector<int64_t> dims =
      resultDims(select ? std::vector<Tensor>{xs[1], xs[2]} : xs);
  if (select) {
    std::vector<int64_t> all = resultDims(xs);
    dims = all;
  }
  Tensor out{f->value("", tensorType(dims, "f32")), dims};
  OpText o;
  o.pretty = ref(out.v) + " = shape.assuming " + ref(*w) + " -> (" +
             out.v.type + ") {";
  o.prettyEnd = "}";
  o.generic = ref(out.v) + " = \"shape.assuming\"(" + ref(*w) + ") ({";
  o.genericEnd = "}) : (!shape.witness) -> " + out.v.type;
  f->open(o, {out.v});
  V s = broadcastShape(ss, dims.size());
  std::vector<Tensor> bs;
  for (const Tensor &x : xs)
    bs.push_back(bcastTo(h, x, s, dims));
  if (extra) {
    Tensor e = bcastTo(h, *extra, s, dims);
    planted = e.v;
  }
  V r;
  if (select) {
    r = h.select(bs[0].v, bs[1].v, bs[2].v);
  } else {
    r = h.binary(op, bs[0].v, bs[1].v);
  }
  OpText y;
  y.pretty = "shape.assuming_yield " + ref(r) + " : " + r.type;
  y.generic =
      "\"shape.assuming_yield\"(" + ref(r) + ") : (" + r.type + ") -> ()";
  f->op(y, {});
  f->close();
  return out;
}

void ChloGen::run() {
  f = &m.function(
      rng.pick(std::vector<std::string>{"main", "predict", "broadcast_add"}));
  Hlo h(*f, rng);
  static const std::vector<std::string> layouts = {"vec-mat", "mat-mat", "bias",
                                                   "select"};
  std::string layout = rng.pick(layouts);
  p.features.push_back("chlo " + layout);
  auto arg = [&](std::vector<int64_t> dims, const std::string &elem = "f32") {
    return Tensor{f->arg(tensorType(dims, elem)), dims, elem};
  };
  std::vector<Tensor> in;
  Tensor out;
  if (layout == "vec-mat") {
    // (a + b) and a chain on its result; (r - b) is implied by the first
    // check.
    in = {arg({-1, -1}), arg({-1})};
    Tensor r = broadcastOp(h, "add", {in[0], in[1]});
    if (rng.chance(50)) {
      out = broadcastOp(h, "subtract", {r, in[1]});
      p.features.push_back("redundant cstr_broadcastable");
    } else {
      out = broadcastOp(h, "multiply", {r, in[0]});
      p.features.push_back("redundant cstr_broadcastable");
    }
  } else if (layout == "mat-mat") {
    in = {arg({-1, -1}), arg({-1, -1})};
    if (rng.chance(50)) {
      // A same-shape op: cstr_eq.
      V sa = shapeOf(in[0]), sb = shapeOf(in[1]);
      V w = witness("cstr_eq", {sa, sb});
      Tensor o{f->value("", in[0].v.type), in[0].dims};
      OpText t;
      t.pretty =
          ref(o.v) + " = shape.assuming " + ref(w) + " -> (" + o.v.type + ") {";
      t.prettyEnd = "}";
      t.generic = ref(o.v) + " = \"shape.assuming\"(" + ref(w) + ") ({";
      t.genericEnd = "}) : (!shape.witness) -> " + o.v.type;
      f->open(t, {o.v});
      V r = h.binary("add", in[0].v, in[1].v);
      OpText y;
      y.pretty = "shape.assuming_yield " + ref(r) + " : " + r.type;
      y.generic =
          "\"shape.assuming_yield\"(" + ref(r) + ") : (" + r.type + ") -> ()";
      f->op(y, {});
      f->close();
      out = o;
      p.features.push_back("cstr_eq");
    } else {
      out = broadcastOp(h, "maximum", {in[0], in[1]});
    }
  } else if (layout == "bias") {
    // A fused cluster (x + bias) * scale: both constraints joined.
    int64_t n = rng.pick(std::vector<int64_t>{2, 4});
    in = {arg({-1, -1}), arg({n}), arg({-1})};
    std::vector<V> ss{shapeOf(in[0]), shapeOf(in[1]), shapeOf(in[2])};
    V w1 = witness("cstr_broadcastable", {ss[0], ss[1]});
    V w2 = witness("cstr_broadcastable", {ss[0], ss[2]});
    V w = assumingAll({w1, w2});
    p.features.push_back("assuming_all");
    Tensor r = broadcastOp(h, "add", {in[0], in[1]}, w);
    out = broadcastOp(h, "multiply", {r, in[2]});
  } else { // select
    in = {arg({-1}, "i1"), arg({-1, -1}), arg({-1})};
    out = broadcastOp(h, "select", {in[0], in[1], in[2]});
    p.features.push_back("ternary cstr_broadcastable");
  }
  std::vector<V> rets{out.v};
  f->result(out.v.type);
  if (variant == Variant::Planted) {
    static const std::vector<std::string> kinds = {"add", "bcast", "inregion"};
    std::string kind = rng.pick(kinds);
    if (layout == "select" || layout == "bias")
      kind = "inregion"; // one more size, not two
    if (kind == "add") {
      // A same-shape add of two values no check relates.
      std::vector<int64_t> dims = out.dims;
      Tensor z = arg(dims);
      planted = h.binary("add", out.v, z.v);
      p.plantedWhat = "stablehlo.add of two unrelated dynamic tensors";
      rets.push_back(planted);
      f->result(planted.type);
    } else if (kind == "bcast") {
      // Broadcast to another value's shape without cstr_broadcastable.
      Tensor z = arg(std::vector<int64_t>(out.dims.size(), -1));
      V s = shapeOf(out);
      Tensor b = bcastTo(h, z, s, out.dims);
      planted = b.v;
      p.plantedWhat = "dynamic_broadcast_in_dim to a shape no check ties";
      rets.push_back(planted);
      f->result(planted.type);
    } else {
      // Inside a region whose constraint covers its operands, a third
      // tensor broadcast to their shape as well.
      Tensor z = arg({-1});
      Tensor r = broadcastOp(h, "add", {out, in.back()}, {}, &z);
      p.plantedWhat = "dynamic_broadcast_in_dim inside shape.assuming of a "
                      "tensor its constraint does not cover";
      rets.push_back(r.v);
      f->result(r.v.type);
    }
  }
  f->ret(rets);
  f->assignNames();
  p.entry = f->name;
  if (planted.id >= 0)
    p.planted = OpRef{f->name, f->nameOf(planted), ""};
  p.text = m.render(Render::Text);
  p.twin = m.render(Render::Twin);
  p.mlirOptText = m.render(Render::MlirOpt);
}

} // namespace

ExportProgram generateChlo(uint64_t seed, Variant variant) {
  ExportProgram p;
  p.family = ExportFamily::Chlo;
  p.variant = variant == Variant::Doomed ? Variant::Clean : variant;
  p.seed = seed;
  Rng rng(seed * 3 + 3);
  ChloGen(rng, p.variant, p).run();
  return p;
}

} // namespace symshape::exporters::gen
