// Shape dialect ops beyond seed 004, as mlir-opt 16 has them: shape.dim
// reads one dim of a tensor (a constant index past the rank is the
// verifier's "index is out of range": a static error), shape.div divides
// by a positive constant rounding towards minus infinity (any other divisor
// leaves its result opaque), shape.concat joins two extent lists,
// shape.from_extent_tensor makes a shape of one, shape.shape_eq is a flag.

func.func @dim(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %a = shape.dim %x, %c0 : tensor<?x4xf32>, index -> index
  %e = tensor.empty(%a) : tensor<?x4xf32>
  // %e has %x's sizes: nothing can fail (safe: broadcast dims 0 and 1,
  // the rank, the result-cast of dim 1).
  // expected-safe @+1 {{broadcast dim 0}}
  %0 = "tosa.add"(%e, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  // floor(%x[0] / 2) is 3 exactly for %x[0] in {6, 7} (the condition has
  // a division: symshape gives no exact text for it, only the witness).
  %c2 = arith.constant 2 : index
  %h = shape.div %a, %c2 : index, index -> index
  %f = tensor.empty(%h) : tensor<?xf32>
  // expected-ub-possible @+1 {{cast dim 0}}
  %g = tensor.cast %f : tensor<?xf32> to tensor<3xf32>
  // Extent 2 of shape(%y) ++ shape(%x) is %x[0], 6 or 7 once the cast
  // above held.
  %sy = shape.shape_of %y : tensor<?x4xf32> -> tensor<2xindex>
  %sx = shape.shape_of %x : tensor<?x4xf32> -> tensor<2xindex>
  %cc = shape.concat %sy, %sx : tensor<2xindex>, tensor<2xindex> -> tensor<4xindex>
  %fe = shape.from_extent_tensor %cc : tensor<4xindex>
  %n = shape.get_extent %fe, %c2 : !shape.shape, index -> !shape.size
  %i = shape.size_to_index %n : !shape.size
  %k = tensor.empty(%i) : tensor<?xf32>
  // expected-ub-possible @+1 {{cast dim 0: %x[0] != 6}}
  %l = tensor.cast %k : tensor<?xf32> to tensor<6xf32>
  %eq = shape.shape_eq %sx, %sy : tensor<2xindex>, tensor<2xindex>
  return
}

func.func @dim_out_of_range(%x: tensor<?x4xf32>) {
  %c5 = arith.constant 5 : index
  // expected-error @+1 {{rank}}
  %b = shape.dim %x, %c5 : tensor<?x4xf32>, index -> index
  return
}
// expected-summary {{safe=4 ub-possible=2 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
