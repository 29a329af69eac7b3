// RUN: check %s
// EXIT: 2
// 2^63 does not fit an int64 attribute; -2^63 would.
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %0 = "tosa.mul"(%a, %b) {shift = 9223372036854775808 : i8} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
