// A two-layer MLP as torch-mlir exports it to tosa (MLIR 16 generic form),
// with a symbolic batch. The weights and the bias broadcast are safe; the
// residual add takes a second input %skip whose batch is its own: symshape
// reports that add as UB exactly when the batches differ (and neither is 1).
func.func @mlp(%x: tensor<?x64xf32>, %skip: tensor<?x32xf32>,
               %w1: tensor<1x64x128xf32>, %b1: tensor<1x1x128xf32>,
               %w2: tensor<1x128x32xf32>) -> tensor<?x32xf32> {
  %0 = "tosa.reshape"(%x) {new_shape = array<i64: 1, -1, 64>} : (tensor<?x64xf32>) -> tensor<1x?x64xf32>
  %1 = "tosa.matmul"(%0, %w1) : (tensor<1x?x64xf32>, tensor<1x64x128xf32>) -> tensor<1x?x128xf32>
  %2 = "tosa.add"(%1, %b1) : (tensor<1x?x128xf32>, tensor<1x1x128xf32>) -> tensor<1x?x128xf32>
  %3 = "tosa.clamp"(%2) {max_fp = 3.40282347E+38 : f32, max_int = 2147483647 : i64, min_fp = 0.000000e+00 : f32, min_int = 0 : i64} : (tensor<1x?x128xf32>) -> tensor<1x?x128xf32>
  %4 = "tosa.matmul"(%3, %w2) : (tensor<1x?x128xf32>, tensor<1x128x32xf32>) -> tensor<1x?x32xf32>
  %5 = "tosa.reshape"(%4) {new_shape = array<i64: -1, 32>} : (tensor<1x?x32xf32>) -> tensor<?x32xf32>
  %6 = "tosa.add"(%5, %skip) : (tensor<?x32xf32>, tensor<?x32xf32>) -> tensor<?x32xf32>
  return %6 : tensor<?x32xf32>
}
