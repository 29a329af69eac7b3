//===- LocationsTest.cpp - loc(...) read into the module's LocTable -------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

/// A resolved location as one line: "name | file:L:C in fn <- file:L:C".
std::string show(const Module &module, LocId id) {
  ResolvedLoc loc = resolveLoc(module.locations, id);
  std::string out = loc.name;
  out += " |";
  for (size_t i = 0; i < loc.frames.size(); ++i) {
    const LocFrame &frame = loc.frames[i];
    out += i ? " <- " : " ";
    out += frame.file + ":" + std::to_string(frame.line) + ":" +
           std::to_string(frame.column);
    if (!frame.function.empty())
      out += " in " + frame.function;
  }
  return out;
}

/// The location of the one op of `@f` whose trailing location is `loc`.
std::string opLoc(const std::string &loc, const std::string &after = "") {
  auto parsed = parse("func.func @f() {\n  \"t.op\"() : () -> () loc(" + loc +
                      ")\n  return\n}\n" + after);
  INFO(loc);
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  CHECK(parsed->diags.diagnostics().empty());
  return show(*parsed->module, parsed->op(0).sourceLoc);
}

const LocNode &node(const Parsed &parsed, LocId id) {
  return parsed.module->locations[id];
}

} // namespace

TEST_CASE("file positions, ranges and lines alone", "[locations]") {
  CHECK(opLoc("\"model.py\":12:4") == " | model.py:12:4");
  CHECK(opLoc("\"model.py\":12") == " | model.py:12:0");
  CHECK(opLoc("\"a\\\"b\\0A.py\":1:2") == " | a\"b\n.py:1:2");
  // Current MLIR prints ranges: `to :C2` on the same line, `to L2:C2`.
  auto parsed = parse("func.func @f() {\n"
                      "  \"t.op\"() : () -> () loc(\"m.py\":3:5 to :9)\n"
                      "  \"t.op\"() : () -> () loc(\"m.py\":3:5 to 4:1)\n"
                      "  return\n}\n");
  REQUIRE(parsed->ok());
  const LocNode &sameLine = node(*parsed, parsed->op(0).sourceLoc);
  CHECK(sameLine.kind == LocKind::File);
  CHECK(sameLine.line == 3);
  CHECK(sameLine.column == 5);
  CHECK(sameLine.endLine == 3);
  CHECK(sameLine.endColumn == 9);
  const LocNode &twoLines = node(*parsed, parsed->op(1).sourceLoc);
  CHECK(twoLines.endLine == 4);
  CHECK(twoLines.endColumn == 1);
  CHECK(show(*parsed->module, parsed->op(1).sourceLoc) == " | m.py:3:5");
}

TEST_CASE("names, call sites, fused locations and unknown", "[locations]") {
  CHECK(opLoc("\"x\"") == "x |");
  CHECK(opLoc("\"jit(f)/jit(main)/add\"(\"model.py\":12:0)") ==
        "jit(f)/jit(main)/add | model.py:12:0");
  // torch-mlir: the op's line, then the lines that called it.
  CHECK(opLoc("callsite(\"nn/functional.py\":1578:17 at callsite("
              "\"nn/modules/activation.py\":748:35 at \"model.py\":103:15))") ==
        " | nn/functional.py:1578:17 <- nn/modules/activation.py:748:35 <- "
        "model.py:103:15");
  // The first part of a fused location that names a position.
  CHECK(opLoc("fused<\"tflite\">[\"n\", \"a.py\":1:2, \"b.py\":3:4]") ==
        "n | a.py:1:2");
  CHECK(opLoc("fused<{name = \"x\", id = [1, 2]}>[unknown, \"a.py\":1:2]") ==
        " | a.py:1:2");
  CHECK(opLoc("fused[]") == " |");
  CHECK(opLoc("unknown") == " |");
  // A call site whose callee names no position does not place the op.
  CHECK(opLoc("callsite(unknown at \"b.py\":3:4)") == " |");
}

TEST_CASE("a JAX traceback: the op's name path and its Python frames",
          "[locations]") {
  // As current JAX writes it: each frame a name (the Python function) on a
  // range, frames joined by call sites, the op's name path outermost, the
  // aliases after the module that uses them.
  auto parsed = parse(R"(#loc = loc(unknown)
module @jit_f {
  func.func public @main(%arg0: tensor<4xf32> loc("x")) -> tensor<4xf32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32> loc(#loc9)
    return %0 : tensor<4xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("model.py":13:35 to :64)
#loc2 = loc("model.py":16:40 to :68)
#loc3 = loc("model.py":21:4 to :86)
#loc4 = loc("layer"(#loc1))
#loc5 = loc("block"(#loc2))
#loc6 = loc("<module>"(#loc3))
#loc7 = loc(callsite(#loc5 at #loc6))
#loc8 = loc(callsite(#loc4 at #loc7))
#loc9 = loc("jit(f)/add"(#loc8))
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  CHECK(show(*parsed->module, parsed->op(0).sourceLoc) ==
        "jit(f)/add | model.py:13:35 in layer <- model.py:16:40 in block <- "
        "model.py:21:4 in <module>");
  const Function &main = parsed->func();
  CHECK(show(*parsed->module, main.sourceLoc) == " |");
  CHECK(show(*parsed->module, parsed->value(main.arguments[0]).sourceLoc) ==
        "x |");
  CHECK(parsed->op(1).sourceLoc != 0); // the alias of `unknown`
  CHECK(show(*parsed->module, parsed->op(1).sourceLoc) == " |");
}

TEST_CASE("locations of functions, arguments, blocks and modules",
          "[locations]") {
  auto parsed = parse(R"(module {
  func.func @f(%a: tensor<?xf32> {x.attr} loc("a.py":1:2), %b: i32) -> i32 {
    %0 = "t.region"() ({
    ^bb0(%x: i32 loc("b.py":3:4), %y: i32):
      "t.yield"(%x) : (i32) -> ()
    }) : () -> i32 loc(#later)
    %1 = foo.bar %0 {k = 1} : i32 loc("c.py":5:6)
    return %1 : i32
  } loc("f.py":7:8)
  "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
    "func.return"() : () -> () loc("r.py":1:1)
  }) : () -> () loc("g.py":9:10)
} loc("m.py":0:0)
#later = loc("late.py":11:12)
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Module &module = *parsed->module;
  const Function &f = parsed->func(0);
  CHECK(show(module, f.sourceLoc) == " | f.py:7:8");
  CHECK(show(module, parsed->value(f.arguments[0]).sourceLoc) == " | a.py:1:2");
  CHECK(parsed->value(f.arguments[1]).sourceLoc == 0);
  const Operation &region = parsed->op(0);
  CHECK(show(module, region.sourceLoc) == " | late.py:11:12");
  const Block &block = region.regions.at(0).blocks.at(0);
  CHECK(show(module, parsed->value(block.arguments[0]).sourceLoc) ==
        " | b.py:3:4");
  CHECK(parsed->value(block.arguments[1]).sourceLoc == 0);
  // An op whose custom form symshape skips keeps its location.
  REQUIRE(parsed->op(1).skipped);
  CHECK(show(module, parsed->op(1).sourceLoc) == " | c.py:5:6");
  CHECK(show(module, parsed->func(1).sourceLoc) == " | g.py:9:10");
  CHECK(show(module, module.sourceLoc) == " | m.py:0:0");
}

TEST_CASE("forms symshape does not read are unknown, never an error",
          "[locations]") {
  // mlir-opt rejects some of these; a location never changes the analysis,
  // so they are skipped as before and name no position.
  for (const char *loc : {"#llvm.di_null_type", "\"a\":0x1:2", "\"a\":-1:2",
                          "\"a\":1:2 to", "\"a\":99999999999:1", "fused<\"x\">",
                          "callsite(\"a\" \"b\")", "foo", "#never_defined"})
    CHECK(opLoc(loc, "#defined_later = loc(\"x.py\":1:1)\n") == " |");
  // Inside a location an alias names an earlier definition only.
  CHECK(opLoc("\"n\"(#defined_later)",
              "#defined_later = loc(\"x.py\":1:1)\n") == "n |");
  // An alias whose definition names a later one (mlir-opt: undefined).
  CHECK(opLoc("#a", "#a = loc(#b)\n#b = loc(\"b.py\":1:1)\n") == " |");
  // An alias of something that is not a location.
  CHECK(opLoc("#m", "#m = affine_map<(d0) -> (d0)>\n") == " |");
}

TEST_CASE("unbalanced locations give the errors they gave before",
          "[locations]") {
  auto parsed = parse("func.func @f() {\n"
                      "  \"t.op\"() : () -> () loc(fused[\"a\":1:2)\n"
                      "  return\n}\n");
  CHECK(parsed->error() == "2:40: unexpected ')'");
  parsed = parse("func.func @f() {\n"
                 "  \"t.op\"() : () -> () loc(\"a.py\n"
                 "  return\n}\n");
  CHECK(parsed->error() == "2:27: expected '\"' in string literal");
  parsed = parse("#l = loc(callsite(\"a\":1:1 at \"b\":1:1)\n"
                 "func.func @f() {\n  return\n}\n");
  CHECK(parsed->error() == "1:9: unbalanced '('");
}

TEST_CASE("deep and shared locations stay bounded", "[locations]") {
  // Nested past the nesting limit: skipped, not read recursively.
  std::string deep;
  for (int i = 0; i < 2000; ++i)
    deep += "\"n\"(";
  deep += "\"a.py\":1:1";
  for (int i = 0; i < 2000; ++i)
    deep += ")";
  CHECK(opLoc(deep) == " |");
  // 300 aliases each calling the previous twice: 2^300 paths; the walk
  // stops after a fixed budget with at most kMaxLocFrames frames.
  std::string defs = "#l0 = loc(\"a.py\":1:1)\n";
  for (int i = 1; i <= 300; ++i)
    defs += "#l" + std::to_string(i) + " = loc(callsite(#l" +
            std::to_string(i - 1) + " at #l" + std::to_string(i - 1) + "))\n";
  auto parsed = parse(defs + "func.func @f() {\n"
                             "  \"t.op\"() : () -> () loc(#l300)\n"
                             "  \"t.op\"() : () -> () loc(#l40)\n"
                             "  return\n}\n");
  REQUIRE(parsed->ok());
  ResolvedLoc far =
      resolveLoc(parsed->module->locations, parsed->op(0).sourceLoc);
  CHECK(far.frames.empty()); // deeper than the walk goes
  ResolvedLoc near =
      resolveLoc(parsed->module->locations, parsed->op(1).sourceLoc);
  REQUIRE(!near.frames.empty());
  CHECK(near.frames.size() <= kMaxLocFrames);
  CHECK(near.frames[0].file == "a.py");
}
