// RUN: check %s
// EXIT: 2
// One '}' too many: the function is complete before it.
func.func @f(%a: tensor<?xf32>) {
  return
}
}
