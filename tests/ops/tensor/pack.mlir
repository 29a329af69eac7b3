// tensor.pack / tensor.unpack, the MLIR 16-19 spelling of linalg.pack /
// unpack, as mlir-opt 16 prints them. By hand: as linalg.pack, except that
// MLIR 16-19 let dest be larger than needed (its verifier only asks that
// it be "large enough to hold the packed data"): a tiled outer dim must be
// at least dim ceildiv tile, i.e. dim <= tile * outer. Without
// padding_value the tile must still divide the dim.

// With padding: %s[0] <= 8 * %d[0], and the untiled dim is 4.
func.func @padded(%s: tensor<?x4xf32>, %d: tensor<?x4x8xf32>, %z: f32) -> tensor<?x4x8xf32> {
  // expected-ub-possible @+1 {{in-bounds: 8 * %d[0] < %s[0]}}
  %0 = tensor.pack %s padding_value(%z : f32) inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<?x4xf32> -> tensor<?x4x8xf32>
  return %0 : tensor<?x4x8xf32>
}

// A dest larger than needed verifies in MLIR 16 (3 >= 9 ceildiv 8): safe.
func.func @extra_padding(%s: tensor<9xf32>, %d: tensor<3x8xf32>, %z: f32) -> tensor<3x8xf32> {
  %0 = tensor.pack %s padding_value(%z : f32) inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<9xf32> -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// Without padding the tile divides %s[1] (its condition is a remainder,
// outside SPEC 6's grammar); the outer dim holds %s[1] ceildiv 16. The
// unpack reads it back into %s: safe.
func.func @round_trip(%s: tensor<4x?xf32>, %d: tensor<?x4x16xf32>) -> tensor<4x?xf32> {
  // expected-ub-possible @+2 {{in-bounds: 16 * %d[0] < %s[1]}}
  // expected-ub-possible @+1 {{equal}}
  %0 = tensor.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %d : tensor<4x?xf32> -> tensor<?x4x16xf32>
  %1 = tensor.unpack %0 outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %s : tensor<?x4x16xf32> -> tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}

// The generic form of mlir-opt 16 (operand_segment_sizes), with a tile
// given by a value: positive, and the tile dim %d[1].
func.func @generic(%s: tensor<?xf32>, %d: tensor<?x?xf32>, %z: f32, %t: index) -> tensor<?x?xf32> {
  // expected-ub-possible @+3 {{in-bounds: %d[0] * %t < %s[0]}}
  // expected-ub-possible @+2 {{in-bounds: %t <= 0}}
  // expected-ub-possible @+1 {{equal: %d[1] != %t}}
  %0 = "tensor.pack"(%s, %d, %z, %t) {inner_dims_pos = array<i64: 0>, operand_segment_sizes = array<i32: 1, 1, 1, 1>, static_inner_tiles = array<i64: -9223372036854775808>} : (tensor<?xf32>, tensor<?x?xf32>, f32, index) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
// expected-summary {{safe=1 ub-possible=6 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
