// linalg contractions (SPEC 3, shape transfer): operand dims that share a
// loop are equal at runtime (kind `equal`), and the result has the outs'
// shape. Messages name the loop: batch, row (M), column (N), contracted (K).

// matmul: MxK * KxN -> MxN. Each shared dim is one obligation, compared with
// the first operand dim bound to its loop.
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-ub-possible @+3 {{equal: %a[1] != %b[0]}}
  // expected-ub-possible @+2 {{equal: %a[0] != %c[0]}}
  // expected-ub-possible @+1 {{equal: %b[1] != %c[1]}}
  %0 = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// A static K on one side: the other side's `?` must be it. Equal static
// sizes need no obligation.
func.func @matvec(%a: tensor<4x?xf32>, %x: tensor<8xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-ub-possible @+1 {{equal: %a[1] != 8}}
  %0 = linalg.matvec ins(%a, %x : tensor<4x?xf32>, tensor<8xf32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// batch_matmul_transpose_b: BxMxK * BxNxK -> BxMxN. The result is the outs:
// a later op sees %c's sizes.
func.func @chain(%a: tensor<?x?x?xf32>, %b: tensor<?x?x?xf32>, %c: tensor<?x?x?xf32>, %x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-ub-possible @+5 {{equal: %a[0] != %b[0]}}
  // expected-ub-possible @+4 {{equal: %a[2] != %b[2]}}
  // expected-ub-possible @+3 {{equal: %a[0] != %c[0]}}
  // expected-ub-possible @+2 {{equal: %a[1] != %c[1]}}
  // expected-ub-possible @+1 {{equal: %b[1] != %c[2]}}
  %0 = linalg.batch_matmul_transpose_b ins(%a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%c : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  // batch_matvec: BxMxK * BxK -> BxM, with %0 of sizes (%c[0], %c[1], %c[2]).
  // expected-ub-possible @+4 {{equal: %c[0] != %x[0]}}
  // expected-ub-possible @+3 {{equal: %c[2] != %x[1]}}
  // expected-ub-possible @+2 {{equal: %c[0] != %y[0]}}
  // expected-ub-possible @+1 {{equal: %c[1] != %y[1]}}
  %1 = linalg.batch_matvec ins(%0, %x : tensor<?x?x?xf32>, tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// A dot of a vector with itself has nothing to check.
func.func @dot(%a: tensor<?xf32>, %out: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%out : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// The generic form reads the same (operand_segment_sizes as MLIR 16 prints).
func.func @generic_form(%a: tensor<2x?xf32>, %b: tensor<3x5xf32>, %c: tensor<2x5xf32>) -> tensor<2x5xf32> {
  // expected-ub-possible @+1 {{equal: %a[1] != 3}}
  %0 = "linalg.matmul"(%a, %b, %c) ({
  ^bb0(%x: f32, %y: f32, %z: f32):
    %1 = arith.mulf %x, %y : f32
    %2 = arith.addf %z, %1 : f32
    linalg.yield %2 : f32
  }) {operand_segment_sizes = array<i32: 2, 1>} : (tensor<2x?xf32>, tensor<3x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
// expected-summary {{safe=0 ub-possible=14 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
