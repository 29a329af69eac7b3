// A static error first (tosa.add of tensor<3xf32> and tensor<4xf32>), then
// an op that needs its dynamic operands equal or 1. Every run has UB at
// the first op: requires is false, whatever the later op needs.
func.func @f(%a: tensor<3xf32>, %b: tensor<4xf32>, %c: tensor<?xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = tosa.add %c, %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
