//===- JaxGen.cpp - JAX shape-polymorphic exports
//----------------------------===//
//
// What `jax.export` prints for a function exported with symbolic shapes:
//
//   func.func public @main(%arg0: tensor<?x16xf32>, ...) {
//     %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (..) -> tensor<i32>
//     %1 = stablehlo.compare  GE, %0, %c,  SIGNED : (..) -> tensor<i1>
//     stablehlo.custom_call @shape_assertion(%1, %0) {api_version = 2 : i32,
//         error_message = "...", has_side_effect = true} : (..) -> ()
//     %2 = call @_wrapped_jax_export_main(%0, %arg0, ...) : ...
//   }
//   func.func private @_wrapped_jax_export_main(
//       %arg0: tensor<i32> {jax.global_constant = "b"}, %arg1:
//       tensor<?x16xf32>)
//
// Per the polymorphic shape specification, the first occurrence of a
// dimension variable defines it (`b`, `b + 2`, `2*b`: its value is the size,
// the size minus 2, or the size divided by 2 with a remainder check) and
// is checked >= 1; every later occurrence is checked equal to it; user
// constraints (`s >= b`) follow. The private callee receives the
// dimension variables sorted by name and builds every shape from them
// (convert, reshape to tensor<1xi32>, concatenate).
//
// Three print styles: "2023" (serialization version 7: constants
// numbered, i32 dimension variables, jax.arg_info/mhlo.sharding attributes,
// identity converts before the call, every location alias at the end),
// "2024" (i64 dimension variables, %c / %cst constants, mhlo.layout_mode,
// jax.global_constant, file locations at the top) and "2025" (no
// locations, constants hoisted to the top, i32 or i64 variables).
//
//===----------------------------------------------------------------------===//

#include "gen/Generators.h"
#include "gen/Hlo.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace symshape::exporters::gen {

namespace {

/// A size: coef * var * var2 + off (var empty: the constant `off`).
struct Lin {
  std::string var, var2;
  int64_t coef = 1, off = 0;
  bool dynamic() const { return !var.empty(); }
  std::string spec() const {
    if (!dynamic())
      return std::to_string(off);
    std::string s = (coef != 1 ? std::to_string(coef) + "*" : "") + var +
                    (var2.empty() ? "" : "*" + var2);
    if (off > 0)
      s += " + " + std::to_string(off);
    if (off < 0)
      s += " - " + std::to_string(-off);
    return s;
  }
};

Lin fixed(int64_t n) { return Lin{"", "", 1, n}; }
Lin var(const std::string &v, int64_t coef = 1, int64_t off = 0) {
  return Lin{v, "", coef, off};
}

std::string typeOf(const std::vector<Lin> &dims, const std::string &elem) {
  std::vector<int64_t> d;
  for (const Lin &l : dims)
    d.push_back(l.dynamic() ? -1 : l.off);
  return tensorType(d, elem);
}

struct Tensor {
  V v;
  std::vector<Lin> dims;
};

/// Location aliases as JAX prints them.
struct Locs {
  bool on = false;
  int year = 2024;
  std::vector<std::string> top, bottom;
  std::map<std::string, std::string> ids;
  int next = 3; ///< #loc1: the export call site, #loc2: the model's code

  std::string alias(const std::string &text, bool atTop = false) {
    auto it = ids.find(text);
    if (it != ids.end())
      return it->second;
    std::string id = "#loc" + std::to_string(next++);
    (atTop ? top : bottom).push_back(id + " = " + text);
    return ids[text] = id;
  }
  std::string inMain(const std::string &prim) {
    if (!on)
      return "";
    if (prim.empty())
      return " loc(#loc)";
    return " loc(" + alias("loc(\"/" + prim + "\"(#loc1))") + ")";
  }
  std::string inModel(const std::string &prim) {
    if (!on)
      return "";
    return " loc(" +
           alias("loc(\"jit(model)/jit(main)/" + prim + "\"(#loc2))") + ")";
  }
};

const char *kPolyHelp =
    "Please see "
    "https://jax.readthedocs.io/en/latest/export/"
    "shape_poly.html#shape-assertion-errors for more details.";

class JaxGen {
public:
  JaxGen(Rng &rng, Variant variant, ExportProgram &p)
      : rng(rng), variant(variant), p(p) {}
  void run();

private:
  Rng &rng;
  Variant variant;
  ExportProgram &p;
  Module m;
  Locs locs;
  int year = 2024;
  std::string vt = "i64"; ///< the dimension variables' element type

  // The program's plan, chosen before writing.
  std::string layout; ///< "mlp", "seq", "derived", "halves", "attn"
  std::vector<std::vector<Lin>> argDims;
  std::vector<std::string> argNames;
  int64_t D = 8, E = 4;
  std::string constraint;     ///< "", "redundant", "can-fail", "doomed"
  std::string plantKind;      ///< "", "add", "bcast", "dot", "reshape", ...
  bool combineChecks = false; ///< `2*b`: one check, remainder and >= 1
  int plantArg = -1;          ///< the main argument carrying `c`

  std::vector<std::string> calleeResults; ///< its result types
  V plantedValue;

  void plan();
  void writeMain(Fn &main, Fn &callee);
  void writeCallee(Fn &callee);
  std::string specs() const;
  std::string resultAttrs(size_t i, size_t n) const;
};

void JaxGen::plan() {
  static const std::vector<std::string> layouts = {"mlp", "seq", "derived",
                                                   "halves", "attn"};
  layout = rng.pick(layouts);
  D = rng.pick(std::vector<int64_t>{4, 8, 16});
  E = rng.pick(std::vector<int64_t>{2, 4, 8});
  if (layout == "mlp") {
    argDims = {{var("b"), fixed(D)}, {var("b"), fixed(D)}};
    argNames = {"x", "y"};
    if (rng.chance(50)) {
      argDims.push_back({fixed(D), fixed(E)});
      argNames.push_back("w");
    }
  } else if (layout == "seq") {
    argDims = {{var("b"), var("s"), fixed(D)}};
    argNames = {"x"};
    if (rng.chance(50))
      argDims.push_back({var("b"), fixed(D)});
    else
      argDims.push_back({var("s"), fixed(D)});
    argNames.push_back("y");
  } else if (layout == "derived") {
    argDims = {{var("b", 1, 2), fixed(D)}, {var("b"), fixed(D)}};
    argNames = {"x", "y"};
  } else if (layout == "halves") {
    argDims = {{var("b", 2, 0), fixed(D)}, {var("b"), fixed(D)}};
    argNames = {"x", "y"};
    combineChecks = rng.chance(50);
  } else { // attn
    argDims = {{var("b"), var("s"), fixed(D)}};
    argNames = {"x"};
  }
  if (variant == Variant::Doomed) {
    constraint = "doomed";
  } else {
    unsigned roll = unsigned(rng.below(100));
    constraint = roll < 35 ? "redundant" : roll < 65 ? "can-fail" : "";
  }
  if (variant == Variant::Planted) {
    static const std::vector<std::string> kinds = {
        "add", "bcast", "dot", "reshape", "slice", "concat"};
    plantKind = rng.pick(kinds);
    plantArg = int(argDims.size());
    argDims.push_back(plantKind == "concat"
                          ? std::vector<Lin>{var("c"), fixed(E)}
                          : std::vector<Lin>{var("c"), fixed(D)});
    argNames.push_back("z");
  }
}

std::string JaxGen::specs() const {
  std::string out;
  for (size_t i = 0; i < argDims.size(); ++i) {
    out += (i ? "," : "") + std::string("args[") + std::to_string(i) +
           "].shape = (";
    for (size_t d = 0; d < argDims[i].size(); ++d)
      out += (d ? ", " : "") + argDims[i][d].spec();
    out += argDims[i].size() == 1 ? ",)" : ")";
  }
  return out;
}

void JaxGen::writeMain(Fn &main, Fn &callee) {
  Hlo h(main, rng);
  h.namedConstants = year != 2023;
  h.hoistConstants = year == 2025;
  h.loc = [this](const std::string &prim) { return locs.inMain(prim); };
  std::string vtype = "tensor<" + vt + ">";
  std::vector<V> args;
  for (size_t i = 0; i < argDims.size(); ++i) {
    std::string attrs, loc;
    if (year == 2023) {
      attrs = "{jax.arg_info = \"" + argNames[i] +
              "\", mhlo.sharding = \"{replicated}\"}";
      loc = "loc(unknown)";
    } else if (year == 2024) {
      // The callee's arguments carry the names: loc("x").
      attrs = "{mhlo.layout_mode = \"default\"}";
      loc = "loc(unknown)";
    }
    args.push_back(main.arg(typeOf(argDims[i], "f32"), attrs, loc));
  }
  // Every size, read once.
  std::map<std::pair<size_t, size_t>, V> size;
  for (size_t i = 0; i < argDims.size(); ++i)
    for (size_t d = 0; d < argDims[i].size(); ++d)
      if (argDims[i][d].dynamic()) {
        V g = h.getDimensionSize(args[i], int64_t(d));
        if (vt == "i64")
          g = h.convert(g, vtype,
                        "convert_element_type[new_dtype=int64 "
                        "weak_type=False]");
        size[{i, d}] = g;
      }
  std::map<std::string, V> value; // dimension variable -> its value
  std::string obtained;
  auto expected = [&](const Lin &l) {
    V v = value.at(l.var);
    if (l.coef != 1)
      v = h.binary("multiply", v, h.scalarInt(l.coef, vt), "mul");
    if (l.off != 0)
      v = h.binary("add", v, h.scalarInt(l.off, vt), "add");
    return v;
  };
  std::string tail =
      "Using the following polymorphic shapes specifications: " + specs() + ".";
  for (size_t i = 0; i < argDims.size(); ++i)
    for (size_t d = 0; d < argDims[i].size(); ++d) {
      const Lin &l = argDims[i][d];
      if (!l.dynamic())
        continue;
      V g = size.at({i, d});
      std::string where =
          "args[" + std::to_string(i) + "].shape[" + std::to_string(d) + "]";
      if (value.count(l.var)) {
        V want = expected(l);
        V pred = h.compare("EQ", g, want, "SIGNED", "eq");
        h.shapeAssertion(
            pred, {g, want},
            "Input shapes do not match the polymorphic shapes specification. "
            "Found inconsistency between dimension size " +
                where + " (= {0}) and the specification '" + l.spec() +
                "' (= {1}). " + tail + " Obtained dimension variables: " +
                obtained + ". " + kPolyHelp);
        continue;
      }
      V v = g;
      std::optional<V> divisible;
      if (l.coef != 1) {
        V k = h.scalarInt(l.coef, vt);
        V rem = h.binary("remainder", g, k, "rem");
        V zero = h.scalarInt(0, vt);
        V ok = h.compare("EQ", rem, zero, "SIGNED", "eq");
        if (combineChecks) {
          divisible = ok; // joined with the >= 1 check below
        } else {
          h.shapeAssertion(
              ok, {rem},
              "Input shapes do not match the polymorphic shapes "
              "specification. Division had remainder {0} when computing the "
              "value of '" +
                  l.var + "'. " + tail + " Obtained dimension variables: " +
                  obtained + ". " + kPolyHelp);
        }
        v = h.binary("divide", g, k, "div");
      }
      if (l.off != 0)
        v = h.binary("add", v, h.scalarInt(-l.off, vt), "add");
      value[l.var] = v;
      obtained += "'" + l.var + "' = {0} from specification '" + l.spec() +
                  "' for dimension " + where + " (= {1}), ";
      V one = h.scalarInt(1, vt);
      V pred = h.compare("GE", v, one, "SIGNED", "ge");
      if (divisible) {
        pred = h.binary("and", *divisible, pred, "and");
        p.features.push_back("divisibility and >= 1 in one check (and)");
      }
      h.shapeAssertion(pred, {v, g},
                       "Input shapes do not match the polymorphic shapes "
                       "specification. Expected value >= 1 for dimension "
                       "variable '" +
                           l.var + "'. " + tail +
                           " Obtained dimension variables: " + obtained + ". " +
                           kPolyHelp);
    }
  // A user constraint: `lhs - rhs >= 0` as JAX checks it.
  if (!constraint.empty()) {
    std::string text;
    V diff;
    V b = value.at("b");
    if (constraint == "redundant") {
      if (value.count("s")) {
        text = "b + s >= 2";
        diff = h.binary("add", h.binary("add", b, value.at("s"), "add"),
                        h.scalarInt(-2, vt), "add");
      } else {
        text = "2*b >= b + 1";
        diff = h.binary("add", b, h.scalarInt(-1, vt), "add");
      }
    } else if (constraint == "can-fail") {
      if (value.count("s")) {
        text = "s >= b";
        diff = h.binary("subtract", value.at("s"), b, "sub");
      } else {
        text = "3 >= b";
        diff = h.binary("subtract", h.scalarInt(3, vt), b, "sub");
      }
    } else { // doomed
      text = "0 >= b";
      diff = h.binary("subtract", h.scalarInt(0, vt), b, "sub");
    }
    V zero = h.scalarInt(0, vt);
    V pred = h.compare("GE", diff, zero, "SIGNED", "ge");
    p.features.push_back("constraint " + constraint + ": " + text);
    if (constraint == "doomed")
      p.doomed = OpRef{"main", "", "stablehlo.custom_call"};
    h.shapeAssertion(pred, {diff},
                     "Input shapes do not match the symbolic shape "
                     "constraint " +
                         text + ". Expected '" +
                         text.substr(0, text.find(" >=")) + " - (" +
                         text.substr(text.find(">= ") + 3) +
                         ")' to be greater or equal to 0, but found {0}. " +
                         tail + " " + kPolyHelp);
  }
  // The call: the dimension variables by name, then the arguments.
  std::vector<V> operands;
  for (const auto &[name, v] : value)
    operands.push_back(v);
  if (year == 2023) {
    V token = main.value("", "tensor<0xi1>");
    OpText t;
    t.upstream = false;
    t.pretty = ref(token) + " = stablehlo.constant dense<> : tensor<0xi1>";
    t.generic = ref(token) + " = \"stablehlo.constant\"() <{value = dense<> : "
                             "tensor<0xi1>}> : () -> tensor<0xi1>";
    t.loc = locs.inMain("");
    main.op(t, {token});
    for (const V &a : args)
      operands.push_back(h.convert(a, a.type, ""));
  } else {
    operands.insert(operands.end(), args.begin(), args.end());
  }
  V result = main.values(int(calleeResults.size()), calleeResults[0]);
  std::vector<V> results;
  for (const std::string &t : calleeResults)
    results.push_back(V{result.id, t});
  OpText call;
  std::string names, types, resultTypes;
  for (size_t i = 0; i < operands.size(); ++i) {
    names += (i ? ", " : "") + ref(operands[i]);
    types += (i ? ", " : "") + operands[i].type;
  }
  for (size_t i = 0; i < results.size(); ++i)
    resultTypes += (i ? ", " : "") + results[i].type;
  if (results.size() > 1)
    resultTypes = "(" + resultTypes + ")";
  std::string def =
      ref(result) +
      (results.size() > 1 ? ":" + std::to_string(results.size()) : "");
  call.pretty = def + " = call @" + callee.name + "(" + names + ") : (" +
                types + ") -> " + resultTypes;
  call.generic = def + " = \"func.call\"(" + names + ") <{callee = @" +
                 callee.name + "}> : (" + types + ") -> " + resultTypes;
  call.loc = locs.on ? " loc(#loc)" : "";
  main.op(call, {result});
  std::vector<V> returned;
  for (size_t i = 0; i < results.size(); ++i) {
    main.result(results[i].type, resultAttrs(i, results.size()));
    returned.push_back(results[i]);
    if (results.size() > 1) // %5#0, %5#1
      returned.back().id = -1 - int(i);
  }
  main.ret(returned, locs.on ? " loc(#loc)" : "", result);
}

std::string JaxGen::resultAttrs(size_t i, size_t n) const {
  std::string info = year == 2023 ? "" : "result";
  if (n > 1)
    info = year == 2023 ? "[" + std::to_string(i) + "]"
                        : "result[" + std::to_string(i) + "]";
  return "{jax.result_info = \"" + info + "\"" +
         (year == 2024 ? ", mhlo.layout_mode = \"default\"" : "") + "}";
}

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

void JaxGen::run() {
  plan();
  static const std::vector<int> years = {2023, 2024, 2025};
  year = rng.pick(years);
  vt = year == 2023   ? "i32"
       : year == 2024 ? "i64"
                      : rng.pick(std::vector<std::string>{"i32", "i64"});
  locs.on = year != 2025;
  locs.year = year;
  if (locs.on) {
    std::string file = "\"/home/dev/model.py\"";
    std::string line1 =
        "loc(" + file + ":" + std::to_string(rng.in(20, 90)) + ":" +
        (year == 2023 ? "0" : std::to_string(rng.in(0, 12))) + ")";
    std::string line2 =
        "loc(" + file + ":" + std::to_string(rng.in(5, 19)) + ":" +
        (year == 2023 ? "0" : std::to_string(rng.in(0, 12))) + ")";
    (year == 2024 ? locs.top : locs.bottom).push_back("#loc1 = " + line1);
    (year == 2024 ? locs.top : locs.bottom).push_back("#loc2 = " + line2);
  }
  Fn &main = m.function("main");
  main.visibility = "public ";
  Fn &callee = m.function("_wrapped_jax_export_main");
  callee.visibility = "private ";
  if (locs.on) {
    main.endLoc = " loc(#loc)";
    callee.endLoc = " loc(#loc)";
  }
  writeCallee(callee);
  writeMain(main, callee);
  main.assignNames();
  callee.assignNames();
  m.textHeader = "module @jit_model attributes {jax.uses_shape_polymorphism = "
                 "true, mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 "
                 ": i32} {";
  if (locs.on) {
    m.textTrailer = "} loc(#loc)";
    m.textBefore.push_back("#loc = loc(unknown)");
    for (const std::string &l : locs.top)
      m.textBefore.push_back(l);
    m.textAfter = locs.bottom;
  }
  p.entry = "main";
  if (plantedValue.id >= 0)
    p.planted = OpRef{callee.name, callee.nameOf(plantedValue), ""};
  p.text = m.render(Render::Text);
  p.twin = m.render(Render::Twin);
  p.mlirOptText = m.render(Render::MlirOpt);
}

} // namespace

ExportProgram generateJax(uint64_t seed, Variant variant) {
  ExportProgram p;
  p.family = ExportFamily::Jax;
  p.variant = variant;
  p.seed = seed;
  Rng rng(seed * 3 + 1);
  JaxGen(rng, variant, p).run();
  return p;
}

} // namespace symshape::exporters::gen
