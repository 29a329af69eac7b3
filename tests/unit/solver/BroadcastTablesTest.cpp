//===- BroadcastTablesTest.cpp - Seed 000's tables, row by row ------------===//

#include "symshape/solver/BroadcastTables.h"

#include <catch2/catch.hpp>

using namespace symshape::solver;

namespace {
constexpr int64_t Q = kDynamicDim;
}

// Seed 000, "Dimension inference" table. dim0 and dim1 are interchangeable,
// so every row is checked both ways.
TEST_CASE("InferDim row (?, ?) -> ?", "[tables]") {
  CHECK(inferDim(Q, Q) == Q);
}

TEST_CASE("InferDim row (?, 1) -> ?", "[tables]") {
  CHECK(inferDim(Q, 1) == Q);
  CHECK(inferDim(1, Q) == Q);
}

TEST_CASE("InferDim row (?, >1) -> dim1", "[tables]") {
  CHECK(inferDim(Q, 4) == 4);
  CHECK(inferDim(7, Q) == 7);
}

TEST_CASE("InferDim row (1, 1) -> 1", "[tables]") {
  CHECK(inferDim(1, 1) == 1);
}

TEST_CASE("InferDim row (1, >1) -> dim1", "[tables]") {
  CHECK(inferDim(1, 5) == 5);
  CHECK(inferDim(5, 1) == 5);
}

TEST_CASE("InferDim row (>1, >1) -> dim0, error if unequal", "[tables]") {
  CHECK(inferDim(3, 3) == 3);
  CHECK_FALSE(inferDim(3, 2).has_value());
  CHECK_FALSE(inferDim(2, 3).has_value());
}

TEST_CASE("InferDim: a static 0 is neither 1 nor >1 (SPEC 4)", "[tables]") {
  CHECK(inferDim(0, Q) == Q);
  CHECK(inferDim(Q, 0) == Q);
  CHECK(inferDim(0, 1) == 0);
  CHECK(inferDim(1, 0) == 0);
  CHECK(inferDim(0, 0) == 0);
  CHECK_FALSE(inferDim(0, 3).has_value());
  CHECK_FALSE(inferDim(3, 0).has_value());
}

TEST_CASE("ExpandRank prepends ones", "[tables]") {
  CHECK(expandRank({4}, 3) == StaticShape{1, 1, 4});
  CHECK(expandRank({2, 3}, 2) == StaticShape{2, 3});
  CHECK(expandRank({}, 2) == StaticShape{1, 1});
}

TEST_CASE("InferShape equalises ranks then infers dims", "[tables]") {
  ShapeInference r = inferShape({4}, {2, 3, 4});
  CHECK(r.ok());
  CHECK(r.shape == StaticShape{2, 3, 4});

  r = inferShape({8, 1, 6, 1}, {7, 1, 5});
  CHECK(r.ok());
  CHECK(r.shape == StaticShape{8, 7, 6, 5});

  r = inferShape({Q, 1, 6, 1}, {7, 1, 5});
  CHECK(r.shape == StaticShape{Q, 7, 6, 5});

  r = inferShape({3, 2}, {2, 2});
  CHECK(r.errorDims == std::vector<size_t>{0});
}

TEST_CASE("InferResultShape discards unranked operands", "[tables]") {
  CHECK_FALSE(inferResultShape({std::nullopt, std::nullopt}).has_value());

  std::optional<ShapeInference> r = inferResultShape({std::nullopt, {{2}}});
  REQUIRE(r);
  CHECK(r->shape == StaticShape{2});

  r = inferResultShape({{{1, 2}}, std::nullopt, {{3, 1, 2}}});
  REQUIRE(r);
  CHECK(r->shape == StaticShape{3, 1, 2});
}

TEST_CASE("InferResultShape folds pairwise (SPEC 4)", "[tables]") {
  // (0, ?) infers ?, then (?, 3) infers 3: no static error.
  std::optional<ShapeInference> r = inferResultShape({{{0}}, {{Q}}, {{3}}});
  REQUIRE(r);
  CHECK(r->ok());
  CHECK(r->shape == StaticShape{3});

  // An error in an early fold keeps its column when ranks grow later.
  r = inferResultShape({{{3}}, {{2}}, {{5, 1}}});
  REQUIRE(r);
  CHECK(r->errorDims == std::vector<size_t>{1});
}

// Seed 000, "Verification" table.
TEST_CASE("Verify row (?, ?) -> OK", "[tables]") {
  CHECK(checkResultDim(Q, Q, false) == ResultDimCheck::Ok);
  CHECK(checkResultDim(Q, Q, true) == ResultDimCheck::Ok);
}

TEST_CASE("Verify row (?, static) -> OK with a runtime cast", "[tables]") {
  CHECK(checkResultDim(Q, 4, false) == ResultDimCheck::RuntimeCheck);
  // --strict follows the pseudo-code: ERROR_IF(IsStatic(actual) && ...).
  CHECK(checkResultDim(Q, 4, true) == ResultDimCheck::Error);
}

TEST_CASE("Verify row (static, ?) -> OK", "[tables]") {
  CHECK(checkResultDim(4, Q, false) == ResultDimCheck::Ok);
}

TEST_CASE("Verify row (static, static) -> OK if equal", "[tables]") {
  CHECK(checkResultDim(4, 4, false) == ResultDimCheck::Ok);
  CHECK(checkResultDim(2, 4, false) == ResultDimCheck::Error);
  // Broadcast semantics do not apply to results: inferred 1 vs 4 is an error.
  CHECK(checkResultDim(1, 4, false) == ResultDimCheck::Error);
}
