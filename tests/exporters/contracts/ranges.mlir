// Checks that bound one size from both sides and exclude a value inside
// (as torch-mlir asserts a view's bounds): the contract merges them into a
// range, `%arg0[0] in [2, 6] && %arg0[0] != 4`, instead of a disjunction of
// cases. The last check is implied by the two before it.
module attributes {torch.debug_module_name = "Ranges"} {
  func.func @forward(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
    %dim_0 = tensor.dim %arg1, %c0 : tensor<?xf32>
    %0 = arith.cmpi sge, %dim, %c2 : index
    cf.assert %0, "expected at least 2 rows"
    %1 = arith.cmpi sle, %dim, %c6 : index
    cf.assert %1, "expected at most 6 rows"
    %2 = arith.cmpi ne, %dim, %c4 : index
    cf.assert %2, "4 rows are not supported"
    %3 = arith.cmpi sgt, %dim_0, %dim : index
    cf.assert %3, "expected more columns than rows"
    %4 = arith.cmpi sge, %dim_0, %c2 : index
    cf.assert %4, "expected at least 2 columns"
    return %arg0 : tensor<?xf32>
  }
}
