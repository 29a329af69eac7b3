// RUN: check %s ../output/all-safe.mlir
// EXIT: 2
// A file that parses but cannot be lowered (its assumption names no value)
// among good ones: it is named on stderr, the good file is still judged and
// reported, and the exit status is 2.
func.func @f(%a: tensor<?xf32>) attributes {symshape.assume = ["%zz[0] == 1"]} {
  return
}
