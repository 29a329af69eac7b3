// (0, ?, 3): folding pairwise as seed 000 does, (0, ?) infers ? and (?, 3)
// infers 3, so there is no static error (SPEC 4); at runtime 0 and 3 are both
// not 1 and differ, whatever %b[0] is: ub-guaranteed. Its op's rank is
// judged independently of it (SPEC 4: same op, same phase) and is safe;
// every later op in the function is unreachable (P is unsat).
func.func @f(%a: tensor<0xi32>, %b: tensor<?xi32>, %c: tensor<3xi32>, %d: tensor<?xi32>) -> tensor<?xi32> {
  // expected-ub-guaranteed @+2 {{broadcast dim 0: true}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %b, %c) : (tensor<0xi32>, tensor<?xi32>, tensor<3xi32>) -> tensor<?xi32>
  // expected-unreachable @+2 {{broadcast dim 0}}
  // expected-unreachable @+1 {{rank}}
  %1 = "test.broadcastable"(%b, %d) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %1 : tensor<?xi32>
}

// A later function is judged on its own.
func.func @g(%a: tensor<?xi32>) -> tensor<?xi32> {
  // The same size three times never conflicts.
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %a, %a) : (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  // An opaque op with a static result: its size 2 is a fact.
  %c = "foo.make"() : () -> tensor<2xi32>
  // expected-safe @+1 {{rank}}
  %1 = "test.broadcastable"(%c) : (tensor<2xi32>) -> tensor<?xi32>
  // expected-ub-possible @+2 {{broadcast dim 0: %a[0] not in {1, 2}}}
  // expected-safe @+1 {{rank}}
  %2 = "test.broadcastable"(%a, %c) : (tensor<?xi32>, tensor<2xi32>) -> tensor<?xi32>
  return %2 : tensor<?xi32>
}
// expected-summary {{safe=5 ub-possible=1 ub-guaranteed=1 error=0 unreachable=2 unknown=0}}
