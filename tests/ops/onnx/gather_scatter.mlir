// ONNX gathers and scatters, Trilu, Resize by sizes and Einsum, in both
// spellings: torch-mlir's ONNX importer (`torch.operator "onnx.X"`) and
// onnx-mlir's onnx dialect (`"onnx.X"`). Each expectation follows the ONNX
// operator docs (rule ids `onnx.<Op>-<opset>`) and SPEC §3-4.

// onnx.GatherElements-13 along axis 0: the output has the indices' shape
// [2, ?]; on dim 1 an index is its own position, so %arg1[1] must not
// exceed data's 3 (unless the indices are empty: %arg1[1] = 0).
func.func @gather_elements(%arg0: !torch.vtensor<[3,3],f32>, %arg1: !torch.vtensor<[2,?],si64>) -> !torch.vtensor<[2,?],f32> attributes {torch.onnx_meta.ir_version = 7 : si64, torch.onnx_meta.opset_version = 13 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-ub-possible @+1 {{in-bounds: %arg1[1] >= 4}}
  %0 = torch.operator "onnx.GatherElements"(%arg0, %arg1) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[3,3],f32>, !torch.vtensor<[2,?],si64>) -> !torch.vtensor<[2,?],f32>
  return %0 : !torch.vtensor<[2,?],f32>
}

// Indices of another rank than data's: ONNX shape inference rejects them.
func.func @gather_elements_rank(%arg0: tensor<3x3xf32>, %arg1: tensor<2xi64>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.GatherElements"(%arg0, %arg1) {axis = 0 : si64} : (tensor<3x3xf32>, tensor<2xi64>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// onnx.ScatterElements-18 along axis 1: the output is data's [?, 5];
// updates must have the indices' shape (%arg2[0] against %arg1[0]), and
// the indices' dim 0 must fit data's %arg0[0] unless they are empty.
func.func @scatter_elements(%arg0: tensor<?x5xf32>, %arg1: tensor<?x2xi64>, %arg2: tensor<?x2xf32>) -> tensor<?x5xf32> {
  // expected-ub-possible @+2 {{in-bounds: %arg1[0] > %arg0[0]}}
  // expected-ub-possible @+1 {{equal: %arg1[0] != %arg2[0]}}
  %0 = "onnx.ScatterElements"(%arg0, %arg1, %arg2) {axis = 1 : si64, reduction = "none"} : (tensor<?x5xf32>, tensor<?x2xi64>, tensor<?x2xf32>) -> tensor<?x5xf32>
  onnx.Return %0 : tensor<?x5xf32>
}

// onnx.GatherND-13 with batch_dims 1 (test_gathernd_example_int32_batch_dim1
// with a dynamic batch): m = 1, the batch sizes %arg0[0] and %arg1[0] are
// equal, the output is indices[:-1] ++ data[1 + 1:] = [%arg1[0], 2].
func.func @gather_nd(%arg0: !torch.vtensor<[?,2,2],si32>, %arg1: !torch.vtensor<[?,1],si64>) -> !torch.vtensor<[?,2],si32> attributes {torch.onnx_meta.ir_version = 7 : si64, torch.onnx_meta.opset_version = 13 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-ub-possible @+1 {{equal: %arg0[0] != %arg1[0]}}
  %0 = torch.operator "onnx.GatherND"(%arg0, %arg1) {torch.onnx.batch_dims = 1 : si64} : (!torch.vtensor<[?,2,2],si32>, !torch.vtensor<[?,1],si64>) -> !torch.vtensor<[?,2],si32>
  return %0 : !torch.vtensor<[?,2],si32>
}

// An index depth m = 3 beyond data's rank 2 is a static error.
func.func @gather_nd_depth(%arg0: tensor<2x2xf32>, %arg1: tensor<4x3xi64>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.GatherND"(%arg0, %arg1) {batch_dims = 0 : si64} : (tensor<2x2xf32>, tensor<4x3xi64>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// onnx.ScatterND-18 (test_scatternd_add with dynamic updates): data [4, 4,
// 4], indices [2, 1] (m = 1): updates must be [2] ++ data[1:] = [2, 4, 4].
func.func @scatter_nd(%arg0: !torch.vtensor<[4,4,4],f32>, %arg1: !torch.vtensor<[2,1],si64>, %arg2: !torch.vtensor<[2,?,4],f32>) -> !torch.vtensor<[4,4,4],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-ub-possible @+1 {{equal: %arg2[1] != 4}}
  %0 = torch.operator "onnx.ScatterND"(%arg0, %arg1, %arg2) {torch.onnx.reduction = "add"} : (!torch.vtensor<[4,4,4],f32>, !torch.vtensor<[2,1],si64>, !torch.vtensor<[2,?,4],f32>) -> !torch.vtensor<[4,4,4],f32>
  return %0 : !torch.vtensor<[4,4,4],f32>
}

// onnx.Trilu-14 keeps the shape: [?, 4] added to [3, ?].
func.func @trilu(%arg0: tensor<?x4xf32>, %arg1: tensor<3x?xf32>) -> tensor<*xf32> {
  %0 = "onnx.NoValue"() {value} : () -> none
  %1 = "onnx.Trilu"(%arg0, %0) {upper = 1 : si64} : (tensor<?x4xf32>, none) -> tensor<*xf32>
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] not in {1, 3}}}
  // expected-ub-possible @+1 {{broadcast dim 1: %arg1[1] not in {1, 4}}}
  %2 = "onnx.Add"(%1, %arg1) : (tensor<*xf32>, tensor<3x?xf32>) -> tensor<*xf32>
  onnx.Return %2 : tensor<*xf32>
}

// onnx.Resize-19 by sizes on axes [3, 2]
// (test_resize_upsample_sizes_nearest_axes_3_2): dim 3 is sizes[0], dim 2
// sizes[1]; sizes is an input, so the declared 7 and 8 hold only for
// sizes = [8, 7].
func.func @resize_sizes(%arg0: !torch.vtensor<[1,1,2,2],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[1,1,7,8],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 19 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+2 {{result-cast dim 2: %arg1[1] != 7}}
  // expected-ub-possible @+1 {{result-cast dim 3: %arg1[0] != 8}}
  %0 = torch.operator "onnx.Resize"(%arg0, %none, %none, %arg1) {torch.onnx.axes = [3 : si64, 2 : si64], torch.onnx.mode = "nearest"} : (!torch.vtensor<[1,1,2,2],f32>, !torch.none, !torch.none, !torch.vtensor<[2],si64>) -> !torch.vtensor<[1,1,7,8],f32>
  return %0 : !torch.vtensor<[1,1,7,8],f32>
}

// onnx.Einsum-12 "bij,bjk->bik": b and j each name two dims, which must
// agree (or one be 1: each letter's sizes broadcast as a one-dim shape,
// hence `dim 0`); the output is [b, %arg0[1], %arg1[2]].
func.func @einsum_bmm(%arg0: tensor<?x?x?xf32>, %arg1: tensor<2x8x?xf32>) -> tensor<*xf32> {
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] not in {1, 2}}}
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[2] not in {1, 8}}}
  %0 = "onnx.Einsum"(%arg0, %arg1) {equation = "bij,bjk->bik"} : (tensor<?x?x?xf32>, tensor<2x8x?xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// An explicit output "ij->ji" transposes (test_einsum_transpose): [4, 3].
func.func @einsum_transpose(%arg0: !torch.vtensor<[3,4],f64>) -> !torch.vtensor<[4,3],f64> attributes {torch.onnx_meta.ir_version = 7 : si64, torch.onnx_meta.opset_version = 12 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.Einsum"(%arg0) {torch.onnx.equation = "ij->ji"} : (!torch.vtensor<[3,4],f64>) -> !torch.vtensor<[4,3],f64>
  return %0 : !torch.vtensor<[4,3],f64>
}

// Implicit mode keeps the letters that appear once, alphabetically, after
// the `...` dims: "...ji" gives [..., i, j] = [2, 4, 3].
func.func @einsum_implicit(%arg0: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  %0 = "onnx.Einsum"(%arg0) {equation = "...ji"} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  onnx.Return %0 : tensor<2x4x3xf32>
}
