// Element counts that are products of several sizes (SPEC 3: a reshape keeps
// the number of elements). A product is one term however the program groups
// or orders its factors (b * s * h, (b * s) * h, h * (s * b)), so the
// reshapes exporters write between [b, s, h], [b * s, h] and [b, s * h]
// leave no obligation at all; the counts that do differ are decided
// exactly, never `unknown`.

// JAX's style: dims read with get_dimension_size, multiplied in i64, cast to
// i32 and concatenated into the output shape of a dynamic_reshape.
// [b, s, h] -> [b * s, h] -> [b, s * h] -> [h, s, b]: every count is the one
// product b * s * h.
func.func public @jax_regroup(%arg0: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?x?xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?x?xf32>) -> tensor<i32>
  %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
  %4 = stablehlo.get_dimension_size %arg0, dim = 2 : (tensor<?x?x?xf32>) -> tensor<i32>
  %5 = stablehlo.convert %4 : (tensor<i32>) -> tensor<i64>
  %6 = stablehlo.multiply %1, %3 : tensor<i64>
  %7 = stablehlo.convert %6 : (tensor<i64>) -> tensor<i32>
  %8 = stablehlo.reshape %7 : (tensor<i32>) -> tensor<1xi32>
  %9 = stablehlo.convert %5 : (tensor<i64>) -> tensor<i32>
  %10 = stablehlo.reshape %9 : (tensor<i32>) -> tensor<1xi32>
  %11 = stablehlo.concatenate %8, %10, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %12 = stablehlo.dynamic_reshape %arg0, %11 : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %13 = stablehlo.multiply %3, %5 : tensor<i64>
  %14 = stablehlo.convert %1 : (tensor<i64>) -> tensor<i32>
  %15 = stablehlo.reshape %14 : (tensor<i32>) -> tensor<1xi32>
  %16 = stablehlo.convert %13 : (tensor<i64>) -> tensor<i32>
  %17 = stablehlo.reshape %16 : (tensor<i32>) -> tensor<1xi32>
  %18 = stablehlo.concatenate %15, %17, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %19 = stablehlo.dynamic_reshape %12, %18 : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %20 = stablehlo.convert %3 : (tensor<i64>) -> tensor<i32>
  %21 = stablehlo.reshape %20 : (tensor<i32>) -> tensor<1xi32>
  %22 = stablehlo.concatenate %10, %21, %15, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %23 = stablehlo.dynamic_reshape %19, %22 : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  return %23 : tensor<?x?x?xf32>
}

// The heads of an attention layer: [b, s, 768] -> [b, s, 12, 64] -> [b * 12,
// s, 64] (after a transpose) and back to [b * s, 768]: the constants fold
// into one coefficient (768 * b * s each time).
func.func public @jax_heads(%arg0: tensor<?x?x768xf32>) -> tensor<?x768xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?x768xf32>) -> tensor<i32>
  %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?x768xf32>) -> tensor<i32>
  %3 = stablehlo.convert %2 : (tensor<i32>) -> tensor<i64>
  %c = stablehlo.constant dense<12> : tensor<i64>
  %4 = stablehlo.convert %1 : (tensor<i64>) -> tensor<i32>
  %5 = stablehlo.reshape %4 : (tensor<i32>) -> tensor<1xi32>
  %6 = stablehlo.convert %3 : (tensor<i64>) -> tensor<i32>
  %7 = stablehlo.reshape %6 : (tensor<i32>) -> tensor<1xi32>
  %c_0 = stablehlo.constant dense<12> : tensor<1xi32>
  %c_1 = stablehlo.constant dense<64> : tensor<1xi32>
  %8 = stablehlo.concatenate %5, %7, %c_0, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>
  %9 = stablehlo.dynamic_reshape %arg0, %8 : (tensor<?x?x768xf32>, tensor<4xi32>) -> tensor<?x?x12x64xf32>
  %10 = stablehlo.transpose %9, dims = [0, 2, 1, 3] : (tensor<?x?x12x64xf32>) -> tensor<?x12x?x64xf32>
  %11 = stablehlo.multiply %1, %c : tensor<i64>
  %12 = stablehlo.convert %11 : (tensor<i64>) -> tensor<i32>
  %13 = stablehlo.reshape %12 : (tensor<i32>) -> tensor<1xi32>
  %14 = stablehlo.concatenate %13, %7, %c_1, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %15 = stablehlo.dynamic_reshape %10, %14 : (tensor<?x12x?x64xf32>, tensor<3xi32>) -> tensor<?x?x64xf32>
  %16 = stablehlo.multiply %3, %1 : tensor<i64>
  %17 = stablehlo.convert %16 : (tensor<i64>) -> tensor<i32>
  %18 = stablehlo.reshape %17 : (tensor<i32>) -> tensor<1xi32>
  %c_2 = stablehlo.constant dense<768> : tensor<1xi32>
  %19 = stablehlo.concatenate %18, %c_2, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %20 = stablehlo.dynamic_reshape %15, %19 : (tensor<?x?x64xf32>, tensor<2xi32>) -> tensor<?x768xf32>
  return %20 : tensor<?x768xf32>
}

// A wrong regrouping: [b, s, h] into [b * b, h]. The counts differ unless
// b * s * h == b * b * h, that is b == 0, h == 0 or s == b: the condition
// is that inequality of the two products.
func.func public @jax_wrong(%arg0: tensor<?x?x?xf32>) -> tensor<?x?xf32> {
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?x?xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %arg0, dim = 2 : (tensor<?x?x?xf32>) -> tensor<i32>
  %2 = stablehlo.multiply %0, %0 : tensor<i32>
  %3 = stablehlo.reshape %2 : (tensor<i32>) -> tensor<1xi32>
  %4 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %5 = stablehlo.concatenate %3, %4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  // expected-ub-possible @+1 {{element-count: %arg0[0] * %arg0[0] * %arg0[2] != %arg0[0] * %arg0[1] * %arg0[2]}}
  %6 = stablehlo.dynamic_reshape %arg0, %5 : (tensor<?x?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %6 : tensor<?x?xf32>
}

// torch-mlir's flatten and unflatten of [b, s, h] (aten.flatten.using_ints,
// aten.unflatten.int): collapse_shape and expand_shape whose output_shape
// is read back with tensor.dim. The collapsed dim is b * s, the expand's
// group [b, s] multiplies to it again: no obligation.
func.func @torch_flatten(%arg0: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?x?x?xf32>
  %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?x?xf32>
  %dim_1 = tensor.dim %arg0, %c2 : tensor<?x?x?xf32>
  %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %expanded = tensor.expand_shape %collapsed [[0, 1], [2]] output_shape [%dim, %dim_0, %dim_1] : tensor<?x?xf32> into tensor<?x?x?xf32>
  // The same through index arithmetic: [b, s * h] from tensor.dim and
  // arith.muli, in the other grouping.
  %0 = arith.muli %dim_0, %dim_1 : index
  %from_elements = tensor.from_elements %dim, %0 : tensor<2xindex>
  %reshape = tensor.reshape %expanded(%from_elements) : (tensor<?x?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %expanded_2 = tensor.expand_shape %reshape [[0], [1, 2]] output_shape [%dim, %dim_0, %dim_1] : tensor<?x?xf32> into tensor<?x?x?xf32>
  return %expanded_2 : tensor<?x?x?xf32>
}

// Current TOSA: the shape of a reshape built with tosa.dim and
// tosa.mul_shape, [b, s, h] -> [b, s * h] -> [b * s * h].
func.func @tosa_flatten(%x: tensor<?x?x?xf32>) -> tensor<?xf32> {
  %d0 = tosa.dim %x {axis = 0 : i32} : (tensor<?x?x?xf32>) -> !tosa.shape<1>
  %d1 = tosa.dim %x {axis = 1 : i32} : (tensor<?x?x?xf32>) -> !tosa.shape<1>
  %d2 = tosa.dim %x {axis = 2 : i32} : (tensor<?x?x?xf32>) -> !tosa.shape<1>
  %inner = tosa.mul_shape %d1, %d2 : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<1>
  %s = tosa.concat_shape %d0, %inner : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<2>
  // The entries must be sizes (in-bounds); the count is the one product.
  // expected-safe @+2 {{in-bounds}}
  // expected-safe @+1 {{in-bounds}}
  %0 = tosa.reshape %x, %s : (tensor<?x?x?xf32>, !tosa.shape<2>) -> tensor<?x?xf32>
  %all = tosa.mul_shape %d0, %inner : (!tosa.shape<1>, !tosa.shape<1>) -> !tosa.shape<1>
  // expected-safe @+1 {{in-bounds}}
  %1 = tosa.reshape %0, %all : (tensor<?x?xf32>, !tosa.shape<1>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
// expected-summary {{safe=3 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
