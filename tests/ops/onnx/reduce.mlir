// ONNX reductions, ArgMax / ArgMin, TopK and CumSum in both spellings:
// torch-mlir's ONNX importer (`torch.operator "onnx.X"`) and onnx-mlir's
// onnx dialect (`"onnx.X"`, versioned names such as ReduceMeanV13 for the
// older opsets). Each expectation follows the ONNX operator docs (rule ids
// `onnx.<Op>-<opset>`) and SPEC §3-4. A reduction's result is made visible
// by the broadcast of an Add after it.

// ReduceMean at opset 17 reads its axes from the attribute (an input from
// opset 18 on): [?, ?] over axis 1 with keepdims is [%arg0[0], 1], so the
// Add with [?, 15] compares only dim 0 (its dim 1 is 1 and 15).
func.func @reduce_mean_attr(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[?,15],f32>) -> !torch.vtensor<[?,15],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.ReduceMean"(%arg0) {torch.onnx.axes = [1 : si64]} : (!torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,1],f32>
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  %1 = torch.operator "onnx.Add"(%0, %arg1) : (!torch.vtensor<[?,1],f32>, !torch.vtensor<[?,15],f32>) -> !torch.vtensor<[?,15],f32>
  return %1 : !torch.vtensor<[?,15],f32>
}

// ReduceSum-13 with an empty axes input and noop_with_empty_axes = 1
// (test_reduce_sum_empty_axes_input_noop): the input unchanged, [3, 2, 2].
// The same without the noop flag reduces every dim (keepdims: [1, 1, 1]).
func.func @reduce_sum_empty(%arg0: !torch.vtensor<[3,2,2],f32>, %arg1: !torch.vtensor<[0],si64>) -> (!torch.vtensor<[3,2,2],f32>, !torch.vtensor<[1,1,1],f32>) attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.ReduceSum"(%arg0, %arg1) {torch.onnx.keepdims = 1 : si64, torch.onnx.noop_with_empty_axes = 1 : si64} : (!torch.vtensor<[3,2,2],f32>, !torch.vtensor<[0],si64>) -> !torch.vtensor<[3,2,2],f32>
  %1 = torch.operator "onnx.ReduceSum"(%arg0, %arg1) {torch.onnx.keepdims = 1 : si64} : (!torch.vtensor<[3,2,2],f32>, !torch.vtensor<[0],si64>) -> !torch.vtensor<[1,1,1],f32>
  return %0, %1 : !torch.vtensor<[3,2,2],f32>, !torch.vtensor<[1,1,1],f32>
}

// ReduceSum-13 with its axes given at runtime (test_reduce_sum_keepdims_
// example takes them as an input) and keepdims: dim d of [3, 2, 2] is 1
// when the axis names it (-3 or 0 names dim 0), else kept. The axis must
// lie in [-3, 2]; the declared [3, 2, 1] then holds only for -1 and 2.
func.func @reduce_sum_runtime_axes(%arg0: !torch.vtensor<[3,2,2],f32>, %arg1: !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,2,1],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-ub-possible @+4 {{in-bounds: %arg1[0] <= -4 || %arg1[0] >= 3}}
  // expected-ub-possible @+3 {{result-cast dim 0: %arg1[0] in {-3, 0}}}
  // expected-ub-possible @+2 {{result-cast dim 1: %arg1[0] in {-2, 1}}}
  // expected-ub-possible @+1 {{result-cast dim 2: %arg1[0] not in {-1, 2}}}
  %0 = torch.operator "onnx.ReduceSum"(%arg0, %arg1) {torch.onnx.keepdims = 1 : si64} : (!torch.vtensor<[3,2,2],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,2,1],f32>
  return %0 : !torch.vtensor<[3,2,1],f32>
}

// ReduceMean-18 in onnx-mlir's dialect with two runtime axes: each in
// [-3, 2], and the two must name different dims (a0 == a1, or one the
// other's negative spelling). The declared [1, 5, 1] needs dims 0 and 2
// reduced (dim 0 may also be 1 already), and dim 1 (5) kept.
func.func @reduce_mean_runtime_axes(%arg0: tensor<?x5x?xf32>, %arg1: tensor<2xi64>) -> tensor<1x5x1xf32> {
  // expected-ub-possible @+7 {{in-bounds: %arg1[0] <= -4 || %arg1[0] >= 3}}
  // expected-ub-possible @+6 {{in-bounds: %arg1[1] <= -4 || %arg1[1] >= 3}}
  // expected-ub-possible @+5 {{in-bounds: %arg1[0] == %arg1[1] || (%arg1[0] >= 0 && %arg1[1] <= -1 && %arg1[0] == %arg1[1] + 3) || (%arg1[0] <= -1 && %arg1[1] >= 0 && %arg1[0] + 3 == %arg1[1])}}
  // expected-ub-possible @+4 {{result-cast dim 0: %arg0[0] != 1 && %arg1[0] not in {-3, 0} && %arg1[1] not in {-3, 0}}}
  // expected-ub-possible @+3 {{result-cast dim 1: %arg1[0] in {-2, 1} || %arg1[1] in {-2, 1}}}
  // expected-ub-possible @+2 {{result-cast dim 2: %arg0[2] != 1 && %arg1[0] not in {-1, 2} && %arg1[1] not in {-1, 2}}}
  // expected-requires @reduce_mean_runtime_axes {{(%arg1[0] == 2 && %arg1[1] == -3) || (%arg1[0] == 2 && %arg1[1] == 0) || (%arg1[0] == -3 && %arg1[1] == 2) || (%arg1[0] == 0 && %arg1[1] == 2) || (%arg1[0] == -1 && %arg1[1] == -3) || (%arg1[0] == -1 && %arg1[1] == 0) || (%arg1[0] == -3 && %arg1[1] == -1) || (%arg1[0] == 0 && %arg1[1] == -1)}}
  %0 = "onnx.ReduceMean"(%arg0, %arg1) {keepdims = 1 : si64, noop_with_empty_axes = 0 : si64} : (tensor<?x5x?xf32>, tensor<2xi64>) -> tensor<1x5x1xf32>
  onnx.Return %0 : tensor<1x5x1xf32>
}

// Without keepdims, dim j of the result is the input dim with j kept dims
// before it: over [?, 5, ?] one runtime axis a leaves [5, %arg0[2]] (a in
// {0, -3}), [%arg0[0], %arg0[2]] (a in {1, -2}) or [%arg0[0], 5] (a in
// {2, -1}). The declared dim 1 of 5 holds for the last, else needs
// %arg0[2] == 5.
func.func @reduce_max_runtime_axes_dropped(%arg0: tensor<?x5x?xf32>, %arg1: tensor<1xi64>) -> tensor<?x5xf32> {
  // expected-ub-possible @+2 {{in-bounds: %arg1[0] <= -4 || %arg1[0] >= 3}}
  // expected-ub-possible @+1 {{result-cast dim 1: (%arg0[2] != 5 && %arg1[0] == 1) || (%arg0[2] != 5 && %arg1[0] == -2) || (%arg0[2] != 5 && %arg1[0] == -3) || (%arg0[2] != 5 && %arg1[0] == 0)}}
  %0 = "onnx.ReduceMax"(%arg0, %arg1) {keepdims = 0 : si64, noop_with_empty_axes = 0 : si64} : (tensor<?x5x?xf32>, tensor<1xi64>) -> tensor<?x5xf32>
  onnx.Return %0 : tensor<?x5xf32>
}

// ReduceL2-18 as the torch import prints it, two runtime axes dropped from
// [2, 3, 4, 5]: the declared [3, 5] is right only for axes naming dims 0
// and 2, in either order and either spelling: dim 0 of the result is 3
// only when dim 0 is reduced and dim 1 is not, dim 1 is 5 only when dim 3
// is kept.
func.func @reduce_l2_two_runtime_axes_dropped(%arg0: !torch.vtensor<[2,3,4,5],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,5],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+6 {{in-bounds: %arg1[0] <= -5 || %arg1[0] >= 4}}
  // expected-ub-possible @+5 {{in-bounds: %arg1[1] <= -5 || %arg1[1] >= 4}}
  // expected-ub-possible @+4 {{in-bounds: %arg1[0] == %arg1[1] || (%arg1[0] >= 0 && %arg1[1] <= -1 && %arg1[0] == %arg1[1] + 4) || (%arg1[0] <= -1 && %arg1[1] >= 0 && %arg1[0] + 4 == %arg1[1])}}
  // expected-ub-possible @+3 {{result-cast dim 0: (%arg1[0] not in {-4, 0} && %arg1[1] not in {-4, 0}) || %arg1[0] in {-3, 1} || %arg1[1] in {-3, 1}}}
  // expected-ub-possible @+2 {{result-cast dim 1: %arg1[0] >= 3 || %arg1[1] >= 3 || (%arg1[0] <= -1 && %arg1[0] not in {-4, -3, -2}) || (%arg1[1] <= -1 && %arg1[1] not in {-4, -3, -2})}}
  // expected-requires @reduce_l2_two_runtime_axes_dropped {{(%arg1[0] == 2 && %arg1[1] == -4) || (%arg1[0] == 2 && %arg1[1] == 0) || (%arg1[0] == -4 && %arg1[1] == 2) || (%arg1[0] == 0 && %arg1[1] == 2) || (%arg1[0] == -2 && %arg1[1] == -4) || (%arg1[0] == -2 && %arg1[1] == 0) || (%arg1[0] == -4 && %arg1[1] == -2) || (%arg1[0] == 0 && %arg1[1] == -2)}}
  %0 = torch.operator "onnx.ReduceL2"(%arg0, %arg1) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// An axis outside [-r, r-1] is rejected by ONNX shape inference.
func.func @reduce_max_bad_axis(%arg0: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-error @+1 {{rank}}
  %0 = torch.operator "onnx.ReduceMax"(%arg0) {torch.onnx.axes = [2 : si64], torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,2],f32>) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// onnx-mlir's ReduceMeanV13 (axes an attribute), keepdims 0: [?, ?, 4]
// over axes [-2, 0] is [4]; added to [?] that is one broadcast, 4 against
// %arg1[0].
func.func @reduce_mean_v13(%arg0: tensor<?x?x4xf32>, %arg1: tensor<?xf32>) -> tensor<*xf32> {
  %0 = "onnx.ReduceMeanV13"(%arg0) {axes = [-2, 0], keepdims = 0 : si64} : (tensor<?x?x4xf32>) -> tensor<*xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %arg1[0] not in {1, 4}}}
  %1 = "onnx.Add"(%0, %arg1) : (tensor<*xf32>, tensor<?xf32>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

// ReduceSumSquare-18 with no axes input reduces every dim: keepdims gives
// [1, 1], which the declared [1, 1] confirms; with keepdims 0 a rank-0
// result.
func.func @reduce_all(%arg0: tensor<?x?xf32>) -> (tensor<1x1xf32>, tensor<f32>) {
  %0 = "onnx.NoValue"() {value} : () -> none
  %1 = "onnx.ReduceSumSquare"(%arg0, %0) {keepdims = 1 : si64, noop_with_empty_axes = 0 : si64} : (tensor<?x?xf32>, none) -> tensor<1x1xf32>
  %2 = "onnx.ReduceL2"(%arg0, %0) {keepdims = 0 : si64, noop_with_empty_axes = 0 : si64} : (tensor<?x?xf32>, none) -> tensor<f32>
  onnx.Return %1, %2 : tensor<1x1xf32>, tensor<f32>
}

// onnx.ArgMax-13 keepdims 0 over axis 1: [?, 5, ?] -> [%arg0[0], %arg0[2]],
// added to [?, 7]: dim 1 compares %arg0[2] with 7. ArgMin's axis 4 is out of
// range for rank 4 (onnx-mlir's own invalid.mlir case).
func.func @argmax(%arg0: tensor<?x5x?xf32>, %arg1: tensor<1x7xi64>) -> tensor<*xi64> {
  %0 = "onnx.ArgMax"(%arg0) {axis = 1 : si64, keepdims = 0 : si64, select_last_index = 0 : si64} : (tensor<?x5x?xf32>) -> tensor<*xi64>
  // expected-ub-possible @+1 {{broadcast dim 1: %arg0[2] not in {1, 7}}}
  %1 = "onnx.Add"(%0, %arg1) : (tensor<*xi64>, tensor<1x7xi64>) -> tensor<*xi64>
  onnx.Return %1 : tensor<*xi64>
}

func.func @argmin_bad_axis(%arg0: tensor<5x5x1x32xf32>) -> tensor<*xi64> {
  // expected-error @+1 {{rank}}
  %1 = "onnx.ArgMin"(%arg0) { axis = 4 : si64} : (tensor<5x5x1x32xf32>)  -> tensor<*xi64>
  "onnx.Return"(%1) : (tensor<*xi64>) -> ()
}

// onnx.TopK-11 (test_top_k): K, the one element of input 1 (%arg1[0], read
// as a size), must be within the axis' size 4; both outputs are [3, K],
// declared [3, 3]: each cast holds only for K = 3.
func.func @top_k(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[1],si64>) -> (!torch.vtensor<[3,3],f32>, !torch.vtensor<[3,3],si64>) attributes {torch.onnx_meta.ir_version = 6 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+3 {{in-bounds: %arg1[0] >= 5}}
  // expected-ub-possible @+2 {{result-cast dim 1: %arg1[0] != 3}}
  // expected-ub-possible @+1 {{result-cast dim 1: %arg1[0] != 3}}
  %0:2 = torch.operator "onnx.TopK"(%arg0, %arg1) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[1],si64>) -> (!torch.vtensor<[3,3],f32>, !torch.vtensor<[3,3],si64>)
  return %0#0, %0#1 : !torch.vtensor<[3,3],f32>, !torch.vtensor<[3,3],si64>
}

// onnx.CumSum-14 keeps X's shape.
func.func @cumsum(%arg0: tensor<?x3xf64>, %arg1: tensor<i32>, %arg2: tensor<2x?xf64>) -> tensor<*xf64> {
  %0 = "onnx.CumSum"(%arg0, %arg1) {exclusive = 0 : si64, reverse = 0 : si64} : (tensor<?x3xf64>, tensor<i32>) -> tensor<*xf64>
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] not in {1, 2}}}
  // expected-ub-possible @+1 {{broadcast dim 1: %arg2[1] not in {1, 3}}}
  %1 = "onnx.Add"(%0, %arg2) : (tensor<*xf64>, tensor<2x?xf64>) -> tensor<*xf64>
  onnx.Return %1 : tensor<*xf64>
}

// K must be 1-D (onnx-mlir's invalid.mlir: "rank should be < 2").
func.func @top_k_rank(%arg0: tensor<3x4xi64>, %arg1: tensor<1x1xi64>) -> (tensor<*xf32>, tensor<*xi64>) {
  // expected-error @+1 {{rank}}
  %1, %2 = "onnx.TopK"(%arg0, %arg1) {axis = 1 : si64, largest = 1 : si64, sorted = 1 : si64} : (tensor<3x4xi64>, tensor<1x1xi64>) -> (tensor<*xf32>, tensor<*xi64>)
  "onnx.Return"(%1, %2) : (tensor<*xf32>, tensor<*xi64>) -> ()
}
