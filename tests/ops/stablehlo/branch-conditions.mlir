// The branches of stablehlo.if and stablehlo.case run only under the
// condition that selects them (StableHLO spec: `if` runs true_branch when
// pred holds, else false_branch; `case` runs branches[index], and
// branches[N-1] for an index < 0 or >= N). When the predicate or index is
// a value symshape tracks, a branch's requirements fail only together
// with it.

// The add runs only when the two sizes are equal: safe.
func.func @guarded(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %da = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %db = stablehlo.get_dimension_size %b, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %p = "stablehlo.compare"(%da, %db) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %s = stablehlo.add %a, %b : tensor<?xf32>
    stablehlo.return %s : tensor<?xf32>
  }, {
    stablehlo.return %a : tensor<?xf32>
  }) : (tensor<i1>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// The false_branch's add runs only when the sizes differ: it always fails
// when it runs, and the true_branch's multiply always holds.
func.func @guarded_else(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %da = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %db = stablehlo.get_dimension_size %b, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %p = "stablehlo.compare"(%da, %db) {comparison_direction = #stablehlo<comparison_direction EQ>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %m = stablehlo.multiply %a, %b : tensor<?xf32>
    stablehlo.return %m : tensor<?xf32>
  }, {
    // expected-ub-possible @+1 {{equal: %a[0] != %b[0]}}
    %s = stablehlo.add %a, %b : tensor<?xf32>
    stablehlo.return %a : tensor<?xf32>
  }) : (tensor<i1>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// The second (last) of two branches runs for any index but 0.
func.func @cased(%i: tensor<i32>, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<?xf32>
  }, {
    // expected-ub-possible @+1 {{equal: (%i >= 1 && %a[0] != %b[0]) || (%i <= -1 && %a[0] != %b[0])}}
    %s = stablehlo.add %a, %b : tensor<?xf32>
    stablehlo.return %a : tensor<?xf32>
  }) : (tensor<i32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
