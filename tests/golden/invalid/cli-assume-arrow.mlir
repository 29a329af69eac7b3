// RUN: check %s --assume "%a[0] => 8"
// EXIT: 2
// '=>' for '>=': the hint names '>=', not '=='.
func.func @f(%a: tensor<?xf32>) {
  return
}
