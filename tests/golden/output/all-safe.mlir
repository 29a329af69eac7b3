// RUN: check %s
// Every obligation is safe: nothing but the summary, exit 0.
func.func @f(%a: tensor<?x4xi32>, %b: tensor<4xi32>) -> tensor<?x4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xi32>, tensor<4xi32>) -> tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}
