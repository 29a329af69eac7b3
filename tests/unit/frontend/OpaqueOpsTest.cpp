//===- OpaqueOpsTest.cpp - Unknown custom-form ops are skipped ------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

std::vector<std::string> names(const Function &func,
                               const std::vector<ValueId> &ids) {
  std::vector<std::string> out;
  for (ValueId id : ids)
    out.push_back(func.value(id).name);
  return out;
}

using Names = std::vector<std::string>;

} // namespace

TEST_CASE("unknown ops record operands; result types stay unknown",
          "[parser][opaque]") {
  auto parsed = parse(R"(func.func @f(%a: i32, %b: i32) {
  %0 = foo.addi %a, %b : i32
  "test.use"(%0) : (i32) -> ()
  %1 = foo.muli %a, %a : i32
  %2 = shape.index_to_size %1
  foo.effect %a
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &add = parsed->op(0);
  CHECK(add.name == "foo.addi");
  CHECK(add.skipped);
  CHECK_FALSE(add.generic);
  CHECK(names(func, add.operands) == Names{"a", "b"});
  CHECK(add.operandTypes.empty());
  REQUIRE(add.results.size() == 1);
  CHECK(add.resultTypeRanges.empty());
  // The first later use that writes a type sets it.
  const Value &zero = func.value(add.results[0]);
  CHECK(zero.typeKnown);
  CHECK(zero.type.str() == "i32");
  // An implied operand type does not.
  const Value &one = func.value(parsed->op(2).results[0]);
  CHECK_FALSE(one.typeKnown);
  CHECK(parsed->op(4).results.empty());
  CHECK(names(func, parsed->op(4).operands) == Names{"a"});
  CHECK(parsed->op(4).range.end.offset - parsed->op(4).range.begin.offset ==
        std::string("foo.effect %a").size());
}

TEST_CASE("a trailing function type gives operand and result types",
          "[parser][opaque]") {
  auto parsed = parse(R"(func.func @f(%a: tensor<?xf32>, %b: i32) {
  %0 = foo.bar %a {attr = [1, 2], s = "x:y"} : (tensor<?xf32>) -> tensor<4xf32> loc("x":1:1)
  %1:2 = foo.baz %b, %b : (i32, i32) -> (i32, f32)
  %2 = foo.qux %b : (i32, i32) -> i32
  %3 = foo.mix (%a,
                %b) : (tensor<?xf32>, i32) -> ()
  %4 = foo.expand %a [[0, 1]] : tensor<?xf32> into tensor<?x1xf32>
  %5 = foo.bad %b : (i32) -> i32 extra
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &bar = parsed->op(0);
  CHECK(bar.skipped);
  REQUIRE(bar.operandTypes.size() == 1);
  CHECK(bar.operandTypes[0].str() == "tensor<?xf32>");
  const Value &zero = func.value(bar.results.at(0));
  CHECK(zero.typeKnown);
  CHECK(zero.type.str() == "tensor<4xf32>");
  REQUIRE(bar.resultTypeRanges.size() == 1);
  std::string_view buffer = parsed->sources.buffer(0);
  CHECK(buffer.substr(bar.resultTypeRanges[0].begin.offset, 13) ==
        "tensor<4xf32>");

  const Operation &baz = parsed->op(1);
  CHECK(names(func, baz.results) == Names{"1#0", "1#1"});
  CHECK(func.value(baz.results[1]).type.str() == "f32");
  CHECK(baz.operandTypes.size() == 2);

  const Operation &qux = parsed->op(2);
  CHECK(qux.operandTypes.empty()); // 1 operand, 2 written types
  CHECK(func.value(qux.results.at(0)).typeKnown);

  const Operation &mix = parsed->op(3);
  CHECK(names(func, mix.operands) == Names{"a", "b"});
  CHECK(mix.results.size() == 1);
  CHECK_FALSE(func.value(mix.results[0]).typeKnown); // () has no result

  CHECK_FALSE(func.value(parsed->op(4).results.at(0)).typeKnown);
  CHECK_FALSE(func.value(parsed->op(5).results.at(0)).typeKnown);
}

TEST_CASE("regions of unknown ops are parsed; their own names are local",
          "[parser][opaque]") {
  auto parsed = parse(
      R"(func.func @f(%x: tensor<?xf32>, %lb: index, %ub: index, %s: index) {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (tensor<?xf32>) {
    %y = foo.step %acc, %i : (tensor<?xf32>, index) -> tensor<?xf32>
    scf.yield %y : tensor<?xf32>
  }
  scf.forall (%i, %j) in (%ub, %ub) {
    "test.use"(%i, %j) : (index, index) -> ()
  } // a comment with %undefined and ( brackets
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%x : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<?xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &func = parsed->func();
  const Operation &loop = parsed->op(0);
  CHECK(loop.skipped);
  CHECK(names(func, loop.operands) == Names{"lb", "ub", "s", "x"});
  REQUIRE(loop.regions.size() == 1);
  const Operation &step = loop.regions[0].blocks.at(0).operations.at(0);
  CHECK(names(func, step.operands) == Names{"acc", "i"});
  CHECK(func.value(step.results.at(0)).type.str() == "tensor<?xf32>");
  CHECK_FALSE(func.value(loop.results.at(0)).typeKnown);

  const Operation &forall = parsed->op(1);
  CHECK(names(func, forall.operands) == Names{"ub", "ub"});
  CHECK(forall.regions.size() == 1);

  const Operation &generic = parsed->op(2);
  CHECK(names(func, generic.operands) == Names{"x", "x"});
  REQUIRE(generic.regions.size() == 1);
  CHECK(generic.regions[0].blocks.at(0).label == "bb0");
  CHECK(parsed->op(3).name == "func.return");
}

TEST_CASE("unknown terminators and successors", "[parser][opaque]") {
  auto parsed = parse(R"(func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  cf.br ^bb2(%a : i32)
^bb2(%v: i32):
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &br = parsed->op(0);
  CHECK(br.successors == std::vector<std::string>{"bb1", "bb2"});
  CHECK(names(parsed->func(), br.operands) == Names{"c", "a"});
}

TEST_CASE("unknown ops at module level are dropped", "[parser][opaque]") {
  auto parsed = parse(R"(module {
  memref.global "private" constant @g : memref<2xf32> = dense<0.0>
  llvm.func @ext(i32) -> i32
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  "test.top"() : () -> ()
  func.func @f() {
    return
  }
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  REQUIRE(parsed->module->functions.size() == 1);
  CHECK(parsed->func().name == "f");
}
