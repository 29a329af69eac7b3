func.func @f(%a: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %ok = arith.cmpi eq, %n, %c4 : index
  cf.assert %ok, "expected 4 elements"
  return
}
