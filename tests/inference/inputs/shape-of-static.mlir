// shape_of a static tensor folds to the constant shape [2, 4]: both know the extents (agreement).
func.func @static_shape(%a: tensor<2x4xf32>) -> !shape.shape {
  %0 = shape.shape_of %a : tensor<2x4xf32> -> !shape.shape
  return %0 : !shape.shape
}
