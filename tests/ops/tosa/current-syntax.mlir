// Current MLIR's tosa syntax (TOSA 1.0; mlir-opt-22 reads this file, which
// refine/verifies-in-mlir-opt requires of every file named *current*):
// pretty forms, lists as `!tosa.shape` operands from tosa.const_shape,
// perms as an attribute, enum attributes (rescale's rounding_mode, resize's
// mode), and extra operands (mul's shift, zero points, rescale's multiplier
// and shift) that take no part in the result shape.
func.func @current(%a: tensor<?x4xf32>, %x: tensor<f32>, %y: tensor<f32>) -> (tensor<f32>, tensor<2x?x2xf32>, tensor<2x4xf32>, tensor<9x4xf32>, tensor<4x8xf32>, tensor<4x3xf32>) {
  %s = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // Rank-0 inputs: the one-element shift does not raise the rank.
  // expected-safe @+1 {{rank}}
  %0 = tosa.mul %x, %y, %s : (tensor<f32>, tensor<f32>, tensor<1xi8>) -> tensor<f32>
  %shape = tosa.const_shape {values = dense<[2, -1, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  // The -1 is 4 * %a[0] / 4 = %a[0], so both element counts are the one
  // product 4 * %a[0]: no obligation.
  %1 = tosa.reshape %a, %shape : (tensor<?x4xf32>, !tosa.shape<3>) -> tensor<2x?x2xf32>
  %start = tosa.const_shape {values = dense<[1, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %size = tosa.const_shape {values = dense<[2, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-ub-possible @+1 {{in-bounds: %a[0] <= 2}}
  %2 = tosa.slice %a, %start, %size : (tensor<?x4xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x4xf32>
  %multiples = tosa.const_shape {values = dense<[3, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // 3 * %a[0] rows; from here on %a[0] is 3.
  // expected-ub-possible @+1 {{result-cast dim 0: %a[0] != 3}}
  %3 = tosa.tile %a, %multiples : (tensor<?x4xf32>, !tosa.shape<2>) -> tensor<9x4xf32>
  %pads = tosa.const_shape {values = dense<[0, 1, 2, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %padc = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // [%a[0] + 1, 8] = [4, 8].
  // expected-safe @+1 {{result-cast dim 0}}
  %4 = tosa.pad %a, %pads, %padc : (tensor<?x4xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<4x8xf32>
  // expected-safe @+1 {{result-cast dim 1}}
  %5 = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<?x4xf32>) -> tensor<4x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<f32>, tensor<2x?x2xf32>, tensor<2x4xf32>, tensor<9x4xf32>, tensor<4x8xf32>, tensor<4x3xf32>
}

func.func @zero_points(%m: tensor<1x?x4xf32>, %n: tensor<1x?x5xf32>, %in: tensor<1x?x8x3xf32>, %w: tensor<4x3x3x3xf32>, %bias: tensor<1xf32>, %q: tensor<?x?xi8>, %mul: tensor<?xi32>, %shift: tensor<?xi8>) -> (tensor<1x?x5xf32>, tensor<1x6x6x4xf32>, tensor<?x?xi8>) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %qzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-ub-possible @+1 {{equal: %n[1] != 4}}
  %0 = tosa.matmul %m, %n, %zp, %zp : (tensor<1x?x4xf32>, tensor<1x?x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x?x5xf32>
  // Height %in[1] - 2 (a bias of 1 is fine); width 8 - 2 = 6 is static.
  // expected-ub-possible @+2 {{in-bounds: %in[1] <= 1}}
  // expected-ub-possible @+1 {{result-cast dim 1: %in[1] != 8}}
  %1 = tosa.conv2d %in, %w, %bias, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x?x8x3xf32>, tensor<4x3x3x3xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x4xf32>
  // expected-ub-possible @+1 {{result-cast dim 1: %q[1] != 3}}
  %2 = tosa.negate %q, %qzp, %qzp : (tensor<?x?xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x3xi8>
  // Per channel: one multiplier and one shift per element of the last dim.
  // (Generic form, which current MLIR also reads: its enum attribute is
  // `#tosa.rounding_mode<...>`; @printed_enums has the pretty form.)
  // expected-ub-possible @+2 {{equal: %mul[0] != 3}}
  // expected-ub-possible @+1 {{equal: %shift[0] != 3}}
  %3 = "tosa.rescale"(%q, %mul, %shift, %qzp, %qzp) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<?x?xi8>, tensor<?xi32>, tensor<?xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?xi8>
  return %0, %1, %3 : tensor<1x?x5xf32>, tensor<1x6x6x4xf32>, tensor<?x?xi8>
}

func.func @window(%img: tensor<1x8x?x3xf32>) -> (tensor<1x4x?x3xf32>, tensor<1x16x?x3xf32>) {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // Width floor((%img[2] - 2) / 2) + 1 is never negative.
  // expected-safe @+1 {{in-bounds}}
  %0 = tosa.avg_pool2d %img, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x?x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x?x3xf32>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // Height ((8 - 1) * 4 + 1 + 1) / 2 + 1 = 16; width 2 * %img[2], never
  // negative. (Generic form, as for the rescale above.)
  // expected-safe @+1 {{in-bounds}}
  %1 = "tosa.resize"(%img, %scale, %offset, %border) <{mode = #tosa.resize_mode<BILINEAR>}> : (tensor<1x8x?x3xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x16x?x3xf32>
  return %0, %1 : tensor<1x4x?x3xf32>, tensor<1x16x?x3xf32>
}
// The pretty forms mlir-opt-22 prints (and the pass plugin hands to
// symshape): an enum attribute as a bare word, `rounding_mode =
// SINGLE_ROUND`, `mode = BILINEAR`, `nan_mode = IGNORE`, judged as the
// generic forms above. Here the channel count is %q[1], not 3.
func.func @printed_enums(%q: tensor<?x?xi8>, %mul: tensor<?xi32>, %shift: tensor<?xi8>, %img: tensor<1x8x?x3xf32>) -> (tensor<?x?xi8>, tensor<1x16x?x3xf32>, tensor<1x8x?x3xf32>) {
  %qzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  // expected-ub-possible @+2 {{equal: %q[1] != %mul[0]}}
  // expected-ub-possible @+1 {{equal: %q[1] != %shift[0]}}
  %0 = tosa.rescale %q, %mul, %shift, %qzp, %qzp {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<?x?xi8>, tensor<?xi32>, tensor<?xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<?x?xi8>
  %scale = tosa.const_shape {values = dense<[4, 2, 4, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = tosa.const_shape {values = dense<[-1, -1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = tosa.const_shape {values = dense<[1, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-safe @+1 {{in-bounds}}
  %1 = tosa.resize %img, %scale, %offset, %border {mode = BILINEAR} : (tensor<1x8x?x3xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x16x?x3xf32>
  %2 = tosa.clamp %img {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = IGNORE} : (tensor<1x8x?x3xf32>) -> tensor<1x8x?x3xf32>
  return %0, %1, %2 : tensor<?x?xi8>, tensor<1x16x?x3xf32>, tensor<1x8x?x3xf32>
}
// expected-summary {{safe=6 ub-possible=10 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
