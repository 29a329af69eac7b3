// shape_of an unranked tensor broadcast with [2, 3]: the rank stays unknown to both tools, as it should.
func.func @unranked_bcast(%u: tensor<*xf32>) -> !shape.shape {
  %0 = shape.shape_of %u : tensor<*xf32> -> !shape.shape
  %1 = shape.const_shape [2, 3] : !shape.shape
  %2 = shape.broadcast %0, %1 : !shape.shape, !shape.shape -> !shape.shape
  return %2 : !shape.shape
}
