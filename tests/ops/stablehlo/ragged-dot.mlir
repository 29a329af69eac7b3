// chlo.ragged_dot (ChloOps.cpp: checkRaggedDotConstraints and
// inferRaggedDotOp; mhlo's copy in hlo_ops.cc). dot_general's batching and
// contracting pairs are equal; exactly one lhs ragged dim, whose place
// picks the mode:
//   non-contracting  [b,m,k] x [g,b,k,n], group_sizes [b,g] -> [b,m,n]
//   contracting      [b,m,k] x [b,k,n],   group_sizes [b,g] -> [g,b,m,n]
//   batch            [b,m,k] x [b,k,n],   group_sizes [g]   -> [b,m,n]
// group_sizes is [b..., x..., g] or just [g] (broadcast); in the
// non-contracting mode the rhs has one group dim, of size g. The rule id is
// the op's name (no numbered constraints). Each attribute is on one line,
// as StableHLO's printer writes it (mlir-opt keeps an unregistered
// attribute's line breaks, which the plugin's comparison cannot map). The
// sizes stay small so that the oracle's brute force (every `?` in [0, 4])
// reaches every failing size.

// Mode 1 as StableHLO's ops_chlo.mlir writes it, with a dynamic batch:
// %lhs[0] meets the rhs batch dim 2.
func.func @non_contracting(%lhs: tensor<?x3x2xf32>, %rhs: tensor<3x2x2x4xf32>, %group_sizes: tensor<3xi64>) -> tensor<?x3x4xf32> {
  // expected-ub-possible @+1 {{equal rule chlo.ragged_dot: %lhs[0] != 2}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<?x3x2xf32>, tensor<3x2x2x4xf32>, tensor<3xi64>) -> tensor<?x3x4xf32>
  func.return %0 : tensor<?x3x4xf32>
}

// Mode 2: the groups lead the result; the contracted dims must agree.
func.func @contracting(%lhs: tensor<2x3x?xf32>, %rhs: tensor<2x?x4xf32>, %group_sizes: tensor<2x3xi64>) -> tensor<3x2x3x4xf32> {
  // expected-ub-possible @+1 {{equal rule chlo.ragged_dot: %lhs[2] != %rhs[1]}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = []>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x3x?xf32>, tensor<2x?x4xf32>, tensor<2x3xi64>) -> tensor<3x2x3x4xf32>
  func.return %0 : tensor<3x2x3x4xf32>
}

// Mode 3 with two batch dims, the second ragged: group_sizes is [b0, g].
// Static and consistent: nothing to check.
func.func @batch(%lhs: tensor<2x3x4x5xf32>, %rhs: tensor<2x3x5x6xf32>, %group_sizes: tensor<2x7xi64>) -> tensor<2x3x4x6xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1]>
  } : (tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32>, tensor<2x7xi64>) -> tensor<2x3x4x6xf32>
  func.return %0 : tensor<2x3x4x6xf32>
}

// Mode 1 without batch dims: the rhs group dim holds the 3 groups.
func.func @group_dim(%lhs: tensor<4x2xf32>, %rhs: tensor<?x2x3xf32>, %group_sizes: tensor<3xi32>) -> tensor<4x3xf32> {
  // expected-ub-possible @+1 {{equal rule chlo.ragged_dot: %rhs[0] != 3}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) <{
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  }> : (tensor<4x2xf32>, tensor<?x2x3xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// "There must be exactly one ragged dimension in the lhs."
func.func @two_ragged_dims(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %group_sizes: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{rank rule chlo.ragged_dot}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  func.return %0 : tensor<11x7xf32>
}

// "expected group_sizes to have rank 1, got 2".
func.func @group_sizes_rank(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %group_sizes: tensor<3x2xi64>) -> tensor<11x7xf32> {
  // expected-error @+1 {{rank rule chlo.ragged_dot}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3x2xi64>) -> tensor<11x7xf32>
  func.return %0 : tensor<11x7xf32>
}

// mhlo's attribute nests the dot dimension numbers (#mhlo.dot<...>), which
// the parser does not read: opaque, not guessed.
func.func @mhlo_nested(%lhs: tensor<?x5xf32>, %rhs: tensor<3x5x7xf32>, %group_sizes: tensor<3xi64>) -> tensor<?x7xf32> {
  // expected-opaque @+1 {{mhlo.ragged_dot}}
  %0 = "mhlo.ragged_dot"(%lhs, %rhs, %group_sizes) {
    ragged_dot_dimension_numbers = #mhlo.ragged_dot<dot_dimension_numbers = #mhlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>,
    precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>]
  } : (tensor<?x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<?x7xf32>
  func.return %0 : tensor<?x7xf32>
}
// expected-summary {{safe=0 ub-possible=3 ub-guaranteed=0 error=2 unreachable=0 unknown=0}}
