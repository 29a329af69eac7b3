//===- ParserTest.cpp - Modules, functions, blocks, generic ops -----------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

std::string text(const Parsed &parsed, SourceRange range) {
  return std::string(parsed.sources.buffer(0).substr(
      range.begin.offset, range.end.offset - range.begin.offset));
}

std::string format(const Parsed &parsed, SourceLoc loc) {
  LineCol lc = parsed.sources.lineCol(loc);
  return std::to_string(lc.line) + ":" + std::to_string(lc.col);
}

std::vector<std::string> functionNames(const Parsed &parsed) {
  std::vector<std::string> names;
  for (const Function &func : parsed.module->functions)
    names.push_back(func.name);
  return names;
}

} // namespace

TEST_CASE("an empty file is an empty module", "[parser]") {
  for (const char *input : {"", "  \n\n", "// only a comment\n",
                            "module {\n}\n", "module @m attributes {a = 1} {}",
                            "\"builtin.module\"() ({\n}) : () -> ()\n"}) {
    INFO(input);
    auto parsed = parse(input);
    REQUIRE(parsed->ok());
    CHECK(parsed->module->functions.empty());
    CHECK(parsed->diags.diagnostics().empty());
  }
}

TEST_CASE("functions at top level, in modules and nested modules", "[parser]") {
  auto parsed = parse(R"(
func.func @a() {
  return
}
module @outer attributes {foo.bar = 1 : i64} {
  func.func @b() { return }
  module {
    func.func @c() { return }
  } loc("m":1:1)
}
"builtin.module"() ({
  "func.func"() ({
    "func.return"() : () -> ()
  }) {function_type = () -> (), sym_name = "d"} : () -> ()
}) {sym_name = "m2"} : () -> ()
func @old_style() { return }
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  CHECK(functionNames(*parsed) ==
        std::vector<std::string>{"a", "b", "c", "d", "old_style"});
}

TEST_CASE("function signatures", "[parser]") {
  auto parsed = parse(
      R"(func.func private @decl(tensor<?xf32>, i32 {a.b}) -> tensor<?xf32>
func.func public @none(%a: i32) {
  return
}
func.func @single(%a: i32) -> i32 {
  return %a : i32
}
func.func nested @multi(%a: tensor<4xf32> {arg.attr = 1}, %b: !shape.shape loc("x":1:2)) -> (tensor<4xf32> {res.attr}, !shape.shape) attributes {symshape.assume = ["%a[0] == 4"], other} {
  return %a, %b : tensor<4xf32>, !shape.shape
} loc("f.mlir":4:1)
func.func @empty_results() -> () {
  return
}
func.func @"quoted name"() { return }
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  REQUIRE(parsed->module->functions.size() == 6);
  const Function &decl = parsed->func(0);
  CHECK(decl.name == "decl");
  CHECK(decl.isDeclaration);
  CHECK(decl.arguments.empty());
  CHECK(decl.argumentTypes.size() == 2);
  CHECK(decl.resultTypes.at(0).str() == "tensor<?xf32>");
  CHECK(format(*parsed, decl.loc) == "1:19");
  CHECK(text(*parsed, decl.range) ==
        "func.func private @decl(tensor<?xf32>, i32 {a.b}) -> tensor<?xf32>");

  const Function &none = parsed->func(1);
  CHECK_FALSE(none.isDeclaration);
  CHECK(none.resultTypes.empty());
  REQUIRE(none.arguments.size() == 1);
  const Value &a = none.value(none.arguments[0]);
  CHECK(a.name == "a");
  CHECK(a.isBlockArgument);
  CHECK(a.index == 0);
  CHECK(format(*parsed, a.loc) == "2:24");
  REQUIRE(none.body.blocks.size() == 1);
  CHECK(none.body.blocks[0].label.empty());
  CHECK(none.body.blocks[0].arguments == none.arguments);

  CHECK(parsed->func(2).resultTypes.at(0).str() == "i32");

  const Function &multi = parsed->func(3);
  CHECK(multi.resultTypes.size() == 2);
  CHECK(multi.value(multi.arguments[1]).index == 1);
  REQUIRE(multi.attributes.size() == 2);
  const Attribute *assume = findAttr(multi.attributes, "symshape.assume");
  REQUIRE(assume);
  CHECK(assume->elements.at(0).str == "%a[0] == 4");
  CHECK(findAttr(multi.attributes, "other")->kind == AttrKind::Unit);
  const Operation &ret = multi.body.blocks[0].operations.at(0);
  CHECK(ret.name == "func.return");
  CHECK(ret.operands == multi.arguments);
  CHECK(multi.operandType(ret, 1).str() == "!shape.shape");
  CHECK(ret.results.empty());

  CHECK(parsed->func(4).resultTypes.empty());
  CHECK(parsed->func(5).name == "quoted name");
}

TEST_CASE("generic func.func", "[parser]") {
  auto parsed = parse(R"("func.func"() ({
  }) {function_type = (tensor<?xf32>, i32) -> tensor<?xf32>, sym_name = "decl", sym_visibility = "private"} : () -> ()
"func.func"() ({
^bb0(%arg0: tensor<?xf32> loc("a":1:1), %arg1: i32):
  "func.return"(%arg0, %arg1) : (tensor<?xf32>, i32) -> ()
}) {arg_attrs = [{x}, {}], function_type = (tensor<?xf32>, i32) -> (tensor<?xf32>, i32), res_attrs = [{}, {}], sym_name = "g", symshape.assume = ["%arg1 >= 0"]} : () -> () loc("g":1:1)
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &decl = parsed->func(0);
  CHECK(decl.name == "decl");
  CHECK(decl.isDeclaration);
  CHECK(decl.argumentTypes.size() == 2);
  CHECK(decl.attributes.empty());
  const Function &g = parsed->func(1);
  CHECK(g.name == "g");
  CHECK_FALSE(g.isDeclaration);
  CHECK(g.arguments.size() == 2);
  CHECK(g.value(g.arguments[0]).name == "arg0");
  CHECK(g.body.blocks.at(0).label == "bb0");
  CHECK(g.resultTypes.size() == 2);
  REQUIRE(g.attributes.size() == 1);
  CHECK(g.attributes[0].name == "symshape.assume");
  CHECK(format(*parsed, g.loc) == "6:123");
}

TEST_CASE("generic ops: results, successors, regions, attributes", "[parser]") {
  auto parsed = parse(R"(func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) {
  %result = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  %r:2 = "d.op"(%a, %b)[^bb1] ({
    %x = "d.inner"() : () -> i32
    "d.term"(%x) : (i32) -> ()
  }, {
  ^bb0(%x: f32):
    "d.term"() : () -> ()
  }) {attr = 1, other = "s"} : (tensor<?xi32>, tensor<4xi32>) -> (i32, f32)
^bb1:
  %p, %q:2 = "d.three"(%r#1, %r) : (f32, i32) -> (i1, i1, i1)
  "d.none"() : () -> ()
  "d.unbound"(%q#1) : (i1) -> i8
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &bc = parsed->op(0);
  CHECK(bc.name == "test.broadcastable");
  CHECK(bc.generic);
  CHECK(format(*parsed, bc.loc) == "2:13");
  CHECK(text(*parsed, bc.range) ==
        "%result = \"test.broadcastable\"(%a, %b) : (tensor<?xi32>, "
        "tensor<4xi32>) -> tensor<?xi32>");
  REQUIRE(bc.resultTypeRanges.size() == 1);
  CHECK(text(*parsed, bc.resultTypeRanges[0]) == "tensor<?xi32>");
  CHECK(parsed->func().operandType(bc, 1).str() == "tensor<4xi32>");
  CHECK(func.value(bc.results.at(0)).name == "result");
  CHECK(func.value(bc.results.at(0)).type.str() == "tensor<?xi32>");

  const Operation &op = parsed->op(1);
  CHECK(op.successors == std::vector<std::string>{"bb1"});
  CHECK(op.regions.size() == 2);
  CHECK(op.regions[0].blocks.at(0).label.empty());
  CHECK(op.regions[1].blocks.at(0).label == "bb0");
  CHECK(findAttr(op.attributes, "attr")->intValue == 1);
  REQUIRE(op.results.size() == 2);
  CHECK(func.value(op.results[0]).name == "r#0");
  CHECK(func.value(op.results[1]).name == "r#1");
  CHECK(func.value(op.results[1]).type.str() == "f32");
  REQUIRE(op.resultTypeRanges.size() == 2);
  CHECK(text(*parsed, op.resultTypeRanges[1]) == "f32");

  const Block &bb1 = func.body.blocks.at(1);
  CHECK(bb1.label == "bb1");
  const Operation &three = bb1.operations.at(0);
  REQUIRE(three.results.size() == 3);
  CHECK(func.value(three.results[0]).name == "p");
  CHECK(func.value(three.results[2]).name == "q#1");
  CHECK(func.value(three.results[2]).index == 2);
  CHECK(func.value(three.operands[0]).name == "r#1");
  CHECK(func.value(three.operands[1]).name == "r#0"); // %r means %r#0
  CHECK(bb1.operations.at(1).results.empty());
  const Operation &unbound = bb1.operations.at(2);
  REQUIRE(unbound.results.size() == 1);
  CHECK(func.value(unbound.results[0]).name.empty());
  CHECK(func.value(unbound.results[0]).type.str() == "i8");
}

TEST_CASE("blocks and their arguments", "[parser]") {
  auto parsed = parse(R"(func.func @f(%c: i1, %v: i32) -> i32 {
  "cf.cond_br"(%c, %v)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 1, 0>} : (i1, i32) -> ()
^bb1(%x: i32, %y: i32 loc("b":1:1)):  // pred: ^bb0
  cf.br ^bb2
^bb2:
  return %v : i32
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  REQUIRE(func.body.blocks.size() == 3);
  const Block &bb1 = func.body.blocks[1];
  REQUIRE(bb1.arguments.size() == 2);
  const Value &y = func.value(bb1.arguments[1]);
  CHECK(y.isBlockArgument);
  CHECK(y.index == 1);
  CHECK(y.type.str() == "i32");
  CHECK(bb1.operations.at(0).successors == std::vector<std::string>{"bb2"});
  CHECK(!bb1.operations.at(0).skipped); // cf.br's custom form is known
}

TEST_CASE("cf.br and cf.cond_br: operands in target order", "[parser]") {
  auto parsed = parse(R"(func.func @f(%c: i1, %a: tensor<?xf32>, %n: index) {
  cf.cond_br %c, ^bb1(%a, %n : tensor<?xf32>, index), ^bb2
^bb1(%x: tensor<?xf32>, %m: index):
  cf.br ^bb2
^bb2:
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &condBr = func.body.blocks[0].operations.at(0);
  CHECK(!condBr.skipped);
  CHECK(condBr.successors == std::vector<std::string>{"bb1", "bb2"});
  REQUIRE(condBr.operands.size() == 3);
  CHECK(func.value(condBr.operands[0]).name == "c");
  CHECK(func.value(condBr.operands[1]).name == "a");
  CHECK(func.value(condBr.operands[2]).name == "n");
  CHECK(parsed->func().operandType(condBr, 2).str() == "index");
}

TEST_CASE("values are scoped by regions", "[parser]") {
  auto parsed = parse(R"(func.func @f(%a: i32) {
  "d.op"() ({
    %x = "d.a"(%a) : (i32) -> i32
    "d.op"() ({
      %y = "d.b"(%x) : (i32) -> i32
    }) : () -> ()
  }, {
    %x = "d.c"() : () -> f32
  }) : () -> ()
  %x = "d.d"() : () -> i1
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &last = parsed->op(1);
  CHECK(func.value(last.results.at(0)).type.str() == "i1");
  size_t named = 0;
  for (const Value &value : func.values)
    named += value.name == "x";
  CHECK(named == 3);
}

TEST_CASE("aliases, locations and file metadata are handled", "[parser]") {
  auto parsed = parse(R"(#loc = loc("a.py":1:1)
!t = tensor<?xf32>
#dims = array<i64: 0>
func.func @f(%a: !t loc(#loc)) -> !t {
  %0 = "test.op"(%a) {d = #dims} : (tensor<?xf32>) -> !t loc(fused[#loc, "x"])
  return %0 : !t loc(#loc9)
} loc(#loc)
#loc9 = loc("late":2:2)
{-#
  dialect_resources: { builtin: { blob: "0x04000000" } }
#-}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &op = parsed->op(0);
  CHECK(findAttr(op.attributes, "d")->ints == std::vector<int64_t>{0});
  CHECK(text(*parsed, op.range) ==
        "%0 = \"test.op\"(%a) {d = #dims} : (tensor<?xf32>) -> !t");
}

TEST_CASE("every op records its location and range", "[parser]") {
  auto parsed = parse("func.func @f(%s: !shape.shape) {\n"
                      "  %n = shape.rank %s : !shape.shape -> !shape.size\n"
                      "  %0 = arith.constant 1 : index\n"
                      "  return\n"
                      "}\n");
  REQUIRE(parsed->ok());
  CHECK(format(*parsed, parsed->op(0).loc) == "2:8");
  CHECK(text(*parsed, parsed->op(0).range) ==
        "%n = shape.rank %s : !shape.shape -> !shape.size");
  CHECK(text(*parsed, parsed->op(1).range) == "%0 = arith.constant 1 : index");
  CHECK(format(*parsed, parsed->op(2).loc) == "4:3");
  CHECK(text(*parsed, parsed->op(2).range) == "return");
}

TEST_CASE("an operand's written type is kept only where it is not its "
          "value's",
          "[parser]") {
  // Dialect parameters may differ between uses (MLIR's verifier compares
  // them; symshape does not), so the second spelling is another type.
  auto parsed = parse(
      R"(func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 2.0:15>>, %b: tensor<4xf32>) {
  "test.same"(%b, %a) : (tensor<4xf32>, tensor<2x!quant.uniform<i8:f32, 2.0:15>>) -> ()
  "test.other"(%b, %a) : (tensor<4xf32>, tensor<2x!quant.uniform<i8:f32, 3.0:15>>) -> ()
  %0 = linalg.matmul ins(%b, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<4xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &same = parsed->op(0);
  CHECK(same.operandTypes.empty());
  CHECK(func.operandType(same, 1).str() ==
        "tensor<2x!quant.uniform<i8:f32, 2.0:15>>");
  const Operation &other = parsed->op(1);
  REQUIRE(other.operandTypes.size() == 2);
  CHECK(func.operandType(other, 0).str() == "tensor<4xf32>");
  CHECK(func.operandType(other, 1).str() ==
        "tensor<2x!quant.uniform<i8:f32, 3.0:15>>");
  // ins(...) left to the values' types, then outs(...) not: still parallel.
  const Operation &mm = parsed->op(2);
  REQUIRE(mm.operandTypes.size() == 3);
  CHECK(func.operandType(mm, 1).str() == "tensor<4xf32>");
  CHECK(func.operandType(mm, 2).str() ==
        "tensor<2x!quant.uniform<i8:f32, 3.0:15>>");
}
