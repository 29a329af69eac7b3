// RUN: check %s
// EXIT: 2
// The function body is never closed: at the end of the file the parser
// still expects an op or the closing brace.
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
