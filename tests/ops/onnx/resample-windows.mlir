// ONNX operators in onnx-mlir's dialect, expectations by hand from the
// ONNX operator docs: Upsample-7 "output_dimension = floor(
// input_dimension * scale)" (integer scales here, so D * scale);
// HannWindow-17 / HammingWindow-17 / BlackmanWindow-17 make [size] from a
// scalar size; NonMaxSuppression-11 selects [num_selected_indices, 3];
// QLinearMatMul-10 is numpy.matmul; OneHot-11 inserts its depth and
// TopK-11 its K (onnx-mlir takes a 0-D K); Pad-2 pads by its attribute;
// DFT-17/20 put dft_length (RFFT: half of it + 1) at the axis.

func.func @upsample_v7(%arg0: tensor<?x1x2x2xf32>) -> tensor<?x1x4x6xf32> {
  %0 = "onnx.UpsampleV7"(%arg0) {mode = "nearest", scales = [1.000000e+00 : f32, 1.000000e+00 : f32, 2.000000e+00 : f32, 3.000000e+00 : f32]} : (tensor<?x1x2x2xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x1x4x6xf32>
  onnx.Return %1 : tensor<?x1x4x6xf32>
}

// Planted: Upsample-7 wants one scale per dim.
func.func @upsample_v7_planted(%arg0: tensor<1x1x2x2xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.UpsampleV7"(%arg0) {mode = "nearest", scales = [2.000000e+00 : f32, 3.000000e+00 : f32]} : (tensor<1x1x2x2xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

func.func @upsample_v7_fraction(%arg0: tensor<1x1x?x2xf32>) -> tensor<*xf32> {
  // floor(%arg0[2] * 1.5) is not modelled for an unknown size: opaque.
  // expected-opaque @+1 {{onnx.UpsampleV7}}
  %0 = "onnx.UpsampleV7"(%arg0) {mode = "nearest", scales = [1.000000e+00 : f32, 1.000000e+00 : f32, 1.500000e+00 : f32, 1.500000e+00 : f32]} : (tensor<1x1x?x2xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// Upsample-9 and Resize by scales: floor(D * scale) where it is exact:
// integer scales, 1 / 2^e, or a static D whose product is not near an
// integer (6 * 1.51 = 9.06: 9).
func.func @upsample_constant(%arg0: tensor<?x1x2x2xf32>) -> tensor<?x1x4x6xf32> {
  %0 = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<4xf32>
  %1 = "onnx.Upsample"(%arg0, %0) {mode = "nearest"} : (tensor<?x1x2x2xf32>, tensor<4xf32>) -> tensor<*xf32>
  %2 = "onnx.Relu"(%1) : (tensor<*xf32>) -> tensor<?x1x4x6xf32>
  onnx.Return %2 : tensor<?x1x4x6xf32>
}

func.func @resize_scales(%arg0: tensor<3x4x?x6xf32>) -> tensor<3x4x?x9xf32> {
  %cst = "onnx.NoValue"() {value} : () -> none
  %0 = onnx.Constant dense<[0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00]> : tensor<8xf32>
  %1 = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 5.000000e-01, 1.510000e+00]> : tensor<4xf32>
  %2 = "onnx.Resize"(%arg0, %0, %1, %cst) {coordinate_transformation_mode = "asymmetric", mode = "nearest", nearest_mode = "floor"} : (tensor<3x4x?x6xf32>, tensor<8xf32>, tensor<4xf32>, none) -> tensor<*xf32>
  %3 = "onnx.Relu"(%2) : (tensor<*xf32>) -> tensor<3x4x?x9xf32>
  onnx.Return %3 : tensor<3x4x?x9xf32>
}

func.func @resize_v10_scales(%arg0: tensor<?x2x3x4xf32>) -> tensor<?x2x6x1xf32> {
  %0 = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 2.500000e-01]> : tensor<4xf32>
  %1 = "onnx.ResizeV10"(%arg0, %0) {mode = "nearest"} : (tensor<?x2x3x4xf32>, tensor<4xf32>) -> tensor<*xf32>
  %2 = "onnx.Relu"(%1) : (tensor<*xf32>) -> tensor<?x2x6x1xf32>
  onnx.Return %2 : tensor<?x2x6x1xf32>
}

// Planted: Resize-10 wants one scale per dim.
func.func @resize_v10_planted(%arg0: tensor<1x2x3x4xf32>) -> tensor<*xf32> {
  %0 = onnx.Constant dense<[2.000000e+00, 2.000000e+00]> : tensor<2xf32>
  // expected-error @+1 {{rank}}
  %1 = "onnx.ResizeV10"(%arg0, %0) {mode = "nearest"} : (tensor<1x2x3x4xf32>, tensor<2xf32>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

func.func @resize_scales_inexact(%arg0: tensor<1x2x?x4xf32>) -> tensor<*xf32> {
  // floor(%arg0[2] * 1.5) is not modelled for an unknown size: opaque.
  %0 = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 1.500000e+00, 1.000000e+00]> : tensor<4xf32>
  // expected-opaque @+1 {{onnx.ResizeV10}}
  %1 = "onnx.ResizeV10"(%arg0, %0) {mode = "nearest"} : (tensor<1x2x?x4xf32>, tensor<4xf32>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

func.func @upsample_scales_input(%arg0: tensor<1x1x2x2xf32>, %arg1: tensor<4xf32>, %arg2: tensor<1x1x4x4xf32>) -> tensor<*xf32> {
  // Upsample-9's scales from an argument are float data symshape does not
  // track: each output size is a size of its own, here added to [1, 1, 4,
  // 4] (dims 2 and 3 must be 1 or 4). Three scales for a rank-4 input are
  // a static error.
  %0 = "onnx.Upsample"(%arg0, %arg1) {mode = "nearest"} : (tensor<1x1x2x2xf32>, tensor<4xf32>) -> tensor<*xf32>
  // expected-ub-possible @+2 {{broadcast dim 2: %0[2] not in {1, 4}}}
  // expected-ub-possible @+1 {{broadcast dim 3: %0[3] not in {1, 4}}}
  %1 = "onnx.Add"(%0, %arg2) : (tensor<*xf32>, tensor<1x1x4x4xf32>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

func.func @upsample_scales_input_rank(%arg0: tensor<1x1x2x2xf32>, %arg1: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.Upsample"(%arg0, %arg1) {mode = "nearest"} : (tensor<1x1x2x2xf32>, tensor<3xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

func.func @hann_window(%arg0: tensor<i64>) -> tensor<?xf32> {
  // [%arg0], a size that must not be negative.
  // expected-ub-possible @+1 {{in-bounds: %arg0 <= -1}}
  %0 = "onnx.HannWindow"(%arg0) {output_datatype = 1 : si64, periodic = 1 : si64} : (tensor<i64>) -> tensor<?xf32>
  onnx.Return %0 : tensor<?xf32>
}

func.func @windows_constant() -> tensor<8xf32> {
  %0 = onnx.Constant dense<8> : tensor<i32>
  %1 = "onnx.HammingWindow"(%0) {output_datatype = 1 : si64, periodic = 1 : si64} : (tensor<i32>) -> tensor<*xf32>
  %2 = "onnx.BlackmanWindow"(%0) {output_datatype = 1 : si64, periodic = 0 : si64} : (tensor<i32>) -> tensor<*xf32>
  %3 = "onnx.Add"(%1, %2) : (tensor<*xf32>, tensor<*xf32>) -> tensor<8xf32>
  onnx.Return %3 : tensor<8xf32>
}

func.func @window_not_scalar(%arg0: tensor<1xi32>) -> tensor<?xf32> {
  // "A scalar value indicating the length of the window": a 1-D size is
  // not one; opaque.
  // expected-opaque @+1 {{onnx.HannWindow}}
  %0 = "onnx.HannWindow"(%arg0) {output_datatype = 1 : si64, periodic = 1 : si64} : (tensor<1xi32>) -> tensor<?xf32>
  onnx.Return %0 : tensor<?xf32>
}

func.func @non_max_suppression(%arg0: tensor<?x6x4xf32>, %arg1: tensor<?x2x6xf32>, %arg2: tensor<1xi64>, %arg3: tensor<1xf32>, %arg4: tensor<1xf32>) -> tensor<?x3xi64> {
  // boxes [B, 6, 4] and scores [B, C, 6]: the batch sizes are equal.
  // expected-ub-possible @+1 {{equal: %arg0[0] != %arg1[0]}}
  %0 = "onnx.NonMaxSuppression"(%arg0, %arg1, %arg2, %arg3, %arg4) {center_point_box = 1 : si64} : (tensor<?x6x4xf32>, tensor<?x2x6xf32>, tensor<1xi64>, tensor<1xf32>, tensor<1xf32>) -> tensor<*xi64>
  %1 = "onnx.Identity"(%0) : (tensor<*xi64>) -> tensor<?x3xi64>
  onnx.Return %1 : tensor<?x3xi64>
}

func.func @qlinear_matmul(%arg0: tensor<?x2x4xui8>, %arg1: tensor<1xf32>, %arg2: tensor<1xui8>, %arg3: tensor<2x4x3xui8>, %arg4: tensor<1xf32>, %arg5: tensor<1xui8>, %arg6: tensor<1xf32>, %arg7: tensor<1xui8>) -> tensor<2x2x3xui8> {
  // Batch dims %arg0[0] and 2 broadcast: [%arg0[0] or 2, 2, 3], declared 2.
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] not in {1, 2}}}
  %0 = "onnx.QLinearMatMul"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7) : (tensor<?x2x4xui8>, tensor<1xf32>, tensor<1xui8>, tensor<2x4x3xui8>, tensor<1xf32>, tensor<1xui8>, tensor<1xf32>, tensor<1xui8>) -> tensor<*xui8>
  %1 = "onnx.Identity"(%0) : (tensor<*xui8>) -> tensor<2x2x3xui8>
  onnx.Return %1 : tensor<2x2x3xui8>
}

func.func @one_hot_depth(%arg0: tensor<?x2xi64>, %arg1: tensor<i64>, %arg2: tensor<2xf32>) -> tensor<?x2xf32> {
  // [%arg1, %arg0[0], 2]; the depth is at least 1.
  // expected-ub-possible @+1 {{in-bounds: %arg1 <= 0}}
  %0 = "onnx.OneHot"(%arg0, %arg1, %arg2) {axis = 0 : si64} : (tensor<?x2xi64>, tensor<i64>, tensor<2xf32>) -> tensor<*xf32>
  %1 = "onnx.ReduceSumV11"(%0) {axes = [0], keepdims = 0 : si64} : (tensor<*xf32>) -> tensor<?x2xf32>
  onnx.Return %1 : tensor<?x2xf32>
}

func.func @top_k_scalar(%arg0: tensor<3x?x5xf32>, %arg1: tensor<i64>) -> (tensor<3x?x5xf32>, tensor<3x?x5xi64>) {
  // K along dim 1, within [0, %arg0[1]].
  // expected-ub-possible @+1 {{in-bounds: %arg1 > %arg0[1] || %arg1 <= -1}}
  %values, %indices = "onnx.TopK"(%arg0, %arg1) {axis = 1 : si64} : (tensor<3x?x5xf32>, tensor<i64>) -> (tensor<*xf32>, tensor<*xi64>)
  %0 = "onnx.Relu"(%values) : (tensor<*xf32>) -> tensor<3x?x5xf32>
  %1 = "onnx.Identity"(%indices) : (tensor<*xi64>) -> tensor<3x?x5xi64>
  onnx.Return %0, %1 : tensor<3x?x5xf32>, tensor<3x?x5xi64>
}

func.func @pad_v2(%arg0: tensor<?x3x224x224xf32>) -> tensor<?x3x232x232xf32> {
  %0 = "onnx.PadV2"(%arg0) {mode = "reflect", pads = [0, 0, 4, 4, 0, 0, 4, 4]} : (tensor<?x3x224x224xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x3x232x232xf32>
  onnx.Return %1 : tensor<?x3x232x232xf32>
}

// Pad-11 / Pad-13 (pads input: [x1_begin, x2_begin, x1_end, x2_end]) and
// Pad-18 (pads for the `axes` input's dims only).
func.func @pad_versions(%arg0: tensor<?x4xf32>) -> tensor<?x16xf32> {
  %0 = onnx.Constant dense<[0, 1, 0, 3]> : tensor<4xi64>
  %1 = "onnx.NoValue"() {value} : () -> none
  %2 = "onnx.PadV11"(%arg0, %0, %1) {mode = "constant"} : (tensor<?x4xf32>, tensor<4xi64>, none) -> tensor<*xf32>
  %3 = "onnx.PadV13"(%2, %0, %1) {mode = "edge"} : (tensor<*xf32>, tensor<4xi64>, none) -> tensor<*xf32>
  %4 = onnx.Constant dense<[2, 2]> : tensor<2xi64>
  %5 = onnx.Constant dense<1> : tensor<1xi64>
  %6 = "onnx.PadV18"(%3, %4, %1, %5) {mode = "constant"} : (tensor<*xf32>, tensor<2xi64>, none, tensor<1xi64>) -> tensor<*xf32>
  %7 = "onnx.Relu"(%6) : (tensor<*xf32>) -> tensor<?x16xf32>
  onnx.Return %7 : tensor<?x16xf32>
}

// DFT-17: a real signal's one-sided spectrum (RFFT) along axis 1,
// floor(%arg0[1] / 2) + 1 complex values; its inverse (IRFFT) with
// dft_length 8 gives 8 real values; a standard DFT of a signal whose last
// dim is not known wants 1 (real) or 2 (complex) there.
func.func @dft(%arg0: tensor<?x?x1xf32>, %arg1: tensor<?x4x?xf32>) -> (tensor<?x8x1xf32>, tensor<?x4x2xf32>) {
  %0 = "onnx.DFTV17"(%arg0) {onesided = 1 : si64} : (tensor<?x?x1xf32>) -> tensor<*xf32>
  %1 = onnx.Constant dense<8> : tensor<i64>
  %2 = "onnx.DFTV17"(%0, %1) {inverse = 1 : si64, onesided = 1 : si64} : (tensor<*xf32>, tensor<i64>) -> tensor<*xf32>
  %3 = "onnx.Relu"(%2) : (tensor<*xf32>) -> tensor<?x8x1xf32>
  // expected-ub-possible @+1 {{in-bounds: %arg1[2] not in {1, 2}}}
  %4 = "onnx.DFTV17"(%arg1) : (tensor<?x4x?xf32>) -> tensor<*xf32>
  %5 = "onnx.Relu"(%4) : (tensor<*xf32>) -> tensor<?x4x2xf32>
  onnx.Return %3, %5 : tensor<?x8x1xf32>, tensor<?x4x2xf32>
}

// Planted: the last dim holds the real and imaginary parts, not a signal
// axis ("Accepted range is [-r, -2] U [0, r-2]").
func.func @dft_planted(%arg0: tensor<2x16x2xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.DFTV17"(%arg0) {axis = 2 : si64} : (tensor<2x16x2xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// DFT-20: the axis is an input (here 1), dft_length left out.
func.func @dft_v20(%arg0: tensor<2x?x2xf32>) -> tensor<2x?x2xf32> {
  %0 = "onnx.NoValue"() {value} : () -> none
  %1 = onnx.Constant dense<1> : tensor<i64>
  %2 = "onnx.DFT"(%arg0, %0, %1) {inverse = 1 : si64, onesided = 0 : si64} : (tensor<2x?x2xf32>, none, tensor<i64>) -> tensor<*xf32>
  %3 = "onnx.Relu"(%2) : (tensor<*xf32>) -> tensor<2x?x2xf32>
  onnx.Return %3 : tensor<2x?x2xf32>
}

// DFT-20 with its axis a runtime input (as the backend tests pass it):
// in [-4, -2] or [0, 2]; an RFFT (onesided) turns the dim the axis names
// into half of it + 1. Added to [1, 5, 6, 2]: dim 1 (8) must be the one
// transformed (8 / 2 + 1 = 5), and then dim 2 keeps its 6.
func.func @dft_runtime_axis(%arg0: tensor<?x8x6x1xf32>, %arg1: tensor<i64>, %arg2: tensor<1x5x6x2xf32>) -> tensor<*xf32> {
  %0 = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+1 {{in-bounds: %arg1 <= -5 || %arg1 >= 3 || %arg1 == -1}}
  %1 = "onnx.DFT"(%arg0, %0, %arg1) {inverse = 0 : si64, onesided = 1 : si64} : (tensor<?x8x6x1xf32>, none, tensor<i64>) -> tensor<*xf32>
  // expected-ub-possible @+2 {{broadcast dim 1: %arg1 not in {-3, 1}}}
  // expected-ub-possible @+1 {{broadcast dim 2: %arg1 in {-2, 2}}}
  %2 = "onnx.Add"(%1, %arg2) : (tensor<*xf32>, tensor<1x5x6x2xf32>) -> tensor<*xf32>
  onnx.Return %2 : tensor<*xf32>
}

// OneHot-11: a float depth "will be casted to int64" (10.0: 10).
func.func @one_hot_float_depth(%arg0: tensor<?x2xi64>, %arg1: tensor<2xf32>) -> tensor<?x10x2xf32> {
  %0 = onnx.Constant dense<1.000000e+01> : tensor<f32>
  %1 = "onnx.OneHot"(%arg0, %0, %arg1) {axis = 1 : si64} : (tensor<?x2xi64>, tensor<f32>, tensor<2xf32>) -> tensor<*xf32>
  %2 = "onnx.Relu"(%1) : (tensor<*xf32>) -> tensor<?x10x2xf32>
  onnx.Return %2 : tensor<?x10x2xf32>
}
