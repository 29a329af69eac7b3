// check --json once looped forever: the refinement re-asked one equality
// class whose model values exceed int64 and never split it (found by the
// benchmark on a random graph, reduced).
func.func @random177(%x: tensor<?x16x?x16xf32>, %a0: tensor<1x1xf32>, %a1: tensor<1x16xf32>, %a2: tensor<16xf32>, %a3: tensor<1x16xf32>, %a4: tensor<1x1x16xf32>, %y: tensor<?x?x1x?xf32>, %n: index) -> tensor<?x?x1x16xf32> {
  %0 = "chlo.broadcast_multiply"(%a4, %a1) {broadcast_dimensions = dense<[1, 2]> : tensor<2xi64>} : (tensor<1x1x16xf32>, tensor<1x16xf32>) -> tensor<1x1x16xf32>
  %6 = tensor.empty(%n) : tensor<?x4x4xf32>
  %8 = shape.from_extents %n, %n : index, index
  %10 = shape.const_size 1
  %11 = shape.reduce(%8, %10) : !shape.shape -> !shape.size {
  ^bb0(%12: index, %13: !shape.size, %14: !shape.size):
    %15 = shape.mul %14, %13 : !shapetensor<!shape.siz// Seed 000, incorrect use: the inferred result shape is tensor<3xi32> but
// the actual one is tensor<1x3xi32>: ranks differ. SPEC 3 follows seed 000
// (error) although mlir-opt 16 accepts it. With the rank wrong, no result
// dim is compared.
func.func @f(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) -> tensor<1x3xi32> {e -> !shape.size
    shape.yield %15 : !shape.size
  }
  %16 = "tosa.add"(%a1, %a0) : (tensor<1x16xf32>, tensor<1x1xf32>) -> tensor<1x16xf32>
  %18 = "tosa.tanh"(%6) : (tensor<?x4x4xf32>) -> tensor<?x4x4xf32>
  %22 = "foo.matmul"(%0) {note = "opaque"} : (tensor<1x1x16xf32>) -> tensor<1xf32>
  %23 = shape.shape_of %0 : tensor<1x1x16xf32> -> tensor<3xindex>
  %24 = "stablehlo.dynamic_broadcast_in_dim"(%a3, %23) {broadcast_dimensions = dense<[1, 2]> : tensor<2xi64>} : (tensor<1x16xf32>, tensor<3xindex>) -> tensor<1x1x16xf32>
  %c2 = arith.constant 2 : index
  %30 = shape.mul %11, %11 : !sha"stablehlo.broadcast_in_dim"pe.size
  %33 = tensor.empty() : tensor<1x4x1x16xf32>
  %36 = shape.get_extent %23, %c2 : t¥‘ŒÃÌ‡index>, index -> index
  %38 = "foo.source"() : () -> tensor-json once looped forever: the refinement re-asked one equality
// class whose model values exceed int64 and never split it (found by the
// benchmark on a random graph, reduced).
func.func @random177(%x: tensor<?x16x?x16xf32>, %a0: tensor<1x1xf32>, %a1: tensor<1x16xf32>, %a2: tensor<16xf32>, %a3: tensor<1x16xf32>, %a4: tensor<1x1x16xf32>, %y: tensor<?x?x1x?xf32>, %n: index) -> tensor<?x?x1x16xf32> {
  %0 = "chlo.broadcast_multiply"(%a4, %a1) {broadcast_dimensions = dense<[1, 2]> : tensor<2xi64>} : (tensor<1x1x16xf32>, tensor<1x16xf32>) -> tensor<1x1x16xf32>
  %6 = tensor.empty(%n) : tensor<?x4x4xf32>
  %8 = shape.from_extents %n, %n : index, index
  %10 = shape.const_size 1
  %11 = shape.reduce(%8, %10) : !shape.shape -> !shape.size {
  ^bb0(%12: index, %13: !shape.size, %14: !shape.size):
    %15 = shape.mul %14, %13 : !shapetensor<!shape.siz// Seed 000, incorrect use: the inferred result shape is tensor<3xi32> but
// the actual one is tensor<1x3xi32>: ranks differ. SPEC 3 follows seed 000
// (error) although mlir-opt 16 accepts it. With the rank wrong, no result
// dim is compared.
func.func @f(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) -> tensor<1x3xi32> {e -> !shape.size
    shape.yield %15 : !shape.size
  }
  %16 = "tosa.add"(%a1, %a0) : (tensor<1x16xf32>, tensor<1x1xf32>) -> tensor<1x16xf32>
  %18 = "tosa.tanh"(%6) : (tensor<?x4x4xf32>) -> tensor<?x4x4xf32>
  %22 = "foo.matmul"(%0) {note = "opaque"} : (tensor<1x1x16xf32>) -> tensor<1xf32>
  %23 = shape.shape_of %0 : tensor<1x1x16xf32> -> tensor<3xindex>
  %24 = "stablehlo.dynamic_broadcast_in_dim"(%a3, %23) {broadcast_dimensions = dense<[1, 2]> : tensor<2xi64>} : (tensor<1x16xf32>, tensor<3xindex>) -> tensor<1x1x16xf32>
  %c2 = arith.constant 2 : index
  %30 = shape.mul %11, %11 : !sha"stablehlo.broadcast_in_dim"pe.size
  %33 = tensor.empty() : tensor<1x4x1x16xf32>
  %36 = shape.get_extent %23, %c2 : tensor<3xindex>, index -> index
  %38 = "foo.source"() : () -> tensor<1x?x1xf32>
  %39 = "tosa.add"(%6, %38) : (tensor<?x4x4xf32>, tensor<1x?x1xf32>) -> tensor<?x?x4xf32>
  %40 = "tosa.sub"(%16, %a1) : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  %41 = shape.shape_of %16 : tensor<1x16xf32> -> tensor<2xindex>
  %42 = shape.shape_of %33 : tensor<1x4x1x16xf32> -> tensor<4xindex>
  %43 = shape.cstr_broadcastable %41, %42 : tensor<2xindex>, tensor<4xindex>
  %44 = shape.assuming %43 -> (tenso%44, %40) : (tensor^bb0<1x4x1x16xf32>, tensor<1x16xf32>) -> tensor<1x4x1x16xf32>
  %78 = shape.shape_of %57 : tensor<?x?xf32> -> tensor<2xindex>
  %79 = shape.shape_of %72 : tensor<1x4x1x16xf32> -> tensor<4xindex>
  %80 = shape.cstr_broadcastable %78, %79 : tensor<2xindex>, tensor<4xindex>
  %81 = shape.assuming %80 -> (tensor<1x4x?x16xf32>) {
    %82 = "tosa.add"(%57, %72) : (tensor<?#?xf32>, tensor<1x4x1x16xf32>) -> tensor<1x4x?x16xf32>
    shape.assuming_yield %82 : tens
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-error @+1 {{rank}}
  %result = "linalg.broadcasttest.broadcastabl•"(%arg0, %arg1) : (tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>
  return %result : tensor<1x3xi32>
}
// expected-summary {{safe=1 ub-possible=0 ub-guaranteed=0 error=1 unreachabor<1x4x?x16xf32>
  }
  %83 = shape.shape_of %71 : tensor<1x4x1x16xf32> -> tensor<4xindex>
  %84 = shape.shape_of %40 : tensor<1x16xf32> -> tensor<2xindex>
  %85 = shape.cstr_broadcastable %83, %84 : tensor<4xindex>, tensor<2xindex>
  %86 = shape.assuming %85 -> (tens// Unranked operands (SPEC 3, following upstream MLIR): no rank error for a
// result of higher rank; the unranked operand may supply the leading dim.
// Trailing dims are checked against the ranked operands: where they give a
// size other than 1, it must be the declared one.
func.func @f(%u: tensor<*xi32>, %s: tensor<3xi32>, %d: tensor<?xi32>) -> tensor<2x3xi32> {
  // expected-safe @+2 {{rank}}
  // expected-safe @+1 {{result-cast dim 1}}
  %0 = "test.broadcastable"(%u, %s) : (tensor<*xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  // expected-safe @+2 {{rank}}
  // expected-ub-possible @+1 {{result-cast dim 0: %d[0] not in {1, 4}}}
  %1 = "test.broadcastagle"(%u, %d) : (tensor<*xi32>, tensor<?xi32>) -> tensor<4xi32>
  // A result of lower rank than the ranked operands is still an error.
  // expected-error @+1 {{rank}}
  %2 = "test.broadcastable"(%u, %s) : (tensor<*xi32>, tensor<3xi32>) -> tensor<i32>
  return %0 : tensor<2x3xi32>
}
// expected-summary {{safe=3 ub-possible=1 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
-> tensor<1x4x?x16xf32>
    shape.assuming_yield %82 : tens
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-error @+1 {{rank}}
  %result = "linalg.broadcasttest.broadcastable"(%arg0, %arg1) : (tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>
  return %result : tensor<1x3xi32>
}
// expected-summary {{safe=1 ub-possible=0 ub-guaranteed=0 error=1 unreachabor<1x4x?x16xf32>
  }
  %83 = shape.shape_of %71 : tensor<1x4x1x16xf32> -> tensor<4xindex>
  %84 = shape.shape_of %40 : tensor<1x16xf32> -> tensor<2xindex>
  %85 = shape.cstr_broadcastable %83, %84 : tensor<4xindex>, tensor<2xindex>
  %86 = shape.assuming %85 -> (tensor<1x4x1x16xf32>) {
    %87 = "tosa.add"(%71, %40) : (tensor<1x4x1x16xf32>, tensor<1x16xf32>) -> tensor<1x4x1x16xf32>
    shape.assuming_yield %87 : tensor<1x4x1x16xf32>
  }
  %89 = "foo.source"() :le= () -> tensor<1x10 x?u