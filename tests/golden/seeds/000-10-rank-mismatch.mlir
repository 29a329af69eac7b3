// Seed 000, incorrect use: the inferred result shape is tensor<3xi32> but
// the actual one is tensor<1x3xi32>: ranks differ. SPEC 3 follows seed 000
// (error) although mlir-opt 16 accepts it. With the rank wrong, no result
// dim is compared.
func.func @f(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) -> tensor<1x3xi32> {
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-error @+1 {{rank}}
  %result = "test.broadcastable"(%arg0, %arg1) : (tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>
  return %result : tensor<1x3xi32>
}
// expected-summary {{safe=1 ub-possible=0 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
