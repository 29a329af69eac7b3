// QuantizeLinear-21 / DequantizeLinear-21 (ONNX operator docs): y has x's
// shape; a 1-D scale is per axis and must have x.shape[axis] elements, and
// the zero point has the scale's shape. RandomUniform-22 takes its shape
// from the `shape` attribute, RandomNormalLike-22 from its input;
// GridSample-20 samples X at the grid's positions.

// Per axis 1: the scale's and the zero point's lengths are runtime sizes
// that must be the quantized dim and each other.
func.func @quantize_per_axis(%x: tensor<?x?xf32>, %s: tensor<?xf32>, %z: tensor<?xi8>) -> tensor<?x?xi8> {
  // expected-ub-possible @+2 {{equal: %x[1] != %s[0]}}
  // expected-ub-possible @+1 {{equal: %s[0] != %z[0]}}
  %0 = "onnx.QuantizeLinear"(%x, %s, %z) {axis = 1 : si64, saturate = 1 : si64} : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xi8>) -> tensor<?x?xi8>
  onnx.Return %0 : tensor<?x?xi8>
}

// Per tensor (rank-0 scale and zero point): nothing to check; the output
// has x's [?, 8].
func.func @dequantize_per_tensor(%x: tensor<?x8xi8>, %s: tensor<f32>, %z: tensor<i8>) -> tensor<?x8xf32> {
  %0 = "onnx.DequantizeLinear"(%x, %s, %z) {axis = 1 : si64} : (tensor<?x8xi8>, tensor<f32>, tensor<i8>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x8xf32>
  onnx.Return %1 : tensor<?x8xf32>
}

// [3, 4] from the attribute plus [%x[0], 4] from the input: dim 0
// broadcasts 3 with %x[0], which fails unless %x[0] is 1 or 3.
func.func @random(%x: tensor<?x4xf32>) -> tensor<*xf32> {
  %0 = "onnx.RandomUniform"() {dtype = 1 : si64, high = 1.000000e+00 : f32, low = 0.000000e+00 : f32, shape = [3, 4]} : () -> tensor<*xf32>
  %1 = "onnx.RandomNormalLike"(%x) {mean = 0.000000e+00 : f32, scale = 1.000000e+00 : f32} : (tensor<?x4xf32>) -> tensor<*xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %x[0] not in {1, 3}}}
  %2 = "onnx.Add"(%0, %1) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  onnx.Return %2 : tensor<*xf32>
}

// GridSample-20: X [N, C, H, W] sampled at grid [N, Ho, Wo, 2] gives
// [N, C, Ho, Wo]; the grid's batch must be X's.
func.func @grid_sample(%x: tensor<?x3x32x32xf32>, %grid: tensor<?x8x8x2xf32>) -> tensor<*xf32> {
  // expected-ub-possible @+1 {{equal: %x[0] != %grid[0]}}
  %0 = "onnx.GridSample"(%x, %grid) {align_corners = 0 : si64, mode = "linear", padding_mode = "zeros"} : (tensor<?x3x32x32xf32>, tensor<?x8x8x2xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x3x8x8xf32>
  onnx.Return %1 : tensor<?x3x8x8xf32>
}
