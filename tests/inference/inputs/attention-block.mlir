// A transformer-style block with dynamic batch and sequence, where a static 4-head scale fixes the head dim.
func.func @block(%q: tensor<?x?x64xf32>, %scale: tensor<1x4x1xf32>, %bias: tensor<64xf32>, %mask: tensor<?x1x1xf32>) -> tensor<?x?x?xf32> {
  %0 = "tosa.mul"(%q, %scale) {shift = 0 : i32} : (tensor<?x?x64xf32>, tensor<1x4x1xf32>) -> tensor<?x?x?xf32>
  %1 = "tosa.add"(%0, %bias) : (tensor<?x?x?xf32>, tensor<64xf32>) -> tensor<?x?x?xf32>
  %2 = "tosa.add"(%1, %mask) : (tensor<?x?x?xf32>, tensor<?x1x1xf32>) -> tensor<?x?x?xf32>
  %3 = "tosa.minimum"(%2, %1) : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %3 : tensor<?x?x?xf32>
}
