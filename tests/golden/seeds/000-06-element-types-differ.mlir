// Seed 000, correct use: input and result element types differ (i1, i32,
// i64); the trait has no restrictions on element types.
func.func @f(%arg0: tensor<2xi1>, %arg1: tensor<2xi32>) -> tensor<2xi64> {
  // expected-safe @+3 {{broadcast dim 0}}
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 0}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<2xi1>, tensor<2xi32>) -> tensor<2xi64>
  return %result : tensor<2xi64>
}
// expected-summary {{safe=3 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
