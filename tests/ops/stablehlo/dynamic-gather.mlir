// stablehlo.dynamic_gather / mhlo.dynamic_gather: gather whose slice_sizes
// is its third operand (StableHLO spec: "functionally identical to
// gather"), read when its values are constants, sizes symshape follows or
// an argument's elements; else the op is opaque. The result is the
// indices' dims but index_vector_dim at the non-offset dims, and the slice
// sizes but the collapsed and batching dims at offset_dims (c22). Each
// slice size is within its operand dim (c21) and at most 1 in a collapsed
// (c9) or batching (c12) dim: runtime requirements, as the values are.

// Slice sizes [1, %x[1], 2] from the operand's own size: every slice fits,
// and the result [%i[0], 3, %x[1], 2] meets itself in the add.
func.func @safe(%x: tensor<3x?x2xi64>, %i: tensor<?x3x2xi64>) -> tensor<?x3x?x2xi64> {
  %d = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3x?x2xi64>) -> tensor<i32>
  %r = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %s = stablehlo.concatenate %one, %r, %two, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  // expected-safe @+1 {{in-bounds}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x?x2xi64>, tensor<?x3x2xi64>, tensor<3xi32>) -> tensor<?x3x?x2xi64>
  %1 = stablehlo.add %0, %0 : tensor<?x3x?x2xi64>
  return %1 : tensor<?x3x?x2xi64>
}

// The same sizes against another tensor: its dims 0 and 2 must be the
// result's %i[0] and %x[1].
func.func @result_sizes(%x: tensor<3x?x2xi64>, %i: tensor<?x3x2xi64>, %y: tensor<?x3x?x2xi64>) -> tensor<?x3x?x2xi64> {
  %d = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3x?x2xi64>) -> tensor<i32>
  %r = stablehlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %s = stablehlo.concatenate %one, %r, %two, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  // expected-safe @+1 {{in-bounds}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x?x2xi64>, tensor<?x3x2xi64>, tensor<3xi32>) -> tensor<?x3x?x2xi64>
  // expected-ub-possible @+2 {{equal: %i[0] != %y[0]}}
  // expected-ub-possible @+1 {{equal: %x[1] != %y[2]}}
  %1 = stablehlo.add %0, %y : tensor<?x3x?x2xi64>
  return %1 : tensor<?x3x?x2xi64>
}

// The spec's example with a dynamic operand dim: the slice of 2 in dim 1
// needs %x[1] >= 2.
func.func @constant_sizes(%x: tensor<3x?x2xi64>, %i: tensor<?x3x2xi64>) -> tensor<?x3x2x2xi64> {
  %s = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  // expected-ub-possible @+1 {{in-bounds: %x[1] <= 1}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x?x2xi64>, tensor<?x3x2xi64>, tensor<3xi64>) -> tensor<?x3x2x2xi64>
  return %0 : tensor<?x3x2x2xi64>
}

// A slice of 5 in a dim of 4: the requirement fails in every run (a value,
// not an attribute, so not the verifier's error).
func.func @too_big(%x: tensor<3x4x2xi64>, %i: tensor<?x3x2xi64>) -> tensor<?x3x5x2xi64> {
  %s = stablehlo.constant dense<[1, 5, 2]> : tensor<3xi64>
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x4x2xi64>, tensor<?x3x2xi64>, tensor<3xi64>) -> tensor<?x3x5x2xi64>
  return %0 : tensor<?x3x5x2xi64>
}

// A declared offset size the slice sizes contradict (2, not 3): a runtime
// cast that always fails.
func.func @wrong_declared(%x: tensor<3x4x2xi64>, %i: tensor<?x3x2xi64>) -> tensor<?x3x3x2xi64> {
  %s = stablehlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  // expected-ub-guaranteed @+1 {{result-cast dim 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false} : (tensor<3x4x2xi64>, tensor<?x3x2xi64>, tensor<3xi64>) -> tensor<?x3x3x2xi64>
  return %0 : tensor<?x3x3x2xi64>
}

// Slice sizes passed in: each element is an unknown integer. The index
// vector has one element (c3), the collapsed dim's slice is 0 or 1 and
// fits %x[0], the kept one fits 9 and is the declared 8.
func.func @argument_sizes(%x: tensor<?x9xf32>, %i: tensor<?x?xi32>, %s: tensor<2xi32>) -> tensor<?x8xf32> {
  // expected-ub-possible @+5 {{equal: %i[1] != 1}}
  // expected-ub-possible @+4 {{in-bounds: %s[0] > %x[0] || %s[0] <= -1}}
  // expected-ub-possible @+3 {{in-bounds: %s[0] >= 2}}
  // expected-ub-possible @+2 {{in-bounds: %s[1] >= 10 || %s[1] <= -1}}
  // expected-ub-possible @+1 {{result-cast dim 1: %s[1] != 8}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<?x9xf32>, tensor<?x?xi32>, tensor<2xi32>) -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// mhlo, with a batching dim whose slice is the batch size: the batch must
// be the indices' (c17) and at most 1 (c12).
func.func @batching(%x: tensor<?x3x4xf32>, %i: tensor<?x5x1xi32>) -> tensor<?x5x2xf32> {
  %d = mhlo.get_dimension_size %x, dim = 0 : (tensor<?x3x4xf32>) -> tensor<i32>
  %r = mhlo.reshape %d : (tensor<i32>) -> tensor<1xi32>
  %c = mhlo.constant dense<[1, 2]> : tensor<2xi32>
  %s = mhlo.concatenate %r, %c, dim = 0 : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xi32>
  // expected-ub-possible @+3 {{equal: %x[0] != %i[0]}}
  // expected-ub-possible @+2 {{in-bounds: %x[0] >= 2}}
  // expected-safe @+1 {{in-bounds}}
  %0 = "mhlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #mhlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>} : (tensor<?x3x4xf32>, tensor<?x5x1xi32>, tensor<3xi32>) -> tensor<?x5x2xf32>
  return %0 : tensor<?x5x2xf32>
}

// Slice sizes of unknown length: not read, the op is opaque.
func.func @unknown_length(%x: tensor<?x9xf32>, %i: tensor<?x1xi32>, %s: tensor<?xi32>) -> tensor<?x?xf32> {
  // expected-opaque @+1 {{stablehlo.dynamic_gather}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<?x9xf32>, tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Two slice sizes for an operand of rank 3 (c20): the verifier's error.
func.func @slice_count(%x: tensor<?x9x2xf32>, %i: tensor<?x2xi32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 2], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<?x9x2xf32>, tensor<?x2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// Index vectors of 2 elements for a start_index_map of 1 (c3), written and
// implied (index_vector_dim = rank: a trailing 1): errors.
func.func @index_vector(%x: tensor<?x9xf32>, %i: tensor<?x2xi32>, %j: tensor<?xi32>) -> tensor<?x9xf32> {
  %s = stablehlo.constant dense<[1, 9]> : tensor<2xi32>
  // expected-error @+1 {{rank}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<?x9xf32>, tensor<?x2xi32>, tensor<2xi32>) -> tensor<?x9xf32>
  %t = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  // expected-error @+1 {{rank}}
  %1 = "stablehlo.dynamic_gather"(%x, %j, %t) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<?x9xf32>, tensor<?xi32>, tensor<2xi32>) -> tensor<?xf32>
  return %0 : tensor<?x9xf32>
}
// expected-summary {{safe=3 ub-possible=10 ub-guaranteed=2 error=3 unreachable=0 unknown=0}}
