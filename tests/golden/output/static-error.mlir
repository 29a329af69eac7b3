// RUN: check %s
// EXIT: 1
func.func @f(%arg0: tensor<1xi32>, %arg1: tensor<1xi32>) -> tensor<4xi32> {
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
  return %result : tensor<4xi32>
}
