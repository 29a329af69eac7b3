// mhlo's scatter, select_and_scatter and batch norms, in the generic form
// TensorFlow's and ByteIR's exports print (mhlo keeps the StableHLO
// spec's rules; windows.mlir has the stablehlo spellings), and the batch
// norms of both spellings: the feature sizes are the operand's
// feature_index dim, and grad_output has the operand's shape.

func.func @scatter(%in: tensor<8x16xf32>, %idx: tensor<?x1xi64>, %upd: tensor<3x?xf32>) {
  // Update dim 0 is a scatter dim: it equals %idx[0]. Update dim 1 is the
  // window over operand dim 1 (16): %upd[1] <= 16.
  // expected-ub-possible @+2 {{equal: %idx[0] != 3}}
  // expected-ub-possible @+1 {{in-bounds}}
  %0 = "mhlo.scatter"(%in, %idx, %upd) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = mhlo.add %a, %b : tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) {scatter_dimension_numbers = #mhlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8x16xf32>, tensor<?x1xi64>, tensor<3x?xf32>) -> tensor<8x16xf32>
  return
}

func.func @select_and_scatter(%x: tensor<4x8xf32>, %src: tensor<2x?xf32>, %init: tensor<f32>) {
  // 2x2 windows with stride 2 over 4x8: the source is 2x4.
  // expected-ub-possible @+1 {{equal: %src[1] != 4}}
  %0 = "mhlo.select_and_scatter"(%x, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "mhlo.compare"(%a, %b) {comparison_direction = #mhlo<comparison_direction GE>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "mhlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = mhlo.add %a, %b : tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = dense<[2, 2]> : tensor<2xi64>, window_strides = dense<[2, 2]> : tensor<2xi64>} : (tensor<4x8xf32>, tensor<2x?xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

func.func @batch_norm_inference(%x: tensor<8x16x4x4xf32>, %scale: tensor<?xf32>, %offset: tensor<16xf32>, %mean: tensor<16xf32>, %var: tensor<16xf32>) {
  // feature_index 1: scale, offset, mean and variance have 16 elements.
  // expected-ub-possible @+1 {{equal: %scale[0] != 16}}
  %0 = "mhlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<8x16x4x4xf32>, tensor<?xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<8x16x4x4xf32>
  return
}

func.func @batch_norms(%y: tensor<2x?x3xf32>, %s: tensor<4xf32>, %g: tensor<2x4x?xf32>) {
  // feature_index 1: each of the four [4] operands is the size %y[1]
  // (batch_norm_inference_c2..c5), once each.
  // expected-ub-possible @+4 {{equal: %y[1] != 4}}
  // expected-ub-possible @+3 {{equal: %y[1] != 4}}
  // expected-ub-possible @+2 {{equal: %y[1] != 4}}
  // expected-ub-possible @+1 {{equal: %y[1] != 4}}
  %0 = "stablehlo.batch_norm_inference"(%y, %s, %s, %s, %s) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<2x?x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x?x3xf32>
  // With %y[1] = 4 from here on, training's features agree.
  %1:3 = "stablehlo.batch_norm_training"(%y, %s, %s) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<2x?x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x?x3xf32>, tensor<4xf32>, tensor<4xf32>)
  // grad_output has the operand's shape (batch_norm_grad_c3): its dim 2
  // is 3.
  // expected-ub-possible @+1 {{equal: %g[2] != 3}}
  %2:3 = "stablehlo.batch_norm_grad"(%y, %s, %s, %s, %g) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<2x?x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x4x?xf32>) -> (tensor<2x?x3xf32>, tensor<4xf32>, tensor<4xf32>)
  // mhlo's, after those: nothing more can fail.
  %3:3 = "mhlo.batch_norm_grad"(%y, %s, %s, %s, %g) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<2x?x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x4x?xf32>) -> (tensor<2x?x3xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}
