// RUN: check --stats %s
// EXIT: 1
// Issue 46 (the cliff on broadcast trees). --stats: the inner add of the
// last tree is decided without the solver (static=33 solver=3; the solver
// decided it before: static=32 solver=4).
// First two trees the fast path leaves to the solver (first, so that
// their witnesses do not depend on what the solver was asked before
// them). The sides share %b[0]: P links them.
func.func @shared(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%b, %c) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "tosa.add"(%0, %1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
// A static 4 under one side: not a broadcast of sizes alone (the solver
// decides): only %c[0] or %d[0] outside {1, 4} fails.
func.func @static(%a: tensor<?x4xf32>, %b: tensor<4x4xf32>, %c: tensor<?x4xf32>, %d: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%c, %d) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "tosa.add"(%0, %1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
// Then a balanced tree of adds over independent sizes (issue 46's cliff): the
// inner add broadcasts %0[0] = broadcast(%a[0], %b[0]) with %1[0] =
// broadcast(%c[0], %d[0]); nothing P assumes links the two sides, so it
// is decided without the solver: ub-possible exactly when the four sizes
// are not broadcastable, for example %a[0] = 2, %c[0] = 3 (every other
// size 1: %0[0] = 2, %1[0] = 3, and the first two adds hold).
func.func @tree(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: tensor<?x4xf32>, %d: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%c, %d) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "tosa.add"(%0, %1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
