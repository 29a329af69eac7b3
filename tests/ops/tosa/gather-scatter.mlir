// tosa.gather and tosa.scatter (MLIR 16 generic form). Expectations by
// hand from the TOSA spec: GATHER reads values [N,K,C] at indices [N,W]
// into an output [N,W,C]; SCATTER writes input [N,W,C] into values_in
// [N,K,C] at indices [N,W], giving values_out [N,K,C]. Each N, W and C
// names one size, so the operands must agree on it at runtime. (The index
// values themselves, within [0, K), are data symshape does not follow.)

func.func @gather(%v: tensor<?x5x3xf32>, %i: tensor<?x4xi32>) -> tensor<2x4x3xf32> {
  // N of the values and of the indices; the output's N, declared 2.
  // expected-ub-possible @+2 {{equal: %v[0] != %i[0]}}
  // expected-ub-possible @+1 {{result-cast dim 0: %v[0] != 2}}
  %0 = "tosa.gather"(%v, %i) : (tensor<?x5x3xf32>, tensor<?x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

func.func @scatter(%v: tensor<?x5x3xf32>, %i: tensor<?x?xi32>, %x: tensor<2x4x?xf32>) -> tensor<?x5x3xf32> {
  // N: %v[0], %i[0] and the input's 2; W: %i[1] and 4; C: 3 and %x[2].
  // The output is values_in's [%v[0], 5, 3].
  // expected-ub-possible @+4 {{equal: %v[0] != %i[0]}}
  // expected-ub-possible @+3 {{equal: %v[0] != 2}}
  // expected-ub-possible @+2 {{equal: %i[1] != 4}}
  // expected-ub-possible @+1 {{equal: %x[2] != 3}}
  %0 = "tosa.scatter"(%v, %i, %x) : (tensor<?x5x3xf32>, tensor<?x?xi32>, tensor<2x4x?xf32>) -> tensor<?x5x3xf32>
  return %0 : tensor<?x5x3xf32>
}

func.func @gather_static(%v: tensor<2x5x3xf32>, %i: tensor<3x4xi32>) -> tensor<2x4x3xf32> {
  // N 2 against 3: the verifier's error.
  // expected-error @+1 {{equal}}
  %0 = "tosa.gather"(%v, %i) : (tensor<2x5x3xf32>, tensor<3x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}
