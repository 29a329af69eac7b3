//===- OnnxTest.cpp - The oracle's ONNX entries on hand-computed cases ----===//
//
// Each expectation is computed by hand from the ONNX operator docs (cited
// per case), in both spellings, then the generator's programs are checked
// against the oracle (gen/OnnxGen.h: no UB in a correct program, UB only at
// the planted node, alike in both spellings).
//
//===----------------------------------------------------------------------===//

#include "OnnxCompare.h"

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

} // namespace

TEST_CASE("onnx oracle: Shape, Gather, Slice, Concat, Reshape (torch)",
          "[models][onnx]") {
  // onnx.Shape-21 (start 1, end -1: [4]); onnx.Gather-13 (index -1 of
  // [3]: the last); onnx.Slice-13 (starts -100 clamps to 0, step 3 over
  // 10: 0, 3, 6, 9); onnx.Reshape-14 (0 copies dim 0, -1 infers).
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,4,5],f32>, %arg1: !torch.vtensor<[10],f32>) -> !torch.vtensor<[?,20],f32> attributes {torch.onnx_meta.opset_version = 21 : si64} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Shape"(%arg0) {torch.onnx.end = -1 : si64, torch.onnx.start = 1 : si64} : (!torch.vtensor<[?,4,5],f32>) -> !torch.vtensor<[1],si64> 
  %1 = torch.operator "onnx.Shape"(%arg0) : (!torch.vtensor<[?,4,5],f32>) -> !torch.vtensor<[3],si64> 
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %3 = torch.operator "onnx.Gather"(%1, %2) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[3],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
  %4 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-100> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %5 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<100> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %6 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %7 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<3> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %8 = torch.operator "onnx.Slice"(%arg1, %4, %5, %6, %7) : (!torch.vtensor<[10],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[4],f32> 
  %9 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[0, -1]> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
  %10 = torch.operator "onnx.Reshape"(%arg0, %9) : (!torch.vtensor<[?,4,5],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,20],f32> 
  %11 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[-1, 3]> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
  %12 = torch.operator "onnx.Reshape"(%arg0, %11) : (!torch.vtensor<[?,4,5],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,3],f32> 
  return %10 : !torch.vtensor<[?,20],f32>
})";
  OracleResult ok = run(text, {{"%arg0[0]", 3}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{1});
  CHECK(ok.shapes["3"] == Shape{1});
  CHECK(ok.shapes["8"] == Shape{4});
  CHECK(ok.shapes["10"] == Shape{3, 20});
  CHECK(ok.shapes["12"] == Shape{20, 3});
  // 20 elements per batch: [-1, 3] divides 3*20 = 60 but not 1*20 = 20.
  requireUbAt(run(text, {{"%arg0[0]", 1}}), 13, "-1 cannot be inferred");
}

TEST_CASE("onnx oracle: Expand, Unsqueeze, Squeeze, MatMul (onnx dialect)",
          "[models][onnx]") {
  // onnx.Expand-13: [?, 1] against [2, 1, 6] -> [2, ?, 6];
  // onnx.Unsqueeze-13 axes [-1, 0] of rank 2 -> [1, a, b, 1];
  // onnx.Squeeze-13 of a dim that is not 1: UB; onnx.MatMul-13 of
  // [2, ?, 6] x [6] -> [2, ?].
  std::string text = R"(
func.func @f(%arg0: tensor<?x1xf32> {onnx.dim_params = "0:n"}, %arg1: tensor<?x6xf32>) -> tensor<*xf32> {
  %0 = "onnx.Constant"() {value = dense<[2, 1, 6]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "onnx.Expand"(%arg0, %0) : (tensor<?x1xf32>, tensor<3xi64>) -> tensor<*xf32>
  %2 = "onnx.Constant"() {value = dense<[-1, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %3 = "onnx.Unsqueeze"(%arg1, %2) : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<*xf32>
  %4 = "onnx.Constant"() {value = dense<6.0> : tensor<6xf32>} : () -> tensor<6xf32>
  %5 = "onnx.MatMul"(%1, %4) : (tensor<*xf32>, tensor<6xf32>) -> tensor<*xf32>
  %6 = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %7 = "onnx.Squeeze"(%3, %6) : (tensor<*xf32>, tensor<1xi64>) -> tensor<*xf32>
  "onnx.Return"(%5) : (tensor<*xf32>) -> ()
})";
  OracleResult ok = run(text, {{"%arg0[0]", 3}, {"%arg1[0]", 1}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["1"] == Shape{2, 3, 6});
  CHECK(ok.shapes["3"] == Shape{1, 1, 6, 1});
  CHECK(ok.shapes["5"] == Shape{2, 3});
  CHECK(ok.shapes["7"] == Shape{1, 6, 1});
  requireUbAt(run(text, {{"%arg0[0]", 3}, {"%arg1[0]", 2}}), 7,
              "squeezed dim 1 is 2");
}

TEST_CASE("onnx oracle: broadcasting, Gemm, Conv, reductions",
          "[models][onnx]") {
  // onnx.Add-14 (multidirectional: [?, 4] with [3, 1, 1]); onnx.Gemm-13
  // (transB: B [5, 4] is [N, K]; C [5] broadcasts to [M, 5]);
  // onnx.ReduceMean-18 axes [0, -1] keepdims 0 of [3, ?, 4] -> [?];
  // onnx.Conv-11: [1, 2, 5, 5] with W [4, 1, 3, 3], group 2, pads 1,
  // strides 2 -> floor((5 + 2 - 2 - 1) / 2) + 1 = 3.
  std::string text = R"(
func.func @f(%arg0: tensor<?x4xf32>, %arg1: tensor<1x2x5x5xf32>) -> tensor<*xf32> {
  %0 = "onnx.Constant"() {value = dense<1.0> : tensor<3x1x1xf32>} : () -> tensor<3x1x1xf32>
  %1 = "onnx.Add"(%arg0, %0) : (tensor<?x4xf32>, tensor<3x1x1xf32>) -> tensor<3x?x4xf32>
  %2 = "onnx.Constant"() {value = dense<1.0> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %3 = "onnx.Constant"() {value = dense<1.0> : tensor<5xf32>} : () -> tensor<5xf32>
  %4 = "onnx.Gemm"(%arg0, %2, %3) {transB = 1 : si64} : (tensor<?x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<?x5xf32>
  %5 = "onnx.Constant"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %6 = "onnx.ReduceMean"(%1, %5) {keepdims = 0 : si64} : (tensor<3x?x4xf32>, tensor<2xi64>) -> tensor<?xf32>
  %7 = "onnx.Constant"() {value = dense<1.0> : tensor<4x1x3x3xf32>} : () -> tensor<4x1x3x3xf32>
  %8 = "onnx.Conv"(%arg1, %7) {group = 2 : si64, pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x2x5x5xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x3x3xf32>
  "onnx.Return"(%8) : (tensor<1x4x3x3xf32>) -> ()
})";
  OracleResult ok = run(text, {{"%arg0[0]", 2}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["1"] == Shape{3, 2, 4});
  CHECK(ok.shapes["4"] == Shape{2, 5});
  CHECK(ok.shapes["6"] == Shape{2});
  CHECK(ok.shapes["8"] == Shape{1, 4, 3, 3});
}

TEST_CASE("onnx oracle: shape arithmetic on contents (torch, opset 17)",
          "[models][onnx]") {
  // onnx.Slice-13 with step -2 from -1 to -1000 over [5]: start 4, end
  // clamps to -1: elements 4, 2, 0; onnx.Where-16 on contents (the shape
  // [?, 6] where [1, 0] picks [n, 1]); onnx.ConstantOfShape-21 of it;
  // onnx.Flatten-21 axis -1 of [n, 1, 6] -> [n, 6]; Unsqueeze-11's axes
  // attribute.
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[?,6],f32>, %arg1: !torch.vtensor<[5],f32>) -> !torch.vtensor<[?,6],f32> attributes {torch.onnx_meta.opset_version = 17 : si64} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1000> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-2> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %3 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %4 = torch.operator "onnx.Slice"(%arg1, %0, %1, %3, %2) : (!torch.vtensor<[5],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3],f32> 
  %5 = torch.operator "onnx.Shape"(%arg0) : (!torch.vtensor<[?,6],f32>) -> !torch.vtensor<[2],si64> 
  %6 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[1, 0]> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
  %7 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
  %8 = torch.operator "onnx.Where"(%6, %5, %7) : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[2],si64> 
  %9 = torch.operator "onnx.ConstantOfShape"(%8) : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[?,1],f32> 
  %10 = torch.operator "onnx.Unsqueeze"(%9) {torch.onnx.axes = [1 : si64]} : (!torch.vtensor<[?,1],f32>) -> !torch.vtensor<[?,1,1],f32> 
  %11 = torch.operator "onnx.Expand"(%10, %5) : (!torch.vtensor<[?,1,1],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,?,6],f32> 
  %12 = torch.operator "onnx.Flatten"(%11) {torch.onnx.axis = -1 : si64} : (!torch.vtensor<[?,?,6],f32>) -> !torch.vtensor<[?,6],f32> 
  return %12 : !torch.vtensor<[?,6],f32>
})";
  OracleResult ok = run(text, {{"%arg0[0]", 4}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["4"] == Shape{3});
  CHECK(ok.shapes["8"] == Shape{2});
  CHECK(ok.shapes["9"] == Shape{4, 1});
  CHECK(ok.shapes["10"] == Shape{4, 1, 1});
  // [4, 1, 1] against [4, 6]: [4, 4, 6], flattened before the last: [16, 6].
  CHECK(ok.shapes["11"] == Shape{4, 4, 6});
  CHECK(ok.shapes["12"] == Shape{16, 6});
  // n = 2: [2, 1, 1] against [2, 6] -> [2, 2, 6], flattened [4, 6].
  OracleResult two = run(text, {{"%arg0[0]", 2}});
  REQUIRE(!two.ub);
  CHECK(two.shapes["12"] == Shape{4, 6});
}

TEST_CASE("onnx generator: the oracle agrees with the intent",
          "[models][onnx]") {
  for (uint64_t seed = 0; seed < 6; ++seed)
    for (OnnxPlant plant :
         {OnnxPlant::None, OnnxPlant::Broadcast, OnnxPlant::Reshape,
          OnnxPlant::MatMul, OnnxPlant::Expand}) {
      OnnxProgram p = generateOnnx(seed, plant);
      INFO("seed " << seed << " " << plantName(plant) << "\n" << p.torch);
      CHECK(checkOnnxIntent(p).empty());
      CHECK((p.plantedNode >= 0) == (plant != OnnxPlant::None));
      // The importer's trailing space after each torch.operator line.
      CHECK(p.torch.find("> \n") != std::string::npos);
    }
}

TEST_CASE("onnx oracle: DynamicQuantizeLinear, NonZero, EyeLike, ai.onnx.ml",
          "[models][onnx]") {
  // onnx.DynamicQuantizeLinear-11: y [?, 3], y_scale and y_zero_point
  // scalars; onnx.NonZero-13 of [[1, 0, 2], [0, 0, 3]]: 3 nonzero
  // elements of a rank-2 tensor -> [2, 3]; onnx.EyeLike-22 of [?, 3]
  // keeps it; ai.onnx.ml Scaler-1 with 3 offsets and 1 scale over [?, 3]
  // keeps it; Binarizer-1 and CategoryMapper-1 keep their input's shape;
  // Scaler-1 with 3 offsets over [2, ?]: UB unless the features are 3.
  std::string text = R"(
func.func @f(%arg0: tensor<?x3xf32>, %arg1: tensor<2x?xf32>, %arg2: tensor<4x1xi64>) -> tensor<*xf32> {
  %0:3 = "onnx.DynamicQuantizeLinear"(%arg0) {} : (tensor<?x3xf32>) -> (tensor<*xui8>, tensor<*xf32>, tensor<*xui8>)
  %1 = "onnx.Constant"() {value = dense<[[1, 0, 2], [0, 0, 3]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %2 = "onnx.NonZero"(%1) : (tensor<2x3xi64>) -> tensor<2x?xi64>
  %3 = "onnx.EyeLike"(%arg0) {} : (tensor<?x3xf32>) -> tensor<*xf32>
  %4 = "onnx.Scaler"(%arg0) {offset = [1.0 : f32, 2.0 : f32, 3.0 : f32], scale = [0.5 : f32]} : (tensor<?x3xf32>) -> tensor<*xf32>
  %5 = "onnx.Binarizer"(%4) {threshold = 1.0 : f32} : (tensor<*xf32>) -> tensor<*xf32>
  %6 = "onnx.CategoryMapper"(%arg2) {cats_int64s = [1, 2], cats_strings = ["a", "b"], default_string = "z" : !onnx.String} : (tensor<4x1xi64>) -> tensor<*x!onnx.String>
  %7 = "onnx.Scaler"(%arg1) {offset = [1.0 : f32, 2.0 : f32, 3.0 : f32]} : (tensor<2x?xf32>) -> tensor<*xf32>
  "onnx.Return"(%7) : (tensor<*xf32>) -> ()
})";
  OracleResult ok = run(text, {{"%arg0[0]", 5}, {"%arg1[1]", 3}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0#0"] == Shape{5, 3});
  REQUIRE(ok.shapes.count("0#1") + ok.shapes.count("0#2") == 2);
  CHECK(ok.shapes["0#1"] == Shape{});
  CHECK(ok.shapes["0#2"] == Shape{});
  CHECK(ok.shapes["2"] == Shape{2, 3});
  CHECK(ok.shapes["3"] == Shape{5, 3});
  CHECK(ok.shapes["5"] == Shape{5, 3});
  CHECK(ok.shapes["6"] == Shape{4, 1});
  CHECK(ok.shapes["7"] == Shape{2, 3});
  requireUbAt(run(text, {{"%arg0[0]", 5}, {"%arg1[1]", 4}}), 7,
              "neither 1 nor X.shape[-1]");

  // The torch spelling: NonZero of a rank-0 tensor is [0, n] (the docs:
  // "for scalar input, NonZero produces output shape (0, N)"); EyeLike of
  // a 3-D tensor is UB.
  std::string torch = R"(
func.func @g(%arg0: !torch.vtensor<[2,?,4],f32>) -> !torch.vtensor<[0,1],si64> attributes {torch.onnx_meta.opset_version = 17 : si64} {
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value_int = 7 : si64} : () -> !torch.vtensor<[],si64> 
  %1 = torch.operator "onnx.NonZero"(%0) : (!torch.vtensor<[],si64>) -> !torch.vtensor<[0,1],si64> 
  %2 = torch.operator "onnx.EyeLike"(%arg0) : (!torch.vtensor<[2,?,4],f32>) -> !torch.vtensor<[2,?,4],f32> 
  return %1 : !torch.vtensor<[0,1],si64>
})";
  OracleResult bad = run(torch, {{"%arg0[1]", 3}});
  CHECK(bad.shapes["1"] == Shape{0, 1});
  requireUbAt(bad, 2, "not 2-D");
}

TEST_CASE("onnx oracle: legacy broadcast (opset < 7), OneHotEncoder",
          "[models][onnx]") {
  // onnx.Mul-6 broadcast = 1, axis = 1: B [64] matches A's dim 1 of
  // [?, 64, 7, 7]; onnx.Add-6 broadcast = 1 without axis: B [1, 1] has
  // one element; suffix matching of B [?] against A [2, ?] needs B's
  // size to be A's last or 1; ai.onnx.ml OneHotEncoder-1 of a float
  // [?, 2] with cats_int64s [1, 2, 4] -> [?, 2, 3].
  std::string text = R"(
func.func @f(%arg0: tensor<?x64x7x7xf32>, %arg1: tensor<64xf32>, %arg2: tensor<1x1xf32>, %arg3: tensor<2x?xf32>, %arg4: tensor<?xf32>, %arg5: tensor<?x2xf32>) -> tensor<*xf32> {
  %0 = "onnx.Mul"(%arg0, %arg1) {axis = 1 : si64, broadcast = 1 : si64} : (tensor<?x64x7x7xf32>, tensor<64xf32>) -> tensor<*xf32>
  %1 = "onnx.Add"(%0, %arg2) {broadcast = 1 : si64} : (tensor<*xf32>, tensor<1x1xf32>) -> tensor<*xf32>
  %2 = "onnx.OneHotEncoder"(%arg5) {cats_int64s = [1, 2, 4], zeros = 1 : si64} : (tensor<?x2xf32>) -> tensor<*xf32>
  %3 = "onnx.Add"(%arg3, %arg4) {broadcast = 1 : si64} : (tensor<2x?xf32>, tensor<?xf32>) -> tensor<*xf32>
  "onnx.Return"(%3) : (tensor<*xf32>) -> ()
})";
  Assignment sizes = {
      {"%arg0[0]", 3}, {"%arg3[1]", 5}, {"%arg4[0]", 5}, {"%arg5[0]", 4}};
  OracleResult ok = run(text, sizes);
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{3, 64, 7, 7});
  CHECK(ok.shapes["1"] == Shape{3, 64, 7, 7});
  CHECK(ok.shapes["2"] == Shape{4, 2, 3});
  CHECK(ok.shapes["3"] == Shape{2, 5});
  sizes["%arg4[0]"] = 1; // one element: fits too
  CHECK(!run(text, sizes).ub);
  sizes["%arg4[0]"] = 2; // neither 1 nor A's last (5)
  requireUbAt(run(text, sizes), 3, "legacy broadcast");
}

TEST_CASE("onnx oracle: Compress", "[models][onnx]") {
  // onnx.Compress-11 with condition [1, 0, 1]: along axis 1 of [2, ?]
  // (? = 4) two columns are kept -> [2, 2]; along axis -2 the condition is
  // longer than the 2 rows, of which the first is kept -> [1, 4]; without
  // axis two of the 8 elements -> [2]; a rank-2 condition is UB.
  std::string text = R"(
func.func @f(%arg0: tensor<2x?xf32>) -> tensor<*xf32> {
  %0 = "onnx.Constant"() {value = dense<[true, false, true]> : tensor<3xi1>} : () -> tensor<3xi1>
  %1 = "onnx.Constant"() {value = dense<[1, 0, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "onnx.Cast"(%1) {to = i1} : (tensor<3xi64>) -> tensor<3xi1>
  %3 = "onnx.Compress"(%arg0, %2) {axis = 1 : si64} : (tensor<2x?xf32>, tensor<3xi1>) -> tensor<*xf32>
  %4 = "onnx.Compress"(%arg0, %2) {axis = -2 : si64} : (tensor<2x?xf32>, tensor<3xi1>) -> tensor<*xf32>
  %5 = "onnx.Compress"(%arg0, %2) : (tensor<2x?xf32>, tensor<3xi1>) -> tensor<*xf32>
  %6 = "onnx.Constant"() {value = dense<1> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %7 = "onnx.Compress"(%arg0, %6) {axis = 0 : si64} : (tensor<2x?xf32>, tensor<2x2xi64>) -> tensor<*xf32>
  "onnx.Return"(%3) : (tensor<*xf32>) -> ()
})";
  OracleResult r = run(text, {{"%arg0[1]", 4}});
  CHECK(r.shapes["3"] == Shape{2, 2});
  CHECK(r.shapes["4"] == Shape{1, 4});
  CHECK(r.shapes["5"] == Shape{2});
  requireUbAt(r, 7, "not 1-D");
}

TEST_CASE("onnx oracle: Unique", "[models][onnx]") {
  // onnx.Unique-11 of [[1, 2], [1, 2], [3, 4]]: along axis 0 two distinct
  // rows -> Y [2, 2], indices and counts [2], inverse_indices [3]; along
  // axis 1 the columns [1, 1, 3] and [2, 2, 4] differ -> Y [3, 2],
  // inverse_indices [2]; without axis the values 1, 2, 3, 4 -> Y [4],
  // inverse_indices [6]; sorted = 2 is UB ("must be one of 0, or 1").
  std::string text = R"(
func.func @f() -> tensor<*xi64> {
  %0 = "onnx.Constant"() {value = dense<[[1, 2], [1, 2], [3, 4]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %1:4 = "onnx.Unique"(%0) {axis = 0 : si64} : (tensor<3x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  %2:4 = "onnx.Unique"(%0) {axis = -1 : si64} : (tensor<3x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  %3:4 = "onnx.Unique"(%0) {sorted = 0 : si64} : (tensor<3x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  %4:4 = "onnx.Unique"(%0) {sorted = 2 : si64} : (tensor<3x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  "onnx.Return"(%1#0) : (tensor<*xi64>) -> ()
})";
  OracleResult r = run(text, {});
  CHECK(r.shapes["1#0"] == Shape{2, 2});
  CHECK(r.shapes["1#1"] == Shape{2});
  CHECK(r.shapes["1#2"] == Shape{3});
  CHECK(r.shapes["1#3"] == Shape{2});
  CHECK(r.shapes["2#0"] == Shape{3, 2});
  CHECK(r.shapes["2#2"] == Shape{2});
  CHECK(r.shapes["3#0"] == Shape{4});
  CHECK(r.shapes["3#2"] == Shape{6});
  requireUbAt(r, 4, "sorted");
}

TEST_CASE("onnx oracle: ReverseSequence", "[models][onnx]") {
  // onnx.ReverseSequence-10 of [10, ?] with batch_axis 1: the input's
  // shape when sequence_lens has the batch's ? elements, UB otherwise.
  std::string text = R"(
func.func @f(%arg0: tensor<10x?xf32>, %arg1: tensor<?xi64>) -> tensor<*xf32> {
  %0 = "onnx.ReverseSequence"(%arg0, %arg1) {batch_axis = 1 : si64, time_axis = 0 : si64} : (tensor<10x?xf32>, tensor<?xi64>) -> tensor<*xf32>
  "onnx.Return"(%0) : (tensor<*xf32>) -> ()
})";
  OracleResult ok = run(text, {{"%arg0[1]", 4}, {"%arg1[0]", 4}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["0"] == Shape{10, 4});
  requireUbAt(run(text, {{"%arg0[1]", 4}, {"%arg1[0]", 10}}), 0,
              "sequence_lens");
}

TEST_CASE("onnx oracle: sequences and optionals", "[models][onnx]") {
  // onnx.SplitToSequence-11 of [5, ?] (? = 3): a scalar split 2 gives
  // [2, 3], [2, 3], [1, 3] (the last chunk smaller), so the tensor at -1 is
  // [1, 3]; no split with keepdims 0 along axis 1 gives three [5]; stacked
  // on a new axis 0 (onnx.ConcatFromSequence-11, new_axis 1) they are
  // [3, 5]; the scalar chunks joined along 0 are [5, 3] again.
  // onnx.SequenceInsert-11 at -1 of the three chunks puts %arg0 before the
  // last: the tensor at 2 is %arg0. onnx.Optional-15 of nothing is empty:
  // onnx.OptionalHasElement-18 is false and OptionalGetElement-18 is UB.
  std::string text = R"(
func.func @f(%arg0: tensor<5x?xf32>) -> tensor<*xf32> {
  %0 = "onnx.Constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %1 = "onnx.SplitToSequence"(%arg0, %0) {axis = 0 : si64} : (tensor<5x?xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>
  %2 = "onnx.Constant"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %3 = "onnx.SequenceAt"(%1, %2) : (!onnx.Seq<tensor<*xf32>>, tensor<i64>) -> tensor<*xf32>
  %4 = "onnx.NoValue"() {value} : () -> none
  %5 = "onnx.SplitToSequence"(%arg0, %4) {axis = 1 : si64, keepdims = 0 : si64} : (tensor<5x?xf32>, none) -> !onnx.Seq<tensor<*xf32>>
  %6 = "onnx.ConcatFromSequence"(%5) {axis = 0 : si64, new_axis = 1 : si64} : (!onnx.Seq<tensor<*xf32>>) -> tensor<*xf32>
  %7 = "onnx.ConcatFromSequence"(%1) {axis = 0 : si64} : (!onnx.Seq<tensor<*xf32>>) -> tensor<*xf32>
  %8 = "onnx.SequenceInsert"(%1, %arg0, %2) : (!onnx.Seq<tensor<*xf32>>, tensor<5x?xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>
  %9 = "onnx.Constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %10 = "onnx.SequenceAt"(%8, %9) : (!onnx.Seq<tensor<*xf32>>, tensor<i64>) -> tensor<*xf32>
  %11 = "onnx.SequenceLength"(%8) : (!onnx.Seq<tensor<*xf32>>) -> tensor<*xi64>
  %12 = "onnx.Optional"(%4) {type = tensor<2xf32>} : (none) -> !onnx.Opt<tensor<*xf32>>
  %13 = "onnx.OptionalHasElement"(%12) : (!onnx.Opt<tensor<*xf32>>) -> tensor<i1>
  %14 = "onnx.OptionalGetElement"(%12) : (!onnx.Opt<tensor<*xf32>>) -> tensor<*xf32>
  "onnx.Return"(%3) : (tensor<*xf32>) -> ()
})";
  OracleResult r = run(text, {{"%arg0[1]", 3}});
  CHECK(r.shapes["3"] == Shape{1, 3});
  CHECK(r.shapes["6"] == Shape{3, 5});
  CHECK(r.shapes["7"] == Shape{5, 3});
  CHECK(r.shapes["10"] == Shape{5, 3});
  CHECK(r.shapes["11"] == Shape{});
  CHECK(r.shapes["13"] == Shape{});
  requireUbAt(r, 14, "empty optional");
}

TEST_CASE("onnx oracle: sequence positions and split sizes (torch)",
          "[models][onnx]") {
  // onnx.SequenceAt-11: position in [-n, n-1], here [-2, 1] (2 is UB);
  // onnx.SequenceErase-11 without a position erases the last tensor; a
  // 1-D split must add up to the size (onnx.SplitToSequence-11).
  std::string text = R"(
func.func @f(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[],si64>, %arg2: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[2,3],f32> attributes {torch.onnx_meta.opset_version = 17 : si64} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.SequenceConstruct"(%arg0, %arg0) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) -> !torch.list<vtensor<[2,3],f32>>
  %1 = torch.operator "onnx.SequenceErase"(%0, %none) : (!torch.list<vtensor<[2,3],f32>>, !torch.none) -> !torch.list<vtensor<[2,3],f32>>
  %2 = torch.operator "onnx.SequenceLength"(%1) : (!torch.list<vtensor<[2,3],f32>>) -> !torch.vtensor<[],si64>
  %3 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[1, 2]> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64>
  %4 = torch.operator "onnx.SplitToSequence"(%arg2, %3) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor<[?,3],f32>>
  %5 = torch.operator "onnx.SequenceAt"(%0, %arg1) : (!torch.list<vtensor<[2,3],f32>>, !torch.vtensor<[],si64>) -> !torch.vtensor<[2,3],f32>
  return %5 : !torch.vtensor<[2,3],f32>
})";
  OracleResult ok = run(text, {{"%arg1", 1}, {"%arg2[0]", 3}});
  REQUIRE(!ok.ub);
  CHECK(ok.shapes["5"] == Shape{2, 3});
  requireUbAt(run(text, {{"%arg1", 2}, {"%arg2[0]", 3}}), 6, "position");
  requireUbAt(run(text, {{"%arg1", 0}, {"%arg2[0]", 4}}), 5, "sum");
}
