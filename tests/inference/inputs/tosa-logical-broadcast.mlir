// i1 masks: logical_and of a row mask and a column mask gives a static 6x7 grid in both tools (agreement).
func.func @mask(%r: tensor<1x7xi1>, %c: tensor<6x1xi1>, %d: tensor<?x7xi1>) -> (tensor<?x?xi1>, tensor<?x?xi1>) {
  %0 = "tosa.logical_and"(%r, %c) : (tensor<1x7xi1>, tensor<6x1xi1>) -> tensor<?x?xi1>
  %1 = "tosa.logical_or"(%0, %d) : (tensor<?x?xi1>, tensor<?x7xi1>) -> tensor<?x?xi1>
  return %0, %1 : tensor<?x?xi1>, tensor<?x?xi1>
}
