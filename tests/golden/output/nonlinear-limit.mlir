// RUN: check %s --solver-rlimit 1
// EXIT: 1
// A nonlinear obligation (a product of sizes) under a tiny deterministic
// solver budget: `unknown` with the reason, never a guessed verdict.
func.func @f(%a: tensor<?x?xf32>, %b: tensor<?xf32>) {
  %s = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  %n = shape.num_elements %s : !shape.shape -> !shape.size
  %t = shape.from_extents %n : !shape.size
  %sb = shape.shape_of %b : tensor<?xf32> -> !shape.shape
  %w = shape.cstr_eq %t, %sb : !shape.shape, !shape.shape
  return
}
