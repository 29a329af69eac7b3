// Seed 000, correct use: exact match of static sizes.
// Both columns are static and equal; the result is declared as inferred.
func.func @f(%arg0: tensor<1x2xi32>, %arg1: tensor<1x2xi32>) -> tensor<1x2xi32> {
  // expected-safe @+5 {{broadcast dim 0}}
  // expected-safe @+4 {{broadcast dim 1}}
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>
  return %result : tensor<1x2xi32>
}
// expected-summary {{safe=5 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
