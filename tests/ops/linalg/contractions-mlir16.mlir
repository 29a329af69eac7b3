// linalg.matmul_unsigned, a named contraction of MLIR 16 that current
// MLIR no longer has (mlir-opt-22 does not know it): MxK * KxN -> MxN, as
// linalg.matmul in contractions.mlir. Operand dims that share a loop are
// equal at runtime (kind `equal`), compared with the first operand dim
// bound to the loop; the result has the outs' shape.

// matmul_unsigned: MxK * KxN -> MxN, as matmul (unsigned elements).
func.func @matmul_unsigned(%a: tensor<?x?xi32>, %b: tensor<?x?xi32>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  // expected-ub-possible @+3 {{equal: %a[1] != %b[0]}}
  // expected-ub-possible @+2 {{equal: %a[0] != %c[0]}}
  // expected-ub-possible @+1 {{equal: %b[1] != %c[1]}}
  %0 = linalg.matmul_unsigned ins(%a, %b : tensor<?x?xi32>, tensor<?x?xi32>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
