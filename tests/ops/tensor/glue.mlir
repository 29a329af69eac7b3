// Ops that build tensors from sizes (SPEC 3): tensor.pad adds its low and
// high padding, tensor.generate and tensor.empty take their `?` dims from
// index operands, tensor.from_elements / tensor.extract carry sizes through
// a shape tensor. (tensor.dim, tensor.empty and tensor.cast: see
// semantics/tensor-glue.mlir.)

// 4 + 1 + %h must be the declared 7.
func.func @pad(%t: tensor<2x4xf32>, %h: index) -> tensor<4x7xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  // expected-ub-possible @+1 {{result-cast dim 1: %h != 2}}
  %p = tensor.pad %t low[1, 1] high[1, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x4xf32> to tensor<4x7xf32>
  return %p : tensor<4x7xf32>
}

// A shape tensor built from %x's dims, read back by tensor.extract.
func.func @generate(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = tensor.dim %x, %c0 : tensor<?x3xf32>
  %s = tensor.from_elements %n, %c3 : tensor<2xindex>
  %m = tensor.extract %s[%c0] : tensor<2xindex>
  %g = tensor.generate %m {
  ^bb0(%i: index, %j: index):
    %v = arith.constant 1.000000e+00 : f32
    tensor.yield %v : f32
  } : tensor<?x3xf32>
  // %g has %x's rows.
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %0 = arith.addf %g, %y : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
// A size from index arithmetic may be negative; a dim may not (SPEC 2).
// The sizes read from %x above are never negative: nothing to check there.
func.func @negative(%k: index, %v: f32) -> tensor<?x2xf32> {
  // expected-ub-possible @+1 {{in-bounds: %k <= -1}}
  %s = tensor.splat %v[%k] : tensor<?x2xf32>
  %c4 = arith.constant 4 : index
  %n = arith.subi %k, %c4 : index
  // Judged where %k >= 0 (the splat had no UB).
  // expected-ub-possible @+1 {{in-bounds: %k <= 3}}
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<?x2xf32>
  return %s : tensor<?x2xf32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
