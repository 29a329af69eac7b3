// RUN: check --format sarif %s
// EXIT: 1
// SARIF 2.1.0: one result per finding that is not safe, rule id = the
// obligation kind, level from the verdict (ub-possible: warning), the
// condition and witness in the message and in `properties`.
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
