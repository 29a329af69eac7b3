//===- OpaqueLinesTest.cpp - Unknown ops that span several lines ----------===//
//
// An unknown custom-form op goes on past a line break when the next line
// cannot begin an op (`: T`, `window = {...}`, `{attrs}`, `cond {`) or the
// line ends in `,` `:` `->` `=`; it never swallows the next op.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

std::string text(const Parsed &parsed, SourceRange range) {
  return std::string(parsed.sources.buffer(0).substr(
      range.begin.offset, range.end.offset - range.begin.offset));
}

std::vector<std::string> opNames(const Block &block) {
  std::vector<std::string> out;
  for (const Operation &op : block.operations)
    out.push_back(op.name);
  return out;
}

using Names = std::vector<std::string>;

} // namespace

TEST_CASE("types and operands on the next line belong to the op",
          "[parser][opaque]") {
  auto parsed = parse(R"(func.func @f(%s: !shape.size, %a: tensor<4xf32>) {
  %d = foo.div %s, %s
      : !shape.size, !shape.size -> !shape.size
  %0 = foo.next_after %a,
         %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = foo.pad %a
         : (tensor<4xf32>) -> tensor<?xf32>
  %2 = foo.split %a :
       (tensor<4xf32>) ->
       tensor<8xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Block &body = parsed->func().body.blocks.at(0);
  CHECK(opNames(body) == Names{"foo.div", "foo.next_after", "foo.pad",
                               "foo.split", "func.return"});
  CHECK(text(*parsed, parsed->op(0).range) ==
        "%d = foo.div %s, %s\n      : !shape.size, !shape.size -> "
        "!shape.size");
  CHECK(parsed->op(1).operands.size() == 2);
  CHECK(parsed->value(parsed->op(1).results.at(0)).type.str() ==
        "tensor<4xf32>");
  CHECK(parsed->value(parsed->op(2).results.at(0)).type.str() ==
        "tensor<?xf32>");
  CHECK(parsed->value(parsed->op(3).results.at(0)).type.str() ==
        "tensor<8xf32>");
}

TEST_CASE("keyword attributes and attribute dictionaries on later lines",
          "[parser][opaque]") {
  auto parsed =
      parse(R"(func.func @f(%a: tensor<1x8x8x2xf32>, %k: tensor<3x3x2x4xf32>) {
  %0 = foo.convolution(%a, %k)
         dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
         window = {stride = [1, 1], pad = [[0, 1], [0, 1]],
           rhs_dilate = [2, 2]}
         {
           batch_group_count = 1 : i64,
           use_global_device_ids
         }
       : (tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x7x7x4xf32>
  %1 = "test.use"(%0) : (tensor<1x7x7x4xf32>) -> tensor<1x7x7x4xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &conv = parsed->op(0);
  CHECK(conv.skipped);
  CHECK(conv.regions.empty()); // the dictionary is not a region
  CHECK(conv.operands.size() == 2);
  CHECK(parsed->value(conv.results.at(0)).type.str() == "tensor<1x7x7x4xf32>");
  CHECK(parsed->op(1).name == "test.use");
}

TEST_CASE("regions that start on the next line bind the op's names",
          "[parser][opaque]") {
  auto parsed = parse(R"(func.func @f(%i0: tensor<i64>, %s0: tensor<i64>) {
  %r0, %r1 = foo.while(%i = %i0, %s = %s0) : tensor<i64>, tensor<i64>
  cond {
    %c = foo.compare LT, %i, %s : (tensor<i64>, tensor<i64>) -> tensor<i1>
    foo.return %c : tensor<i1>
  } do {
    %n = "foo.add"(%i, %s) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    foo.return %n, %s : tensor<i64>, tensor<i64>
  }
  %0 = foo.reduce(%i0 init: %s0) across dimensions = [0] : (tensor<i64>, tensor<i64>) -> tensor<i64>
   reducer(%x: tensor<i64>, %y: tensor<i64>) {
    foo.return %x : tensor<i64>
  }
  "test.use"(%r0, %0) : (tensor<i64>, tensor<i64>) -> ()
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Block &body = parsed->func().body.blocks.at(0);
  CHECK(opNames(body) ==
        Names{"foo.while", "foo.reduce", "test.use", "func.return"});
  const Operation &loop = body.operations[0];
  CHECK(loop.regions.size() == 2);
  CHECK(loop.operands.size() == 2); // %i0, %s0; %i and %s are its own
  CHECK(loop.results.size() == 2);
  CHECK(body.operations[1].regions.size() == 1);
}

TEST_CASE("the next op is never swallowed", "[parser][opaque]") {
  auto parsed = parse(R"(func.func @f(%a: i32) {
  %0 = foo.a %a
  %1 = foo.b %0
  "test.c"(%1) : (i32) -> ()
  foo.d %1
  foo.e
  cf.br ^bb1
^bb1:
  foo.f %a { attr } 
  %2 = foo.g {
    foo.h
  }
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Region &body = parsed->func().body;
  REQUIRE(body.blocks.size() == 2);
  CHECK(opNames(body.blocks[0]) ==
        Names{"foo.a", "foo.b", "test.c", "foo.d", "foo.e", "cf.br"});
  CHECK(opNames(body.blocks[1]) == Names{"foo.f", "foo.g", "func.return"});
  CHECK(body.blocks[1].operations[1].regions.size() == 1);
}

TEST_CASE("module-level constructs end an unknown op", "[parser][opaque]") {
  auto parsed = parse(R"(foo.global @g : tensor<4xf32>
#map = affine_map<(d0) -> (d0)>
foo.other @h
module {
  func.func @f() {
    return
  }
}
{-#
  dialect_resources: { builtin: { blob: "0x04000000" } }
#-}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  CHECK(parsed->module->functions.size() == 1);
}

TEST_CASE("a dictionary on the op's line is not a region, a body is",
          "[parser][opaque]") {
  auto parsed = parse(R"(func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %0 = foo.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>)
      outs(%b : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    foo.yield %in : f32
  } -> tensor<?xf32>
  foo.all_reduce %a {
    "quoted unit"
  }
  foo.empty_body %a {
  }
  %1 = foo.while (%x = %a) : (tensor<?xf32>) -> tensor<?xf32> {
    foo.condition %x : tensor<?xf32>
  } do {
  ^bb0(%y: tensor<?xf32>):
    foo.yield %y : tensor<?xf32>
  }
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Block &body = parsed->func().body.blocks.at(0);
  CHECK(opNames(body) == Names{"foo.generic", "foo.all_reduce",
                               "foo.empty_body", "foo.while", "func.return"});
  CHECK(body.operations[0].regions.size() == 1);
  CHECK(body.operations[0].operands.size() == 2);
  CHECK(body.operations[1].regions.empty());
  CHECK(body.operations[2].regions.empty());
  CHECK(body.operations[3].regions.size() == 2);
}
