// Seed 004, shape.broadcast and friends on shapes taken from tensors.
func.func @broadcast(%x: tensor<?x4xf32>, %y: tensor<?xf32>, %u: tensor<*xf32>) {
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %sy = shape.shape_of %y : tensor<?xf32> -> tensor<1xindex>
  %su = shape.shape_of %u : tensor<*xf32> -> !shape.shape
  // [?, 4] with [?]: extent 1 pairs 4 with %y[0]; the error attribute is
  // part of the message.
  // expected-ub-possible @+1 {{broadcast dim 1: %y[0] not in {1, 4}}}
  %0 = shape.broadcast %sx, %sy, error = "bad bias" : tensor<2xindex>, tensor<1xindex> -> !shape.shape
  // "If any inputs are unranked, output is unranked": nothing to check.
  %1 = shape.broadcast %sx, %su : tensor<2xindex>, !shape.shape -> !shape.shape
  // After %0, the same pair is known to broadcast.
  // expected-safe @+1 {{cstr dim 1}}
  %w = shape.cstr_broadcastable %sx, %sy : tensor<2xindex>, tensor<1xindex>
  return
}

// shape.cstr_eq: equal ranks, equal extents.
func.func @cstr_eq(%x: tensor<?x4xf32>, %y: tensor<3x?xf32>) {
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %sy = shape.shape_of %y : tensor<3x?xf32> -> tensor<2xindex>
  // expected-ub-possible @+2 {{cstr dim 0: %x[0] != 3}}
  // expected-ub-possible @+1 {{cstr dim 1: %y[1] != 4}}
  %w = shape.cstr_eq %sx, %sy : tensor<2xindex>, tensor<2xindex>
  return
}

// Sizes flow through shape arithmetic and back into tensor types:
// num_elements of [?, 4] is 4 * %x[0]; an extent tensor of the wrong length
// is UB (a runtime `rank` finding).
func.func @sizes(%x: tensor<?x4xf32>) {
  %s = shape.shape_of %x : tensor<?x4xf32> -> !shape.shape
  %n = shape.num_elements %s : !shape.shape -> !shape.size
  %c0 = shape.const_size 0
  %e0 = shape.get_extent %s, %c0 : !shape.shape, !shape.size -> !shape.size
  %r = shape.rank %s : !shape.shape -> !shape.size
  // expected-ub-guaranteed @+1 {{rank}}
  %t = shape.to_extent_tensor %s : !shape.shape -> tensor<3xindex>
  return
}

// The seed's num_elements as a shape.reduce: the body is interpreted once
// per extent, so the product is known and feeds a later check.
func.func @reduce(%x: tensor<2x3xf32>, %y: tensor<?xf32>) {
  %s = shape.shape_of %x : tensor<2x3xf32> -> !shape.shape
  %one = shape.const_size 1
  %n = shape.reduce(%s, %one) : !shape.shape -> !shape.size {
    ^bb0(%index: index, %dim: !shape.size, %acc: !shape.size):
      %next = shape.mul %acc, %dim : !shape.size, !shape.size -> !shape.size
      shape.yield %next : !shape.size
  }
  %sy = shape.shape_of %y : tensor<?xf32> -> !shape.shape
  %ny = shape.from_extents %n : !shape.size
  // %ny is [6]: %y[0] must be 6 here.
  // expected-ub-possible @+1 {{cstr dim 0: %y[0] != 6}}
  %w = shape.cstr_eq %sy, %ny : !shape.shape, !shape.shape
  return
}
// expected-summary {{safe=1 ub-possible=4 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
