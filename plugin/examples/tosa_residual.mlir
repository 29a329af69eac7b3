// A residual block in TOSA 1.0 with a dynamic batch, for the pass plugin
// (docs/PLUGIN.md). The residual add needs the batches of %x and
// %skip to broadcast; the scale by %w then needs the batch to be 1 or 8,
// so in every well-defined run %2 and %3 are 8x768.
func.func @residual(%x: tensor<?x768xf32>, %bias: tensor<1x768xf32>, %skip: tensor<?x768xf32>, %w: tensor<8x768xf32>) -> tensor<?x768xf32> {
  %0 = tosa.add %x, %bias : (tensor<?x768xf32>, tensor<1x768xf32>) -> tensor<?x768xf32>
  %1 = tosa.add %0, %skip : (tensor<?x768xf32>, tensor<?x768xf32>) -> tensor<?x768xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %2 = tosa.mul %1, %w, %shift : (tensor<?x768xf32>, tensor<8x768xf32>, tensor<1xi8>) -> tensor<?x768xf32>
  %3 = tosa.tanh %2 : (tensor<?x768xf32>) -> tensor<?x768xf32>
  return %3 : tensor<?x768xf32>
}
