// tensor.dim of a static dim folds to a constant, so the empty tensor gets a static row count in both tools.
func.func @like(%a: tensor<4x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<4x?xf32>
  %m = tensor.dim %a, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %0 = "tosa.add"(%e, %a) : (tensor<?x?xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
