// Static shapes that linalg's verifier rejects are `error`s (mlir-opt-16
// rejects each function here); later ops are still judged.

func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>, %c: tensor<2x5xf32>, %d: tensor<?x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{equal}}
  %0 = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<4x5xf32>) outs(%c : tensor<2x5xf32>) -> tensor<2x5xf32>
  // expected-ub-possible @+1 {{equal: %d[0] != 2}}
  %1 = linalg.copy ins(%d : tensor<?x5xf32>) outs(%0 : tensor<2x5xf32>) -> tensor<2x5xf32>
  return %1 : tensor<2x5xf32>
}

// -----

// floor((9 - 2 - 1) / 2) + 1 = 4, not 5.
func.func @conv(%in: tensor<1x9x9x3xf32>, %f: tensor<3x3x3x8xf32>, %o: tensor<1x5x4x8xf32>) -> tensor<1x5x4x8xf32> {
  // expected-error @+1 {{rank}}
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %f : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x5x4x8xf32>) -> tensor<1x5x4x8xf32>
  return %0 : tensor<1x5x4x8xf32>
}

// -----

// A permutation that is not one.
func.func @transpose(%m: tensor<2x3xf32>, %t: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{rank}}
  %0 = linalg.transpose ins(%m : tensor<2x3xf32>) outs(%t : tensor<3x2xf32>) permutation = [1, 1]
  return %0 : tensor<3x2xf32>
}
// expected-summary {{safe=0 ub-possible=1 ub-guaranteed=0 error=3 unreachable=0 unknown=0}}
