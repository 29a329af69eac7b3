// Against 1 a dynamic dim stays dynamic in both tools; a 1 opposite a static 4 gives 4 in both.
func.func @ones(%a: tensor<?x1xf32>, %b: tensor<1x?xf32>, %c: tensor<?x4xf32>, %d: tensor<1x4xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tosa.add"(%a, %b) : (tensor<?x1xf32>, tensor<1x?xf32>) -> tensor<?x?xf32>
  %1 = "tosa.mul"(%c, %d) {shift = 0 : i32} : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
