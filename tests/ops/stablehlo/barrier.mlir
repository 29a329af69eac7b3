// stablehlo.optimization_barrier (StableHLO spec: "result = operand",
// optimization_barrier_c1: type(operand...) = type(result...)) and mhlo's
// in the generic form: each result is its operand, sizes included.

func.func @barrier(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %0:2 = stablehlo.optimization_barrier %a, %b : tensor<?xf32>, tensor<4xf32>
  // %0#0 is %a, %0#1 is %b: the add needs %a[0] == 4 (add_c1).
  // expected-ub-possible @+1 {{equal: %a[0] != 4}}
  %1 = stablehlo.add %0#0, %0#1 : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  %2:2 = "mhlo.optimization_barrier"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>)
  // %2#0 is %a again, of %1's size: nothing more can fail.
  %3 = "mhlo.add"(%2#0, %1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %3 : tensor<?xf32>
}
