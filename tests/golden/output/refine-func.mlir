// RUN: refine --func g %s
// --func NAME applies to refine too: only @g's types are refined.
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @g(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
