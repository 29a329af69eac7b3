// RUN: check %s
// EXIT: 1
// (0, ?, 3) fails for every size of %b (SPEC 4: ub-guaranteed), so the
// obligations after it are unreachable: one note at that op says how many,
// instead of a warning each (--json still lists every one).
func.func @f(%a: tensor<0xi32>, %b: tensor<?xi32>, %c: tensor<3xi32>, %d: tensor<?xi32>) -> tensor<?xi32> {
  %0 = "test.broadcastable"(%a, %b, %c) : (tensor<0xi32>, tensor<?xi32>, tensor<3xi32>) -> tensor<?xi32>
  %1 = "test.broadcastable"(%b, %d) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %1 : tensor<?xi32>
}
