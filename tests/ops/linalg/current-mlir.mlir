// Forms that current MLIR prints and mlir-opt 16 does not know (the refine
// test skips this file): the short bodies of linalg.map / linalg.reduce,
// matmul with explicit indexing maps, linalg.add and linalg.elementwise.

func.func @short_bodies(%a: tensor<?xf32>, %b: tensor<?xf32>, %o: tensor<?xf32>, %m: tensor<?x?xf32>, %i: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+2 {{equal: %a[0] != %b[0]}}
  // expected-ub-possible @+1 {{equal: %a[0] != %o[0]}}
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%o : tensor<?xf32>)
  // expected-ub-possible @+1 {{equal: %m[0] != %i[0]}}
  %1 = linalg.reduce { arith.addf } ins(%m : tensor<?x?xf32>) outs(%i : tensor<?xf32>) dimensions = [1]
  return %1 : tensor<?xf32>
}

// Explicit maps: matmul with a transposed lhs (loops d0 = M, d1 = N, d2 = K).
func.func @matmul_maps(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-ub-possible @+3 {{equal: %a[0] != %b[0]}}
  // expected-ub-possible @+2 {{equal: %a[1] != %c[0]}}
  // expected-ub-possible @+1 {{equal: %b[1] != %c[1]}}
  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @named_elementwise(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+2 {{equal: %a[0] != %b[0]}}
  // expected-ub-possible @+1 {{equal: %a[0] != %c[0]}}
  %0 = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<?xf32>) -> tensor<?xf32>
  // %0 has %c's size (equal to %a's by now); %d is new.
  // expected-ub-possible @+1 {{equal: %c[0] != %d[0]}}
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%0 : tensor<?xf32>) outs(%d : tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
// expected-summary {{safe=0 ub-possible=9 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
