// Rank expansion: a row vector against a column gives a 2x4 matrix in both tools (agreement).
func.func @outer(%row: tensor<4xf32>, %col: tensor<2x1xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.add"(%row, %col) : (tensor<4xf32>, tensor<2x1xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
