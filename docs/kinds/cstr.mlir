func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> !shape.witness {
  %sa = shape.shape_of %a : tensor<?xf32> -> tensor<1xindex>
  %sb = shape.shape_of %b : tensor<?xf32> -> tensor<1xindex>
  %0 = shape.cstr_broadcastable %sa, %sb : tensor<1xindex>, tensor<1xindex>
  return %0 : !shape.witness
}
