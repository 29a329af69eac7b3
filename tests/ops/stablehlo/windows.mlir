// Gather, scatter, windows and batch norms in the generic form that
// byteir's and mlir-hlo's models use (StableHLO spec rules; expectations
// derived by hand).
func.func @gather(%operand: tensor<?x768xf32>, %idx: tensor<4x1xi64>) {
  // Batch dims: %idx without index_vector_dim 1 -> [4]; offset dims:
  // slice_sizes without collapsed dim 0 -> [768]. The slice size 1 must fit
  // %operand[0] (not when it is 0).
  // expected-ub-possible @+1 {{in-bounds}}
  %0 = "mhlo.gather"(%operand, %idx) {dimension_numbers = #mhlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = dense<[1, 768]> : tensor<2xi64>} : (tensor<?x768xf32>, tensor<4x1xi64>) -> tensor<4x768xf32>
  // A slice of 769 cannot fit the static 768: the verifier rejects it (a
  // static error, reported with kind `rank` as every verifier error).
  // expected-error @+1 {{rank}}
  %1 = "mhlo.gather"(%operand, %idx) {dimension_numbers = #mhlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = dense<[1, 769]> : tensor<2xi64>} : (tensor<?x768xf32>, tensor<4x1xi64>) -> tensor<4x769xf32>
  return
}

func.func @scatter(%in: tensor<8x16xf32>, %idx: tensor<?x1xi64>, %upd: tensor<3x?xf32>) {
  // Update dim 0 is a scatter dim: it equals %idx[0]. Update dim 1 is the
  // window over operand dim 1 (16): %upd[1] <= 16.
  // expected-ub-possible @+2 {{equal: %idx[0] != 3}}
  // expected-ub-possible @+1 {{in-bounds}}
  %0 = "stablehlo.scatter"(%in, %idx, %upd) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8x16xf32>, tensor<?x1xi64>, tensor<3x?xf32>) -> tensor<8x16xf32>
  return
}

func.func @reduce_window(%x: tensor<4x9xf32>, %init: tensor<f32>) {
  // dim 0: (4 - 1) / 1 + 1 = 4; dim 1: (9 + 1 + 1 - 3) / 2 + 1 = 5.
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<4x9xf32>, tensor<f32>) -> tensor<4x5xf32>
  // The same window declared as 4x6: 6 is not 5.
  // expected-error @+1 {{result-cast dim 1}}
  %1 = "mhlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = mhlo.maximum %a, %b : tensor<f32>
    "mhlo.return"(%m) : (tensor<f32>) -> ()
  }) {window_dimensions = dense<[1, 3]> : tensor<2xi64>, window_strides = dense<[1, 2]> : tensor<2xi64>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<4x9xf32>, tensor<f32>) -> tensor<4x6xf32>
  return
}

func.func @select_and_scatter(%x: tensor<4x8xf32>, %src: tensor<2x?xf32>, %init: tensor<f32>) {
  // 2x2 windows with stride 2 over 4x8: the source is 2x4.
  // expected-ub-possible @+1 {{equal: %src[1] != 4}}
  %0 = "stablehlo.select_and_scatter"(%x, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x8xf32>, tensor<2x?xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

func.func @batch_norm(%x: tensor<8x16x4x4xf32>, %scale: tensor<?xf32>, %offset: tensor<16xf32>) {
  // feature_index 1: scale and offset have 16 elements; mean and variance
  // are [16].
  // expected-ub-possible @+1 {{equal: %scale[0] != 16}}
  %0:3 = "mhlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.0e-05 : f32, feature_index = 1 : i64} : (tensor<8x16x4x4xf32>, tensor<?xf32>, tensor<16xf32>) -> (tensor<8x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>)
  return
}

func.func @byteir_custom_calls(%x: tensor<2x128x512xf32>, %w: tensor<512xf32>) {
  // byteir.gelu keeps its operand's shape: 256 is not 512.
  // expected-error @+1 {{result-cast dim 2}}
  %0 = "mhlo.custom_call"(%x) {api_version = 1 : i32, backend_config = "", byteir_attrs = {approximate = "erf"}, call_target_name = "byteir.gelu", called_computations = [], has_side_effect = false} : (tensor<2x128x512xf32>) -> tensor<2x128x256xf32>
  // layer_norm over axis 2: mean and rstd are 2x128x1.
  %1:3 = "mhlo.custom_call"(%x, %w, %w) {api_version = 1 : i32, backend_config = "", byteir_attrs = {axis = [2], epsilon = 1.000000e-05 : f64}, call_target_name = "byteir.layer_norm", called_computations = [], has_side_effect = false} : (tensor<2x128x512xf32>, tensor<512xf32>, tensor<512xf32>) -> (tensor<2x128x512xf32>, tensor<2x128x1xf32>, tensor<2x128x1xf32>)
  return
}
