// The same dynamic batch on both sides: both keep it dynamic and refine the static feature dim.
func.func @residual(%x: tensor<?x64xf32>) -> tensor<?x?xf32> {
  %0 = "tosa.add"(%x, %x) : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x?xf32>
  %1 = "tosa.sub"(%0, %x) : (tensor<?x?xf32>, tensor<?x64xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
