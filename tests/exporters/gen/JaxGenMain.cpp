//===- JaxGenMain.cpp - JAX's public @main --------------------------------===//
//
// The public @main of a JAX export: the dimension variables read from
// the arguments' sizes and checked (shape_assertion) per the polymorphic
// shape specification, then the call of the private callee.
//
//===----------------------------------------------------------------------===//

#include "gen/JaxGenInternal.h"

#include <algorithm>
#include <optional>
#include <set>

namespace symshape::exporters::gen::jax {

const char *kPolyHelp =
    "Please see "
    "https://jax.readthedocs.io/en/latest/export/"
    "shape_poly.html#shape-assertion-errors for more details.";

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

} // namespace symshape::exporters::gen::jax
