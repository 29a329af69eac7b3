// stablehlo.broadcast_in_dim: operand dim i must be 1 or equal result dim
// dims[i] (`mapped-dim`); dynamic_broadcast_in_dim takes the result sizes
// from its shape operand.
func.func @in_dim(%x: tensor<?xf32>, %y: tensor<1x3xf32>, %z: tensor<3xf32>) {
  // expected-ub-possible @+1 {{mapped-dim dim 1: %x[0] not in {1, 4}}}
  %0 = "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>) -> tensor<2x4xf32>
  // 1 expands to 2; 3 equals 3.
  // expected-safe @+2 {{mapped-dim dim 0}}
  // expected-safe @+1 {{mapped-dim dim 2}}
  %1 = "stablehlo.broadcast_in_dim"(%y) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<1x3xf32>) -> tensor<2x5x3xf32>
  // 3 cannot go to a dim of size 5.
  // expected-error @+1 {{mapped-dim dim 1}}
  %2 = "stablehlo.broadcast_in_dim"(%z) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x5xf32>
  return
}

func.func @dynamic(%x: tensor<?xf32>, %a: tensor<?x?xf32>) {
  %s = shape.shape_of %a : tensor<?x?xf32> -> tensor<2xindex>
  // The result is %a's shape: %x[0] must be 1 or %a[1].
  // expected-ub-possible @+1 {{mapped-dim dim 1: %x[0] != 1 && %x[0] != %a[1]}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return
}
// expected-summary {{safe=2 ub-possible=2 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
