// tosa unary elementwise ops (abs, exp) keep their operand's shape: both refine every result of the static input.
func.func @unary(%a: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.abs"(%a) : (tensor<2x3xf32>) -> tensor<?x?xf32>
  %1 = "tosa.exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
