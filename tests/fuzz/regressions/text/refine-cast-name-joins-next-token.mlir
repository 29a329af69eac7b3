// RUN: re becomes ranked (SPtatic 3 is written in.
func.func @f(%a: tensor<?x3xi32>, %b: tensor<3xi32>) -> tensor<*xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x3xi32>, tensor<3xi32>) -> tensor<*xi32>
  ret%0n %0 : tensor<*ui32>
}
