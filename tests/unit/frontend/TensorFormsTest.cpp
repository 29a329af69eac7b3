//===- TensorFormsTest.cpp - Custom forms of tensor, arith, math ----------===//
//
// The custom forms of frontend/lib/ops/tensor/TensorForms.cpp and
// ops/arith/ArithForms.cpp read as the generic forms mlir-opt-16 prints for
// them.
//
//===----------------------------------------------------------------------===//

#include "../../../frontend/lib/ops/rules/DynamicIndex.h"
#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

namespace {

std::vector<int64_t> ints(const Operation &op, const char *name) {
  const Attribute *attr = findAttr(op.attributes, name);
  return attr ? attr->ints : std::vector<int64_t>{-42};
}

constexpr int64_t D = kDynamicIndex;

} // namespace

TEST_CASE("slices read as operands and static lists", "[parser][tensor]") {
  auto parsed =
      parse(R"(func.func @f(%t: tensor<?x8xf32>, %o: index, %n: index) {
  %s = tensor.extract_slice %t[%o, 0] [%n, 4] [1, 2] : tensor<?x8xf32> to tensor<?x4xf32>
  %i = tensor.insert_slice %s into %t[0, 4] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x8xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Operation &extract = parsed->op(0);
  CHECK_FALSE(extract.skipped);
  CHECK(types(parsed->operandTypes(extract)) == "tensor<?x8xf32>;index;index;");
  CHECK(ints(extract, "operandSegmentSizes") ==
        std::vector<int64_t>{1, 1, 1, 0});
  CHECK(ints(extract, "static_offsets") == std::vector<int64_t>{D, 0});
  CHECK(ints(extract, "static_sizes") == std::vector<int64_t>{D, 4});
  CHECK(ints(extract, "static_strides") == std::vector<int64_t>{1, 2});
  CHECK(resultTypes(parsed->func(), extract) == "tensor<?x4xf32>;");
  const Operation &insert = parsed->op(1);
  CHECK(types(parsed->operandTypes(insert)) ==
        "tensor<?x4xf32>;tensor<?x8xf32>;index;");
  CHECK(ints(insert, "operandSegmentSizes") ==
        std::vector<int64_t>{1, 1, 0, 1, 0});
  CHECK(resultTypes(parsed->func(), insert) == "tensor<?x8xf32>;");
}

TEST_CASE("reshapes, pads and element ops", "[parser][tensor]") {
  auto parsed = parse(
      R"(func.func @f(%t: tensor<?x4xf32>, %h: index, %n: index, %s: tensor<2xindex>) {
  %e = tensor.expand_shape %t [[0, 1], [2]] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %x = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<?x2x4xf32> into tensor<?x4xf32>
  %cst = arith.constant 0.0 : f32
  %p = tensor.pad %t nofold low[1, 0] high[%h, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32> to tensor<?x4xf32>
  %r = tensor.reshape %t(%s) : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %f = tensor.from_elements %h, %n : tensor<2xindex>
  %g = tensor.extract %f[%h] : tensor<2xindex>
  %k = tensor.concat dim(0) %t, %t : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &f = parsed->func();
  for (size_t i = 0; i < 9; ++i)
    CHECK_FALSE(parsed->op(i).skipped);
  const Attribute *groups = findAttr(parsed->op(0).attributes, "reassociation");
  REQUIRE(groups);
  CHECK(groups->elements.size() == 2);
  CHECK(ints(parsed->op(1), "static_output_shape") ==
        std::vector<int64_t>{D, 2, 4});
  CHECK(parsed->op(1).operands.size() == 2);
  const Operation &pad = parsed->op(4);
  CHECK(ints(pad, "static_low") == std::vector<int64_t>{1, 0});
  CHECK(ints(pad, "static_high") == std::vector<int64_t>{D, 0});
  CHECK(ints(pad, "operandSegmentSizes") == std::vector<int64_t>{1, 0, 1});
  CHECK(findAttr(pad.attributes, "nofold"));
  CHECK(pad.regions.size() == 1);
  CHECK(resultTypes(f, parsed->op(5)) == "tensor<?x?xf32>;");
  CHECK(types(parsed->operandTypes(parsed->op(6))) == "index;index;");
  CHECK(resultTypes(f, parsed->op(7)) == "index;");
  CHECK(findAttr(parsed->op(8).attributes, "dim")->intValue == 0);
}

TEST_CASE("arith and math forms give every value its type", "[parser][arith]") {
  auto parsed = parse(R"(func.func @f(%a: tensor<?xf32>, %n: index, %c: i1) {
  %0 = arith.addf %a, %a fastmath<fast> : tensor<?xf32>
  %1 = arith.cmpf olt, %0, %a : tensor<?xf32>
  %2 = arith.select %1, %0, %a : tensor<?xi1>, tensor<?xf32>
  %3 = arith.select %c, %n, %n : index
  %4 = arith.extf %2 : tensor<?xf32> to tensor<?xf64>
  %5 = arith.addi %n, %3 : index
  %6 = math.fma %a, %a, %a : tensor<?xf32>
  %7 = arith.constant 5
  return
}
)");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  const Function &f = parsed->func();
  const char *expected[] = {
      "tensor<?xf32>;", "tensor<?xi1>;", "tensor<?xf32>;", "index;",
      "tensor<?xf64>;", "index;",        "tensor<?xf32>;", "i64;"};
  for (size_t i = 0; i < 8; ++i) {
    CHECK_FALSE(parsed->op(i).skipped);
    CHECK(resultTypes(f, parsed->op(i)) == expected[i]);
  }
  CHECK(types(parsed->operandTypes(parsed->op(2))) ==
        "tensor<?xi1>;tensor<?xf32>;tensor<?xf32>;");
  CHECK(types(parsed->operandTypes(parsed->op(3))) == "i1;index;index;");
  CHECK(findAttr(parsed->op(1).attributes, "predicate")->text == "olt");
}

TEST_CASE("a bad arith.constant value is an error, not an unknown form",
          "[parser][arith]") {
  auto parsed = parse(R"(func.func @f() {
  %0 = arith.constant 99999999999999999999 : i64
  return
}
)");
  CHECK_FALSE(parsed->ok());
  CHECK(parsed->error() == "2:23: integer too large");
}
