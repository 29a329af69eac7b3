// A linear layer as torch-mlir's linalg-on-tensors backend prints it: every
// dynamic size is guarded by a `cf.assert` before the op that needs it.
//
// symshape check reports (exit 0: no UB can happen):
//  - the contracting-dimension check can fail: part of the input contract
//    of @forward (a note, not an alarm), failing exactly when
//    %arg0[1] != %arg1[0];
//  - the bias check can fail too, exactly when %arg1[1] != %arg2[0];
//  - the second contracting-dimension check is redundant (`safe`);
//  - the matmul and the bias add are safe: the checks tie their sizes.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module attributes {torch.debug_module_name = "Linear"} {
  func.func @forward(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<?xf32>) -> tensor<?x?xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
    %dim_1 = tensor.dim %arg1, %c0 : tensor<?x?xf32>
    %dim_2 = tensor.dim %arg1, %c1 : tensor<?x?xf32>
    %0 = arith.cmpi eq, %dim_0, %dim_1 : index
    cf.assert %0, "mismatching contracting dimension for torch.aten.mm"
    %1 = tensor.empty(%dim, %dim_2) : tensor<?x?xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<?x?xf32>) -> tensor<?x?xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%2 : tensor<?x?xf32>) -> tensor<?x?xf32>
    %dim_3 = tensor.dim %arg2, %c0 : tensor<?xf32>
    %4 = arith.cmpi eq, %dim_2, %dim_3 : index
    cf.assert %4, "mismatched size for broadcast"
    %5 = arith.cmpi eq, %dim_1, %dim_0 : index
    cf.assert %5, "mismatching contracting dimension for torch.aten.mm"
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %arg2 : tensor<?x?xf32>, tensor<?xf32>) outs(%1 : tensor<?x?xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %7 = arith.addf %in, %in_4 : f32
      linalg.yield %7 : f32
    } -> tensor<?x?xf32>
    return %6 : tensor<?x?xf32>
  }
}
