// ONNX neural-network operators symshape leaves opaque rather than guess,
// each with its reason (torch-mlir's ONNX importer spelling; once a file
// expects an opaque op every opaque op must be expected, so these live
// apart from the goldens of the modelled forms).

// A ceil_mode window of 1 with stride 2 can start past the input (O for
// D = 4 is ceil(3 / 2) + 1 = 3, its last window at 4): the ONNX versions
// disagree there, so the op is not modelled.
func.func @maxpool_ceil_gap(%arg0: !torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 22 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-opaque @+1 {{torch.operator}}
  %0 = torch.operator "onnx.MaxPool"(%arg0) {torch.onnx.ceil_mode = 1 : si64, torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,1,4,4],f32>) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// ReduceMean-18 with its axes a function input of unknown length: how many
// dims are reduced, and which, is not known (runtime axes of a known count
// are read: reduce.mlir).
func.func @reduce_axes_input(%arg0: !torch.vtensor<[3,2,2],f32>, %arg1: !torch.vtensor<[?],si64>) -> !torch.vtensor<[3,2],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-opaque @+1 {{torch.operator}}
  %0 = torch.operator "onnx.ReduceMean"(%arg0, %arg1) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[3,2,2],f32>, !torch.vtensor<[?],si64>) -> !torch.vtensor<[3,2],f32>
  return %0 : !torch.vtensor<[3,2],f32>
}

// ceil_mode with a window of 2, stride 2 and end padding 1: for D = 5 the
// ceil formula gives ceil((5 + 2 - 2) / 2) + 1 = 4 windows, the last one
// starting at 6 = pad_begin + D, in the end padding: not modelled.
func.func @maxpool_ceil_padded(%arg0: !torch.vtensor<[1,1,5,?],f32>) -> !torch.vtensor<[1,1,3,?],f32> attributes {torch.onnx_meta.ir_version = 10 : si64, torch.onnx_meta.opset_version = 22 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-opaque @+1 {{torch.operator}}
  %0 = torch.operator "onnx.MaxPool"(%arg0) {torch.onnx.ceil_mode = 1 : si64, torch.onnx.kernel_shape = [2 : si64, 2 : si64], torch.onnx.pads = [1 : si64, 1 : si64, 1 : si64, 1 : si64], torch.onnx.strides = [2 : si64, 2 : si64]} : (!torch.vtensor<[1,1,5,?],f32>) -> !torch.vtensor<[1,1,3,?],f32>
  return %0 : !torch.vtensor<[1,1,3,?],f32>
}
