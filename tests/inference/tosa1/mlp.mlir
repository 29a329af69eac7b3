// A two-layer MLP block in TOSA 1.0 as torch-mlir lowers it: flatten the
// batch, 3-D matmuls with zero-point operands, bias add, clamp, residual
// add and a scale multiply with its shift operand.
func.func @mlp(%x: tensor<4x16x64xf32>, %w1: tensor<1x64x128xf32>, %b1: tensor<1x1x128xf32>, %w2: tensor<1x128x64xf32>, %b2: tensor<1x1x64xf32>) -> tensor<4x16x64xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %flat = tosa.const_shape {values = dense<[1, 64, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %0 = tosa.reshape %x, %flat : (tensor<4x16x64xf32>, !tosa.shape<3>) -> tensor<1x64x64xf32>
  %1 = tosa.matmul %0, %w1, %zp, %zp : (tensor<1x64x64xf32>, tensor<1x64x128xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x128xf32>
  %2 = tosa.add %1, %b1 : (tensor<1x64x128xf32>, tensor<1x1x128xf32>) -> tensor<1x64x128xf32>
  %3 = tosa.clamp %2 {max_val = 3.40282347E+38 : f32, min_val = 0.0 : f32} : (tensor<1x64x128xf32>) -> tensor<1x64x128xf32>
  %4 = tosa.matmul %3, %w2, %zp, %zp : (tensor<1x64x128xf32>, tensor<1x128x64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x64x64xf32>
  %5 = tosa.add %4, %b2 : (tensor<1x64x64xf32>, tensor<1x1x64xf32>) -> tensor<1x64x64xf32>
  %back = tosa.const_shape {values = dense<[4, 16, 64]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %6 = tosa.reshape %5, %back : (tensor<1x64x64xf32>, !tosa.shape<3>) -> tensor<4x16x64xf32>
  %7 = tosa.add %6, %x : (tensor<4x16x64xf32>, tensor<4x16x64xf32>) -> tensor<4x16x64xf32>
  %scale = "tosa.const"() <{values = dense<0.5> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %8 = tosa.mul %7, %scale, %shift : (tensor<4x16x64xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<4x16x64xf32>
  return %8 : tensor<4x16x64xf32>
}
