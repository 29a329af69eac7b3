// RUN: check %s --require-coverage
// EXIT: 1
// --require-coverage: each opaque op is an error of kind `coverage` at the
// op, counted in the summary, so the exit status is 1.
func.func @f(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "foo.bar"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.add"(%0, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
