// torch-mlir asserts one CSE'd predicate twice, and the same comparison
// once more with its operands swapped. The second and third checks are
// redundant; each is implied by the first, the one that stays after
// `refine --drop-redundant-checks`, never by the other redundant one.
module attributes {torch.debug_module_name = "Duplicates"} {
  func.func @forward(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
    %dim_0 = tensor.dim %arg1, %c0 : tensor<?xf32>
    %0 = arith.cmpi eq, %dim, %dim_0 : index
    cf.assert %0, "mismatched size for broadcast"
    cf.assert %0, "mismatched size for broadcast"
    %1 = arith.cmpi eq, %dim_0, %dim : index
    cf.assert %1, "mismatched size for broadcast"
    return %arg0 : tensor<?xf32>
  }
}
