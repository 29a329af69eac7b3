// tosa unary elementwise ops (abs, exp, negate, clamp, cast, rescale, table, ...) keep their operand's shape: both refine every result of a static input.
func.func @unary(%a: tensor<2x3xf32>, %q: tensor<2x3xi8>, %t: tensor<256xi8>) -> (tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xi8>, tensor<?x?xi8>) {
  %0 = "tosa.abs"(%a) : (tensor<2x3xf32>) -> tensor<?x?xf32>
  %1 = "tosa.exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tosa.negate"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "tosa.clamp"(%2) {min_fp = 0.0 : f32, max_fp = 6.0 : f32, min_int = 0 : i64, max_int = 6 : i64} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tosa.sigmoid"(%3) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "tosa.rsqrt"(%4) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %6 = "tosa.cast"(%5) : (tensor<?x?xf32>) -> tensor<?x?xi32>
  %7 = "tosa.rescale"(%q) {input_zp = 0 : i32, output_zp = 0 : i32, multiplier = array<i32: 1073741824>, shift = array<i32: 30>, scale32 = true, double_round = false, per_channel = false} : (tensor<2x3xi8>) -> tensor<?x?xi8>
  %8 = "tosa.table"(%7, %t) : (tensor<?x?xi8>, tensor<256xi8>) -> tensor<?x?xi8>
  return %5, %6, %7, %8 : tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xi8>, tensor<?x?xi8>
}
