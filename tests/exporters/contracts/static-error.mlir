// A static error after a runtime check: the linalg.generic adds a
// tensor<3xf32> to a tensor<4xf32>, UB for every run that gets there. The
// check before it stops some runs cleanly; every other run reaches the
// generic. So no run ends well: checked is the check, requires is false.
#map = affine_map<(d0) -> (d0)>
module attributes {torch.debug_module_name = "StaticError"} {
  func.func @forward(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<3xf32>, %arg3: tensor<4xf32>) -> tensor<3xf32> {
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
    %dim_0 = tensor.dim %arg1, %c0 : tensor<?xf32>
    %0 = arith.cmpi eq, %dim, %dim_0 : index
    cf.assert %0, "mismatched size for broadcast"
    %1 = tensor.empty() : tensor<3xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg2, %arg3 : tensor<3xf32>, tensor<4xf32>) outs(%1 : tensor<3xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %3 = arith.addf %in, %in_1 : f32
      linalg.yield %3 : f32
    } -> tensor<3xf32>
    return %2 : tensor<3xf32>
  }
}
