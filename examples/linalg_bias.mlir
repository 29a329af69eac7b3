// A bias broadcast with linalg.broadcast into a tensor sized from the input
// (seed 002: a static broadcast, no size-1 expansion, mapped dims equal).
//
// symshape check reports:
//  - @bias is safe: the init is built from %x's own dims and the bias maps
//    onto its static 64;
//  - @bias_dynamic maps a bias of unknown length onto %x's unknown width:
//    UB exactly when %x[1] != %b[0] -- a size-1 bias is not expanded.
func.func @bias(%x: tensor<?x64xf32>, %b: tensor<64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x64xf32>
  %init = tensor.empty(%n) : tensor<?x64xf32>
  %0 = linalg.broadcast ins(%b : tensor<64xf32>) outs(%init : tensor<?x64xf32>) dimensions = [0]
  return %0 : tensor<?x64xf32>
}

func.func @bias_dynamic(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%n, %m) : tensor<?x?xf32>
  %0 = linalg.broadcast ins(%b : tensor<?xf32>) outs(%init : tensor<?x?xf32>) dimensions = [0]
  return %0 : tensor<?x?xf32>
}
