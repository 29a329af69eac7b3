// stablehlo.fft / mhlo.fft in the custom form StableHLO prints and the
// generic forms of both dialects. Expectations by hand from the StableHLO
// spec: with L = size(fft_length), the real tensor (RFFT's operand,
// IRFFT's result) ends in fft_length (fft_c4); every other dim of the
// result is the operand's, and the complex side's last dim is
// fft_length[-1] / 2 + 1 (fft_c5); FFT and IFFT keep the shape.

func.func @rfft(%x: tensor<?x?xf32>) -> tensor<?x5xcomplex<f32>> {
  // The real operand's last dim must be 8; the result's is 8 / 2 + 1 = 5,
  // as declared.
  // expected-ub-possible @+1 {{equal: %x[1] != 8}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<?x?xf32>) -> tensor<?x5xcomplex<f32>>
  return %0 : tensor<?x5xcomplex<f32>>
}

func.func @irfft(%c: tensor<4x?x?xcomplex<f32>>) -> tensor<4x4x6xf32> {
  // By [4, 6]: dim 1 is fft_length[0] = 4 (the result's, which is the
  // operand's), the last is 6 / 2 + 1 = 4. The result [4, %c[1], 6] then
  // matches the declared 4x4x6: its cast of %c[1] to 4 is safe.
  // expected-ub-possible @+2 {{equal: %c[1] != 4}}
  // expected-ub-possible @+1 {{equal: %c[2] != 4}}
  %0 = stablehlo.fft %c, type = IRFFT, length = [4, 6] : (tensor<4x?x?xcomplex<f32>>) -> tensor<4x4x6xf32>
  return %0 : tensor<4x4x6xf32>
}

func.func @fft_keeps_shape(%c: tensor<?x?xcomplex<f32>>) {
  // FFT has no real tensor: no requirement on the dims against length 3,
  // the result is [%c[0], %c[1]].
  %0 = stablehlo.fft %c, type = FFT, length = [3] : (tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  // IFFT keeps it too: the declared 7 casts %c[1].
  // expected-ub-possible @+1 {{result-cast dim 1: %c[1] != 7}}
  %1 = "stablehlo.fft"(%0) {fft_length = array<i64: 3>, fft_type = #stablehlo<fft_type IFFT>} : (tensor<?x?xcomplex<f32>>) -> tensor<?x7xcomplex<f32>>
  return
}

func.func @static(%a: tensor<3x10xf32>, %b: tensor<3x9xcomplex<f32>>, %f: tensor<3x9xf32>) {
  // 10 columns transformed by [9]: the verifier's error (fft_c4).
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.fft"(%a) {fft_length = array<i64: 9>, fft_type = #stablehlo<fft_type RFFT>} : (tensor<3x10xf32>) -> tensor<?x?xcomplex<f32>>
  // IRFFT by [16]: 9 = 16 / 2 + 1 columns hold, but the result is 3x16,
  // not the declared 3x9.
  // expected-error @+1 {{result-cast dim 1}}
  %1 = "mhlo.fft"(%b) <{fft_length = dense<16> : tensor<1xi64>, fft_type = #mhlo<fft_type IRFFT>}> : (tensor<3x9xcomplex<f32>>) -> tensor<3x9xf32>
  // RFFT by [9] of 3x9: 3x5, as declared.
  %2 = "mhlo.fft"(%f) <{fft_length = dense<9> : tensor<1xi64>, fft_type = #mhlo<fft_type RFFT>}> : (tensor<3x9xf32>) -> tensor<3x5xcomplex<f32>>
  return
}

func.func @not_understood(%x: tensor<3x9xf32>, %v: tensor<9xcomplex<f32>>, %u: tensor<*xcomplex<f32>>) {
  // Four lengths (fft_c3), a rank below size(fft_length) (fft_c1), an
  // fft_type the rule does not know, an unranked operand, and IRFFT with
  // a last length of 0 (the verifier also allows a last operand dim of
  // 1 there, the spec only 0): opaque, not guessed.
  // expected-opaque @+1 {{stablehlo.fft}}
  %0 = "stablehlo.fft"(%x) {fft_length = array<i64: 9, 9, 9, 9>, fft_type = #stablehlo<fft_type RFFT>} : (tensor<3x9xf32>) -> tensor<3x9xcomplex<f32>>
  // expected-opaque @+1 {{stablehlo.fft}}
  %1 = "stablehlo.fft"(%v) {fft_length = array<i64: 3, 3>, fft_type = #stablehlo<fft_type FFT>} : (tensor<9xcomplex<f32>>) -> tensor<9xcomplex<f32>>
  // expected-opaque @+1 {{stablehlo.fft}}
  %2 = "stablehlo.fft"(%v) {fft_length = array<i64: 9>, fft_type = #stablehlo<fft_type DCT>} : (tensor<9xcomplex<f32>>) -> tensor<9xcomplex<f32>>
  // expected-opaque @+1 {{mhlo.fft}}
  %3 = "mhlo.fft"(%u) {fft_length = dense<9> : tensor<1xi64>, fft_type = #mhlo<fft_type FFT>} : (tensor<*xcomplex<f32>>) -> tensor<*xcomplex<f32>>
  // expected-opaque @+1 {{stablehlo.fft}}
  %4 = stablehlo.fft %v, type = IRFFT, length = [0] : (tensor<9xcomplex<f32>>) -> tensor<0xf32>
  return
}
