// A column fed by three operands conflicts when two of its sizes are not 1
// and differ. With a static 4, that is: %a[0] or %b[0] is neither 1 nor 4.
func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>, %c: tensor<4xi32>) -> tensor<?xi32> {
  // expected-ub-possible @+2 {{broadcast dim 0: %a[0] not in {1, 4} || %b[0] not in {1, 4}}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %b, %c) : (tensor<?xi32>, tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
// expected-summary {{safe=1 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
