// dynamic_broadcast_in_dim's expansion hints. Statically (StableHLO spec
// C8-C10) each operand dim is hinted at most once and must exist. At run
// time a hint is a promise the lowerings build on (the linalg lowering
// reads an expanding dim at index 0, a non-expanding one at the result's
// index): an expanding operand dim must be 1, a non-expanding one must
// equal its result dim. Hint requirements are siblings of the operand's
// own "1 or equal" requirement (SPEC 4: judged independently).

func.func @duplicate(%x: tensor<?x?xi32>, %s: tensor<3xi64>) -> tensor<?x?x?xi32> {
  // expected-error @+1 {{mapped-dim}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = array<i64: 1, 2>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xi32>, tensor<3xi64>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}

func.func @out_of_range(%x: tensor<?x?xi32>, %s: tensor<3xi64>) -> tensor<?x?x?xi32> {
  // expected-error @+1 {{mapped-dim}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = array<i64: 1, 2>, known_nonexpanding_dimensions = array<i64: 2>} : (tensor<?x?xi32>, tensor<3xi64>) -> tensor<?x?x?xi32>
  return %0 : tensor<?x?x?xi32>
}

func.func @promises(%x: tensor<?x?xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  // expected-ub-possible @+4 {{mapped-dim dim 1: %x[0] != 1 && %x[0] != %s[1]}}
  // expected-ub-possible @+3 {{mapped-dim dim 2: %x[1] != 1 && %x[1] != %s[2]}}
  // expected-ub-possible @+2 {{mapped-dim dim 1: %x[0] != 1}}
  // expected-ub-possible @+1 {{mapped-dim dim 2: %x[1] != %s[2]}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = array<i64: 1, 2>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// A static 1 hinted non-expanding: safe only where the result dim is 1.
// A static 4 hinted expanding: never 1 (every run reaching it fails).
func.func @static(%z: tensor<1x4xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-safe @+4 {{mapped-dim dim 0}}
  // expected-ub-possible @+3 {{mapped-dim dim 1: %s[1] != 4}}
  // expected-ub-possible @+2 {{mapped-dim dim 0: %s[0] != 1}}
  // expected-ub-guaranteed @+1 {{mapped-dim dim 1: true}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%z, %s) {broadcast_dimensions = array<i64: 0, 1>, known_nonexpanding_dimensions = array<i64: 0>, known_expanding_dimensions = array<i64: 1>} : (tensor<1x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// expected-summary {{safe=1 ub-possible=6 ub-guaranteed=1 error=2 unreachable=0 unknown=0}}
