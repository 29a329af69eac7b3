// PIPELINE: builtin.module(symshape-check{assume={"%arg0[0] == 4","%arg1[0] in [1, 4]"} fail-on-ub=true summary=false})
// EXIT: 1
// --assume as a pass option (repeatable, in a {...} list): with %arg0[0]
// fixed to 4 and %arg1[0] between 1 and 4, the broadcast fails exactly
// when %arg1[0] is 2 or 3 (the condition reads "not in {1, 4}" under those
// facts); fail-on-ub fails the pass, as `symshape check` exits 1. The
// option names the values as mlir-opt prints them (%arg0 is %a); the
// messages name them as the source does.
// expected-note @+1 {{input contract of @f: no UB exactly when %b[0] in {1, 4}}}
func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  // expected-error @+4 {{symshape-check{fail-on-ub}: some obligation is not proved safe}}
  // expected-warning @+3 {{the broadcast of operand sizes %a[0] and %b[0] (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+2 {{UB exactly when %b[0] not in}}
  // expected-note @+1 {{for example %a[0] = 4, %b[0] = 2}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
