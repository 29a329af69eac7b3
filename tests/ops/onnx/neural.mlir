// ONNX matrix products, convolutions, pooling, normalisations and softmax,
// in both spellings: torch-mlir's ONNX importer (`torch.operator "onnx.X"`)
// and onnx-mlir's onnx dialect (`"onnx.X"`). Each expectation follows the
// ONNX operator docs (rule ids `onnx.<Op>-<opset>`) and SPEC §3-4.

// onnx.MatMul-13 [?, ?] x [?, 8]: the inner sizes %arg0[1] and %arg1[0]
// must be equal; the result is [%arg0[0], 8], as declared.
func.func @matmul_torch(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,8],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  // expected-ub-possible @+1 {{equal: %arg0[1] != %arg1[0]}}
  %0 = torch.operator "onnx.MatMul"(%arg0, %arg1) : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,8],f32>
  return %0 : !torch.vtensor<[?,8],f32>
}

// The importer prints a result ONNX shape inference left unknown as `[]`:
// the MatMul's computed [%arg0[0], %arg1[1]] is its shape all the same (no
// rank error), which the Add then broadcasts with [3, 5].
func.func @matmul_unknown_result(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4,?],f32>, %arg2: !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %0 = torch.operator "onnx.MatMul"(%arg0, %arg1) : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[4,?],f32>) -> !torch.vtensor<[],f32>
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] not in {1, 3}}}
  // expected-ub-possible @+1 {{broadcast dim 1: %arg1[1] not in {1, 5}}}
  %1 = torch.operator "onnx.Add"(%0, %arg2) : (!torch.vtensor<[],f32>, !torch.vtensor<[3,5],f32>) -> !torch.vtensor<[],f32>
  return %1 : !torch.vtensor<[],f32>
}

// numpy.matmul's batch dims broadcast: [2, ?, 4] x [?, 4, 5] has batch
// dims 2 and %arg1[0] (one of them 1, or equal); the inner sizes are 4 and
// 4. The `tensor<*xf32>` result takes the computed [2 or %arg1[0], %arg0[1],
// 5], which the Add then broadcasts with [?, 1, 5]: its dim 0 meets the
// batch size, dim 2 is 5 and 5.
func.func @matmul_batch(%arg0: tensor<2x?x4xf32>, %arg1: tensor<?x4x5xf32>, %arg2: tensor<2x1x5xf32>) -> tensor<*xf32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %arg1[0] not in {1, 2}}}
  %0 = "onnx.MatMul"(%arg0, %arg1) : (tensor<2x?x4xf32>, tensor<?x4x5xf32>) -> tensor<*xf32>
  %1 = "onnx.Add"(%0, %arg2) : (tensor<*xf32>, tensor<2x1x5xf32>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

// onnx.Gemm-13 with transA: A' is [%arg0[1], %arg0[0]], so K is %arg0[0],
// to equal B's 6; C [4] broadcasts to [M, N] = [%arg0[1], 4]. The declared
// [3, 4] casts %arg0[1] to 3.
func.func @gemm_transA(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[6,4],f32>, %arg2: !torch.vtensor<[4],f32>) -> !torch.vtensor<[3,4],f32> attributes {torch.onnx_meta.ir_version = 7 : si64, torch.onnx_meta.opset_version = 13 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+2 {{equal: %arg0[0] != 6}}
  // expected-ub-possible @+1 {{result-cast dim 0: %arg0[1] != 3}}
  %0 = torch.operator "onnx.Gemm"(%arg0, %arg1, %arg2) {torch.onnx.transA = 1 : si64} : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[6,4],f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// Gemm's C broadcasts unidirectionally: C [?] must be 1 or N = 5.
func.func @gemm_bias(%arg0: tensor<?x3xf32>, %arg1: tensor<3x5xf32>, %arg2: tensor<?xf32>) -> tensor<?x5xf32> {
  // expected-ub-possible @+1 {{broadcast dim 1: %arg2[0] not in {1, 5}}}
  %0 = "onnx.Gemm"(%arg0, %arg1, %arg2) {alpha = 1.000000e+00 : f32, beta = 1.000000e+00 : f32, transA = 0 : si64, transB = 0 : si64} : (tensor<?x3xf32>, tensor<3x5xf32>, tensor<?xf32>) -> tensor<?x5xf32>
  onnx.Return %0 : tensor<?x5xf32>
}

// onnx.Conv-22, as onnx-mlir prints it: X [?, ?, ?, ?], W [64, 3, 7, 7],
// B [64], pads 3, strides 2. The channels %arg0[1] must be group * W's 3.
// Each spatial size is floor((D + 3 + 3 - 7) / 2) + 1, never negative for
// D >= 0 (the window rule's in-bounds obligation holds).
func.func @conv_nchw(%arg0: tensor<?x?x?x?xf32>, %arg1: tensor<64x3x7x7xf32>, %arg2: tensor<64xf32>) -> tensor<?x64x?x?xf32> {
  // expected-ub-possible @+1 {{equal: %arg0[1] != 3}}
  %0 = "onnx.Conv"(%arg0, %arg1, %arg2) {auto_pad = "NOTSET", dilations = [1, 1], group = 1 : si64, kernel_shape = [7, 7], pads = [3, 3, 3, 3], strides = [2, 2]} : (tensor<?x?x?x?xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32>
  onnx.Return %0 : tensor<?x64x?x?xf32>
}

// Without padding, a 3x3 window's output floor((D - 3) / 1) + 1 is
// negative for D <= 1 (D = 2 gives 0); 16 gives 14, as declared. The bias
// [?] must be M = 8; group 2 needs the channels %arg0[1] = 2 * 4.
func.func @conv_group(%arg0: !torch.vtensor<[1,?,?,16],f32>, %arg1: !torch.vtensor<[8,4,3,3],f32>, %arg2: !torch.vtensor<[?],f32>) -> !torch.vtensor<[1,8,?,14],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  // expected-ub-possible @+3 {{equal: %arg0[1] != 8}}
  // expected-ub-possible @+2 {{in-bounds: %arg0[2] <= 1}}
  // expected-ub-possible @+1 {{equal: %arg2[0] != 8}}
  %0 = torch.operator "onnx.Conv"(%arg0, %arg1, %arg2) {torch.onnx.group = 2 : si64, torch.onnx.kernel_shape = [3 : si64, 3 : si64]} : (!torch.vtensor<[1,?,?,16],f32>, !torch.vtensor<[8,4,3,3],f32>, !torch.vtensor<[?],f32>) -> !torch.vtensor<[1,8,?,14],f32>
  return %0 : !torch.vtensor<[1,8,?,14],f32>
}

// SAME_LOWER pads so that the output is ceil(5 / 2) = 3 (the importer's
// own test_conv_with_autopad_same); a declared 4 is the ONNX shape
// inference's contradiction: an error.
func.func @conv_same_wrong(%arg0: !torch.vtensor<[1,1,5,5],f32>, %arg1: !torch.vtensor<[1,1,3,3],f32>) -> !torch.vtensor<[1,1,4,3],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 22 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-error @+1 {{result-cast dim 2}}
  %0 = torch.operator "onnx.Conv"(%arg0, %arg1) {torch.onnx.auto_pad = "SAME_LOWER", torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,1,5,5],f32>, !torch.vtensor<[1,1,3,3],f32>) -> !torch.vtensor<[1,1,4,3],f32>
  return %0 : !torch.vtensor<[1,1,4,3],f32>
}

// onnx.ConvTranspose-22, group 2: W [2, 1, 3, 3] gives M = 2 * 1 output
// channels and X's channels must be W's 2; each spatial size is
// 1 * (D - 1) + 0 + 3 - 0 = D + 2 (here 5 and %arg0[3] + 2).
func.func @conv_transpose(%arg0: tensor<1x?x3x?xf32>, %arg1: tensor<2x1x3x3xf32>) -> tensor<1x2x5x?xf32> {
  %0 = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+1 {{equal: %arg0[1] != 2}}
  %1 = "onnx.ConvTranspose"(%arg0, %arg1, %0) {auto_pad = "NOTSET", group = 2 : si64} : (tensor<1x?x3x?xf32>, tensor<2x1x3x3xf32>, none) -> tensor<1x2x5x?xf32>
  onnx.Return %1 : tensor<1x2x5x?xf32>
}

// onnx.MaxPool-22 in ceil_mode (the importer's test_maxpool_2d_ceil with a
// dynamic batch and size): O = ceil((D - 3) / 2) + 1; 4 gives 2. For D = 0
// it is ceil(-3 / 2) + 1 = 0, for D >= 1 positive: nothing can fail. The
// end padding is 0 and stride 2 <= the window 3, so no last window can
// start in the padding (where the docs' versions differ).
func.func @maxpool_ceil(%arg0: !torch.vtensor<[?,1,4,?],f32>) -> !torch.vtensor<[?,1,2,?],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 22 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.MaxPool"(%arg0) {torch.onnx.ceil_mode = 1 : si64, torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[?,1,4,?],f32>) -> !torch.vtensor<[?,1,2,?],f32>
  return %0 : !torch.vtensor<[?,1,2,?],f32>
}

// onnx-mlir's MaxPoolSingleOut with SAME_UPPER, strides 2: O = ceil(D / 2),
// 32 -> 16;
// the `tensor<*xf32>` result is [%arg0[0], 3, 16, 16], so adding [?, 3, 16,
// 16] only compares the batch sizes.
func.func @maxpool_same(%arg0: tensor<?x3x32x32xf32>, %arg1: tensor<?x3x16x16xf32>) -> tensor<*xf32> {
  %0 = "onnx.MaxPoolSingleOut"(%arg0) {auto_pad = "SAME_UPPER", ceil_mode = 0 : si64, kernel_shape = [2, 2], storage_order = 0 : si64, strides = [2, 2]} : (tensor<?x3x32x32xf32>) -> tensor<*xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  %1 = "onnx.Add"(%0, %arg1) : (tensor<*xf32>, tensor<?x3x16x16xf32>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

// onnx.AveragePool-22 with pads 2 (test_averagepool_2d_pads_count_include_pad):
// floor((28 + 4 - 3) / 1) + 1 = 30; a dynamic size D gives D + 2.
// GlobalAveragePool-22 keeps [N, C] and sets the rest to 1.
func.func @avgpool_global(%arg0: !torch.vtensor<[1,3,28,?],f32>) -> (!torch.vtensor<[1,3,30,?],f32>, !torch.vtensor<[1,3,1,1],f32>) attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 22 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.AveragePool"(%arg0) {torch.onnx.count_include_pad = 1 : si64, torch.onnx.kernel_shape = [3 : si64, 3 : si64], torch.onnx.pads = [2 : si64, 2 : si64, 2 : si64, 2 : si64]} : (!torch.vtensor<[1,3,28,?],f32>) -> !torch.vtensor<[1,3,30,?],f32>
  %1 = torch.operator "onnx.GlobalAveragePool"(%0) : (!torch.vtensor<[1,3,30,?],f32>) -> !torch.vtensor<[1,3,1,1],f32>
  return %0, %1 : !torch.vtensor<[1,3,30,?],f32>, !torch.vtensor<[1,3,1,1],f32>
}

// onnx.BatchNormalization-15 (test_batchnorm_example with dynamic
// statistics): scale, B, input_mean, input_var are each of size C = 3.
func.func @batchnorm(%arg0: !torch.vtensor<[2,3,4,5],f32>, %arg1: !torch.vtensor<[?],f32>, %arg2: !torch.vtensor<[3],f32>, %arg3: !torch.vtensor<[?],f32>, %arg4: !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,5],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 15 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+2 {{equal: %arg1[0] != 3}}
  // expected-ub-possible @+1 {{equal: %arg3[0] != 3}}
  %0 = torch.operator "onnx.BatchNormalization"(%arg0, %arg1, %arg2, %arg3, %arg4) : (!torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[2,3,4,5],f32>
  return %0 : !torch.vtensor<[2,3,4,5],f32>
}

// onnx-mlir's BatchNormalizationInferenceMode: a scale of 64 against 32
// channels is the static error ONNX shape inference reports.
func.func @batchnorm_inference(%arg0: tensor<1x32x8x8xf32>, %arg1: tensor<64xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.BatchNormalizationInferenceMode"(%arg0, %arg1, %arg2, %arg3, %arg4) {epsilon = 9.99999974E-6 : f32, momentum = 0.899999976 : f32} : (tensor<1x32x8x8xf32>, tensor<64xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// onnx.LayerNormalization-17 with axis 1 (test_layer_normalization_3d_axis1
// with a dynamic batch): Y is X's shape, Mean and InvStdDev [%arg0[0], 1, 1];
// Scale and B [3, 5] match X's trailing dims.
func.func @layernorm(%arg0: !torch.vtensor<[?,3,5],f32>, %arg1: !torch.vtensor<[3,5],f32>, %arg2: !torch.vtensor<[3,5],f32>) -> (!torch.vtensor<[?,3,5],f32>, !torch.vtensor<[?,1,1],f32>, !torch.vtensor<[?,1,1],f32>) attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0:3 = torch.operator "onnx.LayerNormalization"(%arg0, %arg1, %arg2) {torch.onnx.axis = 1 : si64, torch.onnx.epsilon = 1.000000e-01 : f32} : (!torch.vtensor<[?,3,5],f32>, !torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>) -> (!torch.vtensor<[?,3,5],f32>, !torch.vtensor<[?,1,1],f32>, !torch.vtensor<[?,1,1],f32>)
  return %0#0, %0#1, %0#2 : !torch.vtensor<[?,3,5],f32>, !torch.vtensor<[?,1,1],f32>, !torch.vtensor<[?,1,1],f32>
}

// onnx.InstanceNormalization-22: scale and B of size C = %arg0[1].
func.func @instancenorm(%arg0: tensor<?x?x?xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<?x?x?xf32> {
  // expected-ub-possible @+2 {{equal: %arg0[1] != 4}}
  // expected-ub-possible @+1 {{equal: %arg0[1] != 4}}
  %0 = "onnx.InstanceNormalization"(%arg0, %arg1, %arg2) {epsilon = 9.99999974E-6 : f32} : (tensor<?x?x?xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x?x?xf32>
  onnx.Return %0 : tensor<?x?x?xf32>
}

// Softmax-13's axis must be in [-3, 2] for rank 3 (onnx-mlir's SoftmaxV11
// reads the opset 11 form: same range). LogSoftmax keeps the shape.
func.func @softmax(%arg0: tensor<?x4x5xf32>) -> tensor<*xf32> {
  %0 = "onnx.LogSoftmax"(%arg0) {axis = -1 : si64} : (tensor<?x4x5xf32>) -> tensor<*xf32>
  // expected-error @+1 {{rank}}
  %1 = "onnx.SoftmaxV11"(%0) {axis = 3 : si64} : (tensor<*xf32>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

// onnx-mlir leaves unused optional outputs as `none` (Mean, InvStdDev):
// only Y is computed. Scale [?] must broadcast to X's last dim 5.
func.func @layernorm_none(%arg0: tensor<?x3x5xf32>, %arg1: tensor<?xf32>) -> tensor<*xf32> {
  %0 = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+1 {{broadcast dim 2: %arg1[0] not in {1, 5}}}
  %Y, %Mean, %InvStdDev = "onnx.LayerNormalization"(%arg0, %arg1, %0) {axis = -1 : si64, epsilon = 9.99999974E-6 : f32, stash_type = 1 : si64} : (tensor<?x3x5xf32>, tensor<?xf32>, none) -> (tensor<*xf32>, none, none)
  onnx.Return %Y : tensor<*xf32>
}

// onnx.GroupNormalization-18 (onnx-mlir's GroupNormalizationV18): the
// channels %arg0[1] a multiple of num_groups 2 (violated by an odd
// %arg0[1]), scale and bias of size num_groups (C from opset 21 on).
func.func @groupnorm_v18(%arg0: tensor<3x?x2x2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> tensor<3x?x2x2xf32> {
  // expected-ub-possible @+1 {{equal: %arg0[1] mod 2 != 0}}
  %0 = "onnx.GroupNormalizationV18"(%arg0, %arg1, %arg2) {epsilon = 0.00999999977 : f32, num_groups = 2 : si64} : (tensor<3x?x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x?x2x2xf32>
  onnx.Return %0 : tensor<3x?x2x2xf32>
}

// onnx.Attention-23, 4-D: Q [?, 8, ?, 64], K and V [?, 2, ?, 64]: the batch
// sizes and the kv sequence lengths must agree; 8 query heads share 2 kv
// heads (group-query); Y is [%arg0[0], 8, %arg0[2], 64].
func.func @attention_gqa(%arg0: !torch.vtensor<[?,8,?,64],f32>, %arg1: !torch.vtensor<[?,2,?,64],f32>, %arg2: !torch.vtensor<[?,2,?,64],f32>) -> !torch.vtensor<[?,8,?,64],f32> attributes {torch.onnx_meta.ir_version = 11 : si64, torch.onnx_meta.opset_version = 23 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-ub-possible @+3 {{equal: %arg0[0] != %arg1[0]}}
  // expected-ub-possible @+2 {{equal: %arg0[0] != %arg2[0]}}
  // expected-ub-possible @+1 {{equal: %arg1[2] != %arg2[2]}}
  %0 = torch.operator "onnx.Attention"(%arg0, %arg1, %arg2) : (!torch.vtensor<[?,8,?,64],f32>, !torch.vtensor<[?,2,?,64],f32>, !torch.vtensor<[?,2,?,64],f32>) -> !torch.vtensor<[?,8,?,64],f32>
  return %0 : !torch.vtensor<[?,8,?,64],f32>
}

// 3-D Attention with q_num_heads 4, kv_num_heads 2: Q [2, ?, 32] has head
// size 32 / 4 = 8, K [2, 6, 16] 16 / 2 = 8, V [2, ?, 16] 16 / 2 = 8: Y is
// [2, %arg0[1], 4 * 8]; the kv sequence lengths 6 and %arg2[1] must agree.
func.func @attention_3d(%arg0: !torch.vtensor<[2,?,32],f32>, %arg1: !torch.vtensor<[2,6,16],f32>, %arg2: !torch.vtensor<[2,?,16],f32>) -> !torch.vtensor<[2,?,32],f32> attributes {torch.onnx_meta.ir_version = 11 : si64, torch.onnx_meta.opset_version = 23 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-ub-possible @+1 {{equal: %arg2[1] != 6}}
  %0 = torch.operator "onnx.Attention"(%arg0, %arg1, %arg2) {torch.onnx.kv_num_heads = 2 : si64, torch.onnx.q_num_heads = 4 : si64} : (!torch.vtensor<[2,?,32],f32>, !torch.vtensor<[2,6,16],f32>, !torch.vtensor<[2,?,16],f32>) -> !torch.vtensor<[2,?,32],f32>
  return %0 : !torch.vtensor<[2,?,32],f32>
}

// A kernel of size 0 (W [5, 2, 0, 7]): ONNX shape inference's "Bad spatial
// filter size: cannot be zero" (onnx-mlir's shape_inference_error.mlir).
func.func @conv_zero_kernel(%arg0 : tensor<1x2x32x32xf32>, %arg1 : tensor<5x2x0x7xf32>) -> tensor<*xf32> {
  %cst = "onnx.NoValue"() {value} : () -> none
  // expected-error @+1 {{rank}}
  %0 = "onnx.Conv"(%arg0, %arg1, %cst) {auto_pad = "NOTSET", group = 1 : si64} : (tensor<1x2x32x32xf32>, tensor<5x2x0x7xf32>, none) -> tensor<*xf32>
  "onnx.Return"(%0) : (tensor<*xf32>) -> ()
}

// onnx.MatMulInteger-10: the MatMul rule; a_zero_point per row of a 2-D A
// is an M element vector (%arg2[0] against %arg0[0], or one element),
// b_zero_point a scalar.
func.func @matmul_integer(%arg0: tensor<?x32xui8>, %arg1: tensor<32x64xui8>, %arg2: tensor<?xui8>, %arg3: tensor<ui8>) -> tensor<?x64xi32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %arg2[0] != 1 && %arg0[0] != %arg2[0]}}
  %0 = "onnx.MatMulInteger"(%arg0, %arg1, %arg2, %arg3) : (tensor<?x32xui8>, tensor<32x64xui8>, tensor<?xui8>, tensor<ui8>) -> tensor<?x64xi32>
  onnx.Return %0 : tensor<?x64xi32>
}

// An N-D A [5, 16, 32] takes a zero point of shape [5, 16, 1]: [5, 1, 1]
// is rejected (onnx-mlir's invalid.mlir; the docs give [D1, D2, M, 1]).
func.func @matmul_integer_zp(%arg0: tensor<5x16x32xui8>, %arg1: tensor<5x32x64xui8>, %arg2: tensor<5x1x1xui8>, %arg3: tensor<1xui8>) -> tensor<5x16x64xi32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.MatMulInteger"(%arg0, %arg1, %arg2, %arg3) : (tensor<5x16x32xui8>, tensor<5x32x64xui8>, tensor<5x1x1xui8>, tensor<1xui8>) -> tensor<5x16x64xi32>
  onnx.Return %0 : tensor<5x16x64xi32>
}

// onnx.ConvInteger-10 with kernel_shape [8, 9] for a W of 6 x 7 kernels
// (onnx-mlir's shape inference test): ONNX shape inference reads the
// attribute alone, but no convolution runs with it (onnxruntime: "kernel_shape
// is not compatible with W shape"), so each pair fails at runtime.
func.func @conv_integer_kernel_shape(%arg0 : tensor<1x2x32x64xi8>, %arg1 : tensor<5x2x6x7xi8>, %arg2 : tensor<i8>, %arg3 : tensor<i8>) -> tensor<*xi32> {
  // expected-ub-guaranteed @+2 {{equal}}
  // expected-ub-guaranteed @+1 {{equal}}
  %0 = "onnx.ConvInteger"(%arg0, %arg1, %arg2, %arg3) {auto_pad = "NOTSET", group = 1 : si64, kernel_shape = [8, 9]} : (tensor<1x2x32x64xi8>, tensor<5x2x6x7xi8>, tensor<i8>, tensor<i8>) -> tensor<*xi32>
  "onnx.Return"(%0) : (tensor<*xi32>) -> ()
}

// ConvInteger's w_zero_point is one value per output channel: [?] against
// M = 5 (or one element); x_zero_point a scalar.
func.func @conv_integer_zp(%arg0 : tensor<1x2x32x64xi8>, %arg1 : tensor<5x2x6x7xi8>, %arg2 : tensor<i8>, %arg3 : tensor<?xi8>) -> tensor<1x5x27x58xi32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %arg3[0] not in {1, 5}}}
  %0 = "onnx.ConvInteger"(%arg0, %arg1, %arg2, %arg3) {auto_pad = "NOTSET", group = 1 : si64} : (tensor<1x2x32x64xi8>, tensor<5x2x6x7xi8>, tensor<i8>, tensor<?xi8>) -> tensor<1x5x27x58xi32>
  "onnx.Return"(%0) : (tensor<1x5x27x58xi32>) -> ()
}

// onnx.SoftmaxCrossEntropyLoss-13 as onnx-mlir prints it: scores [64, ?, 2,
// 3], labels [64, 2, 3], weights [?] of the classes %arg0[1]; reduction
// "none" keeps the labels' shape [64, 2, 3], log_prob the scores'.
func.func @softmax_ce_loss(%arg0: tensor<64x?x2x3xf32>, %arg1: tensor<64x2x3xi64>, %arg2: tensor<?xf32>) -> (tensor<64x2x3xf32>, tensor<64x?x2x3xf32>) {
  // expected-ub-possible @+1 {{equal: %arg0[1] != %arg2[0]}}
  %output, %log_prob = "onnx.SoftmaxCrossEntropyLoss"(%arg0, %arg1, %arg2) {reduction = "none"} : (tensor<64x?x2x3xf32>, tensor<64x2x3xi64>, tensor<?xf32>) -> (tensor<64x2x3xf32>, tensor<64x?x2x3xf32>)
  onnx.Return %output, %log_prob : tensor<64x2x3xf32>, tensor<64x?x2x3xf32>
}

// onnx.RoiAlign-16: [num_rois, C, output_height, output_width] = [100, 2,
// 7, 7]; batch_indices [?] must have one index per roi.
func.func @roi_align(%arg0: tensor<1x2x4x8xf32>, %arg1: tensor<100x4xf32>, %arg2: tensor<?xi64>) -> tensor<100x2x7x7xf32> {
  // expected-ub-possible @+1 {{equal: %arg2[0] != 100}}
  %0 = "onnx.RoiAlign"(%arg0, %arg1, %arg2) {output_height = 7 : si64, output_width = 7 : si64, sampling_ratio = 2 : si64, spatial_scale = 1.000000e+00 : f32} : (tensor<1x2x4x8xf32>, tensor<100x4xf32>, tensor<?xi64>) -> tensor<100x2x7x7xf32>
  onnx.Return %0 : tensor<100x2x7x7xf32>
}
