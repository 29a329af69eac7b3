// RUN: check %s
// EXIT: 2
// %1 is used one line before it is defined.
func.func @f(%a: tensor<?xf32>) {
  %0 = "tosa.add"(%a, %1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "foo.op"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return
}
