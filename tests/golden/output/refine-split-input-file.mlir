// RUN: refine --split-input-file %s
// EXIT: 0
// refine --split-input-file refines each piece on its own and prints the
// pieces separated by marker lines, as mlir-opt does.
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// -----
func.func @f(%a: tensor<3xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<3xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
