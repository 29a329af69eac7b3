// arith and math on tensors are elementwise: operands and result of one
// shape; two `?` sizes that differ are UB (kind `equal`). On index values,
// addi / subi / muli compute the size (SPEC 3, tensor glue).

func.func @elementwise(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<4xf64> {
  // expected-ub-possible @+1 {{equal: %a[0] != %b[0]}}
  %0 = arith.addf %a, %b : tensor<?xf32>
  %1 = math.exp %0 : tensor<?xf32>
  // %1 has %a's size, which now equals %b's: safe.
  // expected-safe @+1 {{equal}}
  %2 = arith.cmpf olt, %1, %b : tensor<?xf32>
  // %2 and %1 have one size by construction; %b is checked.
  // expected-safe @+1 {{equal}}
  %3 = arith.select %2, %1, %b : tensor<?xi1>, tensor<?xf32>
  // A cast to a static size: a result-cast.
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] != 4}}
  %4 = arith.extf %3 : tensor<?xf32> to tensor<4xf64>
  return %4 : tensor<4xf64>
}

// Scalar arithmetic has no shape to check.
func.func @scalars(%x: f32, %y: f32, %c: i1) -> f32 {
  %0 = arith.mulf %x, %y : f32
  %1 = arith.select %c, %0, %y : f32
  %2 = math.sqrt %1 : f32
  return %2 : f32
}

// Index arithmetic: a tensor of %n - 1 elements meets one of 7.
func.func @index(%n: index, %t: tensor<7xf32>) -> tensor<?xf32> {
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  // expected-ub-possible @+1 {{in-bounds: %n <= 0}}
  %e = tensor.empty(%m) : tensor<?xf32>
  %s = tensor.cast %t : tensor<7xf32> to tensor<?xf32>
  // expected-ub-possible @+1 {{equal: %n != 8}}
  %0 = arith.addf %e, %s : tensor<?xf32>
  return %0 : tensor<?xf32>
}
// expected-summary {{safe=2 ub-possible=4 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
