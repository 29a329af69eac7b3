// Sizes flow between tensors and index values: tensor.dim reads a dim,
// tensor.empty builds a tensor from sizes, tensor.cast to a static dim is UB
// unless the runtime size equals it (a `cast` obligation).
func.func @glue(%a: tensor<?x4xf32>, %b: tensor<?xf32>) -> tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  // %e has %a's batch as its only dim: broadcasting it with %b needs them
  // compatible.
  // expected-ub-possible @+2 {{broadcast dim 0: %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  // expected-safe @+1 {{rank}}
  %0 = "tosa.add"(%e, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // Every static target dim is an obligation; 4 -> 4 is safe.
  // expected-ub-possible @+2 {{cast dim 0: %a[0] != 8}}
  // expected-safe @+1 {{cast dim 1}}
  %1 = tensor.cast %a : tensor<?x4xf32> to tensor<8x4xf32>
  // After the cast, %a[0] is 8: this broadcast with a static 8 is safe.
  %c8 = "foo.make"() : () -> tensor<8xf32>
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{rank}}
  %2 = "tosa.add"(%e, %c8) : (tensor<?xf32>, tensor<8xf32>) -> tensor<?xf32>
  return %1 : tensor<8x4xf32>
}

// Two static sizes that differ: mlir-opt rejects the cast, a static error.
func.func @bad_cast(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{cast dim 0}}
  %0 = tensor.cast %a : tensor<4xf32> to tensor<5xf32>
  return %0 : tensor<5xf32>
}

// Index arithmetic: a tensor of %n + 1 rows broadcast against a size 5
// fails unless %n is 0 or 4.
func.func @arith(%n: index, %five: tensor<5xf32>) {
  %c1 = arith.constant 1 : index
  %m = arith.addi %n, %c1 : index
  // A size must not be negative (SPEC 2): %n + 1 >= 0.
  // expected-ub-possible @+1 {{in-bounds: %n <= -2}}
  %t = tensor.empty(%m) : tensor<?xf32>
  // expected-ub-possible @+2 {{broadcast dim 0: %n not in {0, 4}}}
  // expected-safe @+1 {{rank}}
  %0 = "tosa.add"(%t, %five) : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>
  return
}
// expected-summary {{safe=5 ub-possible=4 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
