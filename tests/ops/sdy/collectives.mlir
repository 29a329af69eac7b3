// The collectives of StableHLO and mhlo, in the generic form JAX and
// torch-xla print them. Expectations by hand from the StableHLO spec
// (docs/spec.md): the process groups are the rows of replica_groups, of
// dim(replica_groups, 1) devices each. all_gather_c6 multiplies
// all_gather_dim by the group size; reduce_scatter_c1 requires the group
// size to divide scatter_dimension and reduce_scatter_c8 divides it;
// all_to_all_c2 and all_to_all_c9 split split_dimension into split_count
// parts and concatenate them on concat_dimension; all_reduce_c6,
// collective_permute_c5 and collective_broadcast_c3 keep every shape. A
// dimension attribute outside the operand's rank is the verifier's error
// (all_gather_c1, reduce_scatter_c2, all_to_all_c1, all_to_all_c3).

func.func @all_gather(%x: tensor<?x8xf32>) -> tensor<?x32xf32> {
  // Two groups of 4: dim 1 is 8 * 4 = 32, dim 0 stays %x[0].
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<?x8xf32>) -> tensor<?x32xf32>
  // Gathering dim 0 in groups of 2 gives %x[0] * 2, declared 16.
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 8}}
  %1 = "mhlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<?x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<?x32xf32>
}

func.func @all_gather_static(%x: tensor<4x8xf32>) {
  // 8 * 2 = 16 columns, not the declared 8: the verifier's error.
  // expected-error @+1 {{result-cast dim 1}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

func.func @reduce_scatter(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // Scattering dim 0 over groups of 4: %x[0] must be a multiple of 4
  // (reduce_scatter_c1); the result has %x[0] / 4 rows.
  // expected-ub-possible @+1 {{equal rule reduce_scatter_c1: %x[0] mod 4 != 0}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  // Its 8 columns scattered over 2: 4 each, as declared.
  %1 = "mhlo.reduce_scatter"(%0) <{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, scatter_dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = mhlo.add %a, %b : tensor<f32>
    mhlo.return %s : tensor<f32>
  }) : (tensor<?x8xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x8xf32>
}

func.func @reduce_scatter_static(%x: tensor<6x8xf32>) {
  // 6 rows over groups of 4: not divisible, the verifier's error.
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6x8xf32>) -> tensor<?x8xf32>
  return
}

func.func @all_to_all(%x: tensor<?x6xf32>, %y: tensor<2x4xi64>) -> tensor<?x12xf32> {
  // Dim 0 split into 2 parts (%x[0] must be even: all_to_all_c2), dim 1
  // concatenated twice: [%x[0] / 2, 12].
  // expected-ub-possible @+1 {{equal rule all_to_all_c2: %x[0] mod 2 != 0}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<?x6xf32>) -> tensor<?x12xf32>
  // Split and concatenated on one dim: the shapes stay (all_to_all_c9).
  %1:2 = "stablehlo.all_to_all"(%y, %y) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>, tensor<2x4xi64>) -> (tensor<2x4xi64>, tensor<2x4xi64>)
  // Groups of 2 for a split_count of 4 (all_to_all_c8).
  // expected-error @+1 {{rank}}
  %2 = "stablehlo.all_to_all"(%y) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<8x1xi64>
  return %0 : tensor<?x12xf32>
}

func.func @scatter_result(%x: tensor<?x8xf32>) {
  // Scattered over groups of 2: %x[0] even (reduce_scatter_c1) and
  // %x[0] / 2 rows (reduce_scatter_c8), declared 3.
  // expected-ub-possible @+2 {{equal rule reduce_scatter_c1: %x[0] mod 2 != 0}}
  // expected-ub-possible @+1 {{result-cast dim 0 rule reduce_scatter_c8: (%x[0] floordiv 2) != 3}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x8xf32>) -> tensor<3x8xf32>
  return
}

func.func @all_to_all_result(%x: tensor<?x8xf32>) {
  // Dim 0 split in 2 (all_to_all_c2), dim 1 concatenated twice: the
  // result [%x[0] / 2, 16] (all_to_all_c9), declared [4, 16].
  // expected-ub-possible @+2 {{equal rule all_to_all_c2: %x[0] mod 2 != 0}}
  // expected-ub-possible @+1 {{result-cast dim 0 rule all_to_all_c9: (%x[0] floordiv 2) != 4}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<?x8xf32>) -> tensor<4x16xf32>
  return
}

// Dimension attributes outside the rank 2 of the operand: static errors.
func.func @gather_dim_outside(%x: tensor<4x8xf32>) {
  // all_gather_c1: 0 <= all_gather_dim < rank(operand).
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

func.func @scatter_dim_outside(%x: tensor<4x8xf32>) {
  // reduce_scatter_c2: 0 <= scatter_dimension < rank(operand).
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 2 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x8xf32>) -> tensor<4x4xf32>
  return
}

func.func @split_dim_outside(%x: tensor<4x8xf32>) {
  // all_to_all_c1: 0 <= split_dimension < rank(operand).
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x8xf32>) -> tensor<8x8xf32>
  return
}

func.func @concat_dim_outside(%x: tensor<4x8xf32>) {
  // all_to_all_c3: 0 <= concat_dimension < rank(operand).
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 2 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x8xf32>) -> tensor<2x8xf32>
  return
}

func.func @same_shapes(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "stablehlo.collective_permute"(%0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "stablehlo.collective_broadcast"(%1) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // The permuted value declared with 3 rows: %x[0] must be 3.
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 3}}
  %3 = "mhlo.collective_permute"(%2) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<?x4xf32>) -> tensor<3x4xf32>
  return %2 : tensor<?x4xf32>
}

func.func @not_understood(%x: tensor<4x8xf32>) {
  // No groups: one group of every replica, a number the program does not
  // give.
  // expected-opaque @+1 {{stablehlo.all_gather}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 1 : i64, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<4x8xf32>) -> tensor<4x?xf32>
  // A channel without use_global_device_ids: cross_replica_and_partition,
  // each group also spans every partition (the spec's process groups), a
  // number the program does not give.
  // expected-opaque @+1 {{stablehlo.all_gather}}
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<4x8xf32>) -> tensor<4x?xf32>
  return
}
