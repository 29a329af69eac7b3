// shape.broadcast of a dynamic extent with a constant 0 gives extent 0 (symshape only).
func.func @zero_bcast(%a: tensor<?xf32>) -> !shape.shape {
  %0 = shape.shape_of %a : tensor<?xf32> -> tensor<?xindex>
  %1 = shape.const_shape [0] : tensor<1xindex>
  %2 = shape.broadcast %0, %1 : tensor<?xindex>, tensor<1xindex> -> !shape.shape
  return %2 : !shape.shape
}
