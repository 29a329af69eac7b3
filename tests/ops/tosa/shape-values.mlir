// Current MLIR's `!tosa.shape` values: tosa.dim reads a dim, concat_shape
// and the elementwise shape ops combine them, and reshape, tile and slice
// take the symbolic entries as sizes.
func.func @flatten(%x: tensor<?x?x4xf32>) -> tensor<?x?xf32> {
  %d0 = tosa.dim %x {axis = 0 : i32} : (tensor<?x?x4xf32>) -> !tosa.shape<1>
  %d1 = tosa.dim %x {axis = 1 : i32} : (tensor<?x?x4xf32>) -> !tosa.shape<1>
  %c4 = tosa.const_shape {values = dense<4> : tensor<1xindex>} : () -> !tosa.shape<1>
  %inner = tosa.mul_shape %d1, %c4 : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<1>
  %s = tosa.concat_shape %d0, %inner : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<2>
  // new_shape [%x[0], %x[1] * 4]: both entries are sizes, and the element
  // count %x[0] * %x[1] * 4 is kept: both counts are that one product, so
  // there is no element-count obligation.
  // expected-safe @+2 {{in-bounds}}
  // expected-safe @+1 {{in-bounds}}
  %0 = tosa.reshape %x, %s : (tensor<?x?x4xf32>, !tosa.shape<2>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @mismatch(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> (tensor<?x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %d = tosa.dim %y {axis = 0 : i32} : (tensor<?xf32>) -> !tosa.shape<1>
  %c2 = tosa.const_shape {values = dense<2> : tensor<1xindex>} : () -> !tosa.shape<1>
  %s = tosa.concat_shape %d, %c2 : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<2>
  // %x[0] * %x[1] elements into %y[0] * 2.
  // expected-safe @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{element-count}}
  %0 = tosa.reshape %x, %s : (tensor<?x?xf32>, !tosa.shape<2>) -> tensor<?x2xf32>
  // Tile rows by %y[0]: [%x[0] * %y[0], %x[1] * 2].
  // expected-safe @+1 {{in-bounds}}
  %1 = tosa.tile %x, %s : (tensor<?x?xf32>, !tosa.shape<2>) -> tensor<?x?xf32>
  %zero = tosa.const_shape {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
  %one = tosa.const_shape {values = dense<1> : tensor<1xindex>} : () -> !tosa.shape<1>
  %rows = tosa.sub_shape %d, %one : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<1>
  %size = tosa.concat_shape %rows, %c2 : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<2>
  // Rows [0, %y[0] - 1) of %x: %y[0] - 1 must be a size within %x[0]; two
  // columns of %x[1].
  // expected-ub-possible @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{in-bounds}}
  %2 = tosa.slice %x, %zero, %size : (tensor<?x?xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @divide(%x: tensor<?x6xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %d = tosa.dim %y {axis = 0 : i32} : (tensor<?xf32>) -> !tosa.shape<1>
  %c6 = tosa.const_shape {values = dense<6> : tensor<1xindex>} : () -> !tosa.shape<1>
  // 6 / %y[0]: UB when %y[0] is 0.
  // expected-ub-possible @+1 {{in-bounds: %y[0] == 0}}
  %q = tosa.div_floor_shape %c6, %d : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<1>
  %s = tosa.concat_shape %d, %q : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<2>
  // %x[0] * 6 elements into %y[0] * (6 / %y[0]); both entries are sizes.
  // expected-safe @+3 {{in-bounds}}
  // expected-safe @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{element-count}}
  %0 = tosa.reshape %x, %s : (tensor<?x6xf32>, !tosa.shape<2>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// expected-summary {{safe=6 ub-possible=5 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
