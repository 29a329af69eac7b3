// LSTM-22 / GRU-22 / RNN-22 (ONNX operator docs): G gates (4, 3, 1), D
// directions, H = hidden_size; W [D, G*H, input], R [D, G*H, H]; Y [seq, D,
// batch, H], Y_h [D, batch, H] (layout 1: [batch, seq, D, H], [batch, D, H]).

// GRU with layout 1 as onnx-mlir's canonicalization test writes it: X
// [5, 4, 2] is batch 5, seq 4, input 2; W [1, 9, 2] and R [1, 9, 3] give
// H = 3; the outputs are [5, 4, 1, 3] and [5, 1, 3], as declared.
func.func @gru_layout1(%arg0: tensor<5x4x2xf32>, %arg1: tensor<1x9x2xf32>, %arg2: tensor<1x9x3xf32>) -> tensor<5x1x3xf32> {
  %cst = "onnx.NoValue"() {value} : () -> none
  %Y, %Y_h = "onnx.GRU"(%arg0, %arg1, %arg2, %cst, %cst, %cst) {layout = 1 : si64} : (tensor<5x4x2xf32>, tensor<1x9x2xf32>, tensor<1x9x3xf32>, none, none, none) -> (tensor<5x4x1x3xf32>, tensor<5x1x3xf32>)
  onnx.Return %Y_h : tensor<5x1x3xf32>
}

// An LSTM with hidden_size 4 (4 gates: W and R have 16 rows) and a
// dynamic batch: initial_h [1, ?, 4] must have X's batch %X[1], and
// sequence_lens too. Y_h is [1, %X[1], 4].
func.func @lstm_batch(%X: tensor<7x?x3xf32>, %W: tensor<1x16x3xf32>, %R: tensor<1x16x4xf32>, %seq: tensor<?xi32>, %h0: tensor<1x?x4xf32>) -> tensor<1x?x4xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-ub-possible @+2 {{equal: %X[1] != %seq[0]}}
  // expected-ub-possible @+1 {{equal: %X[1] != %h0[1]}}
  %Y, %Y_h, %Y_c = "onnx.LSTM"(%X, %W, %R, %none, %seq, %h0, %none, %none) {hidden_size = 4 : si64} : (tensor<7x?x3xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, none, tensor<?xi32>, tensor<1x?x4xf32>, none, none) -> (none, tensor<*xf32>, none)
  %0 = "onnx.Relu"(%Y_h) : (tensor<*xf32>) -> tensor<1x?x4xf32>
  onnx.Return %0 : tensor<1x?x4xf32>
}

// A bidirectional RNN whose W has one direction: W's dim 0 must be 2, a
// static error.
func.func @rnn_directions(%X: tensor<4x3x2xf32>, %W: tensor<1x3x2xf32>, %R: tensor<2x3x3xf32>) -> tensor<*xf32> {
  %cst = "onnx.NoValue"() {value} : () -> none
  // expected-error @+1 {{rank}}
  %Y, %Y_h = "onnx.RNN"(%X, %W, %R, %cst, %cst, %cst) {direction = "bidirectional", hidden_size = 3 : si64} : (tensor<4x3x2xf32>, tensor<1x3x2xf32>, tensor<2x3x3xf32>, none, none, none) -> (tensor<*xf32>, tensor<*xf32>)
  onnx.Return %Y_h : tensor<*xf32>
}
