// A compare feeding a three-operand select: the static 3 rows win over the dynamic ones (symshape only).
func.func @clamp_rows(%a: tensor<?x4xf32>, %b: tensor<1x4xf32>, %c: tensor<3x1xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.greater"(%a, %b) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x?xi1>
  %1 = "tosa.select"(%0, %a, %c) : (tensor<?x?xi1>, tensor<?x4xf32>, tensor<3x1xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
