// RUN: check --func nope %s
// EXIT: 2
// --func names a function the file does not have.
func.func @f(%a: tensor<?xf32>) {
  return
}
