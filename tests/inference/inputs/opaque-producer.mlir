// The result of a call is opaque to both tools; broadcasting it against a static 2 pins its rows (symshape only).
func.func private @producer() -> tensor<?x4xf32>

func.func @opaque(%b: tensor<1x4xf32>, %c: tensor<2x4xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %p = func.call @producer() : () -> tensor<?x4xf32>
  %0 = "tosa.add"(%p, %b) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x?xf32>
  %1 = "tosa.add"(%p, %c) : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
