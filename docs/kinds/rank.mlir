func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
