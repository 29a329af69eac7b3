// onnx-mlir's own operators (AdditionalONNXOps.td, "not part of the
// standard and ... added to assist onnx-mlir"), expectations by hand from
// their descriptions and verifiers: UpsampleAndPad makes each of the
// innermost k dims (D - 1) * stride + 1 + pad_begin + pad_end;
// LayoutTransform keeps the shape; ShapeTransform moves a static input by
// a bijective affine map, each output dim one past the largest index the
// map reaches; ConcatShapeTranspose is Concat, then Shape and Transpose of
// the result. A Relu to the expected type checks each computed shape.

func.func @upsample_and_pad(%arg0: tensor<?x3x4x4xf32>) -> tensor<?x3x9x10xf32> {
  // H: (4 - 1) * 2 + 1 + 1 + 1 = 9; W: (4 - 1) * 2 + 1 + 1 + 2 = 10.
  %0 = "onnx.UpsampleAndPad"(%arg0) {strides = [2, 2], pads = [1, 1, 1, 2]} : (tensor<?x3x4x4xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x3x9x10xf32>
  onnx.Return %1 : tensor<?x3x9x10xf32>
}

func.func @upsample_and_pad_dynamic(%arg0: tensor<2x?xf32>) -> tensor<2x?xf32> {
  // The last dim only (one stride): (%arg0[1] - 1) * 3 + 1, below 0 when
  // %arg0[1] is 0 (the description pads, it never removes).
  // expected-ub-possible @+1 {{in-bounds: 3 * %arg0[1] < 2}}
  %0 = "onnx.UpsampleAndPad"(%arg0) {strides = [3], pads = [0, 0]} : (tensor<2x?xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<2x?xf32>
  onnx.Return %1 : tensor<2x?xf32>
}

func.func @upsample_and_pad_defaults(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // No strides and no pads: every dim, stride 1, no padding (the identity).
  %0 = "onnx.UpsampleAndPad"(%arg0) : (tensor<?x4xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x4xf32>
  onnx.Return %1 : tensor<?x4xf32>
}

// Planted: the verifier wants exactly 2 * k pads.
func.func @upsample_and_pad_planted(%arg0: tensor<1x3x4x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.UpsampleAndPad"(%arg0) {strides = [2, 2], pads = [1, 1, 1]} : (tensor<1x3x4x4xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

func.func @layout_transform(%arg0: tensor<?x3x32x32xf32>) -> tensor<?x3x32x32xf32> {
  %0 = "onnx.LayoutTransform"(%arg0) {target_layout = #onnx.layout<{dataLayout = "NCHW4C"}>} : (tensor<?x3x32x32xf32>) -> tensor<*xf32>
  %1 = "onnx.LayoutTransform"(%0) : (tensor<*xf32>) -> tensor<?x3x32x32xf32>
  onnx.Return %1 : tensor<?x3x32x32xf32>
}

// Planted: "Input and output tensors must have the same shape".
func.func @layout_transform_planted(%arg0: tensor<5x3x32x32xf32>) -> tensor<5x3x32x16xf32, #onnx.layout<{dataLayout = "NCHW4C"}>> {
  // expected-error @+1 {{result-cast dim 3}}
  %0 = "onnx.LayoutTransform"(%arg0) {target_layout = #onnx.layout<{dataLayout = "NCHW4C"}>} : (tensor<5x3x32x32xf32>) -> tensor<5x3x32x16xf32, #onnx.layout<{dataLayout = "NCHW4C"}>>
  onnx.Return %0 : tensor<5x3x32x16xf32, #onnx.layout<{dataLayout = "NCHW4C"}>>
}

#map = affine_map<(d0, d1) -> (d1 floordiv 64, d0, d1 mod 64)>
#transpose = affine_map<(d0, d1, d2) -> (d2, d1, d0)>
func.func @shape_transform(%arg0: tensor<3x128xf32>) -> tensor<64x3x2xf32> {
  // d1 floordiv 64 < 2, d0 < 3, d1 mod 64 < 64: [2, 3, 64], then reversed
  // (the verifier wants a static input: the first result is declared).
  %0 = "onnx.ShapeTransform"(%arg0) {index_map = #map} : (tensor<3x128xf32>) -> tensor<2x3x64xf32>
  %1 = "onnx.ShapeTransform"(%0) {index_map = #transpose} : (tensor<2x3x64xf32>) -> tensor<*xf32>
  %2 = "onnx.Relu"(%1) : (tensor<*xf32>) -> tensor<64x3x2xf32>
  onnx.Return %2 : tensor<64x3x2xf32>
}

// Planted: two elements sent to one place ("The affine map must be
// bijective").
#squash = affine_map<(d0, d1) -> (d0, d1 floordiv 2)>
func.func @shape_transform_planted(%arg0: tensor<4x8xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.ShapeTransform"(%arg0) {index_map = #squash} : (tensor<4x8xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

func.func @concat_shape_transpose(%arg0: tensor<?x20xf32>, %arg1: tensor<?x30xf32>) -> tensor<?x50xf32> {
  // Concat along 1 wants equal dims 0; its shape [%arg0[0], 50] reshapes
  // the transposed [50, %arg0[0]] with the same element count.
  // expected-ub-possible @+1 {{equal: %arg0[0] != %arg1[0]}}
  %0:2 = "onnx.ConcatShapeTranspose"(%arg0, %arg1) {axis = 1 : si64} : (tensor<?x20xf32>, tensor<?x30xf32>) -> (tensor<*xi64>, tensor<*xf32>)
  %1 = "onnx.Reshape"(%0#1, %0#0) {allowzero = 1 : si64} : (tensor<*xf32>, tensor<*xi64>) -> tensor<*xf32>
  %2 = "onnx.Relu"(%1) : (tensor<*xf32>) -> tensor<?x50xf32>
  onnx.Return %2 : tensor<?x50xf32>
}

func.func @concat_shape_transpose_range(%arg0: tensor<2x?x4xf32>) -> tensor<1xi64> {
  // One input; Shape from start 1 to end -1 (clamped: [1, 2)): [%arg0[1]];
  // perm [0, 2, 1] gives [2, 4, %arg0[1]].
  %0:2 = "onnx.ConcatShapeTranspose"(%arg0) {axis = 0 : si64, start = 1 : si64, end = -1 : si64, perm = [0, 2, 1]} : (tensor<2x?x4xf32>) -> (tensor<*xi64>, tensor<*xf32>)
  %1 = "onnx.Relu"(%0#1) : (tensor<*xf32>) -> tensor<2x4x?xf32>
  %2 = "onnx.Identity"(%0#0) : (tensor<*xi64>) -> tensor<1xi64>
  onnx.Return %2 : tensor<1xi64>
}
