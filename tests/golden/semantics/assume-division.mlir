// SEMANTICS.md §6: floordiv, ceildiv, mod, max and min in assumptions, with
// MLIR's affine semantics (floor, ceiling, a - b * (a floordiv b)), also
// for negative integers. Each assumption below pins one value, so the
// check or cast after it is safe; a wrong rounding would leave it
// ub-possible.
// expected-checked @f {{true}}
// expected-requires @f {{true}}
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>, %n: index, %k: index) -> tensor<8xf32> attributes {symshape.assume = [
    "%a[0] mod 4 == 0 && %a[0] ceildiv 4 == 2",
    "max(%b[0], 3) == min(%b[0], 3)",
    "%n mod 3 == 2 && %n in [-4, -2]",
    "%k ceildiv 2 == -1 && %k floordiv 2 == -2"]} {
  // a in [5, 8] and a multiple of 4: 8.
  // expected-safe @+1 {{cast dim 0}}
  %0 = tensor.cast %a : tensor<?xf32> to tensor<8xf32>
  // max == min: b is 3.
  // expected-safe @+1 {{cast dim 0}}
  %1 = tensor.cast %b : tensor<?xf32> to tensor<3xf32>
  // -4 mod 3 = 2 (-4 = 3 * -2 + 2), -3 mod 3 = 0, -2 mod 3 = 1: n is -4.
  %c-4 = arith.constant -4 : index
  %p = arith.cmpi eq, %n, %c-4 : index
  // expected-safe @+1 {{assert}}
  cf.assert %p, "n is -4"
  // ceil(k / 2) = -1: k in {-3, -2}; floor(k / 2) = -2: k in {-4, -3}.
  %c-3 = arith.constant -3 : index
  %q = arith.cmpi eq, %k, %c-3 : index
  // expected-safe @+1 {{assert}}
  cf.assert %q, "k is -3"
  return %0 : tensor<8xf32>
}
