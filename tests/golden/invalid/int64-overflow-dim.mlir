// RUN: check %s
// EXIT: 2
// 2^64 does not fit a dim (int64): the error points at the number.
func.func @f(%a: tensor<18446744073709551616x4xf32>) {
  return
}
