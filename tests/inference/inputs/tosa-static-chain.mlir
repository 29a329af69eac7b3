// Elementwise chain on static inputs declared fully dynamic: tosa-infer-shapes refines every result (agreement).
func.func @static_chain(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2x1xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  %1 = "tosa.mul"(%0, %c) {shift = 0 : i32} : (tensor<?x?xf32>, tensor<2x1xf32>) -> tensor<?x?xf32>
  %2 = "tosa.sub"(%1, %a) : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<?x?xf32>
  %3 = "tosa.maximum"(%2, %b) : (tensor<?x?xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}
