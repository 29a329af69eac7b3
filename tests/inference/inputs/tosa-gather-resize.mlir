// tosa gather, scatter, resize, reverse and a three-way concat with a dynamic batch: both infer every dim but the batch.
func.func @gather(%v: tensor<?x5x3xf32>, %i: tensor<?x4xi32>, %x: tensor<?x4x3xf32>, %img: tensor<?x4x6x3xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tosa.gather"(%v, %i) : (tensor<?x5x3xf32>, tensor<?x4xi32>) -> tensor<?x?x?xf32>
  %1 = "tosa.scatter"(%v, %i, %x) : (tensor<?x5x3xf32>, tensor<?x4xi32>, tensor<?x4x3xf32>) -> tensor<?x?x?xf32>
  %2 = "tosa.resize"(%img) {mode = "BILINEAR", scale = array<i64: 4, 2, 6, 2>, offset = array<i64: -1, 0>, border = array<i64: 1, 0>} : (tensor<?x4x6x3xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tosa.reverse"(%x) {axis = 1 : i64} : (tensor<?x4x3xf32>) -> tensor<?x?x?xf32>
  %4 = "tosa.concat"(%v, %x, %v) {axis = 1 : i64} : (tensor<?x5x3xf32>, tensor<?x4x3xf32>, tensor<?x5x3xf32>) -> tensor<?x?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}
