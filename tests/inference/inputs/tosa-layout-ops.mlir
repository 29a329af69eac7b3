// tosa reshape, transpose, concat, slice, pad, tile, reductions and argmax on static inputs, every result dim erased to `?`: both infer every dim.
func.func @layout(%a: tensor<2x3x4xf32>, %b: tensor<2x5x4xf32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi32>) {
  %0 = "tosa.reshape"(%a) {new_shape = array<i64: 6, -1>} : (tensor<2x3x4xf32>) -> tensor<?x?xf32>
  %perms = "tosa.const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tosa.transpose"(%a, %perms) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %2 = "tosa.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<?x?x?xf32>
  %3 = "tosa.slice"(%b) {start = array<i64: 0, 1, 1>, size = array<i64: 2, 3, 2>} : (tensor<2x5x4xf32>) -> tensor<?x?x?xf32>
  %pads = "tosa.const"() {value = dense<[[0, 1], [2, 0], [1, 1]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %4 = "tosa.pad"(%a, %pads) : (tensor<2x3x4xf32>, tensor<3x2xi32>) -> tensor<?x?x?xf32>
  %5 = "tosa.tile"(%a) {multiples = array<i64: 1, 2, 3>} : (tensor<2x3x4xf32>) -> tensor<?x?x?xf32>
  %6 = "tosa.reduce_max"(%b) {axis = 1 : i64} : (tensor<2x5x4xf32>) -> tensor<?x?x?xf32>
  %7 = "tosa.argmax"(%a) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<?x?xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xi32>
}
