// RUN: check %s
// EXIT: 1
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
