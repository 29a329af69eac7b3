// linalg.pack, linalg.unpack and linalg.softmax as current MLIR prints them
// (LinalgRelayoutOps.td). Expectations derived by hand: dest's outer dim j
// is source dim outer_dims_perm[j]; a tiled one is exactly that dim
// ceildiv its tile (no artificial padding), i.e. tile * (outer - 1) < dim
// <= tile * outer; an untiled one equals it; the trailing dims are the
// tiles. Without padding_value the tile also divides the dim, so together
// dim == tile * outer. unpack reads the same relation the other way and may
// drop padding.

// NC to NCnc: dim 0 tiled by 8 without padding: %s[0] == 8 * %d[0];
// dim 1: 256 == 32 * 8 holds statically.
func.func @nc_to_ncnc(%s: tensor<?x256xf32>, %d: tensor<?x8x8x32xf32>) -> tensor<?x8x8x32xf32> {
  // expected-ub-possible @+1 {{equal: %s[0] != 8 * %d[0]}}
  %0 = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %d : tensor<?x256xf32> -> tensor<?x8x8x32xf32>
  return %0 : tensor<?x8x8x32xf32>
}

// With padding_value the last tile may be partial: %d[0] == %s[0] ceildiv 8
// fails when %s[0] > 8 * %d[0] or %s[0] <= 8 * %d[0] - 8.
func.func @padded(%s: tensor<?x16xf32>, %d: tensor<?x2x8x8xf32>, %z: f32) -> tensor<?x2x8x8xf32> {
  // expected-ub-possible @+1 {{equal: 8 * %d[0] < %s[0] || %s[0] + 8 <= 8 * %d[0]}}
  %0 = linalg.pack %s padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %d : tensor<?x16xf32> -> tensor<?x2x8x8xf32>
  return %0 : tensor<?x2x8x8xf32>
}

// CK to KCck into a dest sized by the ceildivs (outer dim 0 is source
// dim 1, tiled by 32; outer dim 1 is source dim 0, tiled by 8): safe.
func.func @ck_to_kcck(%s: tensor<?x?xf32>, %z: f32) -> tensor<?x?x8x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %m = tensor.dim %s, %c0 : tensor<?x?xf32>
  %n = tensor.dim %s, %c1 : tensor<?x?xf32>
  %k = arith.ceildivsi %n, %c32 : index
  %c = arith.ceildivsi %m, %c8 : index
  %e = tensor.empty(%k, %c) : tensor<?x?x8x32xf32>
  // expected-safe @+2 {{equal}}
  // expected-safe @+1 {{equal}}
  %0 = linalg.pack %s padding_value(%z : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %e : tensor<?x?xf32> -> tensor<?x?x8x32xf32>
  return %0 : tensor<?x?x8x32xf32>
}

// A tile given by a value must be positive and is the tile dim; without
// padding %s[0] == %d[0] * %t. Unpacking into %s again is then safe.
func.func @value_tile(%s: tensor<?xf32>, %d: tensor<?x?xf32>, %t: index) -> tensor<?xf32> {
  // expected-ub-possible @+3 {{equal: %s[0] != %d[0] * %t}}
  // expected-ub-possible @+2 {{in-bounds: %t <= 0}}
  // expected-ub-possible @+1 {{equal: %d[1] != %t}}
  %0 = linalg.pack %s inner_dims_pos = [0] inner_tiles = [%t] into %d : tensor<?xf32> -> tensor<?x?xf32>
  %1 = linalg.unpack %0 inner_dims_pos = [0] inner_tiles = [%t] into %s : tensor<?x?xf32> -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// unpack drops padding: 2 tiles of 8 hold 13 (2 == 13 ceildiv 8); the
// untiled dim 1 must match.
func.func @unpack_drops_padding(%p: tensor<2x?x8xf32>, %d: tensor<13x?xf32>) -> tensor<13x?xf32> {
  // expected-ub-possible @+1 {{equal: %p[1] != %d[1]}}
  %0 = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<2x?x8xf32> -> tensor<13x?xf32>
  return %0 : tensor<13x?xf32>
}

// The generic form IREE prints (properties in <{...}>): 15 ceildiv 4 == 4.
func.func @generic(%s: tensor<15x?xf32>, %d: tensor<4x?x4x4xf32>, %z: f32) -> tensor<4x?x4x4xf32> {
  // expected-ub-possible @+1 {{equal: 4 * %d[1] < %s[1] || %s[1] + 4 <= 4 * %d[1]}}
  %0 = "linalg.pack"(%s, %d, %z) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_inner_tiles = array<i64: 4, 4>}> : (tensor<15x?xf32>, tensor<4x?x4x4xf32>, f32) -> tensor<4x?x4x4xf32>
  return %0 : tensor<4x?x4x4xf32>
}

// What the verifier rejects.
func.func @verifier(%s: tensor<16x8xf32>, %d: tensor<3x8x8xf32>, %e: tensor<2x8x8xf32>, %t: index, %u: tensor<12x8xf32>) {
  // 16 ceildiv 8 is 2, not 3: no artificial padding in current MLIR.
  // expected-error @+1 {{rank}}
  %0 = linalg.pack %s inner_dims_pos = [0] inner_tiles = [8] into %d : tensor<16x8xf32> -> tensor<3x8x8xf32>
  // A tile given by a value needs a `?` tile dim.
  // expected-error @+1 {{rank}}
  %1 = linalg.pack %s inner_dims_pos = [0] inner_tiles = [%t] into %e : tensor<16x8xf32> -> tensor<2x8x8xf32>
  // 8 does not divide 12 and there is no padding_value.
  // expected-error @+1 {{rank}}
  %2 = linalg.pack %u inner_dims_pos = [0] inner_tiles = [8] into %e : tensor<12x8xf32> -> tensor<2x8x8xf32>
  // A zero tile.
  // expected-error @+1 {{rank}}
  %3 = linalg.unpack %e inner_dims_pos = [0] inner_tiles = [0] into %s : tensor<2x8x8xf32> -> tensor<16x8xf32>
  return
}

// softmax: input and output of one shape.
func.func @softmax(%x: tensor<2x?x32xf32>, %o: tensor<?x16x32xf32>) -> tensor<?x16x32xf32> {
  // expected-ub-possible @+2 {{equal: %o[0] != 2}}
  // expected-ub-possible @+1 {{equal: %x[1] != 16}}
  %0 = linalg.softmax dimension(2) ins(%x : tensor<2x?x32xf32>) outs(%o : tensor<?x16x32xf32>) -> tensor<?x16x32xf32>
  // Dimension 3 of a rank-3 tensor.
  // expected-error @+1 {{rank}}
  %1 = linalg.softmax dimension(3) ins(%0 : tensor<?x16x32xf32>) outs(%o : tensor<?x16x32xf32>) -> tensor<?x16x32xf32>
  return %0 : tensor<?x16x32xf32>
}
// expected-summary {{safe=5 ub-possible=9 ub-guaranteed=0 error=5 unreachable=0 unknown=0}}
