// Witnesses and conditions name every free size once (SPEC 4, 6). A size
// made inside an inlined callee is named "%callee.value[d]"; when that name
// is already shown in the function (a second call of the same callee, or a
// caller's own value spelled %opq.0), the later one gets "_2", "_3", ...
// (The two safe findings are the tosa.add result ranks.)

func.func private @opq(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "test.opaque"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Two calls: two unknown sizes, two names.
func.func @two_calls(%x: tensor<?xf32>) -> tensor<?xf32> {
  %1 = call @opq(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = call @opq(%x) : (tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %opq.0[0] != 1 && %opq.0_2[0] != 1 && %opq.0[0] != %opq.0_2[0]}}
  %3 = tosa.add %1, %2 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %3 : tensor<?xf32>
}

// The caller's argument is %opq.0: the callee's %0 becomes %opq.0_2.
func.func @caller_name(%opq.0: tensor<?xf32>) -> tensor<?xf32> {
  %1 = call @opq(%opq.0) : (tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %opq.0[0] != 1 && %opq.0_2[0] != 1 && %opq.0[0] != %opq.0_2[0]}}
  %2 = tosa.add %opq.0, %1 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
// expected-summary {{safe=2 ub-possible=2 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
