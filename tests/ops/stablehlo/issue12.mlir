// The three misreads of issue 12, in the forms users wrote them.
func.func @pretty_broadcast_in_dim(%x: tensor<768xf32>) -> tensor<4x768xf32> {
  // dims = [1] maps 768 onto result dim 1 (768): valid, not an error.
  // expected-safe @+1 {{mapped-dim dim 1}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<768xf32>) -> tensor<4x768xf32>
  return %0 : tensor<4x768xf32>
}

func.func @pretty_chlo_broadcast_dimensions(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  // broadcast_dimensions = [0] puts %b's 4 against %a's dim 0 (3): seed 003
  // rejects it, as it does in the generic form.
  // expected-error @+1 {{broadcast dim 0}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @generic_chlo_broadcast_dimensions(%a: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{broadcast dim 0}}
  %0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @integer_shape_operand(%arg0: tensor<1x3xi32>, %shape: tensor<3xi32>) -> tensor<?x?x?xi32> {
  // %shape holds three sizes %shape[0..2]. Operand dim 0 (1) expands to
  // anything; operand dim 1 (3) must meet result dim 2 = %shape[2].
  // expected-safe @+2 {{mapped-dim dim 1}}
  // expected-ub-possible @+1 {{mapped-dim dim 2: %shape[2] != 3}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %shape) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x3xi32>, tensor<3xi32>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}
