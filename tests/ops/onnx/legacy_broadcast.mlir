// The binary operators before opset 7 (Add-6, Mul-6, ...; ONNX operator
// docs): the output has A's shape. With `broadcast = 1`, B "can either be
// of element size 1 (...), or having its shape as a contiguous subset of
// the first tensor's shape", starting at `axis` (suffix matching when it
// is not set); without it B has A's shape.

// A per-channel scale and bias (axis 1), as old Caffe2 / ONNX-1 models
// write batch norms: B [64] is A's dim 1.
func.func @per_channel(%x: tensor<?x64x?x?xf32>, %s: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<?x64x?x?xf32> {
  %0 = "onnx.Mul"(%x, %s) {axis = 1 : si64, broadcast = 1 : si64} : (tensor<?x64x?x?xf32>, tensor<64xf32>) -> tensor<*xf32>
  %1 = "onnx.Add"(%0, %b) {axis = 1 : si64, broadcast = 1 : si64} : (tensor<*xf32>, tensor<64xf32>) -> tensor<*xf32>
  %2 = "onnx.Relu"(%1) : (tensor<*xf32>) -> tensor<?x64x?x?xf32>
  onnx.Return %2 : tensor<?x64x?x?xf32>
}

// Suffix matching (no axis): B [?] is A's last dim or a single element;
// a runtime B of neither is UB.
func.func @suffix(%x: tensor<2x?xf32>, %y: tensor<?xf32>) -> tensor<*xf32> {
  // expected-ub-possible @+1 {{broadcast dim 1}}
  %0 = "onnx.Add"(%x, %y) {broadcast = 1 : si64} : (tensor<2x?xf32>, tensor<?xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// A one-element B broadcasts anywhere; a B matching A's dims 1..2 too.
func.func @one_element(%x: tensor<2x3x4xf32>, %y: tensor<1x1xf32>, %z: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "onnx.Sub"(%x, %y) {broadcast = 1 : si64} : (tensor<2x3x4xf32>, tensor<1x1xf32>) -> tensor<*xf32>
  %1 = "onnx.Div"(%0, %z) {axis = 1 : si64, broadcast = 1 : si64} : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  onnx.Return %1 : tensor<2x3x4xf32>
}

// Planted: B [64] against A's dim 1 of 32: the static types already rule
// every run out.
func.func @planted_channels(%x: tensor<1x32x8x8xf32>, %s: tensor<64xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{broadcast}}
  %0 = "onnx.Mul"(%x, %s) {axis = 1 : si64, broadcast = 1 : si64} : (tensor<1x32x8x8xf32>, tensor<64xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// Planted: without `broadcast` B must have A's shape; a B of higher rank
// is rejected.
func.func @planted_no_broadcast(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>, %z: tensor<2x2x4xf32>) -> tensor<*xf32> {
  // expected-ub-possible @+1 {{equal}}
  %0 = "onnx.Add"(%x, %y) {broadcast = 0 : si64} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
  // expected-error @+1 {{rank}}
  %1 = "onnx.Add"(%x, %z) {broadcast = 1 : si64} : (tensor<?x4xf32>, tensor<2x2x4xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}
