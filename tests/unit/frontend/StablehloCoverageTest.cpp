//===- StablehloCoverageTest.cpp - Which stablehlo ops stay opaque, and why
//-===//
//
// SPEC 7: every op whose result sizes symshape cannot relate to its
// operands is listed with a reason; a modelled op is not.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include "ParseHelpers.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::frontend::test;

TEST_CASE("stablehlo: modelled ops are not opaque", "[stablehlo]") {
  CHECK(opaqueOps(R"(
func.func @f(%n: tensor<i64>, %x: tensor<?x4xf32>, %c: tensor<f32>) {
  %0:2 = stablehlo.while(%i = %n, %a = %c) : tensor<i64>, tensor<f32>
   cond {
    %t = stablehlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    stablehlo.return %i, %a : tensor<i64>, tensor<f32>
  }
  %1 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  %2 = stablehlo.transpose %x, dims = [1, 0] : (tensor<?x4xf32>) -> tensor<4x?xf32>
  return
}
)")
            .empty());
}

TEST_CASE("stablehlo: opaque ops carry their reason", "[stablehlo]") {
  std::vector<std::string> opaque = opaqueOps(R"(
func.func @f(%n: tensor<i64>, %x: tensor<?xf32>) {
  %0 = stablehlo.custom_call @foo(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %1:2 = stablehlo.while(%i = %n, %a = %x) : tensor<i64>, tensor<?xf32>
   cond {
    %t = stablehlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %t : tensor<i1>
  } do {
    %b = stablehlo.concatenate %a, %a, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    stablehlo.return %i, %b : tensor<i64>, tensor<?xf32>
  }
  %2 = stablehlo.transpose %x, perm = [0] : (tensor<?xf32>) -> tensor<?xf32>
  return
}
)");
  REQUIRE(opaque.size() == 3);
  CHECK(opaque[0] == "stablehlo.custom_call: custom_call 'foo': an external "
                     "function");
  CHECK(opaque[1] == "stablehlo.while: loop-carried '?' sizes the body may "
                     "change");
  CHECK(opaque[2] == "stablehlo.transpose: custom syntax not understood");
}
