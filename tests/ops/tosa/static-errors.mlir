// Static sizes and attributes that a tosa op's verifier (current MLIR)
// rejects are errors at that op; the op's results then follow their
// declared types and later ops are still judged.
func.func @errors(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %in: tensor<1x8x8x3xf32>, %w: tensor<8x3x3x4xf32>, %bias: tensor<8xf32>, %bias3: tensor<3xf32>, %w3: tensor<8x3x3x3xf32>) -> () {
  // 6 elements into 8.
  // expected-error @+1 {{rank}}
  %0 = "tosa.reshape"(%a) {new_shape = array<i64: 4, 2>} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  // expected-error @+1 {{rank}}
  %1 = "tosa.reshape"(%a) {new_shape = array<i64: -1, -1>} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  %perms = "tosa.const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{rank}}
  %2 = "tosa.transpose"(%a, %perms) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  // expected-error @+1 {{rank}}
  %3 = "tosa.concat"(%a, %a) {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<?x?xf32>
  // Dim 1 is not the axis: 3 and 4 differ.
  // expected-error @+1 {{equal}}
  %4 = "tosa.concat"(%a, %b) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<?x?xf32>
  // expected-error @+1 {{rank}}
  %5 = "tosa.slice"(%a) {start = array<i64: -1, 0>, size = array<i64: 1, 3>} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  // Input channels 3 and 4.
  // expected-error @+1 {{equal}}
  %6 = "tosa.conv2d"(%in, %w, %bias) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<8x3x3x4xf32>, tensor<8xf32>) -> tensor<?x?x?x?xf32>
  // A bias of 3 for 8 output channels.
  // expected-error @+1 {{rank}}
  %7 = "tosa.conv2d"(%in, %w3, %bias3) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<8x3x3x3xf32>, tensor<3xf32>) -> tensor<?x?x?x?xf32>
  // expected-error @+1 {{rank}}
  %8 = "tosa.max_pool2d"(%in) {kernel = array<i64: 2, 2>, stride = array<i64: 0, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x8x8x3xf32>) -> tensor<?x?x?x?xf32>
  // expected-error @+1 {{rank}}
  %9 = "tosa.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<?x?x?xf32>
  // Still judged: %7 follows its declared type, so this cast is checked.
  // expected-ub-possible @+1 {{result-cast dim 0: %7[0] != 1}}
  %10 = "tosa.abs"(%7) : (tensor<?x?x?x?xf32>) -> tensor<1x?x?x?xf32>
  return
}
// expected-summary {{safe=0 ub-possible=1 ub-guaranteed=0 error=10 unreachable=0 unknown=0}}
