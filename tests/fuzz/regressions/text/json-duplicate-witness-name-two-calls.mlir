func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "test.opaque"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %1 = func.call @f(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = func.call @f(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %3 = tosa.add %1, %2 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %3 : tensor<?xf32>
}
