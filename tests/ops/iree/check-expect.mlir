// The test assertions of IREE's e2e programs (compiler/src/iree/compiler/
// Modules/Check/IR/CheckOps.td) and of StableHLO's interpreter tests:
// check.expect_eq / expect_almost_eq compare two tensors, the _const forms
// a tensor and a constant. The verifier wants one type for both sides
// (AllTypesMatch); at runtime a difference of shapes fails the test
// cleanly. SPEC 2: they are runtime checks (kind `assert`) that the shapes
// are equal, never opaque.

// IREE's printed forms, on static shapes: the checks can never fail.
func.func @static_results() {
  %input = util.unfoldable_constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %result = stablehlo.add %input, %input : tensor<4xf32>
  // expected-safe @+1 {{assert}}
  check.expect_almost_eq_const(%result, dense<[2.0, 4.0, 6.0, 8.0]> : tensor<4xf32>) : tensor<4xf32>
  // expected-safe @+1 {{assert}}
  check.expect_almost_eq(%result, %result, atol 1.0e-04, rtol 0.0) : tensor<4xf32>
  %i = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  // expected-safe @+1 {{assert}}
  check.expect_eq_const(%i, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
  %j = arith.addi %i, %i : tensor<2xi32>
  // expected-safe @+1 {{assert}}
  check.expect_eq(%j, %i) : tensor<2xi32>
  return
}

// On dynamic shapes the check compares sizes the program does not fix:
// it fails exactly when they differ (an input contract, not UB), and the
// ops after it know they are equal.
func.func @dynamic(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-ub-possible @+1 {{assert: %a[0] != %b[0]}}
  check.expect_almost_eq(%a, %b) : tensor<?x4xf32>
  // expected-safe @+1 {{equal}}
  %0 = stablehlo.add %a, %b : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// A tensor whose sizes a dynamic_iota takes from a constant shape: the
// constant's type matches them.
func.func @iota_matches() {
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<?x?xi32>
  %1 = tensor.cast %0 : tensor<?x?xi32> to tensor<2x3xi32>
  // expected-safe @+1 {{assert}}
  check.expect_eq_const(%1, dense<[[0, 0, 0], [1, 1, 1]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// StableHLO's interpreter tests print the same ops without parentheses.
func.func @interpreter_forms() {
  %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %result = stablehlo.negate %operand : tensor<3xi64>
  // expected-safe @+1 {{assert}}
  check.expect_eq_const %result, dense<[-1, -2, -3]> : tensor<3xi64>
  // expected-safe @+1 {{assert}}
  check.expect_eq %operand, %operand : tensor<3xi64>
  %x = stablehlo.constant dense<2.0> : tensor<f64>
  // expected-safe @+1 {{assert}}
  check.expect_almost_eq %x, %x, tolerance = 1.000000e-01 : tensor<f64>
  return
}
// expected-summary {{safe=11 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
