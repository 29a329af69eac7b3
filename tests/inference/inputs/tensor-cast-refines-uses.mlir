// A cast to a static batch feeds tosa: both refine its user; only symshape carries the batch to other users of the source.
func.func @casted(%x: tensor<?x?xf32>, %b: tensor<1x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = tensor.cast %x : tensor<?x?xf32> to tensor<8x?xf32>
  %1 = "tosa.add"(%0, %b) : (tensor<8x?xf32>, tensor<1x1xf32>) -> tensor<?x?xf32>
  %2 = "tosa.add"(%x, %1) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>
}
