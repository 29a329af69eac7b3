// Broadcasts over values reused from earlier ops: P already holds the sizes
// under the running value compatible, so adding an earlier value, or one of
// its sizes, cannot fail. Past eight sizes a chain nests (a broadcast of
// the previous broadcast), which the judge sees through without the solver.

func.func @reuse(%a0: tensor<?xf32>, %a1: tensor<?xf32>, %a2: tensor<?xf32>, %a3: tensor<?xf32>, %a4: tensor<?xf32>, %a5: tensor<?xf32>, %a6: tensor<?xf32>, %a7: tensor<?xf32>, %a8: tensor<?xf32>, %a9: tensor<?xf32>, %a10: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t1 = "tosa.add"(%a0, %a1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t2 = "tosa.add"(%t1, %a2) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t3 = "tosa.add"(%t2, %a3) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t4 = "tosa.add"(%t3, %a4) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t5 = "tosa.add"(%t4, %a5) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t6 = "tosa.add"(%t5, %a6) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t7 = "tosa.add"(%t6, %a7) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t8 = "tosa.add"(%t7, %a8) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t9 = "tosa.add"(%t8, %a9) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %t10 = "tosa.add"(%t9, %a10) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-safe @+1 {{broadcast dim 0}}
  %r0 = "tosa.add"(%t10, %t3) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-safe @+1 {{broadcast dim 0}}
  %r1 = "tosa.add"(%r0, %t9) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-safe @+1 {{broadcast dim 0}}
  %r2 = "tosa.add"(%r1, %a5) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-safe @+1 {{broadcast dim 0}}
  %r3 = "tosa.add"(%r2, %t1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-safe @+1 {{broadcast dim 0}}
  %r4 = "tosa.add"(%r3, %a0) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r4 : tensor<?xf32>
}

// Two broadcasts that share %b: each is compatible, yet with %b = 1 their
// results are %a and %c, which may differ. No earlier broadcast holds all
// three sizes, so this one can fail, exactly then.
func.func @overlap(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %b[0] != 1 && %c[0] != 1 && %b[0] != %c[0]}}
  %1 = "tosa.add"(%b, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 1 && %c[0] != 1 && %a[0] != %c[0]}}
  %2 = "tosa.add"(%0, %1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
// expected-summary {{safe=23 ub-possible=13 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
