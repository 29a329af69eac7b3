// SEMANTICS.md §4, input contracts and static errors. An op with a static
// error has UB in every run that gets there: in the entry block that is
// every run the checks before it let through, so no run ends well and
// `requires` is false (the checks before it still say where runs stop).
// tests/exporters/contracts/static-error*.mlir check the same against the
// brute-force oracle.
#map = affine_map<(d0) -> (d0)>

// expected-checked @after_check {{%arg0[0] == %arg1[0]}}
// expected-requires @after_check {{false}}
func.func @after_check(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>, %arg2: tensor<3xf32>, %arg3: tensor<4xf32>) -> tensor<3xf32> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
  %dim_0 = tensor.dim %arg1, %c0 : tensor<?xf32>
  %0 = arith.cmpi eq, %dim, %dim_0 : index
  // expected-ub-possible @+1 {{assert: %arg0[0] != %arg1[0]}}
  cf.assert %0, "mismatched size for broadcast"
  %1 = tensor.empty() : tensor<3xf32>
  // expected-error @+1 {{equal}}
  %2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg2, %arg3 : tensor<3xf32>, tensor<4xf32>) outs(%1 : tensor<3xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %3 = arith.addf %in, %in_1 : f32
    linalg.yield %3 : f32
  } -> tensor<3xf32>
  return %2 : tensor<3xf32>
}

// The static error first: the later op's requirement (judged on, with
// the erroneous op's declared type, SEMANTICS.md §4) changes nothing.
// expected-checked @first {{true}}
// expected-requires @first {{false}}
func.func @first(%a: tensor<3xf32>, %b: tensor<4xf32>, %c: tensor<?xf32>, %d: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{broadcast dim 0}}
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %c[0] != 1 && %d[0] != 1 && %c[0] != %d[0]}}
  %1 = tosa.add %c, %d : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// A static error in code that may not run (a block other than the entry)
// is UB only for the runs that go there, which the contract cannot say:
// it asks it of every run and says it is not exact.
// expected-checked @branch {{true}}
// expected-requires @branch {{false}}
// expected-inexact @branch {{code that may not run}}
func.func @branch(%flag: i1, %a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  cf.cond_br %flag, ^bb1, ^bb2
^bb1:
  // expected-error @+1 {{broadcast dim 0}}
  %0 = tosa.add %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
^bb2:
  return %b : tensor<4xf32>
}
