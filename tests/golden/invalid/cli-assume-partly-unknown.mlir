// RUN: check %s --assume "%a[0] == %zz[0]"
// EXIT: 2
// %a exists, %zz does not: the error must point at %zz and name it.
func.func @f(%a: tensor<?xf32>) {
  return
}
