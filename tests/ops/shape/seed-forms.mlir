// Seed 004's shape-dialect spellings (SPEC 3: shape.constant beside
// shape.const_shape, shape.create_shape, shape.debug_print): a `?` extent
// of shape.constant is a fresh size (named after the result: %s[0]),
// shape.create_shape takes its extents from an extent tensor's values
// (%t[i]), and shape.debug_print passes its value through. shape.join
// needs its operands' extents to agree (`join`, a runtime verdict).

func.func @seed_forms(%a: tensor<?x?xf32>, %t: tensor<2xindex>) {
  %s = shape.constant [?, 2] : !shape.shape
  %sa = shape.shape_of %a : tensor<?x?xf32> -> !shape.shape
  // expected-ub-possible @+2 {{join dim 0: %a[0] != %s[0]}}
  // expected-ub-possible @+1 {{join dim 1: %a[1] != 2}}
  %j = shape.join %sa, %s : !shape.shape, !shape.shape -> !shape.shape
  %p = "shape.debug_print"(%j) : (!shape.shape) -> !shape.shape
  %c = shape.create_shape %t
  // %p is the join [%a[0], 2]; %c is [%t[0], %t[1]].
  // expected-ub-possible @+2 {{join dim 0: %a[0] != %t[0]}}
  // expected-ub-possible @+1 {{join dim 1: %t[1] != 2}}
  %k = shape.join %p, %c : !shape.shape, !shape.shape -> !shape.shape
  return
}
