// onnx-mlir's versioned names of older opsets: ClipV6 (Clip-6: `min` and
// `max` attributes, the input's shape) and GridSampleV16 (GridSample-16:
// 4-D X [N, C, H, W] and grid [N, Ho, Wo, 2] give [N, C, Ho, Wo]); and
// ReverseSequence-10.

func.func @clip_v6(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = "onnx.ClipV6"(%x) {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32} : (tensor<?x8xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x8xf32>
  onnx.Return %1 : tensor<?x8xf32>
}

func.func @grid_sample_v16(%x: tensor<?x1x4x4xf32>, %g: tensor<?x6x6x2xf32>) -> tensor<*xf32> {
  // expected-ub-possible @+1 {{equal}}
  %0 = "onnx.GridSampleV16"(%x, %g) {align_corners = 1 : si64, mode = "bicubic", padding_mode = "zeros"} : (tensor<?x1x4x4xf32>, tensor<?x6x6x2xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x1x6x6xf32>
  onnx.Return %1 : tensor<?x1x6x6xf32>
}

// Planted: GridSample-16 samples 4-D inputs only; a 5-D one is rejected.
func.func @grid_sample_v16_planted(%x: tensor<2x1x4x4x4xf32>, %g: tensor<2x6x6x6x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.GridSampleV16"(%x, %g) {align_corners = 1 : si64, mode = "bilinear", padding_mode = "zeros"} : (tensor<2x1x4x4x4xf32>, tensor<2x6x6x6x3xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// ReverseSequence-10: the input's shape; sequence_lens is [batch_size],
// the batch on axis 1 here (time on 0).
func.func @reverse_sequence(%x: tensor<10x?xf32>, %lens: tensor<?xi64>) -> tensor<10x?xf32> {
  // expected-ub-possible @+1 {{equal}}
  %0 = "onnx.ReverseSequence"(%x, %lens) {batch_axis = 1 : si64, time_axis = 0 : si64} : (tensor<10x?xf32>, tensor<?xi64>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<10x?xf32>
  onnx.Return %1 : tensor<10x?xf32>
}

// Planted: 30 lengths for a batch of 10 (batch_axis 0).
func.func @reverse_sequence_planted(%x: tensor<10x30xf32>, %lens: tensor<30xi64>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.ReverseSequence"(%x, %lens) {batch_axis = 0 : si64, time_axis = 1 : si64} : (tensor<10x30xf32>, tensor<30xi64>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// Planted: a batch and time axis that coincide.
func.func @reverse_sequence_axes_planted(%x: tensor<10x30xf32>, %lens: tensor<30xi64>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.ReverseSequence"(%x, %lens) {batch_axis = 1 : si64, time_axis = 1 : si64} : (tensor<10x30xf32>, tensor<30xi64>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}
