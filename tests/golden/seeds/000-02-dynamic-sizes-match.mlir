// Seed 000, correct use: "Dynamic sizes match. The programmer must guarantee
// that the runtime sizes of %arg0 and %arg1 are equal at runtime."
// symshape proves what the programmer must guarantee: UB exactly when both
// sizes differ and neither is 1 (broadcasting a 1 is fine).
func.func @f(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>) -> tensor<?xi32> {
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  // expected-safe @+1 {{rank}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %result : tensor<?xi32>
}
// expected-summary {{safe=1 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
