// Seed 000, correct use: %arg0 is first expanded to tensor<1x1x4xi32> and
// then broadcast to tensor<2x3x4xi32>. Only dim 2 is fed by both operands.
func.func @f(%arg0: tensor<4xi32>, %arg1: tensor<2x3x4xi32>) -> tensor<2x3x4xi32> {
  // expected-safe @+5 {{broadcast dim 2}}
  // expected-safe @+4 {{rank}}
  // expected-safe @+3 {{result-cast dim 0}}
  // expected-safe @+2 {{result-cast dim 1}}
  // expected-safe @+1 {{result-cast dim 2}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %result : tensor<2x3x4xi32>
}
// expected-summary {{safe=5 ub-possible=0 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
