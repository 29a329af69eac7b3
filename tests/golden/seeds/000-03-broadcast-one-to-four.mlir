// Seed 000, correct use: the shape of %arg0 is broadcast from tensor<1xi32>
// to tensor<4xi32>.
func.func @f(%arg0: tensor<1xi32>, %arg1: tensor<4xi32>) -> tensor<4xi32> {
  // expected-safe @+3 {{broadcast dim 0}}
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 0}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %result : tensor<4xi32>
}
// expected-summary {{safe=3 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
