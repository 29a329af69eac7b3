//===- CompareTest.cpp - The comparison on ops symshape already models ----===//
//
// The comparison machinery (op mapping, brute force, guaranteed-vs-possible,
// witness replay) checked end to end on hand-written programs made only of
// ops symshape modelled before issue 11 (tosa broadcasting, tensor.cast),
// where symshape and the oracle must agree today.
//
//===----------------------------------------------------------------------===//

#include "Compare.h"

#include <catch2/catch.hpp>

using namespace symshape::models;

namespace {

Program handWritten(const std::string &body, const std::string &args,
                    int plantedOp) {
  Program p;
  p.family = Family::Tosa;
  p.text = "func.func @model(" + args + ") {\n" + body + "\n  return\n}\n";
  p.twin = p.text;
  p.plantedOp = plantedOp;
  p.plantedWhat = "hand-written";
  return p;
}

/// `ops` counts the top-level ops including the return.
void requireAgreement(const Program &p, size_t ops) {
  FamilyStats stats;
  compareProgram(p, stats);
  std::string all;
  for (const std::string &f : stats.failures)
    all += f + "\n";
  INFO(all << summarize(p.family, stats));
  CHECK(stats.failures.empty());
  CHECK(stats.bruteAgree == ops);
  CHECK(stats.plantedFound == (p.plantedOp >= 0 ? 1u : 0u));
}

const char *kArgs = "%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, "
                    "%z: tensor<1x4xf32>, %t: tensor<3x4xf32>";

} // namespace

TEST_CASE("comparison: a correct broadcasting program", "[models][compare]") {
  requireAgreement(handWritten(R"(
  %0 = "tosa.add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.mul"(%0, %z) {shift = 0 : i32} : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  %2 = "tosa.sub"(%1, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                               kArgs, -1),
                   4);
}

TEST_CASE("comparison: a planted batch mismatch (ub-possible)",
          "[models][compare]") {
  requireAgreement(handWritten(R"(
  %0 = "tosa.add"(%x, %z) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%0, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "tosa.sub"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                               kArgs, 1),
                   4);
}

TEST_CASE("comparison: a planted wrong static result (ub-guaranteed)",
          "[models][compare]") {
  // Either the broadcast of %x with 3 fails, or the result is 3, not 2.
  requireAgreement(handWritten(R"(
  %0 = "tosa.add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%x, %t) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>)",
                               kArgs, 1),
                   3);
}

TEST_CASE("comparison: a wrong claim about the planted op is caught",
          "[models][compare]") {
  FamilyStats stats;
  compareProgram(handWritten(R"(
  %0 = "tosa.add"(%x, %z) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%0, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>)",
                             kArgs, 0),
                 stats);
  CHECK(stats.plantedMissed == 1);
  CHECK(stats.falseAlarms >= 1);
  CHECK(!stats.failures.empty());
}
