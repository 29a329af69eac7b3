//===- OracleRowsTest.cpp - The oracle's elementwise and reduce rows ------===//
//
// The rows the oracle took for ops/coverage (issue 41), each on a small
// function in generic form with its sizes and the outcome computed by hand
// from the op's documentation: CHLO's elementwise ops keep the operand's
// shape and its broadcasting binaries broadcast (chlo_ops.td), TOSA 1.0's
// INTDIV broadcasts and REDUCE_PRODUCT makes the axis dim 1, StableHLO's
// reverse and uniform_quantize keep the operand's shape (reverse_c1,
// uniform_quantize_c1), and math's elementwise ops need one shape.
//
//===----------------------------------------------------------------------===//

#include "OracleRun.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::models;
using Shape = std::vector<int64_t>;

TEST_CASE("chlo: elementwise ops keep the shape, broadcast_* broadcast",
          "[models][chlo]") {
  std::string args = "%a: tensor<?x3xf32>, %b: tensor<?xi32>, "
                     "%c: tensor<?xi32>, %d: tensor<?xf32>, %e: tensor<?xf32>";
  std::string body = R"(
  %0 = "chlo.erf_inv"(%a) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "chlo.broadcast_xor"(%b, %c) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %2 = "chlo.zeta"(%d, %e) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>)";
  OracleResult ok = runOracle(
      args, body,
      {{"%a[0]", 2}, {"%b[0]", 1}, {"%c[0]", 4}, {"%d[0]", 5}, {"%e[0]", 5}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{2, 3});
  CHECK(ok.shapes["1"] == Shape{4});
  CHECK(ok.shapes["2"] == Shape{5});
  // 2 and 3 do not broadcast; zeta's operands of sizes 5 and 4 differ.
  OracleResult xor23 = runOracle(
      args, body,
      {{"%a[0]", 2}, {"%b[0]", 2}, {"%c[0]", 3}, {"%d[0]", 5}, {"%e[0]", 5}});
  REQUIRE(xor23.ub);
  CHECK(xor23.ub->opIndex == 1);
  CHECK(xor23.ub->rule.find("broadcast: sizes 2 and 3") != std::string::npos);
  OracleResult zeta = runOracle(
      args, body,
      {{"%a[0]", 2}, {"%b[0]", 1}, {"%c[0]", 1}, {"%d[0]", 5}, {"%e[0]", 4}});
  REQUIRE(zeta.ub);
  CHECK(zeta.ub->opIndex == 2);
}

TEST_CASE("tosa 1.0: intdiv broadcasts, reduce_product keeps a 1, reverse "
          "the shape",
          "[models][tosa]") {
  std::string args = "%a: tensor<?x4xi32>, %b: tensor<1x?xi32>";
  std::string body = R"(
  %0 = "tosa.intdiv"(%a, %b) : (tensor<?x4xi32>, tensor<1x?xi32>) -> tensor<?x4xi32>
  %1 = "tosa.reduce_product"(%0) {axis = 1 : i32} : (tensor<?x4xi32>) -> tensor<?x1xi32>
  %2 = "tosa.reverse"(%1) {axis = 0 : i32} : (tensor<?x1xi32>) -> tensor<?x1xi32>)";
  OracleResult ok = runOracle(args, body, {{"%a[0]", 3}, {"%b[1]", 1}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{3, 4});
  CHECK(ok.shapes["1"] == Shape{3, 1});
  CHECK(ok.shapes["2"] == Shape{3, 1});
  // 4 columns against 2: no broadcast.
  OracleResult bad = runOracle(args, body, {{"%a[0]", 3}, {"%b[1]", 2}});
  REQUIRE(bad.ub);
  CHECK(bad.ub->opIndex == 0);
}

TEST_CASE("stablehlo: reverse and uniform_quantize keep the operand's shape",
          "[models][stablehlo]") {
  std::string args = "%a: tensor<?x2xf32>";
  std::string body = R"(
  %0 = "stablehlo.reverse"(%a) {dimensions = array<i64: 0>} : (tensor<?x2xf32>) -> tensor<?x2xf32>
  %1 = "stablehlo.uniform_quantize"(%0) : (tensor<?x2xf32>) -> tensor<3x2x!quant.uniform<i8:f32, 1.0>>)";
  OracleResult ok = runOracle(args, body, {{"%a[0]", 3}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{3, 2});
  // The declared 3 rows are a result-cast for 4.
  OracleResult bad = runOracle(args, body, {{"%a[0]", 4}});
  REQUIRE(bad.ub);
  CHECK(bad.ub->opIndex == 1);
  CHECK(bad.ub->rule.find("result-cast") != std::string::npos);
}

TEST_CASE("math: log10 and ipowi need operands of one shape",
          "[models][math]") {
  std::string args = "%a: tensor<?xf32>, %b: tensor<?xi32>, %c: tensor<?xi32>";
  std::string body = R"(
  %0 = "math.log10"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "math.ipowi"(%b, %c) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>)";
  OracleResult ok =
      runOracle(args, body, {{"%a[0]", 2}, {"%b[0]", 3}, {"%c[0]", 3}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{2});
  CHECK(ok.shapes["1"] == Shape{3});
  OracleResult bad =
      runOracle(args, body, {{"%a[0]", 2}, {"%b[0]", 3}, {"%c[0]", 2}});
  REQUIRE(bad.ub);
  CHECK(bad.ub->opIndex == 1);
}
