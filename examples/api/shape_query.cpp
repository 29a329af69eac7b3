//===- shape_query.cpp - Using symshape as a library ----------------------===//
//
// What a shape-inference pass does with symshape: parse (or hand over) a
// module, analyse it, then ask per value for verdicts, the most specific
// shape, and which dims are provably equal. No output from the library
// itself; this program prints what it learns and checks it (exit 1 when a
// fact it relies on does not hold, so the test suite runs it).
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include <iostream>

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
  frontend::SessionOptions options;
  options.computeShapes = true; // most specific shapes, not only verdicts
  frontend::Session session(options);
  // A pass that knows the batch is 32 says so; facts narrow every answer.
  if (!session.addAssumption("%x[0] == 32") ||
      !session.addFile("block.mlir", kModule) || !session.analyze()) {
    std::cerr << session.diagnostics().renderAll();
    return 2;
  }
  const frontend::FunctionAnalysis *fn = session.function("block");
  if (!fn)
    return 2;

  // Verdicts: the residual add can fail (%skip's batch is free), so can the
  // scale (its batch too). Each finding has a witness and a condition.
  for (size_t k : fn->unsafeFindings()) {
    const solver::Obligation &ob = fn->problem->obligations[k];
    const solver::Finding &finding = fn->verdicts.findings[k];
    std::cout << session.format(fn->problem->locOf(ob)) << ": "
              << solver::verdictName(finding.verdict) << " "
              << solver::obligationKindName(ob.kind) << ", UB exactly when "
              << finding.condition << "\n";
  }
  expect(fn->unsafeFindings().size() == 2, "two obligations can fail");

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
