// RUN: check %s
// EXIT: 2
// %a is a tensor<?xf32>; the op's written operand types say tensor<4xf32>.
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) {
  %0 = "tosa.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
