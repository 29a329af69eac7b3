// Each op is judged assuming no earlier op had UB (SPEC 2). After %0, %a[0]
// is 1 or 4, so %0's size is 4 and every later use is safe.
func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // expected-ub-possible @+2 {{broadcast dim 0: %a[0] not in {1, 4}}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  // expected-safe @+3 {{broadcast dim 0}}
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 0}}
  %1 = "test.broadcastable"(%0, %a) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{rank}}
  %2 = "tosa.add"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %1 : tensor<4xi32>
}
// expected-summary {{safe=6 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
