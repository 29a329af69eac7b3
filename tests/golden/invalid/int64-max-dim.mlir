// RUN: check %s
// EXIT: 1
// The largest dim int64 holds is valid; %b[0] must be 1 or equal to it.
func.func @f(%a: tensor<9223372036854775807xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<9223372036854775807xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
