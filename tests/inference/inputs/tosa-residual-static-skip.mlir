// A residual add with a static-batch skip fixes the batch at 8 only after the bias add (symshape only).
func.func @layer(%x: tensor<?x768xf32>, %bias: tensor<768xf32>, %skip: tensor<8x768xf32>) -> tensor<?x768xf32> {
  %0 = "tosa.add"(%x, %bias) : (tensor<?x768xf32>, tensor<768xf32>) -> tensor<?x?xf32>
  %1 = "tosa.add"(%0, %skip) : (tensor<?x?xf32>, tensor<8x768xf32>) -> tensor<?x768xf32>
  return %1 : tensor<?x768xf32>
}
