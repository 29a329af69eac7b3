// RUN: refine %s
// An unranked result whose rank is fixed becomes ranked (SPEC 5); the
// declared `?` of %a stays unknown, the static 3 is written in.
func.func @f(%a: tensor<?x3xi32>, %b: tensor<3xi32>) -> tensor<*xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x3xi32>, tensor<3xi32>) -> tensor<*xi32>
  return %0 : tensor<*xi32>
}
