// rng_bit_generator (StableHLO spec): (C1) type(initial_state) =
// type(output_state); the output's shape is its declared type, nothing the
// operands decide. (C2, the state's size for rng_algorithm, is fixed per
// implementation for DEFAULT and not checked.)

// As JAX exports it (the pretty form): static, nothing to check.
func.func @static(%key: tensor<2xui64>) -> (tensor<2xui64>, tensor<128xui32>) {
  %output_state, %output = stablehlo.rng_bit_generator %key, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<128xui32>)
  return %output_state, %output : tensor<2xui64>, tensor<128xui32>
}

// A state of unknown length cast to 2 (C1 at runtime).
func.func @dynamic_state(%state: tensor<?xui64>) -> (tensor<2xui64>, tensor<3x4xui32>) {
  // expected-ub-possible @+1 {{result-cast dim 0 rule rng_bit_generator_c1: %state[0] != 2}}
  %0, %1 = "stablehlo.rng_bit_generator"(%state) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<?xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
  return %0, %1 : tensor<2xui64>, tensor<3x4xui32>
}

// mhlo's generic form: both states dynamic, they are the same value's
// size.
func.func @mhlo_generic(%state: tensor<?xui64>) -> (tensor<?xui64>, tensor<10x12xui32>) {
  %0, %1 = "mhlo.rng_bit_generator"(%state) <{rng_algorithm = #mhlo.rng_algorithm<PHILOX>}> : (tensor<?xui64>) -> (tensor<?xui64>, tensor<10x12xui32>)
  return %0, %1 : tensor<?xui64>, tensor<10x12xui32>
}

// "output state shape must be compatible with initial state shape" (C1).
func.func @state_mismatch(%state: tensor<2xui64>) -> (tensor<3xui64>, tensor<10x12xui32>) {
  // expected-error @+1 {{result-cast dim 0 rule rng_bit_generator_c1}}
  %0, %1 = "stablehlo.rng_bit_generator"(%state) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<10x12xui32>)
  return %0, %1 : tensor<3xui64>, tensor<10x12xui32>
}
// expected-summary {{safe=0 ub-possible=1 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
