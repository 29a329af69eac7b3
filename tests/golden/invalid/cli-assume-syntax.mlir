// RUN: check %s --assume "%a[0] =="
// EXIT: 2
// The expression ends after '==': the error points just past its end.
func.func @f(%a: tensor<?xf32>) {
  return
}
