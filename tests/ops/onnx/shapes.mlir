// The ONNX shape operators in both spellings, each from the ONNX operator
// docs of its opset (rule ids `onnx.<Op>-<opset>`): Reshape with a shape
// computed by Shape / Gather / Unsqueeze / Concat, Expand, Transpose,
// Flatten, Concat, Squeeze, Split, Slice, Tile, Pad, DepthToSpace. First as
// torch-mlir's ONNX importer prints them, then as onnx-mlir's onnx dialect.

// x.reshape(x.shape[0], 12), as PyTorch's ONNX exporter spells it: the
// shape [%arg0[0], 12] is computed element by element, so the element
// count %arg0[0] * 12 is kept whatever %arg0[0] is (nothing to report).
func.func @reshape_computed_shape(%arg0: !torch.vtensor<[?,3,4],f32>) -> !torch.vtensor<[?,12],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Shape"(%arg0) : (!torch.vtensor<[?,3,4],f32>) -> !torch.vtensor<[3],si64> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<si64>} : () -> !torch.vtensor<[],si64> 
  %2 = torch.operator "onnx.Gather"(%0, %1) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[3],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[],si64> 
  %3 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %4 = torch.operator "onnx.Unsqueeze"(%2, %3) : (!torch.vtensor<[],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
  %5 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<12> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %6 = torch.operator "onnx.Concat"(%4, %5) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[2],si64> 
  %7 = torch.operator "onnx.Reshape"(%arg0, %6) : (!torch.vtensor<[?,3,4],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,12],f32> 
  return %7 : !torch.vtensor<[?,12],f32>
}

// Reshape to [0, -1, 5] (onnx.Reshape-14): the 0 copies %arg0[0], the -1
// is (%arg0[0] * %arg0[1]) / (%arg0[0] * 5): the element count is kept
// only when %arg0[0] * 5 is not 0 and divides it, i.e. when %arg0[0] != 0
// and 5 divides %arg0[1]. With allowzero = 1 the 0 would be a size 0, and
// a 0 with a -1 is invalid (an error).
func.func @reshape_zero_infer(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[?,?],f32>) -> (!torch.vtensor<[?,?,5],f32>, !torch.vtensor<[?,?,5],f32>) attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[0, -1, 5]> : tensor<3xsi64>} : () -> !torch.vtensor<[3],si64> 
  // expected-ub-possible @+1 {{element-count}}
  %1 = torch.operator "onnx.Reshape"(%arg0, %0) : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[3],si64>) -> !torch.vtensor<[?,?,5],f32> 
  // expected-error @+1 {{rank}}
  %2 = torch.operator "onnx.Reshape"(%arg1, %0) {torch.onnx.allowzero = 1 : si64} : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[3],si64>) -> !torch.vtensor<[?,?,5],f32> 
  return %1, %2 : !torch.vtensor<[?,?,5],f32>, !torch.vtensor<[?,?,5],f32>
}

// Expand (onnx.Expand-13) broadcasts both ways: [?] with the shape of
// [?, 3] is [%arg1[0], broadcast(%arg0[0], 3)]: UB unless %arg0[0] is 1
// or 3. The result type [?,3] is what it computes.
func.func @expand_shape_of(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Shape"(%arg1) : (!torch.vtensor<[?,3],f32>) -> !torch.vtensor<[2],si64> 
  // expected-ub-possible @+1 {{broadcast dim 1: %arg0[0] not in {1, 3}}}
  %1 = torch.operator "onnx.Expand"(%arg0, %0) : (!torch.vtensor<[?],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,3],f32> 
  return %1 : !torch.vtensor<[?,3],f32>
}

// Transpose without perm reverses the dims; Flatten at axis 1 gives
// [4, %arg0[1] * 2]; Concat on axis 1 needs equal dims 0 (4 and
// %arg1[0]) and adds dims 1.
func.func @transpose_flatten_concat(%arg0: !torch.vtensor<[2,?,4],f32>, %arg1: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[4,?],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Transpose"(%arg0) : (!torch.vtensor<[2,?,4],f32>) -> !torch.vtensor<[4,?,2],f32> 
  %1 = torch.operator "onnx.Flatten"(%0) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[4,?,2],f32>) -> !torch.vtensor<[4,?],f32> 
  // expected-ub-possible @+1 {{equal: %arg1[0] != 4}}
  %2 = torch.operator "onnx.Concat"(%1, %arg1) {torch.onnx.axis = 1 : si64} : (!torch.vtensor<[4,?],f32>, !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[4,?],f32> 
  return %2 : !torch.vtensor<[4,?],f32>
}

// Squeeze (onnx.Squeeze-13) of axis 0 needs %arg0[0] == 1; Split into two
// equal parts (onnx.Split-13, no `split`) needs an even %arg0[2].
func.func @squeeze_split(%arg0: !torch.vtensor<[?,3,?],f32>) -> (!torch.vtensor<[3,?],f32>, !torch.vtensor<[3,?],f32>) attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  // expected-ub-possible @+1 {{equal: %arg0[0] != 1}}
  %1 = torch.operator "onnx.Squeeze"(%arg0, %0) : (!torch.vtensor<[?,3,?],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,?],f32> 
  // expected-ub-possible @+1 {{equal}}
  %2:2 = torch.operator "onnx.Split"(%1) {torch.onnx.axis = -1 : si64} : (!torch.vtensor<[3,?],f32>) -> (!torch.vtensor<[3,?],f32>, !torch.vtensor<[3,?],f32>) 
  return %2#0, %2#1 : !torch.vtensor<[3,?],f32>, !torch.vtensor<[3,?],f32>
}

// Slice (onnx.Slice-13): [2:INT64_MAX] of a dim of 10 keeps 8; a reversed
// slice [-1:-INT64_MAX:-1] starts at 9 and ends before -1: all 10. Tile by
// [3, 1] and Pad by [0, 1, 0, 1] (onnx.Pad-13: begins then ends) give
// [3 * %arg0[0], 10]; the declared 2 of DepthToSpace (blocksize 2: [1, C,
// 2, 3] to [1, C / 4, 4, 6]) needs C divisible by 4, and floor(C / 4) ==
// 2 (the result-cast assumes nothing of its sibling requirement).
func.func @slice_tile_pad(%arg0: !torch.vtensor<[?,10],f32>, %arg1: !torch.vtensor<[1,?,2,3],f32>) -> (!torch.vtensor<[?,8],f32>, !torch.vtensor<[?,10],f32>, !torch.vtensor<[?,10],f32>, !torch.vtensor<[1,2,4,6],f32>) attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<2> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<9223372036854775807> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %3 = torch.operator "onnx.Slice"(%arg0, %0, %1, %2) : (!torch.vtensor<[?,10],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,8],f32> 
  %4 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %5 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-9223372036854775807> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %6 = torch.operator "onnx.Slice"(%arg0, %4, %5, %2, %4) : (!torch.vtensor<[?,10],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?,10],f32> 
  %7 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[3, 1]> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
  %8 = torch.operator "onnx.Tile"(%6, %7) : (!torch.vtensor<[?,10],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,10],f32> 
  %9 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[0, 1, 0, 1]> : tensor<4xsi64>} : () -> !torch.vtensor<[4],si64> 
  %10 = torch.operator "onnx.Pad"(%3, %9) {torch.onnx.mode = "constant"} : (!torch.vtensor<[?,8],f32>, !torch.vtensor<[4],si64>) -> !torch.vtensor<[?,10],f32> 
  // expected-ub-possible @+2 {{equal}}
  // expected-ub-possible @+1 {{result-cast dim 1: (%arg1[1] floordiv 4) != 2}}
  %11 = torch.operator "onnx.DepthToSpace"(%arg1) {torch.onnx.blocksize = 2 : si64} : (!torch.vtensor<[1,?,2,3],f32>) -> !torch.vtensor<[1,2,4,6],f32> 
  return %3, %8, %10, %11 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[?,10],f32>, !torch.vtensor<[?,10],f32>, !torch.vtensor<[1,2,4,6],f32>
}

// onnx-mlir's onnx dialect: the same rules under the dialect's names.
// Reshape to [Dim 0, Dim 1, 32, 64]: a Dim may be 0 at runtime, and a 0
// copies the input dim at its index, which is that same size: the count
// %arg0[0] * %arg0[1] * 2048 is kept (nothing to report).
func.func @onnx_reshape_dims(%arg0: tensor<?x?x2048xf32>) -> tensor<?x?x32x64xf32> {
  %0 = onnx.Constant dense<[32, 64]> : tensor<2xi64>
  %1 = "onnx.Dim"(%arg0) {axis = 0 : si64} : (tensor<?x?x2048xf32>) -> tensor<1xi64>
  %2 = "onnx.Dim"(%arg0) {axis = 1 : si64} : (tensor<?x?x2048xf32>) -> tensor<1xi64>
  %3 = "onnx.Concat"(%1, %2, %0) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>, tensor<2xi64>) -> tensor<4xi64>
  %4 = "onnx.Reshape"(%arg0, %3) {allowzero = 0 : si64} : (tensor<?x?x2048xf32>, tensor<4xi64>) -> tensor<?x?x32x64xf32>
  "onnx.Return"(%4) : (tensor<?x?x32x64xf32>) -> ()
}

// The opset-11 forms keep `axes` and `split` as attributes: UnsqueezeV11
// at [0, 2] gives [1, %arg0[0], 1, 10], SqueezeV11 at [0, -2] removes the
// two 1s again; SplitV11 into [2, 3] needs %arg0[1] == 5.
func.func @onnx_v11_attributes(%arg0: tensor<?x10xf32>, %arg1: tensor<?x?xf32>) -> (tensor<?x10xf32>, tensor<?x2xf32>, tensor<?x3xf32>) {
  %0 = "onnx.UnsqueezeV11"(%arg0) {axes = [0, 2]} : (tensor<?x10xf32>) -> tensor<1x?x1x10xf32>
  %1 = "onnx.SqueezeV11"(%0) {axes = [0, -2]} : (tensor<1x?x1x10xf32>) -> tensor<?x10xf32>
  // expected-ub-possible @+1 {{equal: %arg1[1] != 5}}
  %2:2 = "onnx.SplitV11"(%arg1) {axis = 1 : si64, split = [2, 3]} : (tensor<?x?xf32>) -> (tensor<?x2xf32>, tensor<?x3xf32>)
  "onnx.Return"(%1, %2#0, %2#1) : (tensor<?x10xf32>, tensor<?x2xf32>, tensor<?x3xf32>) -> ()
}

// Static violations are errors, as ONNX shape inference rejects them:
// Concat's dims 2 differ (1 and 3). A constant Gather index 4 is outside
// [-4, 3] for the gathered size 4: every run fails (in-bounds).
func.func @onnx_static(%arg0: tensor<5x5x1x32xf32>, %arg1: tensor<5x5x3x32xf32>, %arg2: tensor<?x4xf32>) -> (tensor<*xf32>, tensor<?x2xf32>) {
  // expected-error @+1 {{rank}}
  %0 = "onnx.Concat"(%arg0, %arg1) {axis = 1 : si64} : (tensor<5x5x1x32xf32>, tensor<5x5x3x32xf32>) -> tensor<*xf32>
  %1 = onnx.Constant dense<[0, 4]> : tensor<2xi64>
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %2 = "onnx.Gather"(%arg2, %1) {axis = 1 : si64} : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<?x2xf32>
  "onnx.Return"(%0, %2) : (tensor<*xf32>, tensor<?x2xf32>) -> ()
}

// Unsqueeze-21 with its axes given at runtime (test_unsqueeze_two_axes
// takes them as an input): the output has rank 3; the axis must lie in
// [-3, 2], and output dim j is 1 where it names j, else input dim j less
// the axes before j. The declared [3, 4, 1] holds only for the axis 2
// (or -1): the axis 0 (or -3) puts the 1 first, 1 (or -2) between.
func.func @unsqueeze_runtime_axes(%arg0: !torch.vtensor<[3,4],f32>, %arg1: !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,4,1],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 21 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+4 {{in-bounds: %arg1[0] <= -4 || %arg1[0] >= 3}}
  // expected-ub-possible @+3 {{result-cast dim 0: %arg1[0] in {-3, 0}}}
  // expected-ub-possible @+2 {{result-cast dim 1: %arg1[0] in {-2, 1} || %arg1[0] <= -3 || %arg1[0] == 0}}
  // expected-ub-possible @+1 {{result-cast dim 2: %arg1[0] not in {-1, 2}}}
  %0 = torch.operator "onnx.Unsqueeze"(%arg0, %arg1) : (!torch.vtensor<[3,4],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,4,1],f32> 
  return %0 : !torch.vtensor<[3,4,1],f32>
}

// Squeeze-13 with its one axis given at runtime (test_squeeze_negative_
// axes): the axis lies in [-4, 3] and must name a dim of size 1 (0 or 2,
// or -4 or -2); output dim j is input dim j before it, j + 1 from it on.
// The declared [1, 3, 5] needs the dim 2 removed: removing dim 0 gives
// [3, 1, 5], and the dim 3 (5) cannot be squeezed at all.
func.func @squeeze_runtime_axis(%arg0: !torch.vtensor<[1,3,1,5],f32>, %arg1: !torch.vtensor<[1],si64>) -> !torch.vtensor<[1,3,5],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 13 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+4 {{in-bounds: %arg1[0] <= -5 || %arg1[0] >= 4}}
  // expected-ub-possible @+3 {{equal: %arg1[0] not in {-4, -2, 0, 2}}}
  // expected-ub-possible @+2 {{result-cast dim 0: %arg1[0] <= -4 || %arg1[0] == 0}}
  // expected-ub-possible @+1 {{result-cast dim 1: %arg1[0] <= -3 || %arg1[0] in [0, 1]}}
  %0 = torch.operator "onnx.Squeeze"(%arg0, %arg1) : (!torch.vtensor<[1,3,1,5],f32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1,3,5],f32> 
  return %0 : !torch.vtensor<[1,3,5],f32>
}

// Reshape-14 with its shape given at runtime (test_reshape_negative_dim
// takes it as an input): each element is at least -1 and at most one is
// -1; a 0 copies the input dim at its index; the -1 is 6 over the other
// size, which must divide it; with no -1 the sizes must multiply to 6.
// The declared [3, 2] then holds for [3, 2], [-1, 2], [3, -1] or [3, 0]
// (the 0 copies 3): conditions with too many cases to print, each
// finding exact, with a witness.
func.func @reshape_runtime_shape(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,2],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 14 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+6 {{in-bounds: %arg1[0] <= -2}}
  // expected-ub-possible @+5 {{in-bounds: %arg1[1] <= -2}}
  // expected-ub-possible @+4 {{in-bounds: %arg1[0] == -1 && %arg1[1] == -1}}
  // expected-ub-possible @+3 {{element-count}}
  // expected-ub-possible @+2 {{result-cast dim 0}}
  // expected-ub-possible @+1 {{result-cast dim 1}}
  %0 = torch.operator "onnx.Reshape"(%arg0, %arg1) : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,2],f32> 
  return %0 : !torch.vtensor<[3,2],f32>
}

// Slice-13 with every list a runtime input (as the ONNX backend tests feed
// them): [6, 4] sliced on one axis a (in [-2, 1]) from start s to end e by
// step t (nonzero). The declared [3, 4] needs a to name dim 0 and the
// slice of 6 to keep 3 (s = 0, e = 6, t = 2 does; t = -2 from 5 does too).
func.func @slice_runtime_lists(%arg0: !torch.vtensor<[6,4],f32>, %arg1: !torch.vtensor<[1],si64>, %arg2: !torch.vtensor<[1],si64>, %arg3: !torch.vtensor<[1],si64>, %arg4: !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,4],f32> attributes {torch.onnx_meta.ir_version = 7 : si64, torch.onnx_meta.opset_version = 13 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+4 {{in-bounds: %arg3[0] <= -3 || %arg3[0] >= 2}}
  // expected-ub-possible @+3 {{in-bounds: %arg4[0] == 0}}
  // expected-ub-possible @+2 {{result-cast dim 0}}
  // expected-ub-possible @+1 {{result-cast dim 1}}
  %0 = torch.operator "onnx.Slice"(%arg0, %arg1, %arg2, %arg3, %arg4) : (!torch.vtensor<[6,4],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[3,4],f32> 
  return %0 : !torch.vtensor<[3,4],f32>
}

// The same in onnx-mlir's dialect over dynamic dims: the runtime step
// divides the clamped span. Axis 1 sliced from 0 to INT64_MAX by a runtime
// step keeps ceil(%arg0[1] / step) for a positive step; against the [?, 2]
// addend that must broadcast.
func.func @slice_runtime_steps_dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<1xi64>, %arg2: tensor<?x2xf32>) -> tensor<?x?xf32> {
  %0 = onnx.Constant dense<0> : tensor<1xi64>
  %1 = onnx.Constant dense<9223372036854775807> : tensor<1xi64>
  %2 = onnx.Constant dense<1> : tensor<1xi64>
  // expected-ub-possible @+1 {{in-bounds: %arg1[0] == 0}}
  %3 = "onnx.Slice"(%arg0, %0, %1, %2, %arg1) : (tensor<?x?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  // expected-ub-possible @+2 {{broadcast dim 0}}
  // expected-ub-possible @+1 {{broadcast dim 1}}
  %4 = "onnx.Add"(%3, %arg2) : (tensor<?x?xf32>, tensor<?x2xf32>) -> tensor<?x?xf32>
  onnx.Return %4 : tensor<?x?xf32>
}

// Pad-18 with its axes a runtime input (as test_constant_pad_axes feeds
// them): pads [1, 0, 2, 1] grow axis a0 by 1 + 2 = 3 and axis a1 by 0 + 1
// = 1, the axes in [-3, 2] and distinct. The declared 6 of dim 1 (3 + 3)
// needs a0 to name dim 1 and a1 not to.
func.func @pad_runtime_axes(%arg0: !torch.vtensor<[2,3,?],f32>, %arg1: !torch.vtensor<[],f32>, %arg2: !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,6,?],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 21 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [1 : si64, 0 : si64, 2 : si64, 1 : si64]} : () -> !torch.vtensor<[4],si64> 
  // expected-ub-possible @+4 {{in-bounds: %arg2[0] <= -4 || %arg2[0] >= 3}}
  // expected-ub-possible @+3 {{in-bounds: %arg2[1] <= -4 || %arg2[1] >= 3}}
  // expected-ub-possible @+2 {{in-bounds: %arg2[0] == %arg2[1] || (%arg2[0] >= 0 && %arg2[1] <= -1 && %arg2[0] == %arg2[1] + 3) || (%arg2[0] <= -1 && %arg2[1] >= 0 && %arg2[0] + 3 == %arg2[1])}}
  // expected-ub-possible @+1 {{result-cast dim 1: %arg2[0] not in {-2, 1}}}
  %1 = torch.operator "onnx.Pad"(%arg0, %0, %arg1, %arg2) {torch.onnx.mode = "constant"} : (!torch.vtensor<[2,3,?],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,6,?],f32> 
  return %1 : !torch.vtensor<[?,6,?],f32>
}
