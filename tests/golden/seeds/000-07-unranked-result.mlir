// Seed 000, correct use: no result shape verification is needed when the
// result is unranked. One operand: no column is broadcast. No obligations.
func.func @f(%arg0: tensor<2xi32>) -> tensor<*xi32> {
  %result = "test.broadcastable"(%arg0) : (tensor<2xi32>) -> tensor<*xi32>
  return %result : tensor<*xi32>
}
// expected-summary {{safe=0 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
