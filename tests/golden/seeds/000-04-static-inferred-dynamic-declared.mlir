// Seed 000, correct use: the shape of %result is inferred as tensor<4xi32>,
// while the actual result type is tensor<?xi32>: compatible. One operand, so
// no column is broadcast; the declared dim is `?`, so nothing is cast.
func.func @f(%arg0: tensor<4xi32>) -> tensor<?xi32> {
  // expected-safe @+1 {{rank}}
  %result = "test.broadcastable"(%arg0) : (tensor<4xi32>) -> tensor<?xi32>
  return %result : tensor<?xi32>
}
// expected-summary {{safe=1 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
