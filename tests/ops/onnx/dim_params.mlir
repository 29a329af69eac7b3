// onnx-mlir keeps a model's symbolic input dims (ONNX `dim_param`s) as
// `onnx.dim_params = "INDEX:NAME,..."` on the arguments (SPEC 2,
// "Exporters' facts"): dims sharing a name are equal (the size `$NAME`).

// Both arguments are [batch, seq, 2048]: the Add (onnx.Add-14, NumPy
// broadcasting) and the Concat on axis 2 (onnx.Concat-13: equal dims 0 and
// 1) are safe.
func.func @shared_names(%arg0: tensor<?x?x2048xf32> {onnx.dim_params = "0:batch,1:seq"}, %arg1: tensor<?x?x2048xf32> {onnx.dim_params = "0:batch,1:seq"}) -> (tensor<?x?x2048xf32>, tensor<?x?x4096xf32>) {
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{broadcast dim 1}}
  %0 = "onnx.Add"(%arg0, %arg1) : (tensor<?x?x2048xf32>, tensor<?x?x2048xf32>) -> tensor<?x?x2048xf32>
  %1 = "onnx.Concat"(%arg0, %arg1) {axis = 2 : si64} : (tensor<?x?x2048xf32>, tensor<?x?x2048xf32>) -> tensor<?x?x4096xf32>
  "onnx.Return"(%0, %1) : (tensor<?x?x2048xf32>, tensor<?x?x4096xf32>) -> ()
}

// Only dim 0 shares a name: dims 1 (seq and len) may differ.
func.func @other_names(%arg0: tensor<?x?xf32> {onnx.dim_params = "0:batch,1:seq"}, %arg1: tensor<?x?xf32> {onnx.dim_params = "0:batch,1:len"}) -> tensor<?x?xf32> {
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-ub-possible @+1 {{broadcast dim 1: %arg0[1] != 1 && %arg1[1] != 1 && %arg0[1] != %arg1[1]}}
  %0 = "onnx.Add"(%arg0, %arg1) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  "onnx.Return"(%0) : (tensor<?x?xf32>) -> ()
}

// Names are per function: the same `batch` in another function is another
// size; without the attribute nothing is assumed.
func.func @no_names(%arg0: tensor<?xf32>, %arg1: tensor<?xf32> {onnx.dim_params = "0:batch"}) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  %0 = "onnx.Add"(%arg0, %arg1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  "onnx.Return"(%0) : (tensor<?xf32>) -> ()
}
