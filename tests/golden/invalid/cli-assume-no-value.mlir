// RUN: check %s --assume "%zz[0] == 3"
// EXIT: 2
// No function has a value %zz.
func.func @f(%a: tensor<?xf32>) {
  return
}
