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

//===-- Neural-network ops (issue 42)
//--------------------------------------===//

TEST_CASE("oracle: conv, ceil_mode pooling and layer_norm stats as PyTorch",
          "[models][torch][neural]") {
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,3,?,?],f32>, %arg1: !torch.vtensor<[8,3,3,3],f32>) -> !torch.vtensor<[?,8,?,?],f32> {
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %2 = torch.aten.conv2d %arg0, %arg1, %none, %0, %1, %1, %int1 : !torch.vtensor<[?,3,?,?],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,8,?,?],f32>
  %int3 = torch.constant.int 3
  %3 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %4 = torch.aten.max_pool2d %2, %3, %3, %1, %1, %true : !torch.vtensor<[?,8,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,8,?,?],f32>
  %5 = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %result0, %result1, %result2 = torch.aten.native_layer_norm %4, %5, %none, %none, %float1.000000e-05 : !torch.vtensor<[?,8,?,?],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.float -> !torch.vtensor<[?,8,?,?],f32>, !torch.vtensor<[?,8,?,1],f32>, !torch.vtensor<[?,8,?,1],f32>
  return %result0 : !torch.vtensor<[?,8,?,?],f32>
})";
  // Conv2d's "Shape" section, kernel 3, stride 2, padding 1:
  // H_out = floor((9 + 2 - 2 - 1) / 2) + 1 = 5, W_out = floor((11 + 2 - 2 -
  // 1) / 2) + 1 = 6. MaxPool2d 3, stride 3, padding 1, ceil_mode:
  // ceil((5 + 2 - 2 - 1) / 3) + 1 = 3 windows starting at -1, 2, 5; the
  // last starts at 5, in the right padding of a dim of 5 ("windows that
  // would start in the right padded region are ignored"): H 2. Over 6:
  // ceil((6 + 2 - 2 - 1) / 3) + 1 = 3, the last starting at 5 < 6: W 3.
  OracleResult r =
      run(text, {{"%arg0[0]", 2}, {"%arg0[2]", 9}, {"%arg0[3]", 11}});
  REQUIRE(!r.ub);
  CHECK(r.shapes["2"] == Shape{2, 8, 5, 6});
  CHECK(r.shapes["4"] == Shape{2, 8, 2, 3});
  // LayerNorm over the last dim (3): mean and rstd are [2, 8, 2, 1].
  CHECK(r.shapes["result1"] == Shape{2, 8, 2, 1});
  // H = W = 4: conv gives floor((4 + 2 - 3) / 2) + 1 = 2; pooling 2:
  // ceil((2 + 2 - 3) / 3) + 1 = 2, the second window starting at 3 >= 2 + 1
  // (in the right padding): 1. normalized_shape [3] against a last dim of
  // 1: UB at the layer norm (op 13).
  OracleResult s =
      run(text, {{"%arg0[0]", 1}, {"%arg0[2]", 4}, {"%arg0[3]", 4}});
  CHECK(s.shapes["4"] == Shape{1, 8, 1, 1});
  requireUbAt(s, 13, "normalized_shape");
}

TEST_CASE("oracle: topk, argmax, attention and transposed conv as PyTorch",
          "[models][torch][neural]") {
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[2,4,?,8],f32>, %arg2: !torch.vtensor<[2,1,?,8],f32>, %arg3: !torch.vtensor<[2,1,?,5],f32>, %arg4: !torch.vtensor<[1,4,?,?],f32>, %arg5: !torch.vtensor<[4,2,3,3],f32>) -> !torch.vtensor<[?,?],f32> {
  %int3 = torch.constant.int 3
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %values, %indices = torch.aten.topk %arg0, %int3, %int-1, %true, %true : !torch.vtensor<[?,?],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],si64>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.argmax %arg0, %none, %false : !torch.vtensor<[?,?],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %1 = torch.aten.scaled_dot_product_attention %arg1, %arg2, %arg3, %none, %float0.000000e00, %false, %none, %false : !torch.vtensor<[2,4,?,8],f32>, !torch.vtensor<[2,1,?,8],f32>, !torch.vtensor<[2,1,?,5],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,4,?,5],f32>
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %2 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %5 = torch.aten.convolution %arg4, %arg5, %none, %2, %3, %4, %true, %4, %int1 : !torch.vtensor<[1,4,?,?],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,?,?],f32>
  return %values : !torch.vtensor<[?,3],f32>
})";
  Assignment sizes = {{"%arg0[0]", 2}, {"%arg0[1]", 5}, {"%arg1[2]", 7},
                      {"%arg2[2]", 6}, {"%arg3[2]", 6}, {"%arg4[2]", 3},
                      {"%arg4[3]", 1}};
  OracleResult r = run(text, sizes);
  REQUIRE(!r.ub);
  CHECK(r.shapes["values"] == Shape{2, 3});
  CHECK(r.shapes["0"] == Shape{});
  // query [2, 4, 7, 8], key [2, 1, 6, 8], value [2, 1, 6, 5]: the heads 4
  // and 1 broadcast, L = 7, Ev = 5.
  CHECK(r.shapes["1"] == Shape{2, 4, 7, 5});
  // ConvTranspose2d: (3 - 1) * 2 - 0 + 1 * (3 - 1) + 1 + 1 = 8 and
  // (1 - 1) * 2 + 2 + 1 + 1 = 4; 2 channels per group, one group.
  CHECK(r.shapes["5"] == Shape{1, 2, 8, 4});
  // The top 3 of 2 elements: "selected index k out of range" (op 3).
  sizes["%arg0[1]"] = 2;
  requireUbAt(run(text, sizes), 3, "k out of range");
  // An empty input: topk of 3 out of 0 first.
  sizes["%arg0[0]"] = 0;
  sizes["%arg0[1]"] = 4;
  requireUbAt(run(text, sizes), 6, "argmax of an empty tensor");
  // Keys of 6 and values of 5 positions.
  sizes = {{"%arg0[0]", 1}, {"%arg0[1]", 3}, {"%arg1[2]", 7}, {"%arg2[2]", 6},
           {"%arg3[2]", 5}, {"%arg4[2]", 1}, {"%arg4[3]", 1}};
  requireUbAt(run(text, sizes), 8, "key and value lengths differ");
}

TEST_CASE("comparison: a correct torch CNN classifier",
          "[models][torch][neural]") {
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,3,8,8],f32>, %arg1: !torch.vtensor<[8,3,3,3],f32>, %arg2: !torch.vtensor<[8],f32>, %arg3: !torch.vtensor<[8,10],f32>, %arg4: !torch.vtensor<[10],f32>) -> (!torch.vtensor<[?,10],f32>, !torch.vtensor<[?,1],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.conv2d %arg0, %arg1, %arg2, %0, %0, %0, %int1 : !torch.vtensor<[?,3,8,8],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.vtensor<[8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,8,8,8],f32>
  %2 = torch.aten.relu %1 : !torch.vtensor<[?,8,8,8],f32> -> !torch.vtensor<[?,8,8,8],f32>
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %3 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %result0, %result1 = torch.aten.max_pool2d_with_indices %2, %3, %3, %4, %0, %false : !torch.vtensor<[?,8,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,8,4,4],f32>, !torch.vtensor<[?,8,4,4],si64>
  %float1.000000e-01 = torch.constant.float 1.000000e-01
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %5 = torch.aten.batch_norm %result0, %arg2, %arg2, %arg2, %arg2, %false, %float1.000000e-01, %float1.000000e-05, %false : !torch.vtensor<[?,8,4,4],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[?,8,4,4],f32>
  %6 = torch.aten.adaptive_avg_pool2d %5, %0 : !torch.vtensor<[?,8,4,4],f32>, !torch.list<int> -> !torch.vtensor<[?,8,1,1],f32>
  %int-1 = torch.constant.int -1
  %7 = torch.aten.flatten.using_ints %6, %int1, %int-1 : !torch.vtensor<[?,8,1,1],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,8],f32>
  %8 = torch.aten.addmm %arg4, %7, %arg3, %int1, %int1 : !torch.vtensor<[10],f32>, !torch.vtensor<[?,8],f32>, !torch.vtensor<[8,10],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,10],f32>
  %9 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %result0_0, %result1_1 = torch.aten.var_mean.correction %8, %9, %int1, %true : !torch.vtensor<[?,10],f32>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor<[?,1],f32>, !torch.vtensor<[?,1],f32>
  return %8, %result0_0 : !torch.vtensor<[?,10],f32>, !torch.vtensor<[?,1],f32>
})",
                   -1, 21);
}

TEST_CASE("comparison: planted torch reductions and normalisations",
          "[models][torch][neural]") {
  // topk of 3 along a dynamic last dim (op 4).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,3],f32> {
  %0 = torch.aten.relu %arg0 : !torch.vtensor<[?,?],f32> -> !torch.vtensor<[?,?],f32>
  %int3 = torch.constant.int 3
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %values, %indices = torch.aten.topk %0, %int3, %int-1, %true, %true : !torch.vtensor<[?,?],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],si64>
  return %values : !torch.vtensor<[?,3],f32>
})",
                   4, 6);
  // layer_norm over [4] of a dynamic last dim (op 4; ops counted with
  // the constants and the return).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[4],f32>) -> !torch.vtensor<[?,?],f32> {
  %int4 = torch.constant.int 4
  %0 = torch.prim.ListConstruct %int4 : (!torch.int) -> !torch.list<int>
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %1 = torch.aten.layer_norm %arg0, %0, %arg1, %arg1, %float1.000000e-05, %true : !torch.vtensor<[?,?],f32>, !torch.list<int>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,?],f32>
  return %1 : !torch.vtensor<[?,?],f32>
})",
                   4, 6);
  // group_norm with 2 groups: the channels must be even (op 4).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[2,?,4,4],f32>) -> !torch.vtensor<[2,?,4,4],f32> {
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %false = torch.constant.bool false
  %0 = torch.aten.group_norm %arg0, %int2, %none, %none, %float1.000000e-05, %false : !torch.vtensor<[2,?,4,4],f32>, !torch.int, !torch.none, !torch.none, !torch.float, !torch.bool -> !torch.vtensor<[2,?,4,4],f32>
  return %0 : !torch.vtensor<[2,?,4,4],f32>
})",
                   4, 6);
  // amin over a dynamic dim: "Expected reduction dim 0 to have non-zero
  // size" when it is empty (op 3).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %1 = torch.aten.amin %arg0, %0, %false : !torch.vtensor<[?,3],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3],f32>
  return %1 : !torch.vtensor<[3],f32>
})",
                   3, 5);
}

TEST_CASE("comparison: planted torch convolution, pooling and attention",
          "[models][torch][neural]") {
  // A 3x3 kernel without padding on dynamic H and W (op 5).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[1,3,?,?],f32>, %arg1: !torch.vtensor<[4,3,3,3],f32>) -> !torch.vtensor<[1,4,?,?],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %2 = torch.aten.conv2d %arg0, %arg1, %none, %0, %1, %0, %int1 : !torch.vtensor<[1,3,?,?],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,?,?],f32>
  return %2 : !torch.vtensor<[1,4,?,?],f32>
})",
                   5, 7);
  // ceil_mode max pooling, 3x3, stride 3, padding 1, on dynamic H, W (op 5):
  // every output formula of the box against the brute force.
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[1,2,?,?],f32>) -> !torch.vtensor<[1,2,?,?],f32> {
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %2 = torch.aten.max_pool2d %arg0, %0, %0, %1, %1, %true : !torch.vtensor<[1,2,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,2,?,?],f32>
  %3 = torch.aten.relu %2 : !torch.vtensor<[1,2,?,?],f32> -> !torch.vtensor<[1,2,?,?],f32>
  return %3 : !torch.vtensor<[1,2,?,?],f32>
})",
                   5, 8);
  // An attention mask whose last dim must be 1 or the key length (op 5).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[2,4,1,8],f32>, %arg1: !torch.vtensor<[2,4,?,8],f32>, %arg2: !torch.vtensor<[2,1,1,?],f32>) -> !torch.vtensor<[2,4,1,8],f32> {
  %none = torch.constant.none
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %none_0 = torch.constant.none
  %false_1 = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg1, %arg2, %float0.000000e00, %false, %none_0, %false_1 : !torch.vtensor<[2,4,1,8],f32>, !torch.vtensor<[2,4,?,8],f32>, !torch.vtensor<[2,4,?,8],f32>, !torch.vtensor<[2,1,1,?],f32>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[2,4,1,8],f32>
  return %0 : !torch.vtensor<[2,4,1,8],f32>
})",
                   5, 7);
}

TEST_CASE("comparison: torch elementwise extras", "[models][torch][neural]") {
  // masked_fill broadcasts self and mask (op 1); clamp keeps the shape.
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,1],i1>) -> !torch.vtensor<[?,4],f32> {
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %0 = torch.aten.masked_fill.Scalar %arg0, %arg1, %float0.000000e00 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,1],i1>, !torch.float -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.clamp_min %0, %float0.000000e00 : !torch.vtensor<[?,4],f32>, !torch.float -> !torch.vtensor<[?,4],f32>
  return %1 : !torch.vtensor<[?,4],f32>
})",
                   1, 4);
  // lerp.Tensor broadcasts its three tensors (op 0); atan2 of a value with
  // itself and the unary ops after it are safe.
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4],f32>, %arg2: !torch.vtensor<[?,1],f32>) -> !torch.vtensor<[?,4],f32> {
  %0 = torch.aten.lerp.Tensor %arg0, %arg1, %arg2 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[?,1],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.atan2 %0, %0 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %2 = torch.aten.mish %1 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %3 = torch.aten.expm1 %2 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  return %3 : !torch.vtensor<[?,4],f32>
})",
                   0, 5);
}

TEST_CASE("comparison: planted torch transposed conv, addmm and avg_pool",
          "[models][torch][neural]") {
  // ConvTranspose2d, kernel 3, padding 2, output_padding 0: out = (H - 1)
  // - 4 + 2 + 0 + 1 = H - 2, negative for H < 2 (op 8).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[1,4,?,?],f32>, %arg1: !torch.vtensor<[4,2,3,3],f32>) -> !torch.vtensor<[1,2,?,?],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %3 = torch.aten.convolution %arg0, %arg1, %none, %0, %1, %0, %true, %2, %int1 : !torch.vtensor<[1,4,?,?],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,2,?,?],f32>
  return %3 : !torch.vtensor<[1,2,?,?],f32>
})",
                   8, 10);
  // addmm's input [?, 1] must broadcast to [n, 5] (op 1).
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,1],f32>, %arg1: !torch.vtensor<[?,3],f32>, %arg2: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[?,5],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.addmm %arg0, %arg1, %arg2, %int1, %int1 : !torch.vtensor<[?,1],f32>, !torch.vtensor<[?,3],f32>, !torch.vtensor<[3,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,5],f32>
  return %0 : !torch.vtensor<[?,5],f32>
})",
                   1, 3);
  // avg_pool2d 3x3, stride 2, padding 1, ceil_mode on a dynamic image
  // (op 6): non-empty dims and the output formula over the box.
  requireAgreement(R"(
func.func @model(%arg0: !torch.vtensor<[?,2,?,?],f32>) -> !torch.vtensor<[?,2,?,?],f32> {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %3 = torch.aten.avg_pool2d %arg0, %0, %1, %2, %true, %true, %none : !torch.vtensor<[?,2,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?,2,?,?],f32>
  return %3 : !torch.vtensor<[?,2,?,?],f32>
})",
                   8, 10);
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
