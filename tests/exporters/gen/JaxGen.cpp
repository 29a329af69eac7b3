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

#include "gen/JaxGenInternal.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace symshape::exporters::gen {

namespace jax {

Lin fixed(int64_t n) { return Lin{"", "", 1, n}; }
Lin var(const std::string &v, int64_t coef, int64_t off) {
  return Lin{v, "", coef, off};
}

std::string typeOf(const std::vector<Lin> &dims, const std::string &elem) {
  std::vector<int64_t> d;
  for (const Lin &l : dims)
    d.push_back(l.dynamic() ? -1 : l.off);
  return tensorType(d, elem);
}

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

std::string JaxGen::resultAttrs(size_t i, size_t n) const {
  std::string info = year == 2023 ? "" : "result";
  if (n > 1)
    info = year == 2023 ? "[" + std::to_string(i) + "]"
                        : "result[" + std::to_string(i) + "]";
  return "{jax.result_info = \"" + info + "\"" +
         (year == 2024 ? ", mhlo.layout_mode = \"default\"" : "") + "}";
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

} // namespace jax

using jax::JaxGen;

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
