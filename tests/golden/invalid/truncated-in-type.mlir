// RUN: check %s
// EXIT: 2
// The file ends inside the operand types of an op: the error points just
// after the last token, at the end of the file.
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4x