// torch-mlir's linalg-on-tensors lowering of a view whose sizes are runtime
// values, `x.view(x.size(0), 2, 128)` for x of shape [?, 256]: torch allows
// one size to be -1 (inferred), so each runtime size s becomes
// `s < 0 ? numel / (product of the others) : s`, with a check that at most
// one size is negative. The sizes that come from tensor.dim are never
// negative, so each select takes s whatever the division gives (a division
// whose divisor may be 0, which symshape does not read); the reshaped
// tensor then has the input's rows, and the ops after it need no check.
// Expectations derived by hand.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module attributes {torch.debug_module_name = "ViewInferred"} {
  func.func @forward(%arg0: tensor<?x256xf32>) -> tensor<?x2x128xf32> {
    %c0 = arith.constant 0 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %c128_i64 = arith.constant 128 : i64
    %c256_i64 = arith.constant 256 : i64
    %dim = tensor.dim %arg0, %c0 : tensor<?x256xf32>
    %0 = arith.index_cast %dim : index to i64
    %1 = arith.cmpi slt, %0, %c0_i64 : i64
    %2 = arith.select %1, %c1_i64, %0 : i64
    %3 = arith.extui %1 : i1 to i64
    %4 = arith.muli %2, %c256_i64 : i64
    %5 = arith.cmpi sle, %3, %c1_i64 : i64
    // At most one -1 slot: %3 is 0, so the check always holds.
    // expected-safe @+1 {{assert}}
    cf.assert %5, "must have at most one inferred (negative) dimension"
    %6 = arith.muli %0, %c256_i64 : i64
    %7 = arith.divsi %6, %4 : i64
    %8 = arith.select %1, %7, %0 : i64
    %from_elements = tensor.from_elements %8, %c2_i64, %c128_i64 : tensor<3xi64>
    // [%arg0[0], 2, 128]: as many elements as %arg0, nothing to check.
    %reshape = tensor.reshape %arg0(%from_elements) : (tensor<?x256xf32>, tensor<3xi64>) -> tensor<?x2x128xf32>
    %9 = arith.index_cast %8 : i64 to index
    %10 = tensor.empty(%9) : tensor<?x2x128xf32>
    // Both have %arg0[0] rows: the same size, nothing to check.
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%reshape : tensor<?x2x128xf32>) outs(%10 : tensor<?x2x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.negf %in : f32
      linalg.yield %12 : f32
    } -> tensor<?x2x128xf32>
    return %11 : tensor<?x2x128xf32>
  }

  // The two-size form, as in a transformer's head split
  // `qkv.view(qkv.size(0), qkv.size(1), 3, 128)`: the product of the other
  // sizes is chained through selects on both guards. Both guards are false,
  // so the count of negative sizes is 0 and the view is [%arg0[0], %arg0[1],
  // 3, 128]: %arg0[0] * %arg0[1] * 384 elements on both sides.
  func.func @split(%arg0: tensor<?x?x384xf32>) -> tensor<?x?x3x128xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %c3_i64 = arith.constant 3 : i64
    %c128_i64 = arith.constant 128 : i64
    %c384_i64 = arith.constant 384 : i64
    %dim = tensor.dim %arg0, %c0 : tensor<?x?x384xf32>
    %0 = arith.index_cast %dim : index to i64
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?x384xf32>
    %1 = arith.index_cast %dim_0 : index to i64
    %2 = arith.cmpi slt, %0, %c0_i64 : i64
    %3 = arith.select %2, %c1_i64, %0 : i64
    %4 = arith.extui %2 : i1 to i64
    %5 = arith.muli %3, %1 : i64
    %6 = arith.addi %4, %c1_i64 : i64
    %7 = arith.cmpi slt, %1, %c0_i64 : i64
    %8 = arith.select %7, %3, %5 : i64
    %9 = arith.select %7, %6, %4 : i64
    %10 = arith.muli %8, %c384_i64 : i64
    %11 = arith.cmpi sle, %9, %c1_i64 : i64
    // %9 is %4, which is 0: the check always holds.
    // expected-safe @+1 {{assert}}
    cf.assert %11, "must have at most one inferred (negative) dimension"
    %12 = arith.muli %0, %1 : i64
    %13 = arith.muli %12, %c384_i64 : i64
    %14 = arith.divsi %13, %10 : i64
    %15 = arith.select %2, %14, %0 : i64
    %16 = arith.select %7, %14, %1 : i64
    %from_elements = tensor.from_elements %15, %16, %c3_i64, %c128_i64 : tensor<4xi64>
    // The same element count on both sides: nothing to check.
    %reshape = tensor.reshape %arg0(%from_elements) : (tensor<?x?x384xf32>, tensor<4xi64>) -> tensor<?x?x3x128xf32>
    return %reshape : tensor<?x?x3x128xf32>
  }
}
