// A three-way shape.broadcast of two dynamic shapes and a constant: extents [4, 5] under no UB, unfoldable for canonicalize.
func.func @bcast3(%a: tensor<?x1xf32>, %b: tensor<4x?xf32>) -> !shape.shape {
  %0 = shape.shape_of %a : tensor<?x1xf32> -> tensor<?xindex>
  %1 = shape.const_shape [1, 5] : tensor<2xindex>
  %2 = shape.shape_of %b : tensor<4x?xf32> -> tensor<?xindex>
  %3 = shape.broadcast %0, %1, %2 : tensor<?xindex>, tensor<2xindex>, tensor<?xindex> -> !shape.shape
  return %3 : !shape.shape
}
