// onnx-mlir's versioned Resize and its RMSLayerNormalization, expectations
// by hand from the ONNX operator docs and onnx-mlir's op definitions: by
// `sizes` (Resize-11 and later: X, roi, scales, sizes) the output is the
// sizes' values, here an argument's elements %s[i]; Resize-10 has only
// float scales (floor(size * scale)), which symshape does not model: the
// op is opaque. RMSLayerNormalization's Scale broadcasts to X
// (unidirectional: a Scale dim is 1 or X's) and Y has X's shape.

func.func @resize_v11(%x: tensor<1x1x?x?xf32>, %s: tensor<4xi64>) -> tensor<1x1x7x8xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+4 {{result-cast dim 0: %s[0] != 1}}
  // expected-ub-possible @+3 {{result-cast dim 1: %s[1] != 1}}
  // expected-ub-possible @+2 {{result-cast dim 2: %s[2] != 7}}
  // expected-ub-possible @+1 {{result-cast dim 3: %s[3] != 8}}
  %0 = "onnx.ResizeV11"(%x, %none, %none, %s) {mode = "nearest"} : (tensor<1x1x?x?xf32>, none, none, tensor<4xi64>) -> tensor<1x1x7x8xf32>
  onnx.Return %0 : tensor<1x1x7x8xf32>
}

func.func @resize_v13(%x: tensor<1x1x?x?xf32>, %s: tensor<4xi64>) -> tensor<1x1x?x8xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+3 {{result-cast dim 0: %s[0] != 1}}
  // expected-ub-possible @+2 {{result-cast dim 1: %s[1] != 1}}
  // expected-ub-possible @+1 {{result-cast dim 3: %s[3] != 8}}
  %0 = "onnx.ResizeV13"(%x, %none, %none, %s) {mode = "nearest"} : (tensor<1x1x?x?xf32>, none, none, tensor<4xi64>) -> tensor<1x1x?x8xf32>
  onnx.Return %0 : tensor<1x1x?x8xf32>
}

func.func @resize_v18(%x: tensor<1x1x?x?xf32>, %s: tensor<4xi64>) -> tensor<?x?x7x?xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+1 {{result-cast dim 2: %s[2] != 7}}
  %0 = "onnx.ResizeV18"(%x, %none, %none, %s) {mode = "nearest"} : (tensor<1x1x?x?xf32>, none, none, tensor<4xi64>) -> tensor<?x?x7x?xf32>
  onnx.Return %0 : tensor<?x?x7x?xf32>
}

// Scales from an argument: float data, each output size a size of its own.
func.func @resize_v10(%x: tensor<1x1x?x?xf32>, %sc: tensor<4xf32>) -> tensor<1x1x7x8xf32> {
  // expected-ub-possible @+4 {{result-cast dim 0: %0[0] != 1}}
  // expected-ub-possible @+3 {{result-cast dim 1: %0[1] != 1}}
  // expected-ub-possible @+2 {{result-cast dim 2: %0[2] != 7}}
  // expected-ub-possible @+1 {{result-cast dim 3: %0[3] != 8}}
  %0 = "onnx.ResizeV10"(%x, %sc) {mode = "nearest"} : (tensor<1x1x?x?xf32>, tensor<4xf32>) -> tensor<1x1x7x8xf32>
  onnx.Return %0 : tensor<1x1x7x8xf32>
}

func.func @rms_layer_norm(%x: tensor<2x?xf32>, %scale: tensor<4xf32>) -> tensor<2x?xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // Scale's 4 meets X's last dim %x[1]: only 4 will do.
  // expected-ub-possible @+1 {{broadcast dim 1: %x[1] != 4}}
  %0 = "onnx.RMSLayerNormalization"(%x, %scale, %none) {axis = -1 : si64, epsilon = 1.0e-05 : f32, stash_type = 1 : si64} : (tensor<2x?xf32>, tensor<4xf32>, none) -> tensor<2x?xf32>
  onnx.Return %0 : tensor<2x?xf32>
}
