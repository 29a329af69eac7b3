// Shape transfer of stablehlo / mhlo ops in their pretty forms (StableHLO
// spec rules; expectations derived by hand).
func.func @elementwise(%a: tensor<?x4xf32>, %b: tensor<3x?xf32>, %p: tensor<i1>) {
  // add demands equal shapes: %a[0] == 3 and %b[1] == 4.
  // expected-ub-possible @+2 {{equal: %a[0] != 3}}
  // expected-ub-possible @+1 {{equal: %b[1] != 4}}
  %0 = stablehlo.add %a, %b : (tensor<?x4xf32>, tensor<3x?xf32>) -> tensor<3x4xf32>
  // After %0, both are 3x4: select with a rank-0 predicate is safe.
  %1 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<?x4xf32>, tensor<3x?xf32>) -> tensor<3x4xf32>
  %2 = stablehlo.compare GT, %0, %1, FLOAT : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  return
}

func.func @transpose_concat_slice(%x: tensor<2x?xf32>, %y: tensor<2x5xf32>) {
  // transpose: [?, 2]; concatenate along 1 needs dim 0 equal: %x[1] == 5?
  // No: it concatenates %t (?x2) and %u (5x2) along dim 1, so %x[1] == 5.
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x?xf32>) -> tensor<?x2xf32>
  %u = stablehlo.transpose %y, dims = [1, 0] : (tensor<2x5xf32>) -> tensor<5x2xf32>
  // expected-ub-possible @+1 {{equal: %x[1] != 5}}
  %c = stablehlo.concatenate %t, %u, dim = 1 : (tensor<?x2xf32>, tensor<5x2xf32>) -> tensor<?x4xf32>
  // The slice 1:4:2 of dim 0 (now 5) takes 2 elements; limit 4 <= 5.
  %s = stablehlo.slice %c [1:4:2, 0:4] : (tensor<?x4xf32>) -> tensor<2x4xf32>
  return
}

func.func @slice_bounds(%x: tensor<?xf32>) {
  // limit 3 must fit in %x[0].
  // expected-ub-possible @+1 {{in-bounds: %x[0] <= 2}}
  %0 = stablehlo.slice %x [1:3] : (tensor<?xf32>) -> tensor<2xf32>
  return
}

func.func @dot_general(%a: tensor<8x?x16xf32>, %b: tensor<8x16x?xf32>) {
  // batch 8 == 8, contracted 16 == 16: safe; result [8, %a[1], %b[2]].
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x?x16xf32>, tensor<8x16x?xf32>) -> tensor<8x?x?xf32>
  return
}

func.func @dot(%m: tensor<3x?xf32>, %n: tensor<16x?xf32>) {
  // The contracted dims of a dot: %m[1] against 16.
  // expected-ub-possible @+1 {{equal: %m[1] != 16}}
  %0 = stablehlo.dot %m, %n, precision = [DEFAULT, DEFAULT] : (tensor<3x?xf32>, tensor<16x?xf32>) -> tensor<3x?xf32>
  return
}

func.func @dot_rank(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>) {
  // dot takes vectors and matrices only.
  // expected-error @+1 {{rank}}
  %0 = "mhlo.dot"(%a, %b) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

func.func @reshape_reduce(%x: tensor<?x6xf32>, %init: tensor<f32>) {
  // 6 * %x[0] elements into 4 * 3.
  // expected-ub-possible @+1 {{element-count: %x[0] != 2}}
  %r = stablehlo.reshape %x : (tensor<?x6xf32>) -> tensor<4x3xf32>
  // Reducing dim 1 of 4x3 gives [4]; the declared 4 holds.
  %s = stablehlo.reduce(%r init: %init) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  // The region form; the declared 3 is not 4.
  // expected-error @+1 {{result-cast dim 0}}
  %t = stablehlo.reduce(%r init: %init) across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<3xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  return
}

func.func @pad_iota(%x: tensor<?xf32>, %v: tensor<f32>) {
  // 1 + %x[0] + 2 + max(%x[0] - 1, 0) * 1: for %x[0] = 3, 3 + 3 + 2 = 8.
  // expected-ub-possible @+1 {{result-cast dim 0}}
  %0 = stablehlo.pad %x, %v, low = [1], high = [2], interior = [1] : (tensor<?xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = stablehlo.iota dim = 0 : tensor<8xi32>
  // %0 and %1 both 8 after the cast.
  %2 = stablehlo.add %0, %0 : tensor<8xf32>
  return
}

func.func @shape_values(%x: tensor<?x?xf32>, %y: tensor<?xf32>) {
  // get_dimension_size -> reshape -> concatenate builds [%x[1], %x[0]];
  // dynamic_reshape of %x into it keeps the element count: always safe.
  %d0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %r0 = stablehlo.reshape %d0 : (tensor<i32>) -> tensor<1xi32>
  %r1 = stablehlo.reshape %d1 : (tensor<i32>) -> tensor<1xi32>
  %s = stablehlo.concatenate %r1, %r0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %t = stablehlo.dynamic_reshape %x, %s : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  // Broadcasting %y to that shape: %y[0] is 1 or %x[0].
  // expected-ub-possible @+1 {{mapped-dim dim 1}}
  %b = stablehlo.dynamic_broadcast_in_dim %y, %s, dims = [1] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return
}

func.func @convolution(%in: tensor<4x3x224x224xf16>, %k: tensor<64x3x7x7xf16>) {
  // (224 + 3 + 3 - 7) / 2 + 1 = 112 per spatial dim; 3 input features.
  %0 = mhlo.convolution(%in, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#mhlo<precision DEFAULT>, #mhlo<precision DEFAULT>]} : (tensor<4x3x224x224xf16>, tensor<64x3x7x7xf16>) -> tensor<4x64x112x112xf16>
  // The same in generic form with a wrong declared size: 113 is not 112.
  // expected-error @+1 {{result-cast dim 2}}
  %1 = "mhlo.convolution"(%in, %k) {batch_group_count = 1 : i64, dimension_numbers = #mhlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, padding = dense<3> : tensor<2x2xi64>, rhs_dilation = dense<1> : tensor<2xi64>, window_strides = dense<2> : tensor<2xi64>} : (tensor<4x3x224x224xf16>, tensor<64x3x7x7xf16>) -> tensor<4x64x113x112xf16>
  return
}

func.func @while_loop(%n: tensor<i64>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // The carried types are static: the results are facts, nothing opaque.
  %0:2 = stablehlo.while(%i = %n, %acc = %x) : tensor<i64>, tensor<4xf32>
   cond {
    %c = stablehlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s = stablehlo.add %acc, %acc : tensor<4xf32>
    stablehlo.return %i, %s : tensor<i64>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

func.func @value_casts(%x: tensor<2x3xf32>) {
  // The shape [3, 2] is computed, not a constant op: the verifier accepts
  // the declared 2x?, and every run fails the cast of dim 0 (a runtime
  // verdict, not an error).
  %d0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  %r0 = stablehlo.reshape %d0 : (tensor<i32>) -> tensor<1xi32>
  %r1 = stablehlo.reshape %d1 : (tensor<i32>) -> tensor<1xi32>
  %s = stablehlo.concatenate %r1, %r0, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-ub-guaranteed @+1 {{result-cast dim 0}}
  %t = stablehlo.dynamic_reshape %x, %s : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x?xf32>
  return
}

// A predicate its terms decide (a size is never negative) picks one
// operand of stablehlo.select: only that operand's value is needed, so a
// value symshape cannot read on the other side (a division by %m, which
// may be 0) does not hide the size. The new shape is [%x[0], 6].
func.func @decided_select(%x: tensor<?x6xf32>, %y: tensor<?xf32>) -> tensor<?x6xf32> {
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x6xf32>) -> tensor<i32>
  %m = stablehlo.get_dimension_size %y, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %neg = stablehlo.compare LT, %n, %c0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %q = stablehlo.divide %n, %m : tensor<i32>
  %s = stablehlo.select %neg, %q, %n : tensor<i1>, tensor<i32>
  %r = stablehlo.reshape %s : (tensor<i32>) -> tensor<1xi32>
  %c6 = stablehlo.constant dense<6> : tensor<1xi32>
  %shape = stablehlo.concatenate %r, %c6, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // [%x[0], 6] has %x's element count and its declared sizes: no check.
  %out = stablehlo.dynamic_reshape %x, %shape : (tensor<?x6xf32>, tensor<2xi32>) -> tensor<?x6xf32>
  // Both are [%x[0], 6].
  %sum = stablehlo.add %out, %x : tensor<?x6xf32>
  return %sum : tensor<?x6xf32>
}

// Batch and contracted sizes known only at runtime: each batch pair must
// be equal (dot_general_c9), each contracted pair too (dot_general_c10),
// and the result is [%a[0], 4, 5] (batch, lhs free, rhs free:
// dot_general_c12), declared [2, 4, 5].
func.func @dot_general_dynamic(%a: tensor<?x4x?xf32>, %b: tensor<?x?x5xf32>) -> tensor<2x4x5xf32> {
  // expected-ub-possible @+3 {{equal rule dot_general_c9: %a[0] != %b[0]}}
  // expected-ub-possible @+2 {{equal rule dot_general_c10: %a[2] != %b[1]}}
  // expected-ub-possible @+1 {{result-cast dim 0 rule dot_general_c12: %a[0] != 2}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<?x4x?xf32>, tensor<?x?x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}
