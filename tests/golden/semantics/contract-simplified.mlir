// SEMANTICS.md §4: a contract is simplified for a human and stays exact
// (tests/exporters/contracts/ checks these against the brute-force oracle).
// Each conjunct is simplified on its own and their `&&` kept when the
// whole would multiply out into cases; ranges on one size are merged; a
// bound the formula excludes moves inward, and only a size is known to be
// at least 0.

// Two slices whose sizes are integers (%m may be negative): each is in
// bounds when its size is in [0, %a[0]]. Not `(%m == 0 && %n == 0) ||
// (%m >= 1 && ...) || ...`.
// expected-checked @slices {{true}}
// expected-requires @slices {{%n >= 0 && %n <= %a[0] && %m >= 0 && %m <= %a[0]}}
func.func @slices(%a: tensor<?xf32>, %m: i64, %n: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %mi = arith.index_cast %m : i64 to index
  // A negative size is out of bounds: `%m <= -1`, not `%m <= 0 && %m != 0`.
  // expected-ub-possible @+1 {{in-bounds: %m > %a[0] || %m <= -1}}
  %t = tensor.extract_slice %a[0] [%mi] [1] : tensor<?xf32> to tensor<?xf32>
  // expected-ub-possible @+1 {{in-bounds: %n > %a[0] || %n <= -1}}
  %u = tensor.extract_slice %a[0] [%n] [1] : tensor<?xf32> to tensor<?xf32>
  return %t, %u : tensor<?xf32>, tensor<?xf32>
}

// torch-mlir-style checks bounding one size from both sides, with a hole:
// one range. The last check is implied by the others (safe).
// expected-checked @ranges {{%a[0] in [2, 6] && %a[0] != 4 && %a[0] < %b[0]}}
// expected-requires @ranges {{true}}
func.func @ranges(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %da = tensor.dim %a, %c0 : tensor<?xf32>
  %db = tensor.dim %b, %c0 : tensor<?xf32>
  %p = arith.cmpi sge, %da, %c2 : index
  // expected-ub-possible @+1 {{assert: %a[0] <= 1}}
  cf.assert %p, "expected at least 2 rows"
  %q = arith.cmpi sle, %da, %c6 : index
  // expected-ub-possible @+1 {{assert: %a[0] >= 7}}
  cf.assert %q, "expected at most 6 rows"
  %r = arith.cmpi ne, %da, %c4 : index
  // expected-ub-possible @+1 {{assert: %a[0] == 4}}
  cf.assert %r, "4 rows are not supported"
  %s = arith.cmpi sgt, %db, %da : index
  // expected-ub-possible @+1 {{assert: %a[0] >= %b[0]}}
  cf.assert %s, "expected more columns than rows"
  %t = arith.cmpi sge, %db, %c2 : index
  // expected-safe @+1 {{assert}}
  cf.assert %t, "expected at least 2 columns"
  return %a : tensor<?xf32>
}
