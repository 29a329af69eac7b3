// RUN: check --json %s
// EXIT: 2
// Bad input under --json: the error on stderr as usual, and on stdout a JSON
// document (schema/symshape-report.schema.json) listing it under `errors`.
func.func @f(%a: tensor<?xf32>) {
  %0 = "tosa.add"(%a, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}
