// canonicalize gives a broadcast of extent tensors of lengths 2 and 3 the result type tensor<3xindex> (agreement).
func.func @concretize(%b: tensor<?x?x?xf32>) -> tensor<?xindex> {
  %0 = shape.const_shape [2, 1] : tensor<2xindex>
  %1 = shape.shape_of %b : tensor<?x?x?xf32> -> tensor<3xindex>
  %2 = shape.broadcast %0, %1 : tensor<2xindex>, tensor<3xindex> -> tensor<?xindex>
  return %2 : tensor<?xindex>
}
