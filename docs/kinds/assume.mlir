func.func @f(%a: tensor<4xf32>) attributes {symshape.assume = ["%a[0] == 3"]} {
  return
}
