// RUN: refine %s --assume "%a[0] == 8"
// With %a[0] == 8, every well-defined execution has %b[0] in {1, 8}, so the
// sum's batch is 8; the signature keeps `?`, so `return` reads a cast back.
func.func @f(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tosa.mul"(%0, %b) {shift = 0 : i32} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
