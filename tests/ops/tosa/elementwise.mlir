// tosa elementwise ops of one tensor operand keep its shape: a declared
// static result dim casts the operand's size. Binary ops broadcast as
// test.broadcastable does, select's predicate included.
func.func @unary(%a: tensor<?x4xf32>, %q: tensor<?x?xi8>, %t: tensor<256xi8>) -> tensor<2x4xf32> {
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] != 2}}
  %0 = "tosa.exp"(%a) : (tensor<?x4xf32>) -> tensor<2x4xf32>
  // %0 is 2x4 from here on: nothing left to check.
  %1 = "tosa.abs"(%0) : (tensor<2x4xf32>) -> tensor<?x?xf32>
  %2 = "tosa.clamp"(%1) {min_fp = 0.0 : f32, max_fp = 6.0 : f32, min_int = 0 : i64, max_int = 6 : i64} : (tensor<?x?xf32>) -> tensor<2x4xf32>
  // The table is not an elementwise operand: only %q's dims reach the result.
  // expected-ub-possible @+1 {{result-cast dim 1: %q[1] != 3}}
  %3 = "tosa.table"(%q, %t) : (tensor<?x?xi8>, tensor<256xi8>) -> tensor<?x3xi8>
  return %2 : tensor<2x4xf32>
}

func.func @binary(%x: tensor<?x3xf32>, %y: tensor<3xf32>, %p: tensor<?x1xi1>) -> tensor<?x3xf32> {
  // Column 1 is 3 and 3; column 0 has one operand.
  // expected-safe @+3 {{broadcast dim 1}}
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "tosa.add"(%x, %y) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  // Column 0 holds %p[0] and %0[0] (= %x[0]) twice; column 1 is 1, 3, 3.
  // expected-ub-possible @+4 {{broadcast dim 0: %x[0] != 1 && %p[0] != 1 && %x[0] != %p[0]}}
  // expected-safe @+3 {{broadcast dim 1}}
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 1}}
  %1 = "tosa.select"(%p, %0, %0) : (tensor<?x1xi1>, tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}
// expected-summary {{safe=6 ub-possible=3 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
