// Reshapes keep the number of elements (kind `element-count`), SPEC 3.

// MLIR 16's expand_shape has no output_shape: the group's one `?` is the
// source dim divided by the group's static sizes, and that division must be
// exact (a floor division: the condition is not printed, see the brief).
// Collapsing back gives 2 * (%t[0] / 2), which is %t[0] once the expand was
// well defined: the addf is safe.
func.func @expand_collapse(%t: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-ub-possible @+1 {{element-count}}
  %e = tensor.expand_shape %t [[0, 1], [2]] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<?x2x4xf32> into tensor<?x4xf32>
  // expected-safe @+1 {{equal}}
  %s = arith.addf %c, %t : tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}

// Static sizes that multiply out: nothing to check.
func.func @collapse_static(%u: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %c = tensor.collapse_shape %u [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  return %c : tensor<6x4xf32>
}

// tensor.reshape takes its result dims from the shape operand's elements.
func.func @reshape(%x: tensor<?x4xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = arith.constant dense<[6, 4]> : tensor<2xindex>
  // expected-ub-possible @+1 {{element-count: %x[0] != 6}}
  %r = tensor.reshape %x(%s) : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // A shape built from sizes: %y[0] rows of 4.
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %y, %c0 : tensor<?x?xf32>
  %f = tensor.from_elements %d, %c4 : tensor<2xindex>
  // expected-ub-possible @+1 {{element-count: 4 * %y[0] != %y[0] * %y[1]}}
  %q = tensor.reshape %y(%f) : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // %q is %y[0] x 4 and %r is 6 x 4: equal shapes need %y[0] == 6.
  // expected-ub-possible @+1 {{equal: %y[0] != 6}}
  %z = arith.addf %q, %r : tensor<?x?xf32>
  return %z : tensor<?x?xf32>
}
// expected-summary {{safe=1 ub-possible=4 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
