// PIPELINE: builtin.module(symshape-check{broadcastable=foo.add summary=false})
// EXIT: 1
// A static error is an error diagnostic, and the pass fails (MLIR's
// convention; `symshape check` exits 1): sizes 3 and 4 never broadcast.
// expected-note @+1 {{input contract of @f: every run has UB}}
func.func @f(%a: tensor<3xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{the broadcast of operand sizes 3 and 4 (result dim 0) is invalid by static types: the sizes differ and neither is 1 [broadcast, error, broadcastable]}}
  %0 = "foo.add"(%a, %b) : (tensor<3xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
