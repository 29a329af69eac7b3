// SEMANTICS.md §4: a requirement without an exact condition is left out of
// the contract, which says so (not exact: what is listed is needed, not
// enough) rather than print "?". Here the reshape's element count divides
// a broadcast size: no words for that division yet, so its condition has
// "too many cases to print".
// expected-requires @reshape_of_sum {{(%a[0] == 1 || %b[0] == 1 || %a[0] == %b[0])}}
// expected-inexact @reshape_of_sum {{1 requirement without an exact condition left out}}
func.func @reshape_of_sum(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x3xf32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  %0 = "tosa.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  // 4 * (the broadcast size) elements into rows of 3.
  // expected-ub-possible @+1 {{element-count}}
  %1 = "tosa.reshape"(%0) {new_shape = array<i64: -1, 3>} : (tensor<?x4xf32>) -> tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}
// expected-summary {{safe=3 ub-possible=2 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
