// PIPELINE: builtin.module(symshape-check{summary=false})
// EXIT: 0
// A private callee is judged through its calls. In the printed module
// both functions' arguments are %arg0, %arg1: the finding's first line
// names @callee's, its condition and example @main's (%x), and a note
// says so.
func.func private @callee(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-warning @+4 {{the broadcast of operand sizes %arg0[0] and %arg1[0] (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+3 {{this op is in @callee, judged through its call from @main: the first line names @callee's values, the condition and the example name @main's}}
  // expected-note @+2 {{UB exactly when %arg0[0] not in {1, 4}}}
  // expected-note @+1 {{for example %arg0[0] = 2}}
  %0 = tosa.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// expected-note @+1 {{input contract of @main: no UB exactly when %arg0[0] in {1, 4}}}
func.func @main(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xf32> {
  %c = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
  // expected-note @+1 {{called from @main}}
  %0 = call @callee(%x, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
