// A private callee reached through two calls with the same verdict gives
// one finding naming both call sites; the fuzz target counted the
// obligations of every call, not the findings reported (summary mismatch).
func.func private @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "test.broadcastable"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @add(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = call @add(%a, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
