// stablehlo.composite is judged through its decomposition, like a call of
// a private function (the StableHLO spec: the op can be replaced by a call
// to `decomposition`, composite_c2..c4): a finding inside it is reported at
// its own op, with the composite as the call site. Pretty and generic
// forms.

func.func private @my.add.impl(%a: tensor<?x8xf32>, %b: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // From the first composite: %x[0] and %y[0] must be equal. From the
  // second, both operands are the first's result: always equal.
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %0 = stablehlo.add %a, %b : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

func.func @main(%x: tensor<?x8xf32>, %y: tensor<?x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.composite "my.add" %x, %y {decomposition = @my.add.impl, version = 1 : i32} : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
  // Its result has %x[0] rows: the declared 4 is a cast.
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 4}}
  %1 = "stablehlo.composite"(%0, %0) {decomposition = @my.add.impl, name = "my.add"} : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

func.func @missing(%x: tensor<?x8xf32>) {
  // expected-opaque @+1 {{stablehlo.composite}}
  %0 = stablehlo.composite "my.none" %x {decomposition = @nowhere} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return
}
