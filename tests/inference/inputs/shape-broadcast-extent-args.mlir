// Extent-tensor arguments of static lengths 2 and 3: both give the broadcast the length 3 (agreement).
func.func @lengths(%x: tensor<2xindex>, %y: tensor<3xindex>) -> tensor<?xindex> {
  %0 = shape.broadcast %x, %y : tensor<2xindex>, tensor<3xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}
