// DynamicQuantizeLinear-11, NonZero-13, EyeLike-22 and the ai.onnx.ml
// Scaler-1, Binarizer-1 and CategoryMapper-1 (ONNX operator docs).

// DynamicQuantizeLinear-11: y has x's shape; y_scale and y_zero_point are
// scalars. The Relu of y keeps [?, 4]; y_scale broadcasts with anything.
func.func @dynamic_quantize(%x: tensor<?x4xf32>) -> tensor<?x4xui8> {
  %0:3 = "onnx.DynamicQuantizeLinear"(%x) {} : (tensor<?x4xf32>) -> (tensor<*xui8>, tensor<*xf32>, tensor<*xui8>)
  %1 = "onnx.Relu"(%0#0) : (tensor<*xui8>) -> tensor<?x4xui8>
  %2 = "onnx.Add"(%0#1, %x) : (tensor<*xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  onnx.Return %1 : tensor<?x4xui8>
}

// Planted: y is [?, 4], declared [?, 5]: every run fails (the batch is a
// runtime size, so ub-guaranteed rather than error).
func.func @dynamic_quantize_planted(%x: tensor<?x4xf32>) -> tensor<?x5xui8> {
  %0:3 = "onnx.DynamicQuantizeLinear"(%x) {} : (tensor<?x4xf32>) -> (tensor<*xui8>, tensor<*xf32>, tensor<*xui8>)
  // expected-ub-guaranteed @+1 {{result-cast dim 1}}
  %1 = "onnx.Relu"(%0#0) : (tensor<*xui8>) -> tensor<?x5xui8>
  onnx.Return %1 : tensor<?x5xui8>
}

// NonZero-13: [rank(X), n], n the count of nonzero elements (at most
// numel(X)). [2, n] transposed is [n, 2].
func.func @nonzero(%x: tensor<?x?xi1>) -> tensor<*xi64> {
  %0 = "onnx.NonZero"(%x) : (tensor<?x?xi1>) -> tensor<2x?xi64>
  %1 = "onnx.Transpose"(%0) {perm = [1, 0]} : (tensor<2x?xi64>) -> tensor<?x2xi64>
  onnx.Return %1 : tensor<?x2xi64>
}

// Planted: n against 5 broadcasts only when n is 1 or 5, which the data
// decides.
func.func @nonzero_planted(%x: tensor<?x?xi1>, %y: tensor<2x5xi64>) -> tensor<*xi64> {
  %0 = "onnx.NonZero"(%x) : (tensor<?x?xi1>) -> tensor<2x?xi64>
  // expected-ub-possible @+1 {{broadcast dim 1}}
  %1 = "onnx.Add"(%0, %y) : (tensor<2x?xi64>, tensor<2x5xi64>) -> tensor<*xi64>
  onnx.Return %1 : tensor<*xi64>
}

// The torch spelling: rank(X) is 3, whatever the data.
func.func @nonzero_torch(%arg0: !torch.vtensor<[?,2,2],f32>) -> !torch.vtensor<[3,?],si64> attributes {torch.onnx_meta.opset_version = 17 : si64} {
  %0 = torch.operator "onnx.NonZero"(%arg0) : (!torch.vtensor<[?,2,2],f32>) -> !torch.vtensor<[3,?],si64> 
  return %0 : !torch.vtensor<[3,?],si64>
}

// Scaler-1: Y has X's shape; an offset of 3 values needs 3 features, a
// scale of one value fits any.
func.func @scaler(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "onnx.Scaler"(%x) {offset = [1.0 : f32, 2.0 : f32, 3.0 : f32], scale = [0.5 : f32]} : (tensor<?x3xf32>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x3xf32>
  onnx.Return %1 : tensor<?x3xf32>
}

// Planted: 3 offsets against a runtime feature count.
func.func @scaler_planted(%x: tensor<?x?xf32>) -> tensor<*xf32> {
  // expected-ub-possible @+1 {{equal}}
  %0 = "onnx.Scaler"(%x) {offset = [1.0 : f32, 2.0 : f32, 3.0 : f32]} : (tensor<?x?xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// EyeLike-22: the shape of its 2-D input; Binarizer-1 and CategoryMapper-1
// map each element.
func.func @eyelike_binarizer(%x: tensor<?x10xf32>, %c: tensor<20x1xi64>) -> tensor<?x10xf32> {
  %0 = "onnx.EyeLike"(%x) {} : (tensor<?x10xf32>) -> tensor<*xf32>
  %1 = "onnx.Binarizer"(%0) {threshold = 1.0 : f32} : (tensor<*xf32>) -> tensor<*xf32>
  %2 = "onnx.Add"(%1, %x) : (tensor<*xf32>, tensor<?x10xf32>) -> tensor<?x10xf32>
  %3 = "onnx.CategoryMapper"(%c) {cats_int64s = [1, 2, 3], cats_strings = ["cat", "dog", "human"], default_string = "unclassified" : !onnx.String} : (tensor<20x1xi64>) -> tensor<*x!onnx.String>
  onnx.Return %2 : tensor<?x10xf32>
}

// Planted: EyeLike of a 3-D tensor, which the docs rule out.
func.func @eyelike_planted(%x: tensor<2x3x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{rank}}
  %0 = "onnx.EyeLike"(%x) {} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  onnx.Return %0 : tensor<*xf32>
}

// Planted: a CategoryMapper keeps [20, 1]; declared [20, 2].
func.func @category_planted(%c: tensor<20x1xi64>) -> tensor<20x2x!onnx.String> {
  // expected-error @+1 {{result-cast dim 1}}
  %0 = "onnx.CategoryMapper"(%c) {cats_int64s = [1, 2, 3], cats_strings = ["cat", "dog", "human"], default_string = "unclassified" : !onnx.String} : (tensor<20x1xi64>) -> tensor<20x2x!onnx.String>
  onnx.Return %0 : tensor<20x2x!onnx.String>
}

// OneHotEncoder-1 (ai.onnx.ml): X's shape and the category count: two
// strings for a string X, three integers for a numeric one (cats_int64s
// is used for float input even when cats_strings is also given).
func.func @one_hot_encoder(%s: tensor<?x1x!onnx.String>, %f: tensor<?x2xf32>) -> (tensor<?x1x2xf32>, tensor<?x2x3xf32>) {
  %0 = "onnx.OneHotEncoder"(%s) {cats_strings = ["female", "male"], zeros = 1 : si64} : (tensor<?x1x!onnx.String>) -> tensor<*xf32>
  %1 = "onnx.Relu"(%0) : (tensor<*xf32>) -> tensor<?x1x2xf32>
  %2 = "onnx.OneHotEncoder"(%f) {cats_strings = ["female", "male"], cats_int64s = [1, 2, 4], zeros = 1 : si64} : (tensor<?x2xf32>) -> tensor<*xf32>
  %3 = "onnx.Relu"(%2) : (tensor<*xf32>) -> tensor<?x2x3xf32>
  onnx.Return %1, %3 : tensor<?x1x2xf32>, tensor<?x2x3xf32>
}

// Planted: 3 categories appended, declared 2.
func.func @one_hot_encoder_planted(%f: tensor<4x2xf32>) -> tensor<4x2x2xf32> {
  // expected-error @+1 {{result-cast dim 2}}
  %0 = "onnx.OneHotEncoder"(%f) {cats_int64s = [1, 2, 4], zeros = 1 : si64} : (tensor<4x2xf32>) -> tensor<4x2x2xf32>
  onnx.Return %0 : tensor<4x2x2xf32>
}

// Compress-11: along axis 1 of [3, ?], n of the columns (n unknown, at most
// the condition's length and the axis' size); without axis, n elements of
// the flattened input.
func.func @compress(%x: tensor<3x?xf32>, %c: tensor<?xi1>) -> (tensor<3x?xf32>, tensor<?xf32>) {
  %0 = "onnx.Compress"(%x, %c) {axis = 1 : si64} : (tensor<3x?xf32>, tensor<?xi1>) -> tensor<?x?xf32>
  %1 = "onnx.Relu"(%0) : (tensor<?x?xf32>) -> tensor<3x?xf32>
  %2 = "onnx.Compress"(%x, %c) : (tensor<3x?xf32>, tensor<?xi1>) -> tensor<*xf32>
  %3 = "onnx.Relu"(%2) : (tensor<*xf32>) -> tensor<?xf32>
  onnx.Return %1, %3 : tensor<3x?xf32>, tensor<?xf32>
}

// Planted: n columns against 4 fit only when the data selects 1 or 4; a
// condition of rank 2 is rejected.
func.func @compress_planted(%x: tensor<3x?xf32>, %c: tensor<?xi1>, %y: tensor<3x4xf32>, %c2: tensor<2x2xi1>) -> tensor<*xf32> {
  %0 = "onnx.Compress"(%x, %c) {axis = -1 : si64} : (tensor<3x?xf32>, tensor<?xi1>) -> tensor<?x?xf32>
  // expected-ub-possible @+1 {{broadcast dim 1}}
  %1 = "onnx.Add"(%0, %y) : (tensor<?x?xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  // expected-error @+1 {{rank}}
  %2 = "onnx.Compress"(%x, %c2) {axis = 0 : si64} : (tensor<3x?xf32>, tensor<2x2xi1>) -> tensor<*xf32>
  onnx.Return %1 : tensor<*xf32>
}

// Unique-11 along axis 0 of [?, 2]: Y is [n, 2] with n unique rows,
// indices and counts [n], inverse_indices one per row of X; without axis,
// Y [n] of the flattened X and inverse_indices of X's element count.
func.func @unique(%x: tensor<?x2xi64>) -> (tensor<?x2xi64>, tensor<?xi64>, tensor<?xi64>) {
  %Y, %indices, %inverse_indices, %counts = "onnx.Unique"(%x) {axis = 0 : si64} : (tensor<?x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  %0 = "onnx.Relu"(%Y) : (tensor<*xi64>) -> tensor<?x2xi64>
  %1 = "onnx.Add"(%indices, %counts) : (tensor<*xi64>, tensor<*xi64>) -> tensor<?xi64>
  %2:4 = "onnx.Unique"(%x) {sorted = 0 : si64} : (tensor<?x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  %3 = "onnx.Add"(%2#0, %2#3) : (tensor<*xi64>, tensor<*xi64>) -> tensor<?xi64>
  onnx.Return %0, %1, %2#2 : tensor<?x2xi64>, tensor<?xi64>, tensor<*xi64>
}

// Planted: inverse_indices (one per row of X) against Y's n rows agree
// only when every row is unique, which the data decides; `sorted` 2 is
// rejected.
func.func @unique_planted(%x: tensor<?x2xi64>) -> tensor<*xi64> {
  %Y, %indices, %inverse_indices, %counts = "onnx.Unique"(%x) {axis = 0 : si64} : (tensor<?x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %0 = "onnx.Add"(%indices, %inverse_indices) : (tensor<*xi64>, tensor<*xi64>) -> tensor<*xi64>
  // expected-error @+1 {{rank}}
  %1:4 = "onnx.Unique"(%x) {axis = 0 : si64, sorted = 2 : si64} : (tensor<?x2xi64>) -> (tensor<*xi64>, tensor<*xi64>, tensor<*xi64>, tensor<*xi64>)
  onnx.Return %0 : tensor<*xi64>
}
