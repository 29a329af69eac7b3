// A chain of casts, each adding one static dim: canonicalize composes the chain; symshape keeps every static dim seen.
func.func @chain(%a: tensor<4x?xf32>) -> (tensor<?x?xf32>, tensor<?x8xf32>) {
  %0 = tensor.cast %a : tensor<4x?xf32> to tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<?x8xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x8xf32>
}
