// RUN: check %s ../output/ub-possible.mlir
// EXIT: 2
// One bad file among several: it is named on stderr, the good file is still
// judged and reported, and the exit status is 2.
func.func @f(%a: tensor<?xf32>) {
  %0 = "tosa.add"(%a, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
