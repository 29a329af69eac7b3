func.func @f(%a: tensor<?xf32>) -> tensor<4xf32> {
  %0 = tensor.extract_slice %a[2] [4] [1] : tensor<?xf32> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
