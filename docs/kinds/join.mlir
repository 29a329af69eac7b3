func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> !shape.shape {
  %sa = shape.shape_of %a : tensor<?xf32> -> !shape.shape
  %sb = shape.shape_of %b : tensor<?xf32> -> !shape.shape
  %0 = shape.join %sa, %sb : !shape.shape
  return %0 : !shape.shape
}
