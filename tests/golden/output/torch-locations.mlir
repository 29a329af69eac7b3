// RUN: check %s
// EXIT: 1
// torch-mlir's linalg-on-tensors output of an nn.Module printed with its
// debug locations (here as mlir-opt-22 --mlir-print-debuginfo prints it):
// each op's loc(...) is the Python line it came from, a call of a nested
// module a call site. A finding is reported at the model's line, then the
// MLIR op with its source line, then the lines that called it.
//
// The broadcast guard can fail (the input contract: a note) unless both
// batches are equal; the cast to the declared batch 8 is UB unless it is 8.
#loc = loc(unknown)
#loc1 = loc("/home/user/model.py":14:0)
#loc2 = loc("/home/user/model.py":25:0)
#map = affine_map<(d0, d1) -> (d0, d1)>
#loc4 = loc(callsite(#loc1 at #loc2))
module attributes {torch.debug_module_name = "Residual"} {
  func.func @forward(%arg0: tensor<?x4xf32> loc(unknown), %arg1: tensor<?x4xf32> loc(unknown)) -> tensor<8x4xf32> {
    %c0 = arith.constant 0 : index loc(#loc4)
    %dim = tensor.dim %arg0, %c0 : tensor<?x4xf32> loc(#loc4)
    %dim_0 = tensor.dim %arg1, %c0 : tensor<?x4xf32> loc(#loc4)
    %0 = arith.cmpi eq, %dim, %dim_0 : index loc(#loc4)
    cf.assert %0, "mismatched size for broadcast" loc(#loc4)
    %1 = tensor.empty(%dim) : tensor<?x4xf32> loc(#loc4)
    %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%1 : tensor<?x4xf32>) {
    ^bb0(%in: f32 loc(callsite(#loc1 at #loc2)), %in_1: f32 loc(callsite(#loc1 at #loc2)), %out: f32 loc(callsite(#loc1 at #loc2))):
      %3 = arith.addf %in, %in_1 : f32 loc(#loc4)
      linalg.yield %3 : f32 loc(#loc4)
    } -> tensor<?x4xf32> loc(#loc4)
    %cast = tensor.cast %2 : tensor<?x4xf32> to tensor<8x4xf32> loc(#loc3)
    return %cast : tensor<8x4xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc3 = loc("/home/user/model.py":26:0)

