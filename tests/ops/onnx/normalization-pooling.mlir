// More ONNX operators in onnx-mlir's onnx dialect, expectations by hand
// from the ONNX operator docs (each function names its operator's rule).
// A declared static result dim casts the computed size.

func.func @mvn(%x: tensor<?x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  // MeanVarianceNormalization: Y has X's shape.
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0 = "onnx.MeanVarianceNormalization"(%x) {axes = [0, 2, 3]} : (tensor<?x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  onnx.Return %0 : tensor<2x3x4x4xf32>
}

func.func @global_lp(%x: tensor<?x3x5x5xf32>) -> tensor<2x3x1x1xf32> {
  // GlobalLpPool: [N, C, 1, 1].
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0 = "onnx.GlobalLpPool"(%x) {p = 2 : si64} : (tensor<?x3x5x5xf32>) -> tensor<2x3x1x1xf32>
  onnx.Return %0 : tensor<2x3x1x1xf32>
}

func.func @lp_pool(%x: tensor<1x3x?x8xf32>) -> tensor<1x3x3x4xf32> {
  // LpPool, kernel 2, stride 2, no pads: H out = floor((H - 2) / 2) + 1,
  // declared 3.
  // expected-ub-possible @+1 {{result-cast dim 2: ((%x[2] - 2) floordiv 2) != 2}}
  %0 = "onnx.LpPool"(%x) {kernel_shape = [2, 2], strides = [2, 2], p = 2 : si64} : (tensor<1x3x?x8xf32>) -> tensor<1x3x3x4xf32>
  onnx.Return %0 : tensor<1x3x3x4xf32>
}

func.func @random_normal() -> tensor<3x4xf32> {
  // RandomNormal: the `shape` attribute's [3, 4], as declared.
  %0 = "onnx.RandomNormal"() {shape = [3, 4], mean = 0.0 : f32, scale = 1.0 : f32, dtype = 1 : si64} : () -> tensor<3x4xf32>
  onnx.Return %0 : tensor<3x4xf32>
}

func.func @scatter(%d: tensor<?x4xf32>, %i: tensor<2x?xi64>, %u: tensor<2x3xf32>) -> tensor<5x4xf32> {
  // Scatter (ScatterElements before opset 11), axis 0: indices and updates
  // of one shape; off the axis an indices dim is at most data's; the output
  // has data's shape.
  // expected-ub-possible @+3 {{in-bounds: %i[1] >= 5}}
  // expected-ub-possible @+2 {{equal: %i[1] != 3}}
  // expected-ub-possible @+1 {{result-cast dim 0: %d[0] != 5}}
  %0 = "onnx.Scatter"(%d, %i, %u) {axis = 0 : si64} : (tensor<?x4xf32>, tensor<2x?xi64>, tensor<2x3xf32>) -> tensor<5x4xf32>
  onnx.Return %0 : tensor<5x4xf32>
}

func.func @nll(%x: tensor<?x5xf32>, %t: tensor<?xi64>) -> tensor<f32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // NegativeLogLikelihoodLoss: input [N, C] and target [N] share N.
  // expected-ub-possible @+1 {{equal: %x[0] != %t[0]}}
  %0 = "onnx.NegativeLogLikelihoodLoss"(%x, %t, %none) {reduction = "mean"} : (tensor<?x5xf32>, tensor<?xi64>, none) -> tensor<f32>
  onnx.Return %0 : tensor<f32>
}

func.func @roi(%x: tensor<1x3x8x8xf32>, %r: tensor<?x5xf32>) -> tensor<4x3x2x2xf32> {
  // MaxRoiPool: [num_rois, C, pooled_h, pooled_w].
  // expected-ub-possible @+1 {{result-cast dim 0: %r[0] != 4}}
  %0 = "onnx.MaxRoiPool"(%x, %r) {pooled_shape = [2, 2], spatial_scale = 1.0 : f32} : (tensor<1x3x8x8xf32>, tensor<?x5xf32>) -> tensor<4x3x2x2xf32>
  onnx.Return %0 : tensor<4x3x2x2xf32>
}

func.func @rms(%x: tensor<?x8xf32>, %s: tensor<?xf32>) -> tensor<2x8xf32> {
  // RMSNormalization (opset 23), axis -1: Scale broadcasts to the
  // normalized [8] (unidirectional); Y has X's shape.
  // expected-ub-possible @+2 {{broadcast dim 1: %s[0] not in {1, 8}}}
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0 = "onnx.RMSNormalization"(%x, %s) {axis = -1 : si64, epsilon = 1.0e-05 : f32} : (tensor<?x8xf32>, tensor<?xf32>) -> tensor<2x8xf32>
  onnx.Return %0 : tensor<2x8xf32>
}

func.func @group(%x: tensor<2x?x4xf32>, %s: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<2x?x4xf32> {
  // GroupNormalization (opset 21): C a multiple of num_groups, scale and
  // bias of size C.
  // expected-ub-possible @+3 {{equal: %x[1] mod 3 != 0}}
  // expected-ub-possible @+2 {{equal: %x[1] != 6}}
  // expected-ub-possible @+1 {{equal: %x[1] != 6}}
  %0 = "onnx.GroupNormalization"(%x, %s, %b) {num_groups = 3 : si64, epsilon = 1.0e-05 : f32} : (tensor<2x?x4xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x?x4xf32>
  onnx.Return %0 : tensor<2x?x4xf32>
}
