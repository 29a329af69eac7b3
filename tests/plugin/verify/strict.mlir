// PIPELINE: builtin.module(symshape-check{strict=true min-dim=1 summary=false})
// EXIT: 1
// The CLI's --strict and --min-dim as pass options: the cast of a dynamic
// size to a declared static one is a static error (so the pass fails), and
// with every dynamic dim at least 1 the (?, 0) broadcast only holds for
// size 1.
// A static error makes the contract empty: no input avoids it.
// expected-note @+1 {{input contract of @cast: every run has UB}}
func.func @cast(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<4xi32> {
  // expected-warning @+4 {{the broadcast of operand sizes %a[0] and %b[0] (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+3 {{UB exactly when %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  // expected-note @+2 {{for example %a[0] = 2, %b[0] = 3}}
  // expected-error @+1 {{--strict follows the Broadcastable trait's pseudo-code: a dynamic inferred size under a static result dim is an error [result-cast, error, test.broadcastable]}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// expected-note @+1 {{input contract of @zero: no UB exactly when %a[0] == 1}}
func.func @zero(%a: tensor<?xi32>, %b: tensor<0xi32>) -> tensor<?xi32> {
  // expected-warning @+3 {{the broadcast of operand sizes %a[0] and 0 (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+2 {{UB exactly when %a[0] != 1}}
  // expected-note @+1 {{for example %a[0] = 2}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<0xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
