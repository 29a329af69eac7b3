// Dynamic arguments whose sizes every well-defined execution fixes: the
// bias add makes the batch 8, the subtraction then pins %y's dims, and the
// reduction and reshape follow. The declared types are those sizes;
// tosa-infer-shapes gives up on a (?, 8) pair, symshape reasons under "no
// UB".
func.func @dynamic(%x: tensor<?x64xf32>, %bias: tensor<8x64xf32>, %y: tensor<?x?xf32>) -> (tensor<64xf32>, tensor<8x64xf32>) {
  %0 = tosa.add %x, %bias : (tensor<?x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %1 = tosa.sub %y, %0 : (tensor<?x?xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  %2 = tosa.exp %1 : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %3 = tosa.reduce_sum %2 {axis = 0 : i32} : (tensor<8x64xf32>) -> tensor<1x64xf32>
  %s = tosa.const_shape {values = dense<64> : tensor<1xindex>} : () -> !tosa.shape<1>
  %4 = tosa.reshape %3, %s : (tensor<1x64xf32>, !tosa.shape<1>) -> tensor<64xf32>
  %5 = tosa.abs %x : (tensor<?x64xf32>) -> tensor<?x64xf32>
  %6 = tosa.maximum %5, %0 : (tensor<?x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
  return %4, %6 : tensor<64xf32>, tensor<8x64xf32>
}
