// A rank-0 scalar broadcasts to anything: both refine the static dims, only symshape the one fixed by a later 5.
func.func @scalar(%s: tensor<f32>, %x: tensor<?x3xf32>, %y: tensor<5x1xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.mul"(%x, %s) {shift = 0 : i32} : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x?xf32>
  %1 = "tosa.add"(%0, %y) : (tensor<?x?xf32>, tensor<5x1xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
