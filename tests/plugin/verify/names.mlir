// PIPELINE: builtin.module(symshape-check{fail-on-ub=true summary=false})
// EXIT: 1
// Issue 45: symshape-check{fail-on-ub} named mlir-opt's renumbered values
// (%1) under a source line that says %2. The messages name values as the
// source does: named values (%lhs, which mlir-opt prints %arg0) and gaps
// (%2, which mlir-opt prints %1). Each name is read at the value's
// location in the source; where the location does not show it (an
// argument or an op with loc("...")), the value is described instead
// ("operand 1 of 'tosa.add'", "argument 1 of @described"), never given
// another value's name.
// expected-note @+1 {{input contract of @gaps: no UB exactly when broadcastable(%lhs[0], %rhs[0], 4)}}
func.func @gaps(%lhs: tensor<?xf32>, %rhs: tensor<?xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tosa.abs %lhs : (tensor<?xf32>) -> tensor<?xf32>
  // expected-error @+4 {{symshape-check{fail-on-ub}: some obligation is not proved safe}}
  // expected-warning @+3 {{the broadcast of operand sizes %0[0] and %rhs[0] (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+2 {{UB exactly when %lhs[0] != 1 && %rhs[0] != 1 && %lhs[0] != %rhs[0]}}
  // expected-note @+1 {{for example %lhs[0] = 2, %rhs[0] = 3}}
  %2 = tosa.add %0, %rhs : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-warning @+3 {{the broadcast of operand sizes %2[0] and 4 (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+2 {{UB exactly when %lhs[0] not in {1, 4} || %rhs[0] not in {1, 4}}}
  // expected-note @+1 {{for example %lhs[0] = 2}}
  %7 = tosa.add %2, %w : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %7 : tensor<4xf32>
}

// expected-note @+1 {{input contract of @described: no UB exactly when %a[0] == 1 || (argument 1 of @described)[0] == 1 || %a[0] == (argument 1 of @described)[0]}}
func.func @described(%a: tensor<?xf32>, %b: tensor<?xf32> loc("b")) -> tensor<?xf32> {
  %n = tosa.abs %a : (tensor<?xf32>) -> tensor<?xf32> loc("n")
  // expected-warning @+3 {{the broadcast of operand sizes (operand 0 of 'tosa.add')[0] and (operand 1 of 'tosa.add')[0] (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+2 {{UB exactly when %a[0] != 1 && (operand 1 of 'tosa.add')[0] != 1 && %a[0] != (operand 1 of 'tosa.add')[0]}}
  // expected-note @+1 {{for example %a[0] = 2, (operand 1 of 'tosa.add')[0] = 3}}
  %s = tosa.add %n, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}
