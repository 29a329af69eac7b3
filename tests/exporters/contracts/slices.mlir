// Two slices of %arg0 with sizes given as integers (an i64 cast to index,
// and an index), as torch-mlir lowers aten.slice: each is in bounds when
// its size is in [0, %arg0[0]]. The integers may be negative. The contract
// is the and of the two ranges, not their cases multiplied out.
module attributes {torch.debug_module_name = "Slices"} {
  func.func @forward(%arg0: tensor<?xf32>, %arg1: i64, %arg2: index) -> (tensor<?xf32>, tensor<?xf32>) {
    %0 = arith.index_cast %arg1 : i64 to index
    %extracted_slice = tensor.extract_slice %arg0[0] [%0] [1] : tensor<?xf32> to tensor<?xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0] [%arg2] [1] : tensor<?xf32> to tensor<?xf32>
    return %extracted_slice, %extracted_slice_0 : tensor<?xf32>, tensor<?xf32>
  }
}
