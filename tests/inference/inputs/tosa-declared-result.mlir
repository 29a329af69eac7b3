// A declared static result dim is a fact later ops build on: 4x5 from (4x?, 1x5) needs no-UB reasoning.
func.func @declared(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<1x5xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<4x?xf32>
  %1 = "tosa.add"(%0, %c) : (tensor<4x?xf32>, tensor<1x5xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
