// mhlo.composite, in the generic form mhlo prints it: judged through its
// decomposition like stablehlo.composite (composite.mlir), as a call of a
// private function; a finding inside is reported at its own op, with the
// composite as the call site.

func.func private @my.mul.impl(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %0 = mhlo.multiply %a, %b : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

func.func @main(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<2x4xf32> {
  // Its result has %x[0] rows: the declared 2 is a cast.
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0 = "mhlo.composite"(%x, %y) {composite_attributes = {}, decomposition = @my.mul.impl, name = "my.mul", version = 1 : i32} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
