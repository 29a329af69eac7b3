// tensor.extract_slice / insert_slice (SPEC 3): each dim of the slice lies
// in its tensor (kind `in-bounds`): a size of 0, or a positive size with
//   offset >= 0 && offset + (size - 1) * stride < dim.
// The result of extract_slice has the sizes (a rank-reduced one drops unit
// dims); insert_slice's source has the sizes and its result is the dest.

func.func @slices(%t: tensor<?x8xf32>, %o: index, %n: index) -> tensor<?x8xf32> {
  // Dim 1 reads 0, 2, 4, 6 of 8: always inside.
  // expected-ub-possible @+1 {{in-bounds: %n <= -1 || (%n != 0 && %n + 2 > %t[0])}}
  %s = tensor.extract_slice %t[2, 0] [%n, 4] [1, 2] : tensor<?x8xf32> to tensor<?x4xf32>
  // One row, as a 1-D tensor.
  // expected-ub-possible @+1 {{in-bounds: %o >= %t[0] || %o <= -1}}
  %r = tensor.extract_slice %t[%o, 0] [1, 8] [1, 1] : tensor<?x8xf32> to tensor<8xf32>
  // %n rows fit since %s above did: safe.
  // expected-safe @+1 {{in-bounds}}
  %i = tensor.insert_slice %s into %t[0, 4] [%n, 4] [1, 1] : tensor<?x4xf32> into tensor<?x8xf32>
  return %i : tensor<?x8xf32>
}

// The generic form, as byteir's models write it (MLIR 16's
// operand_segment_sizes).
func.func @generic_form(%src: tensor<64x256x384xf32>, %dst: tensor<64x256x?xf32>) -> tensor<64x256x?xf32> {
  // expected-ub-possible @+1 {{in-bounds: %dst[2] <= 1151}}
  %0 = "tensor.insert_slice"(%src, %dst) {operand_segment_sizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 768>, static_sizes = array<i64: 64, 256, 384>, static_strides = array<i64: 1, 1, 1>} : (tensor<64x256x384xf32>, tensor<64x256x?xf32>) -> tensor<64x256x?xf32>
  return %0 : tensor<64x256x?xf32>
}

// A dynamic source must have the slice's sizes.
func.func @insert_dynamic(%src: tensor<?xf32>, %dst: tensor<16xf32>, %n: index) -> tensor<16xf32> {
  // The bounds are judged independently of the source check (SPEC 4: same
  // op, same phase), so a negative %n is out of bounds too.
  // expected-ub-possible @+2 {{equal: %src[0] != %n}}
  // expected-ub-possible @+1 {{in-bounds: %n >= 17 || %n <= -1}}
  %0 = tensor.insert_slice %src into %dst[0] [%n] [1] : tensor<?xf32> into tensor<16xf32>
  return %0 : tensor<16xf32>
}
// expected-summary {{safe=1 ub-possible=5 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
