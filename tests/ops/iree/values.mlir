// Values IREE's test programs hide from the compiler (UtilOps.td,
// FlowOps.td): util.optimization_barrier is an identity on each operand,
// util.unfoldable_constant and flow.tensor.dynamic_constant hold their
// value (of a static shape), which the compiler may not fold but which is
// known. So the casts after them are proved safe, not false alarms (IREE's
// tests/e2e/linalg/pack_dynamic_inner_tiles.mlir).

util.func public @fully_dynamic_input() {
  %iree_input = flow.tensor.dynamic_constant dense<[
    [0, 1, 2, 3],
    [4, 5, 6, 7]]> : tensor<2x4xi32> -> tensor<?x?xi32>
  %c0 = arith.constant 0 : index
  %c2 = util.unfoldable_constant 2 : index
  %in_d0 = tensor.dim %iree_input, %c0 : tensor<?x?xi32>
  %0 = util.optimization_barrier %iree_input : tensor<?x?xi32>
  // expected-safe @+2 {{cast dim 0}}
  // expected-safe @+1 {{cast dim 1}}
  %1 = tensor.cast %0 : tensor<?x?xi32> to tensor<2x4xi32>
  %2 = tensor.empty(%c2, %in_d0) : tensor<?x?xf32>
  // expected-safe @+2 {{cast dim 0}}
  // expected-safe @+1 {{cast dim 1}}
  %3 = tensor.cast %2 : tensor<?x?xf32> to tensor<2x2xf32>
  %k = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %f = flow.tensor.constant dense<1.000000e+00> : tensor<5xf32>
  // Several values through one barrier, scalars too.
  %4:3 = util.optimization_barrier %k, %f, %c2 : tensor<3xi32>, tensor<5xf32>, index
  %5 = tensor.empty(%4#2) : tensor<?xf32>
  // expected-safe @+1 {{cast dim 0}}
  %6 = tensor.cast %5 : tensor<?xf32> to tensor<2xf32>
  // expected-ub-guaranteed @+1 {{cast dim 0: true}}
  %7 = tensor.cast %5 : tensor<?xf32> to tensor<3xf32>
  util.return
}
// expected-summary {{safe=5 ub-possible=0 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
