// chlo.top_k and mhlo.topk (ChloOps.td, hlo_ops.td; TopKOp's
// inferReturnTypeComponents): the operand has rank >= 1 and its last dim
// holds at least k values; values and indices are the operand's shape with
// the last dim k. The verifier rejects a rank-0 operand and a static last
// dim below k; a dynamic one must reach k at runtime (`in-bounds`, rule:
// the op's name, the op has no numbered constraints). k stays small so
// that the oracle's brute force (every `?` in [0, 4],
// tests/ops/stablehlo/CMakeLists.txt) reaches the failing sizes.

// As StableHLO's ops_chlo.mlir prints it: static, nothing to check.
func.func @chlo_static(%arg0: tensor<16x16xf32>) -> (tensor<16x8xf32>, tensor<16x8xi32>) {
  %0:2 = chlo.top_k(%arg0, k = 8) : tensor<16x16xf32> -> (tensor<16x8xf32>, tensor<16x8xi32>)
  return %0#0, %0#1 : tensor<16x8xf32>, tensor<16x8xi32>
}

// A dynamic last dim: at least 2 values at runtime.
func.func @chlo_dynamic(%x: tensor<?x?xf32>) -> (tensor<?x2xf32>, tensor<?x2xi32>) {
  // expected-ub-possible @+1 {{in-bounds rule chlo.top_k: %x[1] <= 1}}
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<?x?xf32> -> (tensor<?x2xf32>, tensor<?x2xi32>)
  return %values, %indices : tensor<?x2xf32>, tensor<?x2xi32>
}

// mhlo's form with `largest`, as mlir-hlo's ops.mlir prints it.
func.func @mhlo_largest(%x: tensor<3x?xf32>) -> (tensor<3x3xf32>, tensor<3x3xi32>) {
  // expected-ub-possible @+1 {{in-bounds rule mhlo.topk: %x[1] <= 2}}
  %0:2 = mhlo.topk(%x, k = 3, largest = true) : tensor<3x?xf32> -> (tensor<3x3xf32>, tensor<3x3xi32>)
  return %0#0, %0#1 : tensor<3x3xf32>, tensor<3x3xi32>
}

// The generic form; a static result dim over a dynamic operand dim is a
// cast of both results (`result-cast`).
func.func @mhlo_generic(%x: tensor<?x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  // expected-ub-possible @+2 {{result-cast dim 0: %x[0] != 2}}
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0:2 = "mhlo.topk"(%x) <{k = 2 : i64, largest = false}> : (tensor<?x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xi32>
}

// "operand's rank must be at least 1".
func.func @rank_zero(%x: tensor<f32>) -> (tensor<8xf32>, tensor<8xi32>) {
  // expected-error @+1 {{rank}}
  %0:2 = chlo.top_k(%x, k = 8) : tensor<f32> -> (tensor<8xf32>, tensor<8xi32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// "operand's last dimension must be at least 8".
func.func @last_too_small(%x: tensor<4xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
  // expected-error @+1 {{in-bounds rule mhlo.topk}}
  %0:2 = mhlo.topk(%x, k = 8, largest = true) : tensor<4xf32> -> (tensor<8xf32>, tensor<8xi32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=0 error=2 unreachable=0 unknown=0}}
