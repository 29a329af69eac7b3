// A window wider than its padded input is empty: StableHLO's convolution
// then has 0 windows there (is_empty_window in the spec), not UB. With a
// 3-wide kernel and no padding, an input of 0, 1 or 2 gives 0 windows and 3
// or more gives x - 2, so only the cast to 0 can fail, from x = 3 on.
func.func @conv(%x: tensor<1x?x4xf32>, %k: tensor<3x4x8xf32>) -> tensor<1x0x8xf32> {
  // expected-safe @+1 {{in-bounds}}
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x?x4xf32>, tensor<3x4x8xf32>) -> tensor<1x?x8xf32>
  // expected-ub-possible @+1 {{cast dim 1: %x[1] >= 3}}
  %1 = tensor.cast %0 : tensor<1x?x8xf32> to tensor<1x0x8xf32>
  return %1 : tensor<1x0x8xf32>
}
// expected-summary {{safe=3 ub-possible=1 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
