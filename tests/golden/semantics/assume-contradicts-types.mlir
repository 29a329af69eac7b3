// RUN: --assume "%a[0] == 3"
// %a[0] is statically 4, so the user's fact contradicts the types: an
// `assume` error (SPEC 4), and the fact is ignored.
// expected-error @cli {{assume}}
func.func @f(%a: tensor<4xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  // expected-ub-possible @+2 {{broadcast dim 0: %b[0] not in {1, 4}}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<4xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
// expected-summary {{safe=1 ub-possible=1 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
