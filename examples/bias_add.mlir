// A bias add and a residual add with a dynamic batch, as a frontend emits
// them before shape inference has run.
//
// symshape check reports:
//  - the bias add is safe: the bias broadcasts along the batch;
//  - the residual add of %x (batch %x[0]) with %skip (batch %skip[0]) can fail:
//    UB exactly when %x[0] != 1 && %skip[0] != 1 && %x[0] != %skip[0];
//  - the cast of the sum to a static batch of 8 can fail unless one batch
//    is 8 (the other being 1 or 8).
func.func @layer(%x: tensor<?x768xf32>, %bias: tensor<768xf32>,
                 %skip: tensor<?x768xf32>) -> tensor<8x768xf32> {
  %0 = "tosa.add"(%x, %bias) : (tensor<?x768xf32>, tensor<768xf32>) -> tensor<?x768xf32>
  %1 = "tosa.add"(%0, %skip) : (tensor<?x768xf32>, tensor<?x768xf32>) -> tensor<8x768xf32>
  return %1 : tensor<8x768xf32>
}
