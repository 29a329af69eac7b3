// Seed 000, incorrect use: the inferred result shape is tensor<2xi32> but the
// actual one is tensor<4xi32>: static sizes must be equal.
func.func @f(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<4xi32> {
  // expected-safe @+3 {{broadcast dim 0}}
  // expected-safe @+2 {{rank}}
  // expected-error @+1 {{result-cast dim 0}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %result : tensor<4xi32>
}
// expected-summary {{safe=2 ub-possible=0 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
