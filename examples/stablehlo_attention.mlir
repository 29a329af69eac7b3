// Single-head attention in StableHLO as JAX prints it, with a symbolic
// batch and sequence. Queries and keys are projections of one input %x, so
// their contraction and the scaling are safe; the values %v come with their
// own batch and sequence sizes, and the second dot_general requires both to
// match the scores': symshape reports each with its exact condition.
func.func public @attention(%x: tensor<?x?x64xf32>, %wq: tensor<64x64xf32>,
                            %wk: tensor<64x64xf32>,
                            %v: tensor<?x?x64xf32>) -> tensor<?x?x64xf32> {
  %q = stablehlo.dot_general %x, %wq, contracting_dims = [2] x [0] : (tensor<?x?x64xf32>, tensor<64x64xf32>) -> tensor<?x?x64xf32>
  %k = stablehlo.dot_general %x, %wk, contracting_dims = [2] x [0] : (tensor<?x?x64xf32>, tensor<64x64xf32>) -> tensor<?x?x64xf32>
  %s = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<?x?x64xf32>, tensor<?x?x64xf32>) -> tensor<?x?x?xf32>
  %c = stablehlo.constant dense<1.250000e-01> : tensor<f32>
  %d0 = stablehlo.get_dimension_size %s, dim = 0 : (tensor<?x?x?xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %s, dim = 1 : (tensor<?x?x?xf32>) -> tensor<i32>
  %r0 = stablehlo.reshape %d0 : (tensor<i32>) -> tensor<1xi32>
  %r1 = stablehlo.reshape %d1 : (tensor<i32>) -> tensor<1xi32>
  %shape = stablehlo.concatenate %r0, %r1, %r1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %cb = stablehlo.dynamic_broadcast_in_dim %c, %shape, dims = [] : (tensor<f32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %scaled = stablehlo.multiply %s, %cb : tensor<?x?x?xf32>
  %o = stablehlo.dot_general %scaled, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x?x?xf32>, tensor<?x?x64xf32>) -> tensor<?x?x64xf32>
  return %o : tensor<?x?x64xf32>
}
