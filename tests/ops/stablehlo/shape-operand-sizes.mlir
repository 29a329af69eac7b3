// A size in a shape operand (dynamic_iota, dynamic_broadcast_in_dim,
// dynamic_reshape) is an integer that may be negative; a dim never is
// (SPEC 2). Each element not provably >= 0 is an `in-bounds` requirement,
// as tensor.empty's sizes are. JAX guards `b - 2` with a shape assertion.

// [b - 2, 4] with b = %x[0]: no shape when b < 2.
func.func @iota(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.subtract %0, %c : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<4> : tensor<1xi32>
  %3 = stablehlo.concatenate %2, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-ub-possible @+1 {{in-bounds: %x[0] <= 1}}
  %4 = stablehlo.dynamic_iota %3, dim = 0 : (tensor<2xi32>) -> tensor<?x4xf32>
  return %4 : tensor<?x4xf32>
}

// The same shape for a broadcast of %y (1 row: it broadcasts to any
// number of rows); element 1 (4) needs nothing.
func.func @broadcast(%x: tensor<?x4xf32>, %y: tensor<1x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.subtract %0, %c : tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<4> : tensor<1xi32>
  %3 = stablehlo.concatenate %2, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-ub-possible @+4 {{in-bounds dim 0: %x[0] <= 1}}
  // expected-safe @+3 {{mapped-dim dim 0}}
  // expected-safe @+2 {{mapped-dim dim 1}}
  // expected-safe @+1 {{result-cast dim 1}}
  %4 = stablehlo.dynamic_broadcast_in_dim %y, %3, dims = [0, 1] : (tensor<1x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return %4 : tensor<?x4xf32>
}

// After JAX's check that b - 2 >= 0, the same iota is safe.
func.func @checked(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<2> : tensor<i32>
  %1 = stablehlo.subtract %0, %c : tensor<i32>
  %c_1 = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.compare  GE, %1, %c_1,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // expected-ub-possible @+1 {{assert: %x[0] <= 1}}
  stablehlo.custom_call @shape_assertion(%2, %1) {api_version = 2 : i32, error_message = "Expected value >= 0 for dimension variable 'b - 2'. Found {0}.", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %3 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<4> : tensor<1xi32>
  %4 = stablehlo.concatenate %3, %c_0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-safe @+1 {{in-bounds}}
  %5 = stablehlo.dynamic_iota %4, dim = 0 : (tensor<2xi32>) -> tensor<?x4xf32>
  return %5 : tensor<?x4xf32>
}
// expected-summary {{safe=4 ub-possible=3 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
