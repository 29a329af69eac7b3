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

TEST_CASE("oracle: torch predicates and runtime checks stop the run cleanly",
          "[models][torch]") {
  // torch.export's guard Eq(s0, s1) as the FX importer prints it: the run
  // stops at the _assert_scalar (op #7) exactly when the sizes differ, and
  // that is not UB.
  std::string guard = R"(
func.func @f(%arg0: !torch.vtensor<[64,?],f32>, %arg1: !torch.vtensor<[?,64],f32>) -> !torch.vtensor<[64,64],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.size.int %arg0, %int1 : !torch.vtensor<[64,?],f32>, !torch.int -> !torch.int
  %int0 = torch.constant.int 0
  %1 = torch.aten.size.int %arg1, %int0 : !torch.vtensor<[?,64],f32>, !torch.int -> !torch.int
  %2 = torch.aten.eq.int %0, %1 : !torch.int, !torch.int -> !torch.bool
  %3 = torch.aten.Int.bool %2 : !torch.bool -> !torch.int
  %str = torch.constant.str "Runtime assertion failed for expression Eq(s0, s1) on node 'eq'"
  torch.aten._assert_scalar %3, %str : !torch.int, !torch.str
  %4 = torch.aten.matmul %arg0, %arg1 : !torch.vtensor<[64,?],f32>, !torch.vtensor<[?,64],f32> -> !torch.vtensor<[64,64],f32>
  return %4 : !torch.vtensor<[64,64],f32>
})";
  OracleResult same = run(guard, {{"%arg0[1]", 8}, {"%arg1[0]", 8}});
  CHECK(!same.ub);
  CHECK(!same.stopped);
  CHECK(same.shapes["4"] == Shape{64, 64});
  OracleResult differ = run(guard, {{"%arg0[1]", 8}, {"%arg1[0]", 9}});
  CHECK(!differ.ub);
  REQUIRE(differ.stopped);
  CHECK(differ.stopped->opIndex == 7);

  // (s <= 2 or false) and bool(s), then sym_constrain_range_for_size with a
  // max of 2, which ATen rejects whatever the size: 0 and 3 stop at the
  // assert (op #10), 1 and 2 at the range check (op #11).
  std::string logic = R"(
func.func @g(%arg0: !torch.vtensor<[?],f32>) -> !torch.int {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.gt.int %0, %int2 : !torch.int, !torch.int -> !torch.bool
  %2 = torch.aten.__not__ %1 : !torch.bool -> !torch.bool
  %3 = torch.aten.__or__.bool %2, %false : !torch.bool, !torch.bool -> !torch.bool
  %4 = torch.aten.Bool.int %0 : !torch.int -> !torch.bool
  %5 = torch.aten.__and__.bool %3, %4 : !torch.bool, !torch.bool -> !torch.bool
  torch.runtime.assert %5, "a small non-empty size"
  torch.aten.sym_constrain_range_for_size %0, %none, %int2 : !torch.int, !torch.none, !torch.int
  return %0 : !torch.int
})";
  for (int64_t size : {0, 1, 2, 3}) {
    INFO("size " << size);
    OracleResult r = run(logic, {{"%arg0[0]", size}});
    CHECK(!r.ub);
    REQUIRE(r.stopped);
    CHECK(r.stopped->opIndex == (size == 1 || size == 2 ? 11u : 10u));
  }
}

TEST_CASE("comparison: torch runtime checks that hold, then a planted "
          "mismatch",
          "[models][torch]") {
  // The checks never stop the run (sizes are never negative; min 0 by
  // default): symshape calls them safe (redundant) and agrees with the
  // oracle at every op, and finds the planted broadcast (op #10).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
  torch.aten.sym_constrain_range_for_size %0, %none, %none : !torch.int, !torch.none, !torch.none
  %1 = torch.aten.ge.int %0, %int0 : !torch.int, !torch.int -> !torch.bool
  %2 = torch.aten.Int.bool %1 : !torch.bool -> !torch.int
  %str = torch.constant.str "Runtime assertion failed for expression s0 >= 0 on node 'ge'"
  torch.aten._assert_scalar %2, %str : !torch.int, !torch.str
  %true = torch.constant.bool true
  torch.runtime.assert %true, "always holds"
  %3 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  return %3 : !torch.vtensor<[?,4],f32>
})",
                   10, 12);
}
