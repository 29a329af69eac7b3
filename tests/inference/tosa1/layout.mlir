// Data-layout ops of TOSA 1.0 with their shape operands: slice (start and
// size as const_shape), tile (multiples), concat, reverse, and a
// broadcasting select and greater.
func.func @layout(%x: tensor<6x10xf32>, %y: tensor<6x4xf32>, %c: tensor<1x14xi1>) -> (tensor<6x14xf32>, tensor<12x8xf32>, tensor<6x14xi1>) {
  %start = tosa.const_shape {values = dense<[0, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[6, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.slice %x, %start, %size : (tensor<6x10xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x4xf32>
  %1 = tosa.add %0, %y : (tensor<6x4xf32>, tensor<6x4xf32>) -> tensor<6x4xf32>
  %2 = tosa.concat %x, %1 {axis = 1 : i32} : (tensor<6x10xf32>, tensor<6x4xf32>) -> tensor<6x14xf32>
  %3 = tosa.reverse %2 {axis = 0 : i32} : (tensor<6x14xf32>) -> tensor<6x14xf32>
  %multiples = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %4 = tosa.tile %1, %multiples : (tensor<6x4xf32>, !tosa.shape<2>) -> tensor<12x8xf32>
  %5 = tosa.select %c, %3, %2 : (tensor<1x14xi1>, tensor<6x14xf32>, tensor<6x14xf32>) -> tensor<6x14xf32>
  %6 = tosa.greater %5, %3 : (tensor<6x14xf32>, tensor<6x14xf32>) -> tensor<6x14xi1>
  return %5, %4, %6 : tensor<6x14xf32>, tensor<12x8xf32>, tensor<6x14xi1>
}
