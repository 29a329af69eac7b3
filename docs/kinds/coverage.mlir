func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "foo.bar"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
