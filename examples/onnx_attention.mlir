// An ONNX attention block in onnx-mlir's onnx dialect (generic form, which
// mlir-opt reads with --allow-unregistered-dialect), with a
// dynamic batch and sequence that onnx.dim_params names: the mask's first
// dim is the same `batch`, its last one a separate `mask_len`.
//
//   symshape check examples/onnx_attention.mlir    the mask must fit the scores
//   symshape refine examples/onnx_attention.mlir   every tensor<*xf32> made ranked
func.func @main_graph(%x: tensor<?x?x64xf32> {onnx.dim_params = "0:batch,1:seq"}, %mask: tensor<?x?xf32> {onnx.dim_params = "0:batch,1:mask_len"}) -> tensor<*xf32> {
  %w = "onnx.Constant"() {value = dense<5.000000e-01> : tensor<64x64xf32>} : () -> tensor<64x64xf32>
  %q = "onnx.MatMul"(%x, %w) : (tensor<?x?x64xf32>, tensor<64x64xf32>) -> tensor<*xf32>
  %bs = "onnx.Shape"(%x) {end = 2 : si64, start = 0 : si64} : (tensor<?x?x64xf32>) -> tensor<2xi64>
  %heads = "onnx.Constant"() {value = dense<[4, 16]> : tensor<2xi64>} : () -> tensor<2xi64>
  %shape = "onnx.Concat"(%bs, %heads) {axis = 0 : si64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
  %q4 = "onnx.Reshape"(%q, %shape) {allowzero = 0 : si64} : (tensor<*xf32>, tensor<4xi64>) -> tensor<*xf32>
  %qt = "onnx.Transpose"(%q4) {perm = [0, 2, 1, 3]} : (tensor<*xf32>) -> tensor<*xf32>
  %kt = "onnx.Transpose"(%q4) {perm = [0, 2, 3, 1]} : (tensor<*xf32>) -> tensor<*xf32>
  %scores = "onnx.MatMul"(%qt, %kt) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  %axes = "onnx.Constant"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %m = "onnx.Unsqueeze"(%mask, %axes) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<*xf32>
  %masked = "onnx.Add"(%scores, %m) : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
  %p = "onnx.Softmax"(%masked) {axis = -1 : si64} : (tensor<*xf32>) -> tensor<*xf32>
  "onnx.Return"(%p) : (tensor<*xf32>) -> ()
}
