// Forms that current MLIR prints and mlir-opt 16 does not know (the refine
// test skips this file): tensor.concat and expand_shape's output_shape.

// concat: dim 0 is the sum; the other dims equal.
func.func @concat(%a: tensor<?x4xf32>, %b: tensor<3x?xf32>) -> tensor<7x4xf32> {
  // expected-ub-possible @+2 {{equal: %b[1] != 4}}
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] != 4}}
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<3x?xf32>) -> tensor<7x4xf32>
  return %0 : tensor<7x4xf32>
}

// output_shape gives the result dims; each group multiplies out to its
// source dim.
func.func @expand(%t: tensor<?x4xf32>, %n: index) -> tensor<?x2x4xf32> {
  // expected-ub-possible @+1 {{element-count: %t[0] != 2 * %n}}
  %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 2, 4] : tensor<?x4xf32> into tensor<?x2x4xf32>
  return %e : tensor<?x2x4xf32>
}
// expected-summary {{safe=0 ub-possible=3 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
