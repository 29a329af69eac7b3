// tensor.insert %s into %t[%i, %j] (MLIR's tensor docs, TensorOps.td
// InsertOp): a copy of %t with the indexed position updated, one `index`
// per dim of %t. An index outside its dim names no position, so each must
// lie in [0, dim) (`in-bounds`), as the one-element tensor.insert_slice at
// that offset must; the verifier checks only the number of indices. The
// sizes stay small so that the oracle's brute force (every `?` and index
// argument in [0, 4], tests/ops/tensor/CMakeLists.txt) reaches every
// failing one.

// Row %i, column 2 of a [?, 4] tensor: %i must be below the rows; the
// constant column is inside the 4.
func.func @row(%t: tensor<?x4xf32>, %i: index, %v: f32) -> tensor<?x4xf32> {
  %c2 = arith.constant 2 : index
  // expected-ub-possible @+1 {{in-bounds: %i >= %t[0] || %i <= -1}}
  %0 = tensor.insert %v into %t[%i, %c2] : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// The last element, at dim - 1: -1 when %t is empty.
func.func @last(%t: tensor<?xf32>, %v: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %k = arith.subi %n, %c1 : index
  // expected-ub-possible @+1 {{in-bounds: %t[0] == 0}}
  %0 = tensor.insert %v into %t[%k] : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Index 4 of 4 elements: every run.
func.func @past_the_end(%t: tensor<4xi32>, %v: i32) -> tensor<4xi32> {
  %c4 = arith.constant 4 : index
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %0 = tensor.insert %v into %t[%c4] : tensor<4xi32>
  return %0 : tensor<4xi32>
}
// expected-summary {{safe=0 ub-possible=2 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
