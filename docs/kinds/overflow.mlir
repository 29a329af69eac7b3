func.func @f() -> tensor<?xf32> {
  %big = arith.constant 4611686018427387904 : index
  %c4 = arith.constant 4 : index
  %n = arith.muli %big, %c4 : index
  %0 = tensor.empty(%n) : tensor<?xf32>
  return %0 : tensor<?xf32>
}
