// Two requirements of one op that can each fail (SPEC 4: siblings are
// judged under the same P, so each is ub-possible) but never hold together:
// %x[0] must be 1 or 3 (mapped to the output's 3) and must be 4 (the
// operand's 4 mapped to it). No execution gets past the op, so P is unsat
// from there on: its result casts, and every later obligation in any
// component (here %y against 3), are unreachable.
func.func @f(%x: tensor<?x5x4xf32>, %y: tensor<?xf32>, %z: tensor<3xf32>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %d = tensor.dim %x, %c0 : tensor<?x5x4xf32>
  %s = tensor.from_elements %d, %c5, %c3 : tensor<3xindex>
  // expected-unreachable @+6 {{result-cast dim 1}}
  // expected-unreachable @+5 {{result-cast dim 2}}
  // expected-ub-possible @+4 {{mapped-dim dim 2: %x[0] not in {1, 3}}}
  // expected-safe @+3 {{mapped-dim dim 1}}
  // expected-ub-possible @+2 {{mapped-dim dim 0: %x[0] != 4}}
  // (The result's dim 0 is ?: nothing to cast there.)
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) {broadcast_dimensions = array<i64: 2, 1, 0>} : (tensor<?x5x4xf32>, tensor<3xindex>) -> tensor<?x5x3xf32>
  // expected-unreachable @+3 {{broadcast dim 0}}
  // expected-unreachable @+2 {{rank}}
  // expected-unreachable @+1 {{result-cast dim 0}}
  %1 = "tosa.add"(%y, %z) : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}
// expected-summary {{safe=1 ub-possible=2 ub-guaranteed=0 error=0 unreachable=5 unknown=0}}
