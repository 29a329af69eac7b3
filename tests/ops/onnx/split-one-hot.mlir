// onnx-mlir's versioned Split and OneHot, expectations by hand from the
// ONNX operator docs: Split-13 cuts `axis` into the parts its `split`
// input lists, which "must add up to" that dim (Split-11: the same, from
// the attribute, or equal parts without it); OneHot's output is the
// indices' shape with `depth` inserted at `axis` (-1: last).

func.func @split_v13(%x: tensor<2x?xf32>) -> (tensor<2x2xf32>, tensor<2x4xf32>) {
  %c = onnx.Constant dense<[2, 4]> : tensor<2xi64>
  // The parts 2 and 4 add up to dim 1: %x[1] is 6.
  // expected-ub-possible @+1 {{equal: %x[1] != 6}}
  %0, %1 = "onnx.SplitV13"(%x, %c) {axis = 1 : si64} : (tensor<2x?xf32>, tensor<2xi64>) -> (tensor<2x2xf32>, tensor<2x4xf32>)
  onnx.Return %0, %1 : tensor<2x2xf32>, tensor<2x4xf32>
}

func.func @split_v11_equal(%x: tensor<?x6xf32>) -> (tensor<3x3xf32>, tensor<?x3xf32>) {
  // No split attribute: two equal parts of 6 along axis 1; dim 0 stays
  // %x[0], declared 3 in the first part.
  // expected-ub-possible @+1 {{result-cast dim 0: %x[0] != 3}}
  %0, %1 = "onnx.SplitV11"(%x) {axis = 1 : si64} : (tensor<?x6xf32>) -> (tensor<3x3xf32>, tensor<?x3xf32>)
  onnx.Return %0, %1 : tensor<3x3xf32>, tensor<?x3xf32>
}

func.func @one_hot(%i: tensor<?x3xi64>, %v: tensor<2xf32>) -> tensor<4x3x10xf32> {
  %d = onnx.Constant dense<10> : tensor<1xi64>
  // [%i[0], 3, 10], declared [4, 3, 10].
  // expected-ub-possible @+1 {{result-cast dim 0: %i[0] != 4}}
  %0 = "onnx.OneHot"(%i, %d, %v) {axis = -1 : si64} : (tensor<?x3xi64>, tensor<1xi64>, tensor<2xf32>) -> tensor<4x3x10xf32>
  onnx.Return %0 : tensor<4x3x10xf32>
}
