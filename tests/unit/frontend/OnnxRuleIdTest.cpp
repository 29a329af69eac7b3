//===- OnnxRuleIdTest.cpp - ONNX requirements check the operator's rule ---===//
//
// docs/KINDS.md: an ONNX op's requirements check the ONNX operator's rule,
// `onnx.Add`, in both spellings (onnx-mlir's `onnx.Add`, torch-mlir's
// `torch.operator "onnx.Add"`), its broadcasts too; `broadcastable` is for
// the other families.
//
//===----------------------------------------------------------------------===//

#include "ParseHelpers.h"
#include "symshape/solver/Problem.h"

#include <catch2/catch.hpp>

#include <set>

using namespace symshape;
using namespace symshape::frontend;

namespace {

/// The rule ids of every obligation of the only function of `text`.
std::set<std::string> ruleIds(const std::string &text) {
  Session session({});
  REQUIRE(session.addFile("t.mlir", text));
  REQUIRE(session.analyze());
  const solver::Problem &problem =
      *session.files().at(0)->functions.at(0).problem;
  std::set<std::string> out;
  for (const solver::Obligation &ob : problem.obligations)
    out.insert(std::string(solver::ruleOf(problem, ob)));
  return out;
}

} // namespace

TEST_CASE("onnx: a broadcast checks the operator's rule in both spellings",
          "[onnx][rules]") {
  const std::set<std::string> add{"onnx.Add"};
  CHECK(ruleIds(R"(
func.func @a(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "onnx.Add"(%x, %y) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  onnx.Return %0 : tensor<?x3xf32>
}
)") == add);
  CHECK(ruleIds(R"(
func.func @b(%x: !torch.vtensor<[?,3],f32>, %y: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> attributes {torch.onnx_meta.opset_version = 17 : si64} {
  %0 = torch.operator "onnx.Add"(%x, %y) : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32>
  return %0 : !torch.vtensor<[?,3],f32>
}
)") == add);
  // Outside ONNX a broadcast keeps the seeds' rule (tosa.add's other
  // requirements check its own).
  CHECK(ruleIds(R"(
func.func @c(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tosa.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
)") == std::set<std::string>{"broadcastable", "tosa.add"});
}
