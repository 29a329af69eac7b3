// Unknown ops are opaque: each `?` of their results is a fresh size, named
// after the result. tosa elementwise ops broadcast like test.broadcastable.
func.func @f(%a: tensor<?xf32>, %w: tensor<?x4xf32>, %bias: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "foo.unknown"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+2 {{broadcast dim 0: %a[0] != 1 && %0[0] != 1 && %a[0] != %0[0]}}
  // expected-safe @+1 {{rank}}
  %1 = "tosa.mul"(%0, %a) {shift = 0 : i8} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // Column 1 is 4 and 4; column 0 has one operand; the declared 4 matches.
  // expected-safe @+3 {{broadcast dim 1}}
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 1}}
  %2 = "tosa.add"(%w, %bias) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
// expected-summary {{safe=4 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
