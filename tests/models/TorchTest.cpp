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

TEST_CASE("oracle: torch.cat skips 1-D empty tensors, chunk and split "
          "pieces as PyTorch documents",
          "[models][torch]") {
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,3],f32>, %arg1: !torch.vtensor<[0],f32>, %arg2: !torch.vtensor<[10,?],f32>) -> !torch.vtensor<[?,3],f32> {
  %0 = torch.prim.ListConstruct %arg0, %arg1, %arg0 : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[?,3],f32>) -> !torch.list<vtensor>
  %int0 = torch.constant.int 0
  %1 = torch.aten.cat %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,3],f32>
  %int3 = torch.constant.int 3
  %2 = torch.aten.chunk %arg2, %int3, %int0 : !torch.vtensor<[10,?],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %3:3 = torch.prim.ListUnpack %2 : !torch.list<vtensor> -> !torch.vtensor<[4,?],f32>, !torch.vtensor<[4,?],f32>, !torch.vtensor<[2,?],f32>
  %int4 = torch.constant.int 4
  %4 = torch.aten.split.Tensor %arg2, %int4, %int0 : !torch.vtensor<[10,?],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %int-1 = torch.constant.int -1
  %5 = torch.aten.__getitem__.t %4, %int-1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,?],f32>
  %int10 = torch.constant.int 10
  %int-3 = torch.constant.int -3
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %6 = torch.aten.arange.start_step %int10, %int0, %int-3, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[4],si64>
  %7 = torch.aten.t %5 : !torch.vtensor<[2,?],f32> -> !torch.vtensor<[?,2],f32>
  return %1 : !torch.vtensor<[?,3],f32>
})";
  OracleResult r = run(text, {{"%arg0[0]", 5}, {"%arg2[1]", 7}});
  REQUIRE(!r.ub);
  // The [0] tensor is skipped: 5 + 5 rows.
  CHECK(r.shapes["1"] == Shape{10, 3});
  // chunk(3) of 10: pieces of ceil(10 / 3) = 4: 4, 4, 2.
  CHECK(r.shapes["3#0"] == Shape{4, 7});
  CHECK(r.shapes["3#2"] == Shape{2, 7});
  // split(4) of 10: 4, 4, 2; item -1 is the last.
  CHECK(r.shapes["5"] == Shape{2, 7});
  // arange(10, 0, -3): 10, 7, 4, 1.
  CHECK(r.shapes["6"] == Shape{4});
  CHECK(r.shapes["7"] == Shape{7, 2});
}

TEST_CASE("oracle: split_with_sizes, narrow and unflatten fail as PyTorch "
          "does",
          "[models][torch]") {
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,?,4],f32> {
  %int2 = torch.constant.int 2
  %int6 = torch.constant.int 6
  %0 = torch.prim.ListConstruct %int2, %int6 : (!torch.int, !torch.int) -> !torch.list<int>
  %int1 = torch.constant.int 1
  %1 = torch.aten.split_with_sizes %arg0, %0, %int1 : !torch.vtensor<[?,?],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %2:2 = torch.prim.ListUnpack %1 : !torch.list<vtensor> -> !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,6],f32>
  %int0 = torch.constant.int 0
  %int-3 = torch.constant.int -3
  %3 = torch.aten.narrow %2#1, %int0, %int-3, %int2 : !torch.vtensor<[?,6],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,6],f32>
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %4 = torch.prim.ListConstruct %int-1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %5 = torch.aten.unflatten.int %arg0, %int1, %4 : !torch.vtensor<[?,?],f32>, !torch.int, !torch.list<int> -> !torch.vtensor<[?,?,4],f32>
  return %5 : !torch.vtensor<[?,?,4],f32>
})";
  OracleResult ok = run(text, {{"%arg0[0]", 3}, {"%arg0[1]", 8}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["2#1"] == Shape{3, 6});
  // narrow from -3 (row 0 of 3) for 2 rows.
  CHECK(ok.shapes["3"] == Shape{2, 6});
  CHECK(ok.shapes["5"] == Shape{3, 2, 4});
  requireUbAt(run(text, {{"%arg0[0]", 3}, {"%arg0[1]", 9}}), 4,
              "sum exactly to 9");
  // Of 2 rows, the start -3 is below -2.
  requireUbAt(run(text, {{"%arg0[0]", 2}, {"%arg0[1]", 8}}), 8,
              "start out of range");
}

TEST_CASE("comparison: a correct torch program with splits, joins and "
          "factories",
          "[models][torch]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,12],f32>) -> (!torch.vtensor<[?,8],f32>, !torch.vtensor<[2,?,4],f32>, !torch.vtensor<[?,?],f32>, !torch.vtensor<[?],si64>) {
  %int4 = torch.constant.int 4
  %int-1 = torch.constant.int -1
  %0 = torch.aten.split.Tensor %arg0, %int4, %int-1 : !torch.vtensor<[?,12],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
  %2 = torch.prim.ListConstruct %1#0, %1#1 : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) -> !torch.list<vtensor>
  %3 = torch.aten.cat %2, %int-1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,8],f32>
  %int0 = torch.constant.int 0
  %4 = torch.prim.ListConstruct %1#0, %1#2 : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) -> !torch.list<vtensor>
  %5 = torch.aten.stack %4, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,?,4],f32>
  %6 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,12],f32>, !torch.int -> !torch.int
  %7 = torch.prim.NumToTensor.Scalar %6 : !torch.int -> !torch.vtensor<[],si64>
  %8 = torch.aten.Int.Tensor %7 : !torch.vtensor<[],si64> -> !torch.int
  %9 = torch.prim.ListConstruct %8, %6 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %10 = torch.aten.zeros %9, %none, %none, %cpu, %false : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?,?],f32>
  %11 = torch.aten.arange %8, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
  return %3, %5, %10, %11 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[2,?,4],f32>, !torch.vtensor<[?,?],f32>, !torch.vtensor<[?],si64>
})",
                   -1, 19);
}

TEST_CASE("comparison: a planted cat mismatch in torch", "[models][torch]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,2],f32>) -> !torch.vtensor<[?,6],f32> {
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,2],f32>) -> !torch.list<vtensor>
  %int1 = torch.constant.int 1
  %1 = torch.aten.cat %0, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,6],f32>
  return %1 : !torch.vtensor<[?,6],f32>
})",
                   2, 4);
}

TEST_CASE("comparison: a planted split_with_sizes sum in torch",
          "[models][torch]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,2],f32> {
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.split_with_sizes %arg0, %0, %int1 : !torch.vtensor<[?,?],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %int0 = torch.constant.int 0
  %2 = torch.aten.__getitem__.t %1, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,2],f32>
  return %2 : !torch.vtensor<[?,2],f32>
})",
                   3, 7);
}

TEST_CASE("comparison: a planted narrow and arange in torch",
          "[models][torch]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,3],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[2,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.narrow %arg0, %int0, %int1, %int2 : !torch.vtensor<[?,3],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
})",
                   3, 5);
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],si64> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.size.int %arg1, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %2 = torch.aten.arange.start %0, %1, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
  return %2 : !torch.vtensor<[?],si64>
})",
                   7, 9);
}

TEST_CASE("comparison: torch list unpacking of the wrong count and "
          "unflatten",
          "[models][torch]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[?,4],f32> {
  %int4 = torch.constant.int 4
  %int1 = torch.constant.int 1
  %0 = torch.aten.split.Tensor %arg0, %int4, %int1 : !torch.vtensor<[?,6],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],f32>
  return %1#0 : !torch.vtensor<[?,4],f32>
})",
                   3, 5);
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,4],f32> {
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %0 = torch.prim.ListConstruct %int-1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %int0 = torch.constant.int 0
  %1 = torch.aten.unflatten.int %arg0, %int0, %0 : !torch.vtensor<[?],f32>, !torch.int, !torch.list<int> -> !torch.vtensor<[?,4],f32>
  return %1 : !torch.vtensor<[?,4],f32>
})",
                   4, 6);
}

TEST_CASE("comparison: torch relayouts, tuples and factories",
          "[models][torch]") {
  // Correct: squeeze.dims of the static 1 (a dynamic size may be 1 too:
  // not squeezed here), tile, roll, broadcast_to, expand_as, a tuple, the
  // size list into a view, full and new_ones of computed sizes.
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,1,3],f32>) -> (!torch.vtensor<[?,6],f32>, !torch.vtensor<[?,2,3],f32>, !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>) {
  %int0 = torch.constant.int 0
  %int-2 = torch.constant.int -2
  %2 = torch.prim.ListConstruct %int-2 : (!torch.int) -> !torch.list<int>
  %3 = torch.aten.squeeze.dims %arg0, %2 : !torch.vtensor<[?,1,3],f32>, !torch.list<int> -> !torch.vtensor<[?,3],f32>
  %int2 = torch.constant.int 2
  %4 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %5 = torch.aten.tile %3, %4 : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.vtensor<[?,6],f32>
  %int1 = torch.constant.int 1
  %6 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %int-1 = torch.constant.int -1
  %7 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %8 = torch.aten.roll %5, %6, %7 : !torch.vtensor<[?,6],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[?,6],f32>
  %9 = torch.prim.ListConstruct %int-1, %int2, %int-1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %10 = torch.aten.broadcast_to %arg0, %9 : !torch.vtensor<[?,1,3],f32>, !torch.list<int> -> !torch.vtensor<[?,2,3],f32>
  %11 = torch.aten.size %3 : !torch.vtensor<[?,3],f32> -> !torch.list<int>
  %12 = torch.prim.TupleConstruct %3, %11 : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.tuple<vtensor, list<int>>
  %13 = torch.prim.TupleIndex %12, %int0 : !torch.tuple<vtensor, list<int>>, !torch.int -> !torch.vtensor<[?,3],f32>
  %14 = torch.aten.view %13, %11 : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.vtensor<[?,3],f32>
  %float1 = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %15 = torch.aten.full %11, %float1, %none, %none, %cpu, %false : !torch.list<int>, !torch.float, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?,3],f32>
  %16 = torch.aten.new_ones %15, %11, %none, %none, %cpu, %false : !torch.vtensor<[?,3],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?,3],f32>
  %17 = torch.aten.expand_as %16, %14 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32> -> !torch.vtensor<[?,3],f32>
  return %8, %10, %14, %17 : !torch.vtensor<[?,6],f32>, !torch.vtensor<[?,2,3],f32>, !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>
})",
                   -1, 26);
  // Planted: pad in constant mode crops 3 rows of a dynamic dim.
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,7],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int-3 = torch.constant.int -3
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int1, %int2, %int-3, %int0 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %str = torch.constant.str "constant"
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %1 = torch.aten.pad %arg0, %0, %str, %float0.000000e00 : !torch.vtensor<[?,4],f32>, !torch.list<int>, !torch.str, !torch.float -> !torch.vtensor<[?,7],f32>
  return %1 : !torch.vtensor<[?,7],f32>
})",
                   7, 9);
}
