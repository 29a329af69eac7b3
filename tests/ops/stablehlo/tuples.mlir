// Tuples (StableHLO spec: tuple, get_tuple_element; mhlo alike, in the
// generic form): symshape does not follow sizes through a tuple, so
// get_tuple_element is opaque ("tuple element sizes are not tracked") and
// its result carries only its declared type: a `?` there is a fresh size,
// which a later elementwise add (add_c1) meets.

func.func @tuples(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %t = stablehlo.tuple %a, %b : tuple<tensor<?xf32>, tensor<4xf32>>
  // expected-opaque @+1 {{stablehlo.get_tuple_element}}
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<?xf32>, tensor<4xf32>>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{equal: %x[0] != 4}}
  %1 = stablehlo.add %x, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  %u = "mhlo.tuple"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tuple<tensor<?xf32>, tensor<4xf32>>
  // expected-opaque @+1 {{mhlo.get_tuple_element}}
  %v = "mhlo.get_tuple_element"(%u) {index = 0 : i32} : (tuple<tensor<?xf32>, tensor<4xf32>>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{equal: %v[0] != 4}}
  %2 = "mhlo.add"(%v, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}
