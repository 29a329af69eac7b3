// RUN: check %s
// EXIT: 2
// Two functions named @f in one module (MLIR: a symbol is defined once).
func.func @f(%a: tensor<?xf32>) {
  return
}
func.func @f(%a: tensor<4xf32>) {
  return
}
