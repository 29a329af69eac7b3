// max and min of sizes are terms of the dim graph (arith.maxsi / minsi,
// shape.max / min, stablehlo.maximum / minimum on size values): conditions
// stay exact and the chain of sizes is not cut.

func.func @index(%x: tensor<?xf32>, %y: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %a = tensor.dim %x, %c0 : tensor<?xf32>
  %b = tensor.dim %y, %c0 : tensor<?xf32>
  %m = arith.maxsi %a, %b : index
  %e = tensor.empty(%m) : tensor<?xf32>
  // max(x, y) != 4: x when x > y, else y.
  // expected-ub-possible @+1 {{cast dim 0: (%x[0] != 4 && %x[0] > %y[0]) || (%y[0] != 4 && %x[0] <= %y[0])}}
  %c = tensor.cast %e : tensor<?xf32> to tensor<4xf32>
  %n = arith.minsi %a, %b : index
  %f = tensor.empty(%n) : tensor<?xf32>
  // Once max(x, y) is 4, min(x, y) is the other one: 2 exactly when x or
  // y is.
  // expected-ub-possible @+1 {{cast dim 0: %x[0] != 2 && %y[0] != 2}}
  %g = tensor.cast %f : tensor<?xf32> to tensor<2xf32>
  return
}

func.func @hlo(%x: tensor<?xi32>) -> tensor<?xf32> {
  %g = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?xi32>) -> tensor<i32>
  %r = stablehlo.reshape %g : (tensor<i32>) -> tensor<1xi32>
  %c3 = stablehlo.constant dense<3> : tensor<1xi32>
  %mx = stablehlo.maximum %r, %c3 : tensor<1xi32>
  %cst = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.dynamic_broadcast_in_dim %cst, %mx, dims = [] : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
  %c = stablehlo.convert %x : (tensor<?xi32>) -> tensor<?xf32>
  // max(x, 3) == x exactly when x >= 3.
  // expected-ub-possible @+1 {{equal: %x[0] <= 2}}
  %s = stablehlo.add %b, %c : tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @shapes(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) {
  %s = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %t = shape.shape_of %y : tensor<?x4xf32> -> tensor<2xindex>
  %u = shape.min %s, %t : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  // %x to [min(x, y), 4]: x must be 1 or min(x, y), i.e. not above y.
  // expected-ub-possible @+1 {{mapped-dim dim 0: %x[0] != 1 && %x[0] > %y[0]}}
  %b = "stablehlo.dynamic_broadcast_in_dim"(%x, %u) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
  return
}
