// RUN: check --json %s
// EXIT: 1
// A size of 0 - 2 is UB wherever it is reached (SPEC 2: dims are >= 0):
// the in-bounds obligation is ub-guaranteed with no free symbol (witness
// {}), and %e's second dim is listed as ? and left ? in its refined type,
// never as -2; its first is the constant 2 it is given.
func.func @f(%b: tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = arith.subi %c0, %c2 : index
  %e = tensor.empty(%c2, %n) : tensor<?x?xi32>
  return
}
