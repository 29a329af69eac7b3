// Two shape.cstr_eq on the same shapes: the second can never fail once the
// first passed, so symshape-drop-redundant-checks (like `symshape refine
// --drop-redundant-checks`) makes its witness `shape.const_witness true`.
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = shape.shape_of %a : tensor<?xf32> -> tensor<1xindex>
  %1 = shape.shape_of %b : tensor<?xf32> -> tensor<1xindex>
  %w = shape.cstr_eq %0, %1 : tensor<1xindex>, tensor<1xindex>
  %r = shape.assuming %w -> (tensor<?xf32>) {
    %s = arith.addf %a, %b : tensor<?xf32>
    shape.assuming_yield %s : tensor<?xf32>
  }
  %w2 = shape.cstr_eq %0, %1 : tensor<1xindex>, tensor<1xindex>
  %r2 = shape.assuming %w2 -> (tensor<?xf32>) {
    %s = arith.addf %r, %b : tensor<?xf32>
    shape.assuming_yield %s : tensor<?xf32>
  }
  return %r2 : tensor<?xf32>
}
