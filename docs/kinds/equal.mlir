func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}
