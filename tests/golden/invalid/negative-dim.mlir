// RUN: check %s
// EXIT: 2
// A dim is '?' or a non-negative integer.
func.func @f(%a: tensor<4x-1xf32>) {
  return
}
