// RUN: --strict
// Seed 000's example 11 under --strict: the pseudo-code's
// ERROR_IF(IsStatic(actualDim) and inferredDim != actualDim) applies, so the
// dynamic-to-static result dim is a compile-time error.
func.func @f(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>) -> tensor<4xi32> {
  // expected-ub-possible @+3 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  // expected-safe @+2 {{rank}}
  // expected-error @+1 {{result-cast dim 0}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return %result : tensor<4xi32>
}
// expected-summary {{safe=1 ub-possible=1 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
