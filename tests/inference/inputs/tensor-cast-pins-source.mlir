// A later tensor.cast to a static batch pins the batch of an earlier bias add (symshape only).
func.func @pinned(%x: tensor<?x4xf32>, %bias: tensor<4xf32>) -> (tensor<?x?xf32>, tensor<16x4xf32>) {
  %0 = "tosa.add"(%x, %bias) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x?xf32>
  %1 = tensor.cast %x : tensor<?x4xf32> to tensor<16x4xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<16x4xf32>
}
