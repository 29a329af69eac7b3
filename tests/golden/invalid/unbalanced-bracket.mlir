// RUN: check %s
// EXIT: 2
// An array attribute opened with '[' and closed with '}'.
func.func @f(%a: tensor<?xf32>) {
  %0 = "foo.op"(%a) {dims = [0, 1} : (tensor<?xf32>) -> tensor<?xf32>
  return
}
