// shape.cstr_require %p, "msg": a runtime check (SPEC 2, kind `cstr`) that
// the i1 %p holds, its predicate read like cf.assert's; the program stops
// cleanly when it fails, and later ops, such as the region its witness
// gates, assume it. A check that can fail is an input contract (a note);
// a predicate symshape cannot read makes the check opaque.

// torch-mlir's older TCP lowering (npcomp) of a matmul: the contraction
// check gates the matmul.
func.func @forward(%lhs: tensor<?x?xf32>, %rhs: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = tensor.dim %lhs, %c1 : tensor<?x?xf32>
  %1 = tensor.dim %rhs, %c0 : tensor<?x?xf32>
  %2 = arith.cmpi eq, %0, %1 : index
  // Fails exactly when the contraction sizes differ.
  // expected-ub-possible @+1 {{cstr: %lhs[1] != %rhs[0]}}
  %3 = shape.cstr_require %2, "mismatching contracting dimension for matmul"
  %4 = shape.assuming %3 -> (tensor<?x?xf32>) {
    %5 = tensor.dim %lhs, %c0 : tensor<?x?xf32>
    %6 = tensor.dim %rhs, %c1 : tensor<?x?xf32>
    %7 = tensor.empty(%5, %6) : tensor<?x?xf32>
    // The check passed: the contraction sizes agree.
    // expected-safe @+1 {{equal}}
    %8 = linalg.matmul ins(%lhs, %rhs : tensor<?x?xf32>, tensor<?x?xf32>) outs(%7 : tensor<?x?xf32>) -> tensor<?x?xf32>
    shape.assuming_yield %8 : tensor<?x?xf32>
  }
  // The same check again: implied by the first, redundant.
  // expected-safe @+1 {{cstr}}
  %9 = shape.cstr_require %2, "mismatching contracting dimension for matmul"
  return %4 : tensor<?x?xf32>
}

// A constant predicate: `true` never fails, `false` always does (and what
// follows it is unreachable).
func.func @constants(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  // expected-safe @+1 {{cstr}}
  %0 = shape.cstr_require %true, "msg"
  // expected-ub-guaranteed @+1 {{cstr}}
  %1 = shape.cstr_require %false, "never"
  // expected-unreachable @+1 {{equal}}
  %2 = stablehlo.add %a, %b : tensor<?xf32>
  return
}

// The generic form, `msg` a property.
func.func @generic(%a: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.dim %a, %c0 : tensor<?xf32>
  %1 = arith.cmpi sle, %0, %c4 : index
  // expected-ub-possible @+1 {{cstr: %a[0] >= 5}}
  %2 = "shape.cstr_require"(%1) <{msg = "at most 4"}> : (i1) -> !shape.witness
  return
}

// An i1 that no size computation gives: the check is opaque.
func.func @unread(%p: i1) {
  // expected-opaque @+1 {{shape.cstr_require}}
  %0 = shape.cstr_require %p, "msg"
  return
}
// expected-summary {{safe=3 ub-possible=2 ub-guaranteed=1 error=0 unreachable=1 unknown=0}}
