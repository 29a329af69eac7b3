// stablehlo.torch_index_select (no verifier upstream; its linalg lowerings
// define it): the result is operand[:dim] ++ index[batch_dims:] ++
// operand[dim + 1:], a negative dim counts from the operand's rank and a
// negative batch_dims from the index's, and the first batch_dims dims of
// operand and index are one loop, so they must be equal. Written in the
// style of IREE's e2e regression tests (dynamic constants, a barrier, a
// cast back to the expected static shape). Expectations derived by hand.

func.func @torch_index_select1() {
  %lhs = flow.tensor.dynamic_constant
    dense<[[[1, 2],[3, 4]],[[5, 6],[7, 8]],[[9, 10],[11, 12]]]> : tensor<3x2x2xi32> -> tensor<?x?x?xi32>
  %rhs = flow.tensor.dynamic_constant dense<[0, 1]> : tensor<2xi32> -> tensor<?xi32>
  // dim 1 replaced by the index's 2: [3, 2, 2].
  %0 = "stablehlo.torch_index_select"(%lhs, %rhs) {batch_dims = 0 : i64, dim = 1 : i64} : (tensor<?x?x?xi32>, tensor<?xi32>) -> tensor<?x?x?xi32>
  %dshape = util.optimization_barrier %0 : tensor<?x?x?xi32>
  // expected-safe @+3 {{cast dim 0}}
  // expected-safe @+2 {{cast dim 1}}
  // expected-safe @+1 {{cast dim 2}}
  %result = tensor.cast %dshape : tensor<?x?x?xi32> to tensor<3x2x2xi32>
  // The test assertion compares shapes that are both 3x2x2 (a check that
  // cannot fail).
  // expected-safe @+1 {{assert}}
  check.expect_eq_const(%result,
    dense<[[[1, 2],[3, 4]],
           [[5, 6],[7, 8]],
           [[9, 10],[11, 12]]]> : tensor<3x2x2xi32>) : tensor<3x2x2xi32>
  return
}

// dim = -1 and batch_dims = -1 on rank-3 operands: dim 2, batch 2, so
// dims 0 and 1 of both must agree (2 and 2 by the constants' types:
// nothing to check), and the result is operand[:2] ++ index[2:] ++
// operand[3:] = [2, 2, 2].
func.func @negative() {
  %lhs = flow.tensor.dynamic_constant dense<[[[100, 101],[110, 111]],[[200, 201],[210, 211]]]> : tensor<2x2x2xi32> -> tensor<?x?x?xi32>
  %rhs = flow.tensor.dynamic_constant dense<[[[0, 1],[1, 0]],[[0, 0],[1, 1]]]> : tensor<2x2x2xi32> -> tensor<?x?x?xi32>
  %0 = "stablehlo.torch_index_select"(%lhs, %rhs) {batch_dims = -1 : i64, dim = -1 : i64} : (tensor<?x?x?xi32>, tensor<?x?x?xi32>) -> tensor<?x?x?xi32>
  %dshape = util.optimization_barrier %0 : tensor<?x?x?xi32>
  // expected-safe @+3 {{cast dim 0}}
  // expected-safe @+2 {{cast dim 1}}
  // expected-safe @+1 {{cast dim 2}}
  %result = tensor.cast %dshape : tensor<?x?x?xi32> to tensor<2x2x2xi32>
  return
}

// Runtime sizes: the batch dim of %x and %i must agree; the result is
// [%x[0], %i[1], %i[2], 5], so the cast to 4 rows is one more requirement.
func.func @batched(%x: tensor<?x7x5xf32>, %i: tensor<?x?x?xi32>) -> tensor<4x?x?x5xf32> {
  // expected-ub-possible @+1 {{equal: %x[0] != %i[0]}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 1 : i64, dim = 1 : i64} : (tensor<?x7x5xf32>, tensor<?x?x?xi32>) -> tensor<?x?x?x5xf32>
  // expected-ub-possible @+1 {{cast dim 0: %x[0] != 4}}
  %1 = tensor.cast %0 : tensor<?x?x?x5xf32> to tensor<4x?x?x5xf32>
  return %1 : tensor<4x?x?x5xf32>
}

// A batch_dims beyond dim has no meaning in the lowerings: not guessed.
func.func @unreadable(%x: tensor<?x7xf32>, %i: tensor<?x?xi32>) {
  // expected-opaque @+1 {{stablehlo.torch_index_select}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {batch_dims = 2 : i64, dim = 0 : i64} : (tensor<?x7xf32>, tensor<?x?xi32>) -> tensor<?x?xf32>
  return
}
