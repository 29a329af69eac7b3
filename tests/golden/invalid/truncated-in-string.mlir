// RUN: check %s
// EXIT: 2
// The file ends inside the op name string: the error points at its opening
// quote.
func.func @f(%a: tensor<?xf32>) {
  %0 = "tosa.ad