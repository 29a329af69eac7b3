// An unranked operand against a static vector: a declared rank-1 result must be 4; tosa-infer-shapes needs ranks.
func.func @unranked(%u: tensor<*xf32>, %s: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "tosa.add"(%u, %s) : (tensor<*xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
