// SEMANTICS.md §2 and §4: a runtime check whose predicate symshape does not
// read exactly (here `ult` on a value that index_cast made from an i64,
// which may be negative) is opaque. The inputs it stops are unknown, so
// `checked` cannot name them: the contract says it is not exact, and why.
// expected-checked @f {{true}}
// expected-requires @f {{true}}
// expected-inexact @f {{the runtime check cf.assert is opaque}}
func.func @f(%a: tensor<?xf32>, %m: i64) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %da = tensor.dim %a, %c0 : tensor<?xf32>
  %mi = arith.index_cast %m : i64 to index
  %p = arith.cmpi ult, %mi, %da : index
  // expected-opaque @+1 {{cf.assert}}
  cf.assert %p, "index out of range"
  return %a : tensor<?xf32>
}

// The same comparison of two sizes (never negative) is read exactly.
// expected-checked @g {{%a[0] < %b[0]}}
// expected-requires @g {{true}}
func.func @g(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %da = tensor.dim %a, %c0 : tensor<?xf32>
  %db = tensor.dim %b, %c0 : tensor<?xf32>
  %p = arith.cmpi ult, %da, %db : index
  // expected-ub-possible @+1 {{assert: %a[0] >= %b[0]}}
  cf.assert %p, "a shorter than b"
  return %a : tensor<?xf32>
}
