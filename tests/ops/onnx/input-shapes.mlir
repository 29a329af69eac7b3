// ONNX operators whose outputs take the input's shape (onnx-mlir's onnx
// dialect), expectations by hand from the ONNX operator docs: PRelu's
// slope is "unidirectional broadcastable to input tensor X" and Y has X's
// shape; Dropout's output and mask have the data's shape; GlobalMaxPool
// gives [N, C, 1, 1]; Hardmax and LpNormalization keep the input's shape;
// SpaceToDepth gives [N, C * b * b, H / b, W / b] for a blocksize b that
// divides H and W. A declared static result dim casts the computed size.

func.func @prelu(%x: tensor<?x3x4xf32>, %s: tensor<?xf32>) -> tensor<?x3x4xf32> {
  // The slope's one dim meets X's last, 4: it is 1 or 4.
  // expected-ub-possible @+1 {{broadcast dim 2: %s[0] not in {1, 4}}}
  %0 = "onnx.PRelu"(%x, %s) : (tensor<?x3x4xf32>, tensor<?xf32>) -> tensor<?x3x4xf32>
  onnx.Return %0 : tensor<?x3x4xf32>
}

func.func @dropout(%x: tensor<?x?xf32>) -> (tensor<2x?xf32>, tensor<?x5xi1>) {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+2 {{result-cast dim 0: %x[0] != 2}}
  // expected-ub-possible @+1 {{result-cast dim 1: %x[1] != 5}}
  %0, %1 = "onnx.Dropout"(%x, %none, %none) {seed = 0 : si64} : (tensor<?x?xf32>, none, none) -> (tensor<2x?xf32>, tensor<?x5xi1>)
  onnx.Return %0, %1 : tensor<2x?xf32>, tensor<?x5xi1>
}

func.func @global_max(%x: tensor<?x3x?x?xf32>) -> tensor<2x3x1x1xf32> {
  // [%x[0], 3, 1, 1], declared [2, 3, 1, 1].
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0 = "onnx.GlobalMaxPool"(%x) : (tensor<?x3x?x?xf32>) -> tensor<2x3x1x1xf32>
  onnx.Return %0 : tensor<2x3x1x1xf32>
}

func.func @hardmax(%x: tensor<?x?xf32>) -> tensor<?x4xf32> {
  // expected-ub-possible @+1 {{result-cast dim 1: %x[1] != 4}}
  %0 = "onnx.Hardmax"(%x) {axis = 1 : si64} : (tensor<?x?xf32>) -> tensor<?x4xf32>
  onnx.Return %0 : tensor<?x4xf32>
}

func.func @lp_norm(%x: tensor<?x6xf32>) -> tensor<2x6xf32> {
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 2}}
  %0 = "onnx.LpNormalization"(%x) {axis = -1 : si64, p = 2 : si64} : (tensor<?x6xf32>) -> tensor<2x6xf32>
  onnx.Return %0 : tensor<2x6xf32>
}

func.func @space_to_depth(%x: tensor<1x3x?x8xf32>) -> tensor<1x12x3x4xf32> {
  // Blocksize 2: H = %x[2] even, and H / 2 the declared 3; W 8 / 2 = 4, C
  // 3 * 2 * 2 = 12.
  // expected-ub-possible @+2 {{equal: %x[2] mod 2 != 0}}
  // expected-ub-possible @+1 {{result-cast dim 2: (%x[2] floordiv 2) != 3}}
  %0 = "onnx.SpaceToDepth"(%x) {blocksize = 2 : si64} : (tensor<1x3x?x8xf32>) -> tensor<1x12x3x4xf32>
  onnx.Return %0 : tensor<1x12x3x4xf32>
}
