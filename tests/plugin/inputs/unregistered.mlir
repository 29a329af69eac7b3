// Ops of dialects mlir-opt-22 does not register, in generic form under
// --allow-unregistered-dialect: an IREE entry point importing its argument
// from a HAL buffer view (opaque to symshape: its size is a fresh symbol),
// then StableHLO ops. The add needs the imported batch to equal %y's, the
// broadcast_in_dim maps %b onto dim 1.
func.func @main(%view: !hal.buffer_view, %y: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %d = "hal.buffer_view.dim"(%view) {index = 0 : index} : (!hal.buffer_view) -> index
  %x = "hal.tensor.import"(%view, %d) {target_encoding = tensor<?x4xf32>} : (!hal.buffer_view, index) -> tensor<?x4xf32>
  %0 = "stablehlo.add"(%x, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "stablehlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<2x4xf32>
  %2 = "stablehlo.concatenate"(%0, %1) {dimension = 0 : i64} : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
