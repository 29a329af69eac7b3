func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "test.opaque"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = tosa.add %0, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func @main(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %add.0 = "test.opaque"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = func.call @add(%add.0, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %2 = tosa.add %1, %add.0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
