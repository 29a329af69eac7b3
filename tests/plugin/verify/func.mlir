// PIPELINE: builtin.module(symshape-check{func=g assume={"%arg0[0] in [1, 5]"} summary=false})
// EXIT: 0
// func=g (the CLI's --func g): only @g is reported. Every function's
// arguments print as %arg0, %arg1, ..., so `assume` speaks of %arg0 of
// every function checked: here @g's %c, which it bounds to 1..5 (and
// which the messages call %c, as the source does).
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %0 = tosa.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// expected-note @+1 {{input contract of @g: no UB exactly when %c[0] in {1, 5}}}
func.func @g(%c: tensor<?xf32>, %d: tensor<5xf32>) -> tensor<?xf32> {
  // expected-warning @+3 {{the broadcast of operand sizes %c[0] and 5 (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+2 {{UB exactly when %c[0] not in {1, 5}}}
  // expected-note @+1 {{for example %c[0] = 2}}
  %0 = tosa.add %c, %d : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
