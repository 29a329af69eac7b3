// tosa.add_shape (TOSA 1.0's ADD_SHAPE, current MLIR's `!tosa.shape`
// values, as in shape-values.mlir): the elementwise sum of two shapes.

func.func @add_shape(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?x3xf32> {
  %d0 = tosa.dim %x {axis = 0 : i32} : (tensor<?x?xf32>) -> !tosa.shape<1>
  %d1 = tosa.dim %y {axis = 0 : i32} : (tensor<?xf32>) -> !tosa.shape<1>
  %sum = tosa.add_shape %d0, %d1 : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<1>
  %c3 = tosa.const_shape {values = dense<3> : tensor<1xindex>} : () -> !tosa.shape<1>
  %s = tosa.concat_shape %sum, %c3 : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<2>
  // new_shape [%x[0] + %y[0], 3]: its 3 * (%x[0] + %y[0]) elements must be
  // %x's %x[0] * %x[1].
  // expected-safe @+2 {{in-bounds}}
  // expected-ub-possible @+1 {{element-count: 3 * %x[0] + 3 * %y[0] != %x[0] * %x[1]}}
  %0 = tosa.reshape %x, %s : (tensor<?x?xf32>, !tosa.shape<2>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
