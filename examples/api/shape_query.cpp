//===- shape_query.cpp - Using symshape as a library ----------------------===//
//
// What a shape-inference pass does with symshape: parse (or hand over) a
// module, analyse it, then ask per value for verdicts, the most specific
// shape, and which dims are provably equal. No output from the library
// itself; this program prints what it learns and checks it (exit 1 when a
// fact it relies on does not hold, so the test suite runs it).
//
//===----------------------------------------------------------------------===//

#include "symshape/symshape.h"

#include <iostream>
#include <optional>
#include <string>
#include <vector>

using namespace symshape;

static const char *const kModule = R"mlir(
func.func @block(%x: tensor<?x768xf32>, %bias: tensor<768xf32>,
                 %skip: tensor<?x768xf32>, %scale: tensor<?x1xf32>)
    -> tensor<?x768xf32> {
  %0 = "tosa.add"(%x, %bias) : (tensor<?x768xf32>, tensor<768xf32>) -> tensor<?x768xf32>
  %1 = "tosa.add"(%0, %skip) : (tensor<?x768xf32>, tensor<?x768xf32>) -> tensor<?x768xf32>
  %2 = "tosa.mul"(%1, %scale) {shift = 0 : i32} : (tensor<?x768xf32>, tensor<?x1xf32>) -> tensor<?x768xf32>
  return %2 : tensor<?x768xf32>
}
)mlir";

static int failures = 0;
static void expect(bool ok, const std::string &what) {
  std::cout << (ok ? "ok:   " : "FAIL: ") << what << "\n";
  failures += !ok;
}

int main() {
  Options options;
  options.computeShapes = true; // most specific shapes, not only verdicts
  // A pass that knows the batch is 32 says so; facts narrow every answer.
  options.assumptions = {"%x[0] == 32"};
  Session session(options);
  Result<void> analysed = session.addFile("block.mlir", kModule);
  if (analysed)
    analysed = session.analyze();
  if (!analysed) {
    std::cerr << analysed.message(); // file:line:col: error: ..., a caret
    return 2;
  }
  std::optional<Function> fn = session.function("block");
  if (!fn)
    return 2;

  // Verdicts: the residual add can fail (%skip's batch is free), so can the
  // scale (its batch too). Each finding has a witness and a condition.
  std::vector<Finding> unsafe = fn->unsafeFindings();
  for (const Finding &finding : unsafe)
    std::cout << finding.loc << ": " << finding.verdict << " " << finding.kind
              << ", UB exactly when " << finding.condition << "\n";
  expect(unsafe.size() == 2, "two obligations can fail");
  expect(!unsafe.empty() && unsafe[0].hasWitness &&
             !unsafe[0].condition.empty() && unsafe[0].op == "tosa.add",
         "the residual add has a witness and a condition");

  // A condition is a formula (symshape/Condition.h): "%skip[0] not in
  // {1, 32}" is a set test on one size, true at the witness's sizes (every
  // size it does not name is 1) and false where the sizes broadcast.
  if (!unsafe.empty()) {
    const Condition &when = unsafe[0].condition;
    Sizes witness(unsafe[0].witness.begin(), unsafe[0].witness.end());
    expect(when.kind() == Condition::Kind::NotIn &&
               when.lhs().name() == "%skip[0]" &&
               when.values() == std::vector<int64_t>{1, 32},
           "the add fails when %skip[0] is neither 1 nor 32");
    expect(when.evaluate(witness, 1) == std::optional<bool>(true) &&
               when.evaluate({{"%skip[0]", 32}}) == std::optional<bool>(false),
           "the witness meets the condition, a batch of 32 does not");
  }

  // Shapes in every well-defined execution: the batch is 32 throughout.
  std::optional<std::vector<std::string>> shape = fn->shapeOf("%2");
  expect(shape && (*shape)[0] == "32" && (*shape)[1] == "768",
         "%2 has shape [32, 768]");
  expect(fn->refinedTypeOf("%1") == std::string("tensor<32x768xf32>"),
         "%1 refines to tensor<32x768xf32>");
  expect(fn->sameSize("%0", 0, "%2", 0), "%0 and %2 share their batch");
  // %skip's batch is 1 or 32, so it is not equal to %x's in every run.
  expect(!fn->sameSize("%skip", 0, "%x", 0), "%skip[0] may differ from %x[0]");
  return failures ? 1 : 0;
}
