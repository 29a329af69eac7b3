// torch-mlir's linalg-on-tensors output guards dynamic sizes with
// `cf.assert`. Each check is an `assert` obligation: `safe` when earlier
// checks imply it (redundant), `ub-possible` when some inputs fail it (the
// input contract: a note, not an alarm), `ub-guaranteed` when it always
// fails. Once it passed, its predicate holds for every later op, so the
// guarded linalg.generic is safe.
#map = affine_map<(d0, d1) -> (d0, d1)>
module attributes {torch.debug_module_name = "AddModule"} {
  func.func @forward(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
    %dim_1 = tensor.dim %arg1, %c0 : tensor<?x?xf32>
    %0 = arith.cmpi eq, %dim, %dim_1 : index
    // expected-ub-possible @+1 {{assert: %arg0[0] != %arg1[0]}}
    cf.assert %0, "mismatched size for broadcast"
    %dim_2 = tensor.dim %arg1, %c1 : tensor<?x?xf32>
    %1 = arith.cmpi eq, %dim_0, %dim_2 : index
    // expected-ub-possible @+1 {{assert: %arg0[1] != %arg1[1]}}
    cf.assert %1, "mismatched size for broadcast"
    // Implied by the first check: it can never fail.
    %2 = arith.cmpi eq, %dim_1, %dim : index
    // expected-safe @+1 {{assert}}
    cf.assert %2, "mismatched size for broadcast"
    %3 = tensor.empty(%dim, %dim_0) : tensor<?x?xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%3 : tensor<?x?xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %5 = arith.addf %in, %in_3 : f32
      linalg.yield %5 : f32
    } -> tensor<?x?xf32>
    return %4 : tensor<?x?xf32>
  }

  // torch-mlir's "training is not supported" guard compares two i1
  // constants: always true, a redundant check.
  func.func @eval_only(%arg0: tensor<?xf32>) -> tensor<?xf32> {
    %false = arith.constant false
    %0 = arith.cmpi eq, %false, %false : i1
    // expected-safe @+1 {{assert}}
    cf.assert %0, "training is not supported for now"
    return %arg0 : tensor<?xf32>
  }

  // An index computation (a view's product of sizes) checked against a
  // static size: the check reads the arithmetic exactly.
  func.func @view(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
    %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
    %0 = arith.muli %dim, %dim_0 : index
    %1 = arith.cmpi sle, %0, %c12 : index
    // expected-ub-possible @+1 {{assert: %arg0[0] * %arg0[1] >= 13}}
    cf.assert %1, "view size too large"
    return %arg0 : tensor<?x?xf32>
  }

  // A check that fails whatever the sizes: the program always stops there
  // (exit status 1), and what follows is unreachable.
  func.func @always_fails(%arg0: tensor<?xf32>) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c-1 = arith.constant -1 : index
    %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
    %0 = arith.cmpi eq, %dim, %c-1 : index
    // expected-ub-guaranteed @+1 {{assert: true}}
    cf.assert %0, "negative size"
    // expected-unreachable @+1 {{cast dim 0}}
    %1 = tensor.cast %arg0 : tensor<?xf32> to tensor<4xf32>
    return %1 : tensor<4xf32>
  }

  // A predicate computed from data, not sizes: the check is opaque.
  func.func @data_check(%arg0: tensor<4xi1>) {
    %c0 = arith.constant 0 : index
    %extracted = tensor.extract %arg0[%c0] : tensor<4xi1>
    // expected-opaque @+1 {{cf.assert}}
    cf.assert %extracted, "data check"
    return
  }
}
// expected-summary {{safe=4 ub-possible=3 ub-guaranteed=1 error=0 unreachable=1 unknown=0}}
