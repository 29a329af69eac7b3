// RUN: check %s
// EXIT: 2
// %0 is defined twice in one region: the second definition is the error.
func.func @f(%a: tensor<?xf32>) {
  %0 = "foo.op"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %0 = "foo.op"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return
}
