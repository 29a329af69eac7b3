// RUN: check --explain %s
// EXIT: 1
// Issue 45 (grammar slips): a subject that names several sizes takes
// "are" ("the elementwise operand sizes 4 and 3 are invalid by static
// types"), one that names one thing "is" ("the broadcast of operand sizes
// ... is safe", "the result rank ... is safe").
func.func @static_mismatch(%a: tensor<4x8xf32>, %b: tensor<3x8xf32>) -> tensor<4x8xf32> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func @bias(%x: tensor<?x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %0 = "tosa.add"(%x, %b) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
