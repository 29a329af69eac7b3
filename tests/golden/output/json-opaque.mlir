// RUN: check --json %s
// EXIT: 1
// The JSON report lists each opaque op per function (`opaque`), keeps a
// tensor's encoding in `refined` as `refine` does, and carries `version`.
func.func @f(%a: tensor<?x4xf32, "enc">, %b: tensor<4xf32>) -> tensor<?x?xf32, "enc"> {
  %0 = "foo.bar"(%a) : (tensor<?x4xf32, "enc">) -> tensor<?x?xf32, "enc">
  %1 = "tosa.add"(%0, %b) : (tensor<?x?xf32, "enc">, tensor<4xf32>) -> tensor<?x?xf32, "enc">
  return %1 : tensor<?x?xf32, "enc">
}
