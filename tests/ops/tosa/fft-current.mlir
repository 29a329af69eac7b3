// tosa.fft2d and tosa.rfft2d (TOSA spec; current MLIR's generic form):
// FFT2D's real and imaginary inputs are both [N, H, W], as are its two
// outputs; RFFT2D's input [N, H, W] gives two [N, H, W / 2 + 1] outputs.

func.func @fft(%re: tensor<1x?x8xf32>, %im: tensor<1x4x?xf32>) -> (tensor<1x?x8xf32>, tensor<1x?x8xf32>) {
  // expected-ub-possible @+2 {{equal: %re[1] != 4}}
  // expected-ub-possible @+1 {{equal: %im[2] != 8}}
  %0, %1 = "tosa.fft2d"(%re, %im) {inverse = false} : (tensor<1x?x8xf32>, tensor<1x4x?xf32>) -> (tensor<1x?x8xf32>, tensor<1x?x8xf32>)
  return %0, %1 : tensor<1x?x8xf32>, tensor<1x?x8xf32>
}

func.func @rfft(%x: tensor<?x4x8xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x5xf32>) {
  // [%x[0], 4, 8 / 2 + 1 = 5] twice, each declared with N = 2.
  // expected-ub-possible @+2 {{result-cast dim 0: %x[0] != 2}}
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0, %1 = "tosa.rfft2d"(%x) : (tensor<?x4x8xf32>) -> (tensor<2x4x5xf32>, tensor<2x4x5xf32>)
  return %0, %1 : tensor<2x4x5xf32>, tensor<2x4x5xf32>
}
