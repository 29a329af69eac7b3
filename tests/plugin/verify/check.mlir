// PIPELINE: builtin.module(symshape-check{summary=false})
// EXIT: 0
// symshape-check with its defaults: UB that can happen is a warning, a
// runtime check that can fail (the function's input contract) a note, each
// with the exact condition and a witness as notes. Values carry the
// source's names (%a), not the ones mlir-opt prints (%arg0).
func.func @cstr(%a: tensor<?xf32>, %b: tensor<?xf32>) -> !shape.witness {
  %0 = shape.shape_of %a : tensor<?xf32> -> tensor<1xindex>
  %1 = shape.shape_of %b : tensor<?xf32> -> tensor<1xindex>
  // expected-note @+3 {{the constraint that extents %a[0] and %b[0] broadcast (extent 0) can fail: the program stops there for some inputs (an input contract, not UB) [cstr, ub-possible, shape.cstr_broadcastable]}}
  // expected-note @+2 {{fails exactly when %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  // expected-note @+1 {{for example %a[0] = 2, %b[0] = 3}}
  %w = shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<1xindex>
  return %w : !shape.witness
}

// expected-note @+1 {{input contract of @cast: no UB exactly when (%a[0] == 4 && %b[0] == 4) || (%a[0] == 1 && %b[0] == 4) || (%a[0] == 4 && %b[0] == 1)}}
func.func @cast(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<4xi32> {
  // expected-warning @+6 {{the broadcast of operand sizes %a[0] and %b[0] (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+5 {{UB exactly when %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  // expected-note @+4 {{for example %a[0] = 2, %b[0] = 3}}
  // expected-warning @+3 {{cast to the declared 4 (result dim 0) can fail at runtime [result-cast, ub-possible, test.broadcastable]}}
  // expected-note @+2 {{UB exactly when %a[0] != 4 && %b[0] != 4}}
  // expected-note @+1 {{for example every size 1}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// expected-note @+1 {{input contract of @zero: no UB exactly when %a[0] <= 1}}
func.func @zero(%a: tensor<?xi32>, %b: tensor<0xi32>) -> tensor<?xi32> {
  // expected-warning @+3 {{the broadcast of operand sizes %a[0] and 0 (result dim 0) can fail at runtime [broadcast, ub-possible, broadcastable]}}
  // expected-note @+2 {{UB exactly when %a[0] not in}}
  // expected-note @+1 {{for example %a[0] = 2}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<0xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
