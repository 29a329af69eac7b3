// shape.broadcast of constant shapes folds to the constant [3, 4]: both know the extents (agreement).
func.func @const_bcast() -> (!shape.shape, !shape.shape, !shape.shape) {
  %0 = shape.const_shape [3, 1] : !shape.shape
  %1 = shape.const_shape [1, 4] : !shape.shape
  %2 = shape.broadcast %0, %1 : !shape.shape, !shape.shape -> !shape.shape
  return %0, %1, %2 : !shape.shape, !shape.shape, !shape.shape
}
