// RUN: --assume "%a[0] == 4"
// The user's fact %a[0] == 4 turns the ub-possible broadcast of (%a[0], 4)
// into a safe one; the assumption itself is consistent (safe).
// expected-safe @cli {{assume}}
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<?xi32> {
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
// expected-summary {{safe=3 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
