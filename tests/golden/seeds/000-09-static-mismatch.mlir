// Seed 000, incorrect use: dimension 0 of the operands is static but not
// equal (3 vs 2, neither is 1): a compile-time error (InferDim's ERROR_IF).
func.func @f(%arg0: tensor<3xi32>, %arg1: tensor<2xi32>) -> tensor<?xi32> {
  // expected-error @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{rank}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>
  return %result : tensor<?xi32>
}
// expected-summary {{safe=1 ub-possible=0 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
