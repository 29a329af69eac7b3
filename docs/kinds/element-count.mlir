func.func @f(%a: tensor<?xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.reshape %a : (tensor<?xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
