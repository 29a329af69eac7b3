// tosa reshape, transpose, concat, slice, pad and tile (MLIR 16 generic
// form): result sizes are expressions of the operand sizes, and each op's
// runtime requirement is an obligation. A declared static result dim casts
// the computed size, which shows the expression.
func.func @reshape_infers(%a: tensor<?x4xf32>) -> tensor<2x?x2xf32> {
  // The -1 is %a[0] * 4 / 4 = %a[0]: both element counts are the one
  // product 4 * %a[0], so there is no obligation.
  %0 = "tosa.reshape"(%a) {new_shape = array<i64: 2, -1, 2>} : (tensor<?x4xf32>) -> tensor<2x?x2xf32>
  return %0 : tensor<2x?x2xf32>
}

func.func @reshape_count(%a: tensor<?x4xf32>) -> tensor<8xf32> {
  // %a[0] * 4 elements into 8.
  // expected-ub-possible @+1 {{element-count: %a[0] != 2}}
  %0 = "tosa.reshape"(%a) {new_shape = array<i64: 8>} : (tensor<?x4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func @transpose(%a: tensor<?x4x?xf32>) -> tensor<5x?x4xf32> {
  // result = [%a[2], %a[0], 4].
  %perms = "tosa.const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-ub-possible @+1 {{result-cast dim 0: %a[2] != 5}}
  %0 = "tosa.transpose"(%a, %perms) : (tensor<?x4x?xf32>, tensor<3xi32>) -> tensor<5x?x4xf32>
  return %0 : tensor<5x?x4xf32>
}

func.func @concat(%a: tensor<?x4xf32>, %b: tensor<?x?xf32>) -> tensor<6x4xf32> {
  // Dim 1 is not the axis: %b[1] must be 4. Dim 0 is %a[0] + %b[0].
  // expected-ub-possible @+2 {{equal: %b[1] != 4}}
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] + %b[0] != 6}}
  %0 = "tosa.concat"(%a, %b) {axis = 0 : i64} : (tensor<?x4xf32>, tensor<?x?xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

func.func @slice(%a: tensor<?x4xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  // Rows [1, 3) need %a[0] >= 3; columns [0, 4) of 4 always fit.
  // expected-ub-possible @+1 {{in-bounds: %a[0] <= 2}}
  %0 = "tosa.slice"(%a) {start = array<i64: 1, 0>, size = array<i64: 2, 4>} : (tensor<?x4xf32>) -> tensor<?x?xf32>
  // Size -1 takes the rest from start: %b[0] >= 1 (the earlier slice
  // already needs %a[0] >= 3, so a fresh operand is used).
  %b = "tosa.identity"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // expected-safe @+1 {{in-bounds}}
  %1 = "tosa.slice"(%b) {start = array<i64: 1, 1>, size = array<i64: -1, -1>} : (tensor<?x4xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @pad_tile(%a: tensor<?x4xf32>) -> (tensor<5x6xf32>, tensor<6x8xf32>) {
  // pad: [%a[0] + 2, 6]; tile: [%a[0] * 3, 8].
  %pads = "tosa.const"() {value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] != 3}}
  %0 = "tosa.pad"(%a, %pads) : (tensor<?x4xf32>, tensor<2x2xi32>) -> tensor<5x6xf32>
  // After the pad's cast %a[0] is 3: 9 rows, never 6.
  // expected-ub-guaranteed @+1 {{result-cast dim 0}}
  %1 = "tosa.tile"(%a) {multiples = array<i64: 3, 2>} : (tensor<?x4xf32>) -> tensor<6x8xf32>
  return %0, %1 : tensor<5x6xf32>, tensor<6x8xf32>
}

func.func @reduce(%a: tensor<?x4xf32>) -> (tensor<1x4xf32>, tensor<3xi32>) {
  // reduce_sum: [1, 4] (static, nothing to check); argmax drops dim 1.
  %0 = "tosa.reduce_sum"(%a) {axis = 0 : i64} : (tensor<?x4xf32>) -> tensor<1x4xf32>
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] != 3}}
  %1 = "tosa.argmax"(%a) {axis = 1 : i64} : (tensor<?x4xf32>) -> tensor<3xi32>
  return %0, %1 : tensor<1x4xf32>, tensor<3xi32>
}
// expected-summary {{safe=1 ub-possible=7 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
