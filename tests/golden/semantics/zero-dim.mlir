// (?, 0): seed 000's table infers `?`; the exact answer is 0, since a size
// other than 0 or 1 would be UB (SPEC 3). Cast to a declared 4, the result
// is therefore always wrong once the broadcast held: ub-guaranteed (SPEC 4).
func.func @f(%arg0: tensor<?xi32>, %arg1: tensor<0xi32>) -> tensor<?xi32> {
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] not in {0, 1}}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<?xi32>, tensor<0xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @cast(%arg0: tensor<?xi32>, %arg1: tensor<0xi32>) -> tensor<4xi32> {
  // expected-ub-possible @+3 {{broadcast dim 0: %arg0[0] not in {0, 1}}}
  // expected-safe @+2 {{rank}}
  // expected-ub-guaranteed @+1 {{result-cast dim 0: true}}
  %0 = "test.broadcastable"(%arg0, %arg1) : (tensor<?xi32>, tensor<0xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
// expected-summary {{safe=2 ub-possible=2 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
