// ONNX shape computations are integer values tracked element by element
// (SPEC 2), each operator from the ONNX operator docs of its opset (rule
// ids `onnx.<Op>-<opset>`): Shape with start / end, Size, Constant,
// Unsqueeze of a scalar, Slice and Gather of a shape tensor, Concat,
// Identity, Cast, ConstantOfShape and Range. The findings show which sizes
// the values are: torch-mlir's ONNX importer first, then onnx-mlir.

// Shape(%arg0) {start = 1} is [3, %arg0[2]]; its last element (Slice
// [-1:INT64_MAX]) is %arg0[2]; Size(%arg1) is %arg1[0], unsqueezed to
// [%arg1[0]]: ConstantOfShape([%arg1[0], %arg0[2]]) has those dims, so
// adding %arg2 broadcasts %arg1[0] with %arg2[0] and %arg0[2] with
// %arg2[1]. Range(0, Size(%arg1), 1) has %arg1[0] elements: multiplying it
// with %arg1 is safe.
func.func @shape_values(%arg0: !torch.vtensor<[?,3,?],f32>, %arg1: !torch.vtensor<[?],f32>, %arg2: !torch.vtensor<[?,?],f32>) -> (!torch.vtensor<[?,?],f32>, !torch.vtensor<[?],f32>) attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "pytorch", torch.onnx_meta.producer_version = "2.1.0"} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Shape"(%arg0) {torch.onnx.start = 1 : si64} : (!torch.vtensor<[?,3,?],f32>) -> !torch.vtensor<[2],si64> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<9223372036854775807> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %3 = torch.operator "onnx.Slice"(%0, %1, %2) : (!torch.vtensor<[2],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
  %4 = torch.operator "onnx.Size"(%arg1) : (!torch.vtensor<[?],f32>) -> !torch.vtensor<[],si64> 
  %5 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [0 : si64]} : () -> !torch.vtensor<[1],si64> 
  %6 = torch.operator "onnx.Unsqueeze"(%4, %5) : (!torch.vtensor<[],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
  %7 = torch.operator "onnx.Concat"(%6, %3) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[2],si64> 
  %8 = torch.operator "onnx.Identity"(%7) : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[2],si64> 
  %9 = torch.operator "onnx.ConstantOfShape"(%8) {torch.onnx.value = dense<0.000000e+00> : tensor<1xf32>} : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[?,?],f32> 
  // expected-ub-possible @+2 {{broadcast dim 0: %arg1[0] != 1 && %arg2[0] != 1 && %arg1[0] != %arg2[0]}}
  // expected-ub-possible @+1 {{broadcast dim 1: %arg0[2] != 1 && %arg2[1] != 1 && %arg0[2] != %arg2[1]}}
  %10 = torch.operator "onnx.Add"(%9, %arg2) : (!torch.vtensor<[?,?],f32>, !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,?],f32> 
  %11 = torch.operator "onnx.Constant"() {torch.onnx.value_int = 0 : si64} : () -> !torch.vtensor<[],si64> 
  %12 = torch.operator "onnx.Constant"() {torch.onnx.value_int = 1 : si64} : () -> !torch.vtensor<[],si64> 
  %13 = torch.operator "onnx.Range"(%11, %4, %12) : (!torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[?],si64> 
  %14 = torch.operator "onnx.Cast"(%13) {torch.onnx.to = 1 : si64} : (!torch.vtensor<[?],si64>) -> !torch.vtensor<[?],f32> 
  %15 = torch.operator "onnx.Mul"(%14, %arg1) : (!torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> 
  return %10, %15 : !torch.vtensor<[?,?],f32>, !torch.vtensor<[?],f32>
}

// ONNX shape inference leaves some shapes unknown; the importer prints
// them as `[]`, like a rank-0 type (here the Expand: onnx.Expand-13 with a
// shape [2, 3] gives [2, 3]). The rank computed is used: Shape of it is
// [2, 3], its Gather at -1 is 3, and a Reshape of %arg1 to [%arg0[0], 3]
// (Concat of Shape(%arg0) and that 3) keeps the count only when
// %arg1[0] == 3 * %arg0[0]. The Cast to si32 keeps the integers.
func.func @unknown_shape_printed_as_rank_0(%arg0: !torch.vtensor<[?],si64>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,3],f32> attributes {torch.onnx_meta.ir_version = 9 : si64, torch.onnx_meta.opset_version = 20 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [2 : si64, 3 : si64]} : () -> !torch.vtensor<[2],si64> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value_int = 7 : si64} : () -> !torch.vtensor<[],si64> 
  %2 = torch.operator "onnx.Expand"(%1, %0) : (!torch.vtensor<[],si64>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[],si64> 
  %3 = torch.operator "onnx.Shape"(%2) : (!torch.vtensor<[],si64>) -> !torch.vtensor<[?],si64> 
  %4 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [-1 : si64]} : () -> !torch.vtensor<[1],si64> 
  %5 = torch.operator "onnx.Gather"(%3, %4) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[?],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
  %6 = torch.operator "onnx.Shape"(%arg0) : (!torch.vtensor<[?],si64>) -> !torch.vtensor<[1],si64> 
  %7 = torch.operator "onnx.Concat"(%6, %5) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[2],si64> 
  %8 = torch.operator "onnx.Cast"(%7) {torch.onnx.to = 6 : si64} : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[2],si32> 
  %9 = torch.operator "onnx.Cast"(%8) {torch.onnx.to = 7 : si64} : (!torch.vtensor<[2],si32>) -> !torch.vtensor<[2],si64> 
  // expected-ub-possible @+1 {{element-count: 3 * %arg0[0] != %arg1[0]}}
  %10 = torch.operator "onnx.Reshape"(%arg1, %9) : (!torch.vtensor<[?],f32>, !torch.vtensor<[2],si64>) -> !torch.vtensor<[?,3],f32> 
  return %10 : !torch.vtensor<[?,3],f32>
}

// onnx-mlir: onnx.Dim is a 1-element tensor of the size; Expand of [?]
// with [1, Dim 1] broadcasts %arg1[0] with %arg0[1]. A Constant's
// `{value_ints}` form and Range with constant integers give known values:
// Range(2, 10, 3) is [2, 5, 8], so its ConstantOfShape is [2, 5, 8] and
// the declared 4 is a result-cast that always fails.
func.func @onnx_values(%arg0: tensor<?x?xf32>, %arg1: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<2x5x4xf32>) {
  %0 = "onnx.Dim"(%arg0) {axis = 1 : si64} : (tensor<?x?xf32>) -> tensor<1xi64>
  %1 = onnx.Constant {value_ints = [1]} : tensor<1xi64>
  %2 = "onnx.Concat"(%1, %0) {axis = 0 : si64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  // expected-ub-possible @+1 {{broadcast dim 1: %arg0[1] != 1 && %arg1[0] != 1 && %arg0[1] != %arg1[0]}}
  %3 = "onnx.Expand"(%arg1, %2) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %4 = onnx.Constant dense<2> : tensor<i64>
  %5 = onnx.Constant dense<10> : tensor<i64>
  %6 = onnx.Constant dense<3> : tensor<i64>
  %7 = "onnx.Range"(%4, %5, %6) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<*xi64>
  // expected-ub-guaranteed @+1 {{result-cast dim 2: true}}
  %8 = "onnx.ConstantOfShape"(%7) {value = dense<1.000000e+00> : tensor<1xf32>} : (tensor<*xi64>) -> tensor<2x5x4xf32>
  "onnx.Return"(%3, %8) : (tensor<?x?xf32>, tensor<2x5x4xf32>) -> ()
}

// The expanded LayerNormalization's shape computation (onnx.Neg-13 of the
// constant [-1] is [1]; ConstantOfShape([1]) filled with the int64 1 is
// [1]; Slice [0:-1] of Shape(%arg0) is [%arg0[0]]): the Reshape of %arg1
// to [%arg0[0], 1] keeps the count when %arg1[0] == %arg0[0], or when
// %arg0[0] is 0, which copies %arg1[0] (onnx.Reshape-14, allowzero = 0).
func.func @neg_constant_of_shape(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,1],f32>) -> !torch.vtensor<[?,1],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Shape"(%arg0) : (!torch.vtensor<[?,4],f32>) -> !torch.vtensor<[2],si64> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
  %3 = torch.operator "onnx.Slice"(%0, %1, %2) : (!torch.vtensor<[2],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
  %4 = torch.operator "onnx.Neg"(%2) : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
  %5 = torch.operator "onnx.ConstantOfShape"(%4) {torch.onnx.value = dense<1> : tensor<1xsi64>} : (!torch.vtensor<[1],si64>) -> !torch.vtensor<[?],si64> 
  %6 = torch.operator "onnx.Concat"(%3, %5) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[1],si64>, !torch.vtensor<[?],si64>) -> !torch.vtensor<[?],si64> 
  // expected-ub-possible @+1 {{element-count: %arg0[0] != 0 && %arg0[0] != %arg1[0]}}
  %7 = torch.operator "onnx.Reshape"(%arg1, %6) : (!torch.vtensor<[?,1],f32>, !torch.vtensor<[?],si64>) -> !torch.vtensor<[?,1],f32> 
  return %7 : !torch.vtensor<[?,1],f32>
}

// Integer Div truncates towards zero (the reference implementation,
// "C++-style", and onnxruntime): half of a difference d that may be
// negative is d / 2 rounded towards 0, so ConstantOfShape (which needs it
// >= 0) fails from d = -2 on, not at d = -1. Half of max(D, t) - D (the
// center crop of CenterCropPad's expansion) is never negative: safe.
func.func @div_maybe_negative(%x: tensor<?xf32>, %y: tensor<?xf32>, %t: tensor<1xi64>) -> (tensor<?xf32>, tensor<?xf32>) {
  %sx = "onnx.Shape"(%x) {start = 0 : si64} : (tensor<?xf32>) -> tensor<1xi64>
  %sy = "onnx.Shape"(%y) {start = 0 : si64} : (tensor<?xf32>) -> tensor<1xi64>
  %d = "onnx.Sub"(%sx, %sy) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %two = onnx.Constant dense<2> : tensor<1xi64>
  %h = "onnx.Div"(%d, %two) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  // expected-ub-possible @+1 {{in-bounds: ((0 - (%x[0] - %y[0])) floordiv 2) >= 1}}
  %0 = "onnx.ConstantOfShape"(%h) : (tensor<1xi64>) -> tensor<?xf32>
  %m = "onnx.Max"(%sx, %t) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %grow = "onnx.Sub"(%m, %sx) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %half = "onnx.Div"(%grow, %two) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %1 = "onnx.ConstantOfShape"(%half) : (tensor<1xi64>) -> tensor<?xf32>
  onnx.Return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
