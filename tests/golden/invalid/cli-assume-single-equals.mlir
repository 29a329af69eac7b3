// RUN: check %s --assume "%a[0] = 8"
// EXIT: 2
// '=' for '==': the error must point at the '=', not at the start.
func.func @f(%a: tensor<?xf32>) {
  return
}
