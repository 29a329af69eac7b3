// RUN: check %s --assume "%a[1] == 3"
// EXIT: 2
// %a has rank 1: there is no dim 1.
func.func @f(%a: tensor<?xf32>) {
  return
}
