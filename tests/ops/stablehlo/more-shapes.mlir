// StableHLO ops of the spec read in the generic form, each with its mhlo
// spelling (the same rules), expectations by hand from the StableHLO spec:
//   broadcast: result = broadcast_sizes ++ shape(operand);
//   dynamic_update_slice: each update dim at most the operand's (the start
//     indices are clamped at runtime);
//   dynamic_pad: lo + hi + operand + max(operand - 1, 0) * interior;
//   sort: inputs of one shape (sort_c1), results = inputs;
//   map: inputs of one shape (map_c1), result = them;
//   triangular_solve: a square (triangular_solve_c3), result = b;
//   rng: result = the values of its shape operand.

func.func @broadcast(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) {
  // [2, 3, %x[0], 4], declared [2, 3, 5, 4].
  // expected-ub-possible @+1 {{result-cast dim 2: %x[0] != 5}}
  %0 = "stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: 2, 3>} : (tensor<?x4xf32>) -> tensor<2x3x5x4xf32>
  // expected-ub-possible @+1 {{result-cast dim 1: %y[0] != 6}}
  %1 = "mhlo.broadcast"(%y) {broadcast_sizes = dense<2> : tensor<1xi64>} : (tensor<?x4xf32>) -> tensor<2x6x4xf32>
  return
}

func.func @update(%x: tensor<8x?xf32>, %u: tensor<?x4xf32>, %i: tensor<i64>, %j: tensor<i64>, %y: tensor<?x2xf32>, %v: tensor<3x2xf32>) {
  // expected-ub-possible @+2 {{in-bounds: %u[0] >= 9}}
  // expected-ub-possible @+1 {{in-bounds: %x[1] <= 3}}
  %0 = "stablehlo.dynamic_update_slice"(%x, %u, %i, %j) : (tensor<8x?xf32>, tensor<?x4xf32>, tensor<i64>, tensor<i64>) -> tensor<8x?xf32>
  // expected-ub-possible @+1 {{in-bounds: %y[0] <= 2}}
  %1 = "mhlo.dynamic_update_slice"(%y, %v, %i, %j) : (tensor<?x2xf32>, tensor<3x2xf32>, tensor<i64>, tensor<i64>) -> tensor<?x2xf32>
  return
}

func.func @pad(%x: tensor<?xf32>, %y: tensor<?xf32>, %v: tensor<f32>) {
  %lo = stablehlo.constant dense<1> : tensor<1xi64>
  %hi = stablehlo.constant dense<2> : tensor<1xi64>
  %in = stablehlo.constant dense<1> : tensor<1xi64>
  // 1 + 2 + %x[0] + max(%x[0] - 1, 0): 3 for an empty %x, else
  // 2 * %x[0] + 2; declared 8.
  // expected-ub-possible @+1 {{result-cast dim 0: 2 * %x[0] + (1 floordiv (%x[0] + 1)) != 6}}
  %0 = "stablehlo.dynamic_pad"(%x, %v, %lo, %hi, %in) : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xf32>
  // 2 * %y[0] + 2 = 6 for %y[0] = 2.
  // expected-ub-possible @+1 {{result-cast dim 0: 2 * %y[0] + (1 floordiv (%y[0] + 1)) != 4}}
  %1 = "mhlo.dynamic_pad"(%y, %v, %lo, %hi, %in) : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6xf32>
  // 2 * %y[0] + 2 (3 when empty) is never 5: every run.
  // expected-ub-guaranteed @+1 {{result-cast dim 0}}
  %2 = "mhlo.dynamic_pad"(%y, %v, %lo, %hi, %in) : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xf32>
  return
}

func.func @sort_map(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>, %d: tensor<?xf32>) {
  // expected-ub-possible @+1 {{equal: %a[0] != %b[0]}}
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>, %r: tensor<f32>, %s: tensor<f32>):
    %t = stablehlo.compare GT, %p, %q : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %t : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  // %0#0 is %a: the map's inputs agree; its result is declared 3.
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] != 3}}
  %1 = "stablehlo.map"(%0#0, %a) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<?xf32>) -> tensor<3xf32>
  // expected-ub-possible @+1 {{equal: %c[0] != %d[0]}}
  %2:2 = "mhlo.sort"(%c, %d) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>, %r: tensor<f32>, %s: tensor<f32>):
    %t = "mhlo.compare"(%p, %q) {comparison_direction = #mhlo<comparison_direction GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "mhlo.return"(%t) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<?xf32>, tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>)
  // expected-ub-possible @+1 {{result-cast dim 0: %c[0] != 2}}
  %3 = "mhlo.map"(%2#1, %c) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = mhlo.add %p, %q : tensor<f32>
    "mhlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = dense<0> : tensor<1xi64>} : (tensor<?xf32>, tensor<?xf32>) -> tensor<2xf32>
  return
}

func.func @triangular_solve(%a: tensor<?x?xf32>, %b: tensor<4x?xf32>, %m: tensor<3x?xf32>, %n: tensor<3x5xf32>) {
  // left_side: a is [M, M] and b [M, N]: %a square, its M b's 4.
  // expected-ub-possible @+2 {{equal: %a[0] != %a[1]}}
  // expected-ub-possible @+1 {{equal: %a[1] != 4}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false} : (tensor<?x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  // a [3, %m[1]]: square, and its M b's 3; both need %m[1] = 3.
  // expected-ub-possible @+2 {{equal: %m[1] != 3}}
  // expected-ub-possible @+1 {{equal: %m[1] != 3}}
  %1 = "mhlo.triangular_solve"(%m, %n) {left_side = true, lower = true, transpose_a = #mhlo<transpose NO_TRANSPOSE>, unit_diagonal = false} : (tensor<3x?xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return
}

func.func @rng(%lo: tensor<f32>, %hi: tensor<f32>) {
  %s = stablehlo.constant dense<[3, 5]> : tensor<2xi64>
  %0 = "stablehlo.rng"(%lo, %hi, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x5xf32>
  // The shape's values [3, 5] against a declared [3, 4]: every run.
  // expected-ub-guaranteed @+1 {{result-cast dim 1}}
  %1 = "mhlo.rng"(%lo, %hi, %s) {rng_distribution = #mhlo.rng_distribution<UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  return
}
