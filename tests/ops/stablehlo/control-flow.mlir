// stablehlo.case, stablehlo.if and stablehlo.while: their regions may not
// run (their obligations are conditional; the branches of case and if
// under their conditions: branch-conditions.mlir). A result of case / if has
// sizes when every branch returns the same terms for it (JAX's
// multi-platform export branches on _platform_index, each platform's
// lowering keeping the sizes); a result of while has its init's sizes when
// the body returns, for that carried value, the very sizes of the body's
// block argument. Otherwise a `?` result is opaque.

// Both platforms' branches keep %x's sizes: the add compares %x with %y.
func.func @platforms(%arg0: tensor<i32> {jax.global_constant = "_platform_index"}, %x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %2 = stablehlo.cosine %x : tensor<?x4xf32>
    stablehlo.return %2 : tensor<?x4xf32>
  }, {
    %2 = stablehlo.sine %x : tensor<?x4xf32>
    stablehlo.return %2 : tensor<?x4xf32>
  }) : (tensor<i32>) -> tensor<?x4xf32>
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %1 = stablehlo.add %0, %y : tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// The branches return %x and %y: which sizes depends on the branch.
func.func @differ(%p: tensor<i1>, %x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-opaque @+1 {{stablehlo.if}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<?xf32>
  }, {
    stablehlo.return %y : tensor<?xf32>
  }) : (tensor<i1>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A loop whose body keeps the carried sizes: the result has %x's.
func.func @keeps(%n: tensor<i64>, %x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i64>
  %0:2 = stablehlo.while(%i = %c, %acc = %x) : tensor<i64>, tensor<?x4xf32>
   cond {
    %2 = stablehlo.compare  LT, %i, %n,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.add %i, %c_0 : tensor<i64>
    %3 = stablehlo.multiply %acc, %acc : tensor<?x4xf32>
    stablehlo.return %2, %3 : tensor<i64>, tensor<?x4xf32>
  }
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %1 = stablehlo.add %0#1, %y : tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// A loop whose body grows the carried tensor: its sizes change.
func.func @grows(%n: tensor<i64>, %x: tensor<?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<0> : tensor<i64>
  // expected-opaque @+1 {{stablehlo.while}}
  %0:2 = stablehlo.while(%i = %c, %acc = %x) : tensor<i64>, tensor<?xf32>
   cond {
    %1 = stablehlo.compare  LT, %i, %n,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %1 = stablehlo.add %i, %c_0 : tensor<i64>
    %2 = stablehlo.concatenate %acc, %acc, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    stablehlo.return %1, %2 : tensor<i64>, tensor<?xf32>
  }
  return %0#1 : tensor<?xf32>
}
// expected-summary {{safe=0 ub-possible=2 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
