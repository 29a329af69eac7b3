// tosa convolutions, pooling and contractions with a dynamic batch: both infer the spatial and channel dims, the batch stays `?`.
func.func @conv(%in: tensor<?x16x16x3xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>, %dw: tensor<3x3x3x2xf32>, %db: tensor<6xf32>, %tw: tensor<4x2x2x8xf32>, %tb: tensor<4xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %0 = "tosa.conv2d"(%in, %w, %b) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<?x16x16x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tosa.depthwise_conv2d"(%in, %dw, %db) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 2, 2>} : (tensor<?x16x16x3xf32>, tensor<3x3x3x2xf32>, tensor<6xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tosa.max_pool2d"(%0) {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %3 = "tosa.avg_pool2d"(%1) {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, acc_type = f32} : (tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %4 = "tosa.transpose_conv2d"(%2, %tw, %tb) {out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, out_shape = array<i64: -1, -1, -1, -1>} : (tensor<?x?x?x?xf32>, tensor<4x2x2x8xf32>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

func.func @contract(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %x: tensor<?x4xf32>, %fw: tensor<6x4xf32>, %fb: tensor<6xf32>) -> (tensor<?x?x?xf32>, tensor<?x?xf32>) {
  %0 = "tosa.matmul"(%a, %b) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<?x?x?xf32>
  %1 = "tosa.fully_connected"(%x, %fw, %fb) : (tensor<?x4xf32>, tensor<6x4xf32>, tensor<6xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?x?xf32>, tensor<?x?xf32>
}
