// RUN: --min-dim 1
// Element counts equal only under an earlier requirement, or never: a
// nonlinear question for the solver, which must answer it (never
// `unknown`). JAX style, [6, s, t] with s, t >= 1.
//
// [6, s, t] into [s, 8 * s, s]: 6 * s * t elements against 8 * s * s * s,
// equal exactly when 4 * s * s * s == 3 * s * t (e.g. s = 3, t = 12).
// After it, [s, 6 * t, 2] has 12 * s * t elements, which the first makes
// 16 * s * s * s: never 8 * s * s * s for s >= 1.
func.func public @jax_nonlinear(%arg0: tensor<6x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<6x?x?xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %arg0, dim = 2 : (tensor<6x?x?xf32>) -> tensor<i32>
  %2 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c = stablehlo.constant dense<4> : tensor<i32>
  %3 = stablehlo.multiply %0, %c : tensor<i32>
  %c_0 = stablehlo.constant dense<2> : tensor<i32>
  %4 = stablehlo.multiply %3, %c_0 : tensor<i32>
  %5 = stablehlo.reshape %4 : (tensor<i32>) -> tensor<1xi32>
  %6 = stablehlo.concatenate %2, %5, %2, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  // expected-ub-possible @+1 {{element-count: 4 * %arg0[1] * %arg0[1] * %arg0[1] != 3 * %arg0[1] * %arg0[2]}}
  %7 = stablehlo.dynamic_reshape %arg0, %6 : (tensor<6x?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %c_1 = stablehlo.constant dense<6> : tensor<i32>
  %8 = stablehlo.multiply %1, %c_1 : tensor<i32>
  %9 = stablehlo.reshape %8 : (tensor<i32>) -> tensor<1xi32>
  %c_2 = stablehlo.constant dense<2> : tensor<1xi32>
  %10 = stablehlo.concatenate %2, %9, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  // expected-ub-guaranteed @+1 {{element-count}}
  %11 = stablehlo.dynamic_reshape %7, %10 : (tensor<?x?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  return %11 : tensor<?x?x?xf32>
}
// expected-summary {{safe=0 ub-possible=1 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
