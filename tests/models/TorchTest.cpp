//===- TorchTest.cpp - torch-mlir's torch dialect: oracle and comparison --===//
//
// Hand-computed cases of the oracle's torch entries (oracle/Torch.cpp), from
// PyTorch's documentation, then programs in the FX importer's printed style
// compared with symshape: brute force over the box, per op, and every
// witness replayed (Compare.h).
//
//===----------------------------------------------------------------------===//

#include "Compare.h"

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape;
using namespace symshape::models;
using Shape = std::vector<int64_t>;

namespace {

OracleResult run(const std::string &text, const Assignment &sizes) {
  frontend::Session session{frontend::SessionOptions{}};
  bool parsed = session.addFile("t.mlir", text);
  INFO(session.diagnostics().renderAll());
  REQUIRE(parsed);
  const frontend::Module &module = session.files().front()->module;
  OracleResult r = Oracle(module).run(module.functions.front(), sizes);
  INFO("unsupported: " << r.unsupported);
  REQUIRE(r.unsupported.empty());
  return r;
}

void requireUbAt(const OracleResult &r, size_t op, const std::string &part) {
  REQUIRE(r.ub);
  INFO(r.ub->rule);
  CHECK(r.ub->opIndex == op);
  CHECK(r.ub->rule.find(part) != std::string::npos);
}

void requireAgreement(const std::string &text, int plantedOp, size_t ops) {
  Program p;
  p.family = Family::Linalg;
  p.text = text;
  p.twin = text;
  p.plantedOp = plantedOp;
  p.plantedWhat = "hand-written";
  FamilyStats stats;
  compareProgram(p, stats);
  std::string all;
  for (const std::string &f : stats.failures)
    all += f + "\n";
  INFO(all << summarize(p.family, stats));
  CHECK(stats.failures.empty());
  CHECK(stats.bruteAgree == ops);
  CHECK(stats.plantedFound == (plantedOp >= 0 ? 1u : 0u));
}

} // namespace

TEST_CASE("oracle: view infers -1, transpose and slice clamp as PyTorch",
          "[models][torch]") {
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,32],f32>) -> !torch.vtensor<[?,8,4],f32> {
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %int8 = torch.constant.int 8
  %0 = torch.prim.ListConstruct %int-1, %int4, %int8 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.view %arg0, %0 : !torch.vtensor<[?,32],f32>, !torch.list<int> -> !torch.vtensor<[?,4,8],f32>
  %int-2 = torch.constant.int -2
  %2 = torch.aten.transpose.int %1, %int-2, %int-1 : !torch.vtensor<[?,4,8],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,8,4],f32>
  %int0 = torch.constant.int 0
  %int-7 = torch.constant.int -7
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %3 = torch.aten.slice.Tensor %2, %int0, %int-7, %none, %int2 : !torch.vtensor<[?,8,4],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[?,8,4],f32>
  return %3 : !torch.vtensor<[?,8,4],f32>
})";
  OracleResult r = run(text, {{"%arg0[0]", 5}});
  REQUIRE(!r.ub);
  CHECK(r.shapes["1"] == Shape{5, 4, 8});
  CHECK(r.shapes["2"] == Shape{5, 8, 4});
  // [-7::2] of 5: the start clamps to 0, elements 0, 2, 4.
  CHECK(r.shapes["3"] == Shape{3, 8, 4});
}

TEST_CASE("oracle: broadcasting, mm and expand fail as PyTorch does",
          "[models][torch]") {
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,1],f32>, %arg2: !torch.vtensor<[4,?],f32>) -> !torch.vtensor<[?,?],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,1],f32>, !torch.int -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.mm %0, %arg2 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4,?],f32> -> !torch.vtensor<[?,?],f32>
  return %1 : !torch.vtensor<[?,?],f32>
})";
  OracleResult ok =
      run(text, {{"%arg0[0]", 3}, {"%arg1[0]", 1}, {"%arg2[1]", 6}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{3, 4});
  CHECK(ok.shapes["1"] == Shape{3, 6});
  requireUbAt(run(text, {{"%arg0[0]", 3}, {"%arg1[0]", 2}, {"%arg2[1]", 6}}), 1,
              "broadcast: sizes 3 and 2");
}

TEST_CASE("comparison: a correct torch program", "[models][torch]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,32],f32>, %arg1: !torch.vtensor<[32,16],f32>) -> !torch.vtensor<[?,16],f32> {
  %0 = torch.aten.mm %arg0, %arg1 : !torch.vtensor<[?,32],f32>, !torch.vtensor<[32,16],f32> -> !torch.vtensor<[?,16],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[?,16],f32> -> !torch.vtensor<[?,16],f32>
  %int1 = torch.constant.int 1
  %2 = torch.aten.add.Tensor %1, %0, %int1 : !torch.vtensor<[?,16],f32>, !torch.vtensor<[?,16],f32>, !torch.int -> !torch.vtensor<[?,16],f32>
  return %2 : !torch.vtensor<[?,16],f32>
})",
                   -1, 5);
}

TEST_CASE("comparison: a planted broadcast mismatch in torch",
          "[models][torch]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %0 = torch.aten.neg %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.mul.Tensor %0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  return %1 : !torch.vtensor<[?,4],f32>
})",
                   1, 3);
}
