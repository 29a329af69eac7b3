// RUN: check --split-input-file %s
// EXIT: 2
// Each `// -----` piece is parsed and judged on its own, as mlir-opt
// --split-input-file does; diagnostics keep this file's line numbers. A
// piece that does not parse gives its error and the others are still
// judged (exit 2). Names may repeat across pieces.

func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @f() {
  %0 = "test.op"(
}

// -----

func.func @f(%a: tensor<?xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
