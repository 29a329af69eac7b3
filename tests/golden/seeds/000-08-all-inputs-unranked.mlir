// Seed 000, correct use: no result shape verification is needed when all
// inputs are unranked. Unranked operands contribute no obligations (SPEC 4).
func.func @f(%arg0: tensor<*xi32>, %arg1: tensor<*xi32>) -> tensor<2xi32> {
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>
  return %result : tensor<2xi32>
}
// expected-summary {{safe=0 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
