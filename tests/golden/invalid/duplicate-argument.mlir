// RUN: check %s
// EXIT: 2
// Two arguments named %a.
func.func @f(%a: tensor<?xf32>, %a: tensor<4xf32>) {
  return
}
