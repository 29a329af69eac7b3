// cholesky (StableHLO spec): a batch of square matrices. cholesky_c1: the
// result has the operand's type; cholesky_c2: 2 <= rank(a); cholesky_c3:
// dim(a, -2) = dim(a, -1). The verifier (hlo::inferCholeskyOp) rejects a
// lower rank and two static minor dims that differ; a dynamic one must
// equal the other at runtime (`equal`). The sizes stay small so that the
// oracle's brute force (every `?` in [0, 4],
// tests/ops/stablehlo/CMakeLists.txt) reaches every failing size.

// As Enzyme's and Reactant's tests print it: static and square, nothing
// to check at runtime (and no finding).
func.func @square(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// A batch of matrices with 4 rows and %a[2] columns.
func.func @batch(%a: tensor<?x4x?xf32>) -> tensor<?x4x?xf32> {
  // expected-ub-possible @+1 {{equal rule cholesky_c3: %a[2] != 4}}
  %0 = stablehlo.cholesky %a, lower = false : tensor<?x4x?xf32>
  return %0 : tensor<?x4x?xf32>
}

// mhlo's generic form (mlir-hlo's tests print it so), both dims dynamic.
func.func @mhlo_generic(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-ub-possible @+1 {{equal rule cholesky_c3: %a[0] != %a[1]}}
  %0 = "mhlo.cholesky"(%a) {lower = true} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Two static minor dims that differ: the verifier's "minor dimensions of
// 'a' must have equal size".
func.func @not_square(%a: tensor<1x2x1xf32>) -> tensor<1x2x1xf32> {
  // expected-error @+1 {{equal rule cholesky_c3}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
  return %0 : tensor<1x2x1xf32>
}

// Rank 1: "argument 'a' must have rank >= 2" (cholesky_c2).
func.func @rank_one(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// expected-summary {{safe=0 ub-possible=2 ub-guaranteed=0 error=2 unreachable=0 unknown=0}}
