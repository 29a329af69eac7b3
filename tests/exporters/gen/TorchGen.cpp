//===- TorchGen.cpp - torch-mlir's linalg-on-tensors output
//-------------------===//
//
// What torch-mlir's TorchToLinalg conversion leaves after canonicalize and
// CSE, as mlir-opt prints it: constants hoisted to the top (%c0, %cst,
// %c0_i64, %false), sizes read with tensor.dim (%dim, %dim_0), every
// dynamic size that an op needs equal to another checked first:
//
//   %0 = arith.cmpi eq, %dim, %dim_0 : index
//   cf.assert %0, "mismatched size for broadcast"
//   %1 = tensor.empty(%dim) : tensor<?x16xf32>
//   %2 = linalg.generic {indexing_maps = [#map, #map, #map], ...}
//
// torch.aten.mm checks its contracting sizes ("mismatching contracting
// dimension for torch.aten.mm"); bmm casts the sizes to i64 first
// (checkDimEqualHelper: "mismatching contracting dimension"). A check that
// CSE made identical to an earlier one asserts the same i1 again (a
// redundant check); without canonicalization a size compared with itself
// stays as a (redundant) check too. A doomed program carries the
// `cf.assert %false` that canonicalization leaves when the sizes are
// statically different.
//
//===----------------------------------------------------------------------===//

#include "gen/Generators.h"
#include "gen/Writer.h"

#include <map>

namespace symshape::exporters::gen {

namespace {

/// A size: static, or held by an index value (a tensor.dim result).
struct Size {
  int64_t n = -1; ///< static size; -1: dynamic
  V idx;          ///< dynamic: the index value holding it
  bool dynamic() const { return n < 0; }
};

struct Tensor {
  V v;
  std::vector<Size> dims;
};

std::string typeOf(const std::vector<Size> &dims, const std::string &elem) {
  std::vector<int64_t> d;
  for (const Size &s : dims)
    d.push_back(s.n);
  return tensorType(d, elem);
}

std::string mapText(size_t loops, const std::vector<std::string> &results) {
  std::string in, out;
  for (size_t l = 0; l < loops; ++l)
    in += (l ? ", d" : "d") + std::to_string(l);
  for (size_t i = 0; i < results.size(); ++i)
    out += (i ? ", " : "") + results[i];
  return "affine_map<(" + in + ") -> (" + out + ")>";
}

class TorchGen {
public:
  TorchGen(Rng &rng, Variant variant, ExportProgram &p)
      : rng(rng), variant(variant), p(p) {}
  void run();

private:
  Rng &rng;
  Variant variant;
  ExportProgram &p;
  Module m;
  Fn *f = nullptr;
  bool canonical = true; ///< constants hoisted, self-compares folded
  std::map<std::string, V> constants;
  std::map<std::string, std::string> aliasOf;
  std::map<std::pair<int, int>, V> cmpCache; ///< CSE of arith.cmpi
  std::map<std::pair<int, int>, V> dimCache; ///< (tensor, dim) -> %dim
  std::string resourceBlobs;
  V planted;
  int plantedAssert = -1;

  V constant(const std::string &hint, const std::string &literal,
             const std::string &type, const std::string &genericValue);
  V index(int64_t k) {
    return constant("c" + std::to_string(k), std::to_string(k) + " : index",
                    "index", std::to_string(k) + " : index");
  }
  V zero() {
    return constant("cst", "0.000000e+00 : f32", "f32", "0.000000e+00 : f32");
  }
  V weight(const std::vector<int64_t> &dims);
  Size dimOf(const Tensor &t, size_t d);
  void assertEq(const Size &a, const Size &b, const std::string &msg,
                bool viaI64);
  V empty(const std::vector<Size> &dims);
  V fill(const V &init);
  std::string alias(const std::string &map);
  Tensor linalgGeneric(const std::vector<std::string> &maps,
                       const std::vector<std::string> &iterators,
                       const std::vector<Tensor> &ins, const Tensor &out,
                       const std::string &bodyOp, bool withOut = false);
  Tensor named(const std::string &name, const std::vector<Tensor> &ins,
               const Tensor &out);
  Tensor expand(const Tensor &x, const std::string &groups,
                const std::vector<Size> &outDims);
  Tensor collapse(const Tensor &x, const std::string &groups,
                  const std::vector<Size> &outDims);
  /// Elementwise `op` of two tensors of one rank, torch-mlir's way: each
  /// dynamic size of `b` checked equal to `a`'s unless `unchecked`.
  Tensor elementwise(const std::string &op, const Tensor &a, const Tensor &b,
                     bool unchecked = false);
};

V TorchGen::constant(const std::string &hint, const std::string &literal,
                     const std::string &type, const std::string &genericValue) {
  auto it = constants.find(literal);
  if (it != constants.end())
    return it->second;
  V r = f->value(hint, type);
  OpText t;
  t.pretty = ref(r) + " = arith.constant " + literal;
  t.generic = ref(r) + " = \"arith.constant\"() <{value = " + genericValue +
              "}> : () -> " + type;
  if (canonical)
    f->hoist(t, {r});
  else
    f->op(t, {r});
  return constants[literal] = r;
}

V TorchGen::weight(const std::vector<int64_t> &dims) {
  std::string type = tensorType(dims, "f32");
  if (rng.chance(50)) {
    // The fx importer keeps parameters as resources.
    std::string key = "torch_tensor_" + join(dims) + "_torch.float32";
    for (char &c : key)
      if (c == ',' || c == ' ')
        c = '_';
    while (key.find("__") != std::string::npos)
      key.replace(key.find("__"), 2, "_");
    int64_t bytes = 4;
    for (int64_t d : dims)
      bytes *= d;
    std::string blob = "0x04000000";
    for (int64_t i = 0; i < bytes; ++i)
      blob += (i % 4 == 3) ? "3F" : "00";
    if (resourceBlobs.find(key) == std::string::npos)
      resourceBlobs += (resourceBlobs.empty() ? "" : ",\n") +
                       std::string("      ") + key + ": \"" + blob + "\"";
    return constant("cst", "dense_resource<" + key + "> : " + type, type,
                    "dense<5.000000e-01> : " + type);
  }
  return constant("cst", "dense<5.000000e-01> : " + type, type,
                  "dense<5.000000e-01> : " + type);
}

Size TorchGen::dimOf(const Tensor &t, size_t d) {
  const Size &s = t.dims[d];
  if (!s.dynamic() || s.idx.id >= 0)
    return s;
  auto key = std::make_pair(t.v.id, int(d));
  auto it = dimCache.find(key);
  if (it != dimCache.end())
    return {-1, it->second};
  V c = index(int64_t(d));
  V r = f->value("dim", "index");
  OpText o;
  o.pretty =
      ref(r) + " = tensor.dim " + ref(t.v) + ", " + ref(c) + " : " + t.v.type;
  o.generic = generic({r}, "tensor.dim", {t.v, c});
  f->op(o, {r});
  dimCache[key] = r;
  return {-1, r};
}

void TorchGen::assertEq(const Size &a, const Size &b, const std::string &msg,
                        bool viaI64) {
  if (!a.dynamic() && !b.dynamic())
    return; // static: folded away
  if (a.idx.id == b.idx.id && canonical)
    return; // %dim == %dim folds to true, and the assert goes away
  V x = a.idx, y = b.idx;
  auto key = std::make_pair(x.id, y.id);
  V pred;
  auto it = cmpCache.find(key);
  if (it != cmpCache.end() && !viaI64) {
    pred = it->second; // CSE: the same comparison, asserted again
    p.features.push_back("redundant assert (CSE)");
  } else {
    if (viaI64) {
      auto cast = [&](const V &v) {
        V r = f->value("", "i64");
        OpText o;
        o.pretty = ref(r) + " = arith.index_cast " + ref(v) + " : index to i64";
        o.generic = generic({r}, "arith.index_cast", {v});
        f->op(o, {r});
        return r;
      };
      x = cast(x);
      y = cast(y);
    }
    pred = f->value("", "i1");
    OpText o;
    o.pretty = ref(pred) + " = arith.cmpi eq, " + ref(x) + ", " + ref(y) +
               " : " + x.type;
    o.generic = generic({pred}, "arith.cmpi", {x, y}, "predicate = 0 : i64");
    f->op(o, {pred});
    if (!viaI64)
      cmpCache[key] = pred;
    if (a.idx.id == b.idx.id)
      p.features.push_back("redundant assert (self-compare)");
  }
  OpText o;
  o.pretty = "cf.assert " + ref(pred) + ", \"" + msg + "\"";
  o.generic =
      "\"cf.assert\"(" + ref(pred) + ") <{msg = \"" + msg + "\"}> : (i1) -> ()";
  f->op(o, {});
}

V TorchGen::empty(const std::vector<Size> &dims) {
  std::vector<V> dyn;
  for (const Size &s : dims)
    if (s.dynamic())
      dyn.push_back(s.idx);
  V r = f->value("", typeOf(dims, "f32"));
  std::string names;
  for (size_t i = 0; i < dyn.size(); ++i)
    names += (i ? ", " : "") + ref(dyn[i]);
  OpText o;
  o.pretty = ref(r) + " = tensor.empty(" + names + ") : " + r.type;
  o.generic = generic({r}, "tensor.empty", dyn);
  f->op(o, {r});
  return r;
}

V TorchGen::fill(const V &init) {
  V z = zero();
  V r = f->value("", init.type);
  OpText o;
  o.pretty = ref(r) + " = linalg.fill ins(" + ref(z) + " : f32) outs(" +
             ref(init) + " : " + init.type + ") -> " + r.type;
  o.generic = generic({r}, "linalg.fill", {z, init},
                      "operandSegmentSizes = array<i32: 1, 1>");
  f->op(o, {r});
  return r;
}

std::string TorchGen::alias(const std::string &map) {
  auto it = aliasOf.find(map);
  if (it != aliasOf.end())
    return it->second;
  std::string name =
      aliasOf.empty() ? "#map" : "#map" + std::to_string(aliasOf.size());
  m.aliases.push_back(name + " = " + map);
  return aliasOf[map] = name;
}

Tensor TorchGen::linalgGeneric(const std::vector<std::string> &maps,
                               const std::vector<std::string> &iterators,
                               const std::vector<Tensor> &ins,
                               const Tensor &out, const std::string &bodyOp,
                               bool withOut) {
  V r = f->value("", out.v.type);
  std::string names, types, aliases, inlined, its, itsGeneric;
  std::vector<V> operands;
  for (size_t i = 0; i < ins.size(); ++i) {
    names += (i ? ", " : "") + ref(ins[i].v);
    types += (i ? ", " : "") + ins[i].v.type;
    operands.push_back(ins[i].v);
  }
  operands.push_back(out.v);
  for (size_t i = 0; i < maps.size(); ++i) {
    aliases += (i ? ", " : "") + alias(maps[i]);
    inlined += (i ? ", " : "") + maps[i];
  }
  for (size_t i = 0; i < iterators.size(); ++i) {
    its += (i ? ", \"" : "\"") + iterators[i] + "\"";
    itsGeneric += (i ? ", " : "") + std::string("#linalg.iterator_type<") +
                  iterators[i] + ">";
  }
  OpText o;
  o.pretty = ref(r) + " = linalg.generic {indexing_maps = [" + aliases +
             "], iterator_types = [" + its + "]} ins(" + names + " : " + types +
             ") outs(" + ref(out.v) + " : " + out.v.type + ") {";
  o.prettyEnd = "} -> " + r.type;
  o.generic =
      ref(r) + " = \"linalg.generic\"(" + names + ", " + ref(out.v) +
      ") <{indexing_maps = [" + inlined + "], iterator_types = [" + itsGeneric +
      "], operandSegmentSizes = array<i32: " + std::to_string(ins.size()) +
      ", 1>}> ({";
  o.genericEnd = "}) : " + fnType(operands, {r});
  std::vector<V> args;
  for (size_t i = 0; i < ins.size(); ++i)
    args.push_back(f->value("in", "f32"));
  args.push_back(f->value("out", "f32"));
  f->open(o, {r}, args);
  // The payload: one arith/math op on the ins (and the out for a
  // reduction), then linalg.yield.
  std::vector<V> xs(args.begin(), args.end() - (withOut ? 0 : 1));
  V y = f->value("", "f32");
  std::string names2, types2;
  for (size_t i = 0; i < xs.size(); ++i) {
    names2 += (i ? ", " : "") + ref(xs[i]);
    types2 += (i ? ", " : "") + std::string("f32");
  }
  OpText b;
  bool fast = bodyOp.rfind("arith.", 0) == 0;
  b.pretty = ref(y) + " = " + bodyOp + " " + names2 + " : f32";
  b.generic =
      generic({y}, bodyOp, xs, fast ? "fastmath = #arith.fastmath<none>" : "");
  f->op(b, {y});
  OpText yield;
  yield.pretty = "linalg.yield " + ref(y) + " : f32";
  yield.generic = "\"linalg.yield\"(" + ref(y) + ") : (f32) -> ()";
  f->op(yield, {});
  f->close();
  return {r, out.dims};
}

Tensor TorchGen::named(const std::string &name, const std::vector<Tensor> &ins,
                       const Tensor &out) {
  V r = f->value("", out.v.type);
  std::string names, types;
  std::vector<V> operands;
  for (size_t i = 0; i < ins.size(); ++i) {
    names += (i ? ", " : "") + ref(ins[i].v);
    types += (i ? ", " : "") + ins[i].v.type;
    operands.push_back(ins[i].v);
  }
  operands.push_back(out.v);
  OpText o;
  o.pretty = ref(r) + " = linalg." + name + " ins(" + names + " : " + types +
             ") outs(" + ref(out.v) + " : " + out.v.type + ") -> " + r.type;
  o.generic =
      generic({r}, "linalg." + name, operands,
              "operandSegmentSizes = array<i32: " + std::to_string(ins.size()) +
                  ", 1>");
  f->op(o, {r});
  return {r, out.dims};
}

Tensor TorchGen::expand(const Tensor &x, const std::string &groups,
                        const std::vector<Size> &outDims) {
  V r = f->value("expanded", typeOf(outDims, "f32"));
  std::string shape, statics;
  std::vector<V> operands{x.v};
  for (size_t i = 0; i < outDims.size(); ++i) {
    const Size &s = outDims[i];
    shape += (i ? ", " : "") + (s.dynamic() ? ref(s.idx) : std::to_string(s.n));
    statics +=
        (i ? ", " : "") + (s.dynamic() ? std::string("-9223372036854775808")
                                       : std::to_string(s.n));
    if (s.dynamic())
      operands.push_back(s.idx);
  }
  OpText o;
  o.pretty = ref(r) + " = tensor.expand_shape " + ref(x.v) + " [" + groups +
             "] output_shape [" + shape + "] : " + x.v.type + " into " + r.type;
  o.generic =
      generic({r}, "tensor.expand_shape", operands,
              "reassociation = [" + groups +
                  "], static_output_shape = array<i64: " + statics + ">");
  f->op(o, {r});
  return {r, outDims};
}

Tensor TorchGen::collapse(const Tensor &x, const std::string &groups,
                          const std::vector<Size> &outDims) {
  V r = f->value("collapsed", typeOf(outDims, "f32"));
  OpText o;
  o.pretty = ref(r) + " = tensor.collapse_shape " + ref(x.v) + " [" + groups +
             "] : " + x.v.type + " into " + r.type;
  o.generic = generic({r}, "tensor.collapse_shape", {x.v},
                      "reassociation = [" + groups + "]");
  f->op(o, {r});
  return {r, outDims};
}

Tensor TorchGen::elementwise(const std::string &op, const Tensor &a,
                             const Tensor &b, bool unchecked) {
  size_t rank = a.dims.size();
  std::vector<Size> out;
  for (size_t d = 0; d < rank; ++d) {
    Size x = dimOf(a, d), y = dimOf(b, d);
    if (!unchecked)
      assertEq(x, y, "mismatched size for broadcast", false);
    out.push_back(x.dynamic() ? x : y);
  }
  Tensor init{empty(out), out};
  std::vector<std::string> ids;
  for (size_t d = 0; d < rank; ++d)
    ids.push_back("d" + std::to_string(d));
  std::string id = mapText(rank, ids);
  return linalgGeneric({id, id, id}, std::vector<std::string>(rank, "parallel"),
                       {a, b}, init, op);
}

void TorchGen::run() {
  canonical = rng.chance(75);
  m.textHeader = rng.chance(30)
                     ? "module attributes {torch.debug_module_name = \"Net\"} {"
                     : "module {";
  f = &m.function(rng.chance(50) ? "forward" : "main");
  static const std::vector<std::string> layouts = {"mlp", "mm", "bmm",
                                                   "reshape", "chain"};
  std::string layout = rng.pick(layouts);
  p.features.push_back(std::string("torch ") + layout +
                       (canonical ? "" : " (not canonicalized)"));
  int64_t D = rng.pick(std::vector<int64_t>{4, 8, 16});
  int64_t E = rng.pick(std::vector<int64_t>{2, 4, 8});
  Size dyn{-1, V{}};
  auto arg = [&](std::vector<Size> dims) {
    return Tensor{f->arg(typeOf(dims, "f32")), dims};
  };
  auto st = [](int64_t n) { return Size{n, V{}}; };
  std::vector<Tensor> in;
  Tensor out, base; // base: a (B, D) tensor for the planted op
  // The doomed check goes before the layout's first step.
  int doomAt = variant == Variant::Doomed ? 0 : -1;
  int step = 0;
  auto doom = [&]() {
    if (step++ != doomAt)
      return;
    V no = constant("false", "false", "i1", "false");
    OpText o;
    o.pretty =
        "cf.assert " + ref(no) + ", \"mismatching contracting dimension\"";
    o.generic =
        "\"cf.assert\"(" + ref(no) +
        ") <{msg = \"mismatching contracting dimension\"}> : (i1) -> ()";
    f->op(o, {});
    p.doomed = OpRef{f->name, "", "cf.assert"};
  };
  if (layout == "mlp" || layout == "chain") {
    in = {arg({dyn, st(D)}), arg({dyn, st(D)})};
    doom();
    Tensor h = elementwise("arith.addf", in[0], in[1]);
    base = h;
    if (layout == "mlp") {
      doom();
      Size b = h.dims[0];
      Tensor w{weight({D, E}), {st(D), st(E)}};
      Tensor init{fill(empty({b, st(E)})), {b, st(E)}};
      Tensor mm = named("matmul", {h, w}, init);
      Tensor bias{weight({E}), {st(E)}};
      Tensor init2{empty({b, st(E)}), {b, st(E)}};
      std::string id = mapText(2, {"d0", "d1"}), row = mapText(2, {"d1"});
      out = linalgGeneric({id, row, id}, {"parallel", "parallel"}, {mm, bias},
                          init2, "arith.addf");
    } else {
      doom();
      Tensor h2 = elementwise("arith.mulf", h, in[1]);  // CSE: same check
      Tensor h3 = elementwise("arith.subf", h2, in[0]); // %dim vs %dim
      out = h3;
    }
  } else if (layout == "mm") {
    in = {arg({dyn, dyn}), arg({dyn, st(E)})};
    Size k0 = dimOf(in[0], 1), k1 = dimOf(in[1], 0);
    Size b = dimOf(in[0], 0);
    doom();
    assertEq(k0, k1, "mismatching contracting dimension for torch.aten.mm",
             false);
    Tensor init{fill(empty({b, st(E)})), {b, st(E)}};
    out = named("matmul", {in[0], in[1]}, init);
    // A (B, D) tensor for a planted op: the product widened to D columns.
    base = out;
  } else if (layout == "bmm") {
    in = {arg({dyn, dyn, st(D)}), arg({dyn, st(D), st(E)})};
    Size b0 = dimOf(in[0], 0), b1 = dimOf(in[1], 0), mdim = dimOf(in[0], 1);
    doom();
    assertEq(b0, b1, "mismatching contracting dimension", true);
    Tensor init{fill(empty({b0, mdim, st(E)})), {b0, mdim, st(E)}};
    Tensor bmm = named("batch_matmul", {in[0], in[1]}, init);
    // Sum over the rows: (B, M, E) -> (B, E).
    Tensor acc{fill(empty({b0, st(E)})), {b0, st(E)}};
    std::string id3 = mapText(3, {"d0", "d1", "d2"}),
                red = mapText(3, {"d0", "d2"});
    out = linalgGeneric({id3, red}, {"parallel", "reduction", "parallel"},
                        {bmm}, acc, "arith.addf", true);
    base = out;
  } else { // reshape
    in = {arg({dyn, st(D)}), arg({dyn, st(D / 2)})};
    Size b = dimOf(in[0], 0);
    doom();
    Tensor e = expand(in[0], "[0], [1, 2]", {b, st(2), st(D / 2)});
    Tensor acc{fill(empty({b, st(D / 2)})), {b, st(D / 2)}};
    std::string id3 = mapText(3, {"d0", "d1", "d2"}),
                red = mapText(3, {"d0", "d2"});
    Tensor half =
        linalgGeneric({id3, red}, {"parallel", "reduction", "parallel"}, {e},
                      acc, "arith.addf", true);
    Tensor sum = elementwise("arith.addf", half, in[1]);
    Tensor back = expand(sum, "[0], [1, 2]", {b, st(D / 4), st(2)});
    out = collapse(back, "[0], [1, 2]", {b, st(D / 2)});
    base = sum;
  }
  if (variant == Variant::Planted) {
    static const std::vector<std::string> kinds = {"generic", "matmul",
                                                   "expand"};
    std::string kind = rng.pick(kinds);
    size_t cols = size_t(base.dims[1].n);
    Tensor z = arg({dyn, st(int64_t(cols))});
    Size bz = dimOf(z, 0);
    Tensor result;
    if (kind == "generic") {
      result = elementwise("arith.addf", base, z, /*unchecked=*/true);
      p.plantedWhat = "linalg.generic over (B, n) and (B', n), unchecked";
    } else if (kind == "matmul") {
      // (B, n)^T (B', n): contracting B with B', unchecked.
      Tensor t{f->value("transposed",
                        typeOf({st(int64_t(cols)), base.dims[0]}, "f32")),
               {st(int64_t(cols)), base.dims[0]}};
      V init0 = empty(t.dims);
      OpText o;
      o.pretty = ref(t.v) + " = linalg.transpose ins(" + ref(base.v) + " : " +
                 base.v.type + ") outs(" + ref(init0) + " : " + init0.type +
                 ") permutation = [1, 0] ";
      o.generic = generic({t.v}, "linalg.transpose", {base.v, init0},
                          "permutation = array<i64: 1, 0>");
      f->op(o, {t.v});
      Tensor init{fill(empty({st(int64_t(cols)), st(int64_t(cols))})),
                  {st(int64_t(cols)), st(int64_t(cols))}};
      result = named("matmul", {t, z}, init);
      p.plantedWhat = "linalg.matmul contracting B with B', unchecked";
    } else {
      // expand_shape of (B, n) whose output_shape says B'.
      result = expand(base, "[0], [1, 2]", {bz, st(1), st(int64_t(cols))});
      p.plantedWhat = "tensor.expand_shape of (B, n) to (B', 1, n)";
    }
    planted = result.v;
    f->result(out.v.type);
    f->result(result.v.type);
    f->ret({out.v, result.v});
  } else {
    f->result(out.v.type);
    f->ret({out.v});
  }
  f->assignNames();
  if (!resourceBlobs.empty())
    m.resources = "{-#\n  dialect_resources: {\n    builtin: {\n" +
                  resourceBlobs + "\n    }\n  }\n#-}";
  p.entry = f->name;
  if (planted.id >= 0)
    p.planted = OpRef{f->name, f->nameOf(planted), ""};
  p.text = m.render(Render::Text);
  p.twin = m.render(Render::Twin);
  p.mlirOptText = m.render(Render::MlirOpt);
  p.upstreamOnly = true;
}

} // namespace

ExportProgram generateTorch(uint64_t seed, Variant variant) {
  ExportProgram p;
  p.family = ExportFamily::Torch;
  p.variant = variant;
  p.seed = seed;
  Rng rng(seed * 3 + 2);
  TorchGen(rng, variant, p).run();
  return p;
}

} // namespace symshape::exporters::gen
