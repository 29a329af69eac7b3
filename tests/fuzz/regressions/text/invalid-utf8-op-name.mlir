// XLA-style bias adds with explicit broadcast_dimensions (seed 003): the
// bias vector is matched onto a dimension of the activations.
//
// symshape check reports:
//  - @good is safe: the 768-wide bias goes onto dim 1 of ?x768;
//  - @wrong_dim maps the bias onto dim 0 (the batch) by mistake: UB exactly
//    when %x[0] not in {1, 768} (the batch must be 1 or 768 for 768 values
//    to match it); once that holds, the declared 768 x 768 result is right.
func.func @good(%x: tensor<?x768xf32>, %bias: tensor<768xf32>) -> tensor<?x768xf32> {
  %0 = "chlo.broadcast_add"(%x, %bias) {broadcast_dimensions = array<i64: 1>} : (tensor<?x768xf32>, tensor<768xf32>) -> tensor<?x768xf32>
  return %0 : tensor<?x768xf32>
}

func.func @wrong_dim(%x: tensor<?x768xf32>, %bias: tensor<768xf32>) -> tensor<768x768xf32> {
  %0 = "chlo.broadcast_adÿÿÿÿd"(%x, %bias) {broadcast_dimensions = array<i64: 0>} : (tensor<?x768xf32>, tensor<768xf32>) -> tensor<768x768xf32>
  return %0 : tensor<768x768xf32>
}
