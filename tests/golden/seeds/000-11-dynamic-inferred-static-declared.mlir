// Seed 000, listed as incorrect: the inferred shape is tensor<?xi32>, the
// actual tensor<4xi32>. SPEC 3 follows the verification table instead: no
// static error, a result-cast obligation. Under "the broadcast held", the
// runtime size is 4 exactly when one size is 4 and the other is 1 or 4, so
// the cast fails exactly when neither size is 4.
func.func @f(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>) -> tensor<4xi32> {
  // expected-ub-possible @+3 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  // expected-safe @+2 {{rank}}
  // expected-ub-possible @+1 {{result-cast dim 0: %arg0[0] != 4 && %arg1[0] != 4}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return %result : tensor<4xi32>
}
// expected-summary {{safe=1 ub-possible=2 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
