// Seed 003 (XLA broadcasting semantics), every worked example. Each result
// is declared with the shape the seed states, so a safe `result-cast` on
// every dim shows symshape infers exactly that shape.

// X + v: a (2,3) matrix plus a (3) vector with broadcast dimension (1).
func.func @matrix_vector(%x: tensor<2x3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-safe @+4 {{broadcast dim 1}}
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "chlo.broadcast_add"(%x, %v) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // "Without specifying broadcasting, this operation is invalid": the
  // vector's 3 cannot match the matrix's dim 0 of size 2.
  // expected-error @+3 {{broadcast dim 0}}
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 1}}
  %1 = "chlo.broadcast_add"(%x, %v) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A 3-element vector and a 3x3 matrix: dimension 1 (vector becomes rows)
// or dimension 0 (vector becomes columns); both give 3x3.
func.func @square(%m: tensor<3x3xf32>, %v: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-safe @+4 {{broadcast dim 1}}
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "chlo.broadcast_add"(%m, %v) {broadcast_dimensions = dense<1> : tensor<1xi64>} : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  // expected-safe @+4 {{broadcast dim 0}}
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %1 = "chlo.broadcast_add"(%m, %v) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<3x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %1 : tensor<3x3xf32>
}

// A 2x3x4 cuboid and a 3x4 matrix with the tuple (1, 2).
func.func @cuboid(%c: tensor<2x3x4xf32>, %m: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-safe @+6 {{broadcast dim 1}}
  // expected-safe @+5 {{broadcast dim 2}}
  // expected-safe @+4 {{rank}}
  // expected-safe @+3 {{result-cast dim 0}}
  // expected-safe @+2 {{result-cast dim 1}}
  // expected-safe @+1 {{result-cast dim 2}}
  %0 = "chlo.broadcast_add"(%c, %m) {broadcast_dimensions = dense<[1, 2]> : tensor<2xi64>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// "The order of broadcast dimensions has to be strictly increasing."
func.func @unordered(%c: tensor<2x3x4xf32>, %m: tensor<4x3xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{mapped-dim}}
  %0 = "chlo.broadcast_add"(%c, %m) {broadcast_dimensions = dense<[2, 1]> : tensor<2xi64>} : (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// |1 2 3 4| + [5 6] with broadcast dimensions (0): the vector becomes 4x1,
// then degenerate broadcasting gives 4x2.
func.func @vector_plus_row(%v: tensor<4xf32>, %r: tensor<1x2xf32>) -> tensor<4x2xf32> {
  // expected-safe @+4 {{broadcast dim 0}}
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "chlo.broadcast_add"(%v, %r) {broadcast_dimensions = dense<0> : tensor<1xi64>} : (tensor<4xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// A 1x2 matrix added to a 4x3x1 array with dimensions (1, 2): 4x3x2.
func.func @matrix_onto_array(%m: tensor<1x2xf32>, %a: tensor<4x3x1xf32>) -> tensor<4x3x2xf32> {
  // expected-safe @+6 {{broadcast dim 1}}
  // expected-safe @+5 {{broadcast dim 2}}
  // expected-safe @+4 {{rank}}
  // expected-safe @+3 {{result-cast dim 0}}
  // expected-safe @+2 {{result-cast dim 1}}
  // expected-safe @+1 {{result-cast dim 2}}
  %0 = "chlo.broadcast_add"(%m, %a) {broadcast_dimensions = dense<[1, 2]> : tensor<2xi64>} : (tensor<1x2xf32>, tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// A scalar broadcasts over any array without broadcast dimensions.
func.func @scalar(%m: tensor<2x3xf32>, %s: tensor<f32>) -> tensor<2x3xf32> {
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "chlo.broadcast_add"(%m, %s) {broadcast_dimensions = dense<> : tensor<0xi64>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Degenerate dims, equal ranks: (2,1)+(2,3) -> (2,3); (1,2,5)+(7,2,5) ->
// (7,2,5); (7,2,5)+(7,1,5) -> (7,2,5); (7,2,5)+(7,2,6) incompatible; the
// outer operation (2,1)+(1,3) -> (2,3).
func.func @degenerate(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>, %c: tensor<1x2x5xf32>, %d: tensor<7x2x5xf32>, %e: tensor<7x1x5xf32>, %f: tensor<7x2x6xf32>, %g: tensor<1x3xf32>) {
  // expected-safe @+5 {{broadcast dim 0}}
  // expected-safe @+4 {{broadcast dim 1}}
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // expected-safe @+7 {{broadcast dim 0}}
  // expected-safe @+6 {{broadcast dim 1}}
  // expected-safe @+5 {{broadcast dim 2}}
  // expected-safe @+4 {{rank}}
  // expected-safe @+3 {{result-cast dim 0}}
  // expected-safe @+2 {{result-cast dim 1}}
  // expected-safe @+1 {{result-cast dim 2}}
  %1 = "chlo.broadcast_add"(%c, %d) : (tensor<1x2x5xf32>, tensor<7x2x5xf32>) -> tensor<7x2x5xf32>
  // expected-safe @+7 {{broadcast dim 0}}
  // expected-safe @+6 {{broadcast dim 1}}
  // expected-safe @+5 {{broadcast dim 2}}
  // expected-safe @+4 {{rank}}
  // expected-safe @+3 {{result-cast dim 0}}
  // expected-safe @+2 {{result-cast dim 1}}
  // expected-safe @+1 {{result-cast dim 2}}
  %2 = "chlo.broadcast_add"(%d, %e) : (tensor<7x2x5xf32>, tensor<7x1x5xf32>) -> tensor<7x2x5xf32>
  // expected-error @+3 {{broadcast dim 2}}
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{broadcast dim 1}}
  %3 = "chlo.broadcast_add"(%d, %f) : (tensor<7x2x5xf32>, tensor<7x2x6xf32>) -> tensor<*xf32>
  // expected-safe @+5 {{broadcast dim 0}}
  // expected-safe @+4 {{broadcast dim 1}}
  // expected-safe @+3 {{rank}}
  // expected-safe @+2 {{result-cast dim 0}}
  // expected-safe @+1 {{result-cast dim 1}}
  %4 = "chlo.broadcast_add"(%a, %g) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return
}
// expected-summary {{safe=59 ub-possible=0 ub-guaranteed=0 error=3 unreachable=0 unknown=0}}
