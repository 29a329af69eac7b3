// RUN: --min-dim 1
// With --min-dim 1 no dynamic size is 0. Broadcasting %a[0] with a static 0
// fails unless %a[0] is 0 or 1; without --min-dim the condition would read
// `%a[0] not in {0, 1}`, here 0 is impossible, so it is `%a[0] != 1`.
func.func @f(%a: tensor<?xi32>, %z: tensor<0xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  // expected-ub-possible @+2 {{broadcast dim 0: %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  // expected-ub-possible @+2 {{broadcast dim 0: %a[0] != 1}}
  // expected-safe @+1 {{rank}}
  %1 = "test.broadcastable"(%a, %z) : (tensor<?xi32>, tensor<0xi32>) -> tensor<?xi32>
  return %1 : tensor<?xi32>
}
// expected-summary {{safe=2 ub-possible=2 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
