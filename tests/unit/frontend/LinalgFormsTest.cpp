//===- LinalgFormsTest.cpp - Custom forms of linalg structured ops --------===//
//
// The custom forms of frontend/lib/ops/linalg/LinalgForms.cpp read into the
// generic shape, and the affine maps the loop rule reads (LinalgLoops.cpp).
//
//===----------------------------------------------------------------------===//

#include "../../../frontend/lib/ops/linalg/LinalgInternal.h"
#include "ParseHelpers.h"
#include "parser/AttrReaders.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

TEST_CASE("named linalg ops read ins, outs and results", "[parser][linalg]") {
  auto parsed = parse(
      R"(func.func @f(%a: tensor<?x4xf32>, %b: tensor<4x?xf32>, %c: tensor<?x?xf32>) {
  %0 = linalg.matmul {cast = #linalg.type_fn<cast_signed>} ins(%a, %b : tensor<?x4xf32>, tensor<4x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x4xf32>, tensor<4x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &mm = parsed->op(0);
  CHECK_FALSE(mm.skipped);
  CHECK(types(parsed->operandTypes(mm)) ==
        "tensor<?x4xf32>;tensor<4x?xf32>;tensor<?x?xf32>;");
  CHECK(resultTypes(parsed->func(), mm) == "tensor<?x?xf32>;");
  const Attribute *segments = findAttr(mm.attributes, "operandSegmentSizes");
  REQUIRE(segments);
  CHECK(segments->ints == std::vector<int64_t>{2, 1});
  CHECK(findAttr(mm.attributes, "cast"));
  const Attribute *maps = findAttr(parsed->op(1).attributes, "indexing_maps");
  REQUIRE(maps);
  REQUIRE(maps->elements.size() == 3);
  CHECK(maps->elements[2].text == "affine_map<(d0, d1, d2) -> (d0, d1)>");
}

TEST_CASE("linalg.generic keeps its body and the text of aliased maps",
          "[parser][linalg]") {
  auto parsed = parse(R"(#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<?x?xf32>, %i: tensor<?xf32>) {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x?xf32>) outs(%i : tensor<?xf32>) attrs = {foo = 1} {
  ^bb0(%x: f32, %y: f32):
    %1 = arith.addf %x, %y : f32
    linalg.yield %1 : f32
  } -> tensor<?xf32>
  %2 = "linalg.generic"(%a, %i) ({
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }) {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"], operand_segment_sizes = array<i32: 1, 1>} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  for (size_t i : {0, 1}) {
    const Operation &op = parsed->op(i);
    CHECK_FALSE(op.skipped);
    REQUIRE(op.regions.size() == 1);
    const Attribute *maps = findAttr(op.attributes, "indexing_maps");
    REQUIRE(maps);
    REQUIRE(maps->elements.size() == 2);
    CHECK(maps->elements[1].text == "affine_map<(d0, d1) -> (d0)>");
    CHECK(resultTypes(parsed->func(), op) == "tensor<?xf32>;");
  }
  CHECK(findAttr(parsed->op(0).attributes, "foo"));
}

TEST_CASE("map, reduce and transpose take their results from the inits",
          "[parser][linalg]") {
  auto parsed = parse(
      R"(func.func @f(%a: tensor<8x16xf32>, %i: tensor<8xf32>, %t: tensor<16x8xf32>) {
  %r = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%i : tensor<8xf32>) dimensions = [1]
    (%in: f32, %out: f32) {
      %0 = arith.addf %in, %out : f32
      linalg.yield %0 : f32
    }
  %m = linalg.map { math.exp } ins(%r : tensor<8xf32>) outs(%i : tensor<8xf32>)
  %p = linalg.transpose ins(%a : tensor<8x16xf32>) outs(%t : tensor<16x8xf32>) permutation = [1, 0]
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &f = parsed->func();
  const Operation &reduce = parsed->op(0);
  CHECK_FALSE(reduce.skipped);
  CHECK(resultTypes(f, reduce) == "tensor<8xf32>;");
  REQUIRE(reduce.regions.size() == 1);
  CHECK(reduce.regions[0].blocks.at(0).arguments.size() == 2);
  CHECK(findAttr(reduce.attributes, "dimensions")->ints ==
        std::vector<int64_t>{1});
  // The generic forms of these ops have no operand segments.
  CHECK_FALSE(findAttr(reduce.attributes, "operandSegmentSizes"));
  const Operation &map = parsed->op(1);
  CHECK_FALSE(map.skipped);
  CHECK(findAttr(map.attributes, "body")->text == "math.exp");
  const Operation &transpose = parsed->op(2);
  CHECK(resultTypes(f, transpose) == "tensor<16x8xf32>;");
  CHECK(findAttr(transpose.attributes, "permutation")->ints ==
        std::vector<int64_t>{1, 0});
}

TEST_CASE("a linalg form not understood is skipped, not an error",
          "[parser][linalg]") {
  auto parsed = parse(R"(func.func @f(%a: tensor<4xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<4xf32>, tensor<4xf32>) something(%a) -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = []} ins(%a : tensor<4xf32>) into(%a : tensor<4xf32>)
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  CHECK(parsed->op(0).skipped);
  CHECK(parsed->op(1).skipped);
}

TEST_CASE("affine maps: projected permutations with zeros", "[linalg][maps]") {
  // The parser's map (readAffineMap), as the loop rule reads it.
  auto loops = [](const std::string &text) -> std::optional<size_t> {
    std::shared_ptr<const AffineMapValue> map = readAffineMap(text);
    if (!map)
      return std::nullopt;
    return map->numDims;
  };
  auto operands = [](const std::string &text) -> std::optional<OperandMap> {
    std::shared_ptr<const AffineMapValue> map = readAffineMap(text);
    return map ? operandMap(*map) : std::nullopt;
  };
  CHECK(operands("affine_map<(d0, d1)[s0] -> (d1, 0, d0)>") ==
        OperandMap{1, kConstantIndex, 0});
  CHECK(loops("affine_map<(d0, d1)[s0] -> (d1, 0, d0)>") == 2u);
  std::optional<OperandMap> none = operands("affine_map<(d0, d1) -> ()>");
  REQUIRE(none);
  CHECK(none->empty());
  CHECK(operands("affine_map<(i, j) -> (j)>") == OperandMap{1});
  // Read, but not a projected permutation: the rule makes the op opaque.
  CHECK(loops("affine_map<(d0, d1) -> (d0 + d1)>") == 2u);
  CHECK_FALSE(operands("affine_map<(d0, d1) -> (d0 + d1)>"));
  CHECK_FALSE(operands("affine_map<(d0) -> (d0 * 2)>"));
  CHECK_FALSE(operands("affine_map<(d0)[s0] -> (s0)>"));
  CHECK_FALSE(operands("affine_map<(d0) -> (1)>"));
  // Not a map at all.
  CHECK_FALSE(readAffineMap("#map"));
  CHECK_FALSE(readAffineMap("affine_map<(d0) -> (d0)"));
}
