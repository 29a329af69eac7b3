// flow.tensor.tie_shape %x : T{dims} (FlowOps.td): the result is %x, and
// the listed values are the sizes of T's `?` dims. IREE trusts the list
// without a runtime check (the op "only exists transiently in the IR as a
// witness to shape calculations"; tensor.dim of its result folds to the
// listed value), so a list that differs from the sizes is undefined
// behaviour: each listed size is an `equal` requirement, and later ops
// assume it.

util.func public @tie(%arg0: tensor<?x?xi32>, %h: index, %w: index) -> tensor<?x?xi32> {
  // expected-ub-possible @+2 {{equal: %arg0[0] != %h}}
  // expected-ub-possible @+1 {{equal: %arg0[1] != %w}}
  %0 = flow.tensor.tie_shape %arg0 : tensor<?x?xi32>{%h, %w}
  // From here on %0 is %h x %w, and %h, %w are not negative.
  // expected-safe @+1 {{in-bounds}}
  %e = tensor.empty(%h, %w) : tensor<?x?xi32>
  // expected-safe @+1 {{equal}}
  %1 = arith.addi %0, %e : tensor<?x?xi32>
  util.return %1 : tensor<?x?xi32>
}

// IREE's tests/e2e/linalg/pack.mlir: the list is the tensor's own sizes,
// so tie_shape adds nothing to check.
func.func private @generate_2D_source(%height : index, %width : index) -> tensor<?x?xi32> {
  // expected-ub-possible @+2 {{in-bounds: %height <= -1}}
  // expected-ub-possible @+1 {{in-bounds: %width <= -1}}
  %init_source = tensor.empty(%height, %width) : tensor<?x?xi32>
  %source = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%init_source : tensor<?x?xi32>) {
    ^bb0(%b0 : i32):
      %outer = linalg.index 0 : index
      %inner = linalg.index 1 : index
      %strided = arith.muli %outer, %width : index
      %linearized = arith.addi %inner, %strided : index
      %linearized_i32 = arith.index_cast %linearized : index to i32
      linalg.yield %linearized_i32 : i32
  } -> tensor<?x?xi32>
  // This blocks the fusion for inputs and testing ops.
  %0 = util.optimization_barrier %source : tensor<?x?xi32>
  %1 = flow.tensor.tie_shape %0 : tensor<?x?xi32>{%height, %width}
  return %1 : tensor<?x?xi32>
}

// A list of a known wrong size, and the generic form.
util.func public @wrong(%arg0: tensor<3x?xf32>) {
  %c4 = arith.constant 4 : index
  %0 = tensor.cast %arg0 : tensor<3x?xf32> to tensor<?x?xf32>
  %c3 = arith.constant 3 : index
  // expected-ub-possible @+1 {{equal: %arg0[1] != 4}}
  %1 = "flow.tensor.tie_shape"(%0, %c3, %c4) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
  // expected-ub-guaranteed @+1 {{equal: true}}
  %2 = flow.tensor.tie_shape %1 : tensor<?x?xf32>{%c4, %c4}
  util.return
}

// One size per `?` dim (IREE's verifier: verifyOpDynamicDims).
util.func public @count(%arg0: tensor<?x4xf32>, %n: index) {
  // expected-error @+1 {{rank}}
  %0 = flow.tensor.tie_shape %arg0 : tensor<?x4xf32>{%n, %n}
  util.return
}
// expected-summary {{safe=5 ub-possible=5 ub-guaranteed=1 error=1 unreachable=0 unknown=0}}
