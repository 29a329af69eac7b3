// RUN: check --func g %s
// --func NAME applies to check too: only @g is reported (and counted); @f's
// finding is left out, so the exit status is 0.
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @g(%a: tensor<?x4xi32>, %b: tensor<4xi32>) -> tensor<?x4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xi32>, tensor<4xi32>) -> tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}
