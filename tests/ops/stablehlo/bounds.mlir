// Bounded dynamism: `#stablehlo.bounds<16>` on a tensor type bounds its
// `?` dim (SPEC 2, "Exporters' facts": dim <= 16). set_dimension_size
// (XLA's SetDimensionSize) gives a dim the runtime size of its operand
// %n, which must fit what the operand's buffer holds there: its static
// size, or the bound of a bounded dim.

// The size of %x (at most 16) fits the 16 elements of %pad.
func.func @within_bound(%x: tensor<?xf32, #stablehlo.bounds<16>>, %pad: tensor<16xf32>) -> tensor<?xf32, #stablehlo.bounds<16>> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xf32, #stablehlo.bounds<16>>) -> tensor<i32>
  // expected-safe @+1 {{in-bounds}}
  %0 = stablehlo.set_dimension_size %pad, %n, dim = 0 : (tensor<16xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<16>>
  // %0 is as long as %x: the add needs nothing.
  %1 = stablehlo.add %0, %x : tensor<?xf32, #stablehlo.bounds<16>>
  return %1 : tensor<?xf32, #stablehlo.bounds<16>>
}

// Without the bound, %y may hold more than 8 elements.
func.func @unbounded(%y: tensor<?xf32>, %pad: tensor<8xf32>) -> tensor<?xf32, #stablehlo.bounds<8>> {
  %n = stablehlo.get_dimension_size %y, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  // expected-ub-possible @+1 {{in-bounds: %y[0] >= 9}}
  %0 = stablehlo.set_dimension_size %pad, %n, dim = 0 : (tensor<8xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<8>>
  return %0 : tensor<?xf32, #stablehlo.bounds<8>>
}

// A bounded operand: the size must fit its bound 4, whatever its current
// size; here a constant 3 does (decided where it is stated), and the
// result is 3 long.
func.func @rebound(%z: tensor<2x?xf32, #stablehlo.bounds<?, 4>>) -> tensor<2x3xf32> {
  %c = stablehlo.constant dense<3> : tensor<i32>
  %0 = stablehlo.set_dimension_size %z, %c, dim = 1 : (tensor<2x?xf32, #stablehlo.bounds<?, 4>>, tensor<i32>) -> tensor<2x?xf32, #stablehlo.bounds<?, 4>>
  // expected-safe @+1 {{cast dim 1}}
  %1 = tensor.cast %0 : tensor<2x?xf32, #stablehlo.bounds<?, 4>> to tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
// expected-summary {{safe=3 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
