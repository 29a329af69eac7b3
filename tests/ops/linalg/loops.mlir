// linalg.generic and the ops with one loop nest: indexing maps bind operand
// dims to loops; dims bound to one loop are equal at runtime (kind `equal`,
// "the loop dN sizes"), and the results are the tensor outs (SPEC 3).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A row sum: %a's rows and %init agree.
func.func @generic(%a: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{equal: %a[0] != %init[0]}}
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %in, %out : f32
    linalg.yield %1 : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A constant 0 in a map reads a size-1 dim at index 0: it binds no loop.
func.func @generic_unit_dim(%a: tensor<1x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-ub-possible @+3 {{equal: %a[1] != %b[1]}}
  // expected-ub-possible @+2 {{equal: %b[0] != %c[0]}}
  // expected-ub-possible @+1 {{equal: %a[1] != %c[1]}}
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<1x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %1 = arith.addf %x, %y : f32
    linalg.yield %1 : f32
  } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// linalg.reduce drops `dimensions` from the input; linalg.map is
// elementwise over ins and init. Their results are the inits.
func.func @reduce_map(%a: tensor<?x?x?xf32>, %i: tensor<?x?xf32>, %b: tensor<?x?xf32>, %o: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-ub-possible @+2 {{equal: %a[0] != %i[0]}}
  // expected-ub-possible @+1 {{equal: %a[2] != %i[1]}}
  %r = linalg.reduce ins(%a : tensor<?x?x?xf32>) outs(%i : tensor<?x?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %0 = arith.addf %in, %acc : f32
      linalg.yield %0 : f32
    }
  // expected-ub-possible @+4 {{equal: %i[0] != %b[0]}}
  // expected-ub-possible @+3 {{equal: %i[1] != %b[1]}}
  // expected-ub-possible @+2 {{equal: %i[0] != %o[0]}}
  // expected-ub-possible @+1 {{equal: %i[1] != %o[1]}}
  %m = linalg.map ins(%r, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%o : tensor<?x?xf32>)
    (%x: f32, %y: f32) {
      %0 = arith.mulf %x, %y : f32
      linalg.yield %0 : f32
    }
  return %m : tensor<?x?xf32>
}

// transpose: init dim i is input dim permutation[i]; 4 against 4 is fine.
func.func @transpose(%m: tensor<?x4xf32>, %t: tensor<4x?xf32>) -> tensor<4x?xf32> {
  // expected-ub-possible @+1 {{equal: %m[0] != %t[1]}}
  %0 = linalg.transpose ins(%m : tensor<?x4xf32>) outs(%t : tensor<4x?xf32>) permutation = [1, 0]
  return %0 : tensor<4x?xf32>
}

// fill takes the shape of its outs; copy needs ins and outs equal.
func.func @fill_copy(%n: index, %a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  // An index argument may be negative, a dim may not (SPEC 2).
  // expected-ub-possible @+1 {{in-bounds: %n <= -1}}
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %0 = linalg.fill ins(%cst : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  // expected-ub-possible @+1 {{equal: %n != %a[0]}}
  %1 = linalg.copy ins(%a : tensor<?x4xf32>) outs(%0 : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// Named elementwise ops: every operand of one shape.
func.func @elementwise(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+2 {{equal: %a[0] != %b[0]}}
  // expected-ub-possible @+1 {{equal: %a[0] != %c[0]}}
  %0 = linalg.elemwise_binary {fun = #linalg.binary_fn<add>} ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// expected-summary {{safe=0 ub-possible=15 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
