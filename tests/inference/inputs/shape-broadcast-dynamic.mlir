// shape.broadcast of a dynamic shape with [8, 1]: extents [8, 4] in every well-defined run; canonicalize cannot fold it.
func.func @dyn_bcast(%a: tensor<?x4xf32>) -> (!shape.shape, tensor<?xindex>) {
  %0 = shape.shape_of %a : tensor<?x4xf32> -> tensor<?xindex>
  %1 = shape.const_shape [8, 1] : tensor<2xindex>
  %2 = shape.broadcast %0, %1 : tensor<?xindex>, tensor<2xindex> -> !shape.shape
  %3 = shape.broadcast %0, %1 : tensor<?xindex>, tensor<2xindex> -> tensor<?xindex>
  return %2, %3 : !shape.shape, tensor<?xindex>
}
