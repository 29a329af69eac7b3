// PIPELINE: builtin.module(symshape-check{summary=false})
// EXIT: 0
// A private callee is judged through its calls: the finding's first line
// names @callee's values (%a, %b: the op's operands, as the line under it
// says), its condition and example @main's (%x), and a note says so. In
// the module mlir-opt prints, both functions' arguments are %arg0, %arg1;
// the messages name each value as the source does.
func.func private @callee(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  // expected-warning @+4 {{the broadcast of operand sizes %a[0] and %b[0] (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+3 {{UB exactly when %x[0] not in {1, 4}}}
  // expected-note @+2 {{for example %x[0] = 2}}
  // expected-note @+1 {{the condition and the example name @main's values}}
  %0 = tosa.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// expected-note @+1 {{input contract of @main: no UB exactly when %x[0] in {1, 4}}}
func.func @main(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xf32> {
  %c = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
  // expected-note @+1 {{called from @main}}
  %0 = call @callee(%x, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
