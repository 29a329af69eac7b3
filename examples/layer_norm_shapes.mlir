// Layer norm over a dynamic batch, with the output shape computed by the
// shape dialect (as a TensorFlow/XLA bridge emits it): the mean and variance
// come in with their own batch size %mean[0], broadcast against the input's
// shape, guarded by a cstr_broadcastable witness.
//
// symshape check reports:
//  - the constraint that the extents %x[0] and %mean[0] broadcast can fail:
//    UB exactly when %x[0] != 1 && %mean[0] != 1 && %x[0] != %mean[0];
//  - everything after it is safe: inside shape.assuming the constraint is
//    known to hold, so the normalisation and the dynamic broadcast of the
//    scale (a static 512) agree with the computed shape.
func.func @layer_norm(%x: tensor<?x512xf32>, %mean: tensor<?x1xf32>,
                      %scale: tensor<512xf32>) -> tensor<?x512xf32> {
  %sx = shape.shape_of %x : tensor<?x512xf32> -> tensor<2xindex>
  %sm = shape.shape_of %mean : tensor<?x1xf32> -> tensor<2xindex>
  %ok = shape.cstr_broadcastable %sx, %sm : tensor<2xindex>, tensor<2xindex>
  %y = shape.assuming %ok -> (tensor<?x512xf32>) {
    %out = shape.broadcast %sx, %sm : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
    %centered = "tosa.sub"(%x, %mean) : (tensor<?x512xf32>, tensor<?x1xf32>) -> tensor<?x512xf32>
    %s = "stablehlo.dynamic_broadcast_in_dim"(%scale, %out) {broadcast_dimensions = array<i64: 1>} : (tensor<512xf32>, tensor<2xindex>) -> tensor<?x512xf32>
    %r = "tosa.mul"(%centered, %s) {shift = 0 : i32} : (tensor<?x512xf32>, tensor<?x512xf32>) -> tensor<?x512xf32>
    shape.assuming_yield %r : tensor<?x512xf32>
  }
  return %y : tensor<?x512xf32>
}
