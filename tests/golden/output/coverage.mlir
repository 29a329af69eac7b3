// RUN: check %s
// Ops symshape cannot relate to their operands are opaque (SPEC 1): their
// `?` result dims are fresh symbols. Every obligation here is safe, and one
// summary line says which ops were not modelled, most frequent first.
func.func @f(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "foo.bar"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "foo.bar"(%0) : (tensor<?x4xf32>) -> tensor<?x?xf32>
  %2 = "baz.qux"(%1) : (tensor<?x?xf32>) -> tensor<?x4xf32>
  %3 = "tosa.add"(%2, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}
