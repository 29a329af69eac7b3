// Named linalg contractions of current MLIR (its linalg named-op
// definitions, read as in contractions.mlir): operand dims that share a
// loop are equal at runtime (kind `equal`), compared with the first
// operand dim bound to the loop; the result has the outs' shape.

// batch_vecmat: BxK * BxKxN -> BxN.
func.func @batch_vecmat(%a: tensor<?x?xf32>, %b: tensor<?x?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-ub-possible @+4 {{equal: %a[0] != %b[0]}}
  // expected-ub-possible @+3 {{equal: %a[1] != %b[1]}}
  // expected-ub-possible @+2 {{equal: %a[0] != %c[0]}}
  // expected-ub-possible @+1 {{equal: %b[2] != %c[1]}}
  %0 = linalg.batch_vecmat ins(%a, %b : tensor<?x?xf32>, tensor<?x?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// batch_reduce_matmul: BxMxK * BxKxN -> MxN, the batch reduced; static
// sizes that agree need no obligation.
func.func @batch_reduce_matmul(%a: tensor<2x4x?xf32>, %b: tensor<?x8x5xf32>, %c: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-ub-possible @+2 {{equal: %b[0] != 2}}
  // expected-ub-possible @+1 {{equal: %a[2] != 8}}
  %0 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x4x?xf32>, tensor<?x8x5xf32>) outs(%c : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
