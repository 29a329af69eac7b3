// RUN: refine %s
// refine writes no identity casts. @result: %0 is 4x8 in every execution,
// but refining the result of a tensor.cast to its source's type would cast
// a type to itself, so it keeps its declared result. @generic, @custom: %1
// and %3 are 4x8 under "no UB" (the casts demand it), so the casts to 4x8
// would become identity casts: they go, and their uses read %1 and %3.
func.func @result(%a: tensor<4x8xf32>) -> tensor<?x8xf32> {
  %0 = tensor.cast %a : tensor<4x8xf32> to tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

func.func @generic(%b: tensor<?x8xf32>, %c: tensor<8xf32>) -> tensor<4x8xf32> {
  %1 = "tosa.add"(%b, %c) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %2 = "tensor.cast"(%1) : (tensor<?x8xf32>) -> tensor<4x8xf32>
  %sum = "tosa.add"(%2, %c) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %sum : tensor<4x8xf32>
}

func.func @custom(%b: tensor<?x8xf32>, %c: tensor<8xf32>) -> tensor<4x8xf32> {
  %3 = "tosa.add"(%b, %c) : (tensor<?x8xf32>, tensor<8xf32>) -> tensor<?x8xf32>
  %4 = tensor.cast %3 : tensor<?x8xf32> to tensor<4x8xf32>
  return %4 : tensor<4x8xf32>
}
