// Unranked operands (SPEC 3, following upstream MLIR): no rank error for a
// result of higher rank; the unranked operand may supply the leading dim.
// Trailing dims are checked against the ranked operands: where they give a
// size other than 1, it must be the declared one.
func.func @f(%u: tensor<*xi32>, %s: tensor<3xi32>, %d: tensor<?xi32>) -> tensor<2x3xi32> {
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "test.broadcastable"(%u, %s) : (tensor<*xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // expected-safe @+2 {{rank}}
  // expected-ub-possible @+1 {{result-cast dim 0: %d[0] not in {1, 4}}}
  %1 = "test.broadcastable"(%u, %d) : (tensor<*xi32>, tensor<?xi32>) -> tensor<4xi32>
  // A result of lower rank than the ranked operands is still an error.
  // expected-error @+1 {{rank}}
  %2 = "test.broadcastable"(%u, %s) : (tensor<*xi32>, tensor<3xi32>) -> tensor<i32>
  return %0 : tensor<2x3xi32>
}
// expected-summary {{safe=3 ub-possible=1 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
