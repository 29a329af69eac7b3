// Escaped bytes take four places each: the shown window counts places,
// not bytes (a 150-byte run once printed 600 columns and its caret 600 more).
func.func @f(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„„tosa.add"(%a, %b) : (tensor<?x4xf32>,or<?x4xf32>
  return %0 : tensor<?x4xf32>
}
