// shape.index_to_size, shape.add, shape.meet and shape.is_broadcastable
// (the shape dialect's documentation; SPEC 3's shape family): sizes are
// integers, shape.add their sum; shape.meet, like shape.join, needs the
// extents of its operands to agree (a `join` obligation each, a runtime
// verdict: the shape dialect has no compile-time rule), and
// shape.is_broadcastable is a flag with nothing to check.

func.func @add_sizes(%x: tensor<?xf32>, %y: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %a = shape.dim %x, %c0 : tensor<?xf32>, index -> index
  %b = shape.dim %y, %c0 : tensor<?xf32>, index -> index
  %s = shape.index_to_size %a
  %t = shape.index_to_size %b
  %sum = shape.add %s, %t : !shape.size, !shape.size -> !shape.size
  %i = shape.size_to_index %sum : !shape.size
  %e = tensor.empty(%i) : tensor<?xf32>
  // %e has %x[0] + %y[0] elements.
  // expected-ub-possible @+1 {{cast dim 0: %x[0] + %y[0] != 5}}
  %g = tensor.cast %e : tensor<?xf32> to tensor<5xf32>
  return
}

func.func @meet(%x: tensor<?x4xf32>, %y: tensor<3x?xf32>) {
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %sy = shape.shape_of %y : tensor<3x?xf32> -> tensor<2xindex>
  // Extent 0: %x[0] meets 3; extent 1: 4 meets %y[1].
  // expected-ub-possible @+2 {{join dim 0: %x[0] != 3}}
  // expected-ub-possible @+1 {{join dim 1: %y[1] != 4}}
  %m = shape.meet %sx, %sy : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %b = shape.is_broadcastable %sx, %sy : tensor<2xindex>, tensor<2xindex>
  return
}
