// RUN: check %s --require-coverage
// EXIT: 1
// An op outside any function that symshape does not read is listed as
// opaque for the file; under --require-coverage it is an error of kind
// `coverage` like an opaque op in a function. A util.global is read (its
// type is that of its loads), not listed.
util.global private @w : tensor<4xf32>
foo.bar @x : tensor<4xf32>
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
