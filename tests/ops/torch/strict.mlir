// `torch.assume_strict_symbolic_shapes` (SPEC 2, "Exporters' facts"): the
// FX importer puts it on every function it imports. torch-mlir's documentation
// of it (Dialect/Torch/Utils/Utils.h): dynamic dimensions "are not
// ambiguous with '1' symbols that can be interpreted to signal an expansion
// in various broadcasting scenarios"; its lowerings then iterate every dim
// not declared 1 over the whole result dim. So in such a function, sizes that
// meet in a broadcast are equal unless one is a static 1: a fact (the
// exporter's promise, like --assume), not an obligation. Each case comes
// twice, with and without the attribute.

// Two `?` dims: equal under the promise (one size), either may be 1
// without it.
func.func @dynamic_strict(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> attributes {torch.assume_strict_symbolic_shapes} {
  %int1 = torch.constant.int 1
  // expected-safe @+1 {{broadcast dim 0}}
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}
// expected-requires @dynamic_strict {{true}}

func.func @dynamic_plain(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> {
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// A `?` dim against a static 4 is 4 under the promise.
func.func @static_strict(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[4,8],f32>) -> !torch.vtensor<[4,8],f32> attributes {torch.assume_strict_symbolic_shapes} {
  // expected-safe @+1 {{broadcast dim 0}}
  %0 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[4,8],f32>
  return %0 : !torch.vtensor<[4,8],f32>
}
// expected-requires @static_strict {{true}}

func.func @static_plain(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[4,8],f32>) -> !torch.vtensor<[4,8],f32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] not in {1, 4}}}
  %0 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[4,8],f32> -> !torch.vtensor<[4,8],f32>
  return %0 : !torch.vtensor<[4,8],f32>
}

// A static 1 still broadcasts under the promise: nothing is stated about
// %arg0[0], so the declared 4 of the result can fail, as without it.
func.func @one_strict(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[1,8],f32>) -> !torch.vtensor<[4,8],f32> attributes {torch.assume_strict_symbolic_shapes} {
  // expected-ub-possible @+1 {{result-cast dim 0: %arg0[0] != 4}}
  %0 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[1,8],f32> -> !torch.vtensor<[4,8],f32>
  return %0 : !torch.vtensor<[4,8],f32>
}

func.func @one_plain(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[1,8],f32>) -> !torch.vtensor<[4,8],f32> {
  // expected-ub-possible @+1 {{result-cast dim 0: %arg0[0] != 4}}
  %0 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[1,8],f32> -> !torch.vtensor<[4,8],f32>
  return %0 : !torch.vtensor<[4,8],f32>
}

// matmul's batch dims broadcast too: under the promise the two `?` batch
// sizes are one, and the linear's bias [?] is the output size 16.
func.func @batch_strict(%arg0: !torch.vtensor<[?,4,8],f32>, %arg1: !torch.vtensor<[?,8,16],f32>, %arg2: !torch.vtensor<[16,16],f32>, %arg3: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,4,16],f32> attributes {torch.assume_strict_symbolic_shapes} {
  // expected-safe @+1 {{broadcast dim 0}}
  %0 = torch.aten.matmul %arg0, %arg1 : !torch.vtensor<[?,4,8],f32>, !torch.vtensor<[?,8,16],f32> -> !torch.vtensor<[?,4,16],f32>
  // expected-safe @+1 {{broadcast dim 2}}
  %1 = torch.aten.linear %0, %arg2, %arg3 : !torch.vtensor<[?,4,16],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[?],f32> -> !torch.vtensor<[?,4,16],f32>
  return %1 : !torch.vtensor<[?,4,16],f32>
}

func.func @batch_plain(%arg0: !torch.vtensor<[?,4,8],f32>, %arg1: !torch.vtensor<[?,8,16],f32>, %arg2: !torch.vtensor<[16,16],f32>, %arg3: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,4,16],f32> {
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  %0 = torch.aten.matmul %arg0, %arg1 : !torch.vtensor<[?,4,8],f32>, !torch.vtensor<[?,8,16],f32> -> !torch.vtensor<[?,4,16],f32>
  // expected-ub-possible @+1 {{broadcast dim 2: %arg3[0] not in {1, 16}}}
  %1 = torch.aten.linear %0, %arg2, %arg3 : !torch.vtensor<[?,4,16],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[?],f32> -> !torch.vtensor<[?,4,16],f32>
  return %1 : !torch.vtensor<[?,4,16],f32>
}

// A promise the types contradict: %arg0[0] meets 4 and then 5, which no
// size can equal both. The facts have no solution, so nothing after them
// is judged safe: every obligation is unreachable (a warning), never safe.
func.func @contradiction(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[4],f32>, %arg2: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5],f32> attributes {torch.assume_strict_symbolic_shapes} {
  %int1 = torch.constant.int 1
  // expected-unreachable @+1 {{broadcast dim 0}}
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  // expected-unreachable @+1 {{broadcast dim 0}}
  %1 = torch.aten.add.Tensor %arg0, %arg2, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[5],f32>, !torch.int -> !torch.vtensor<[5],f32>
  return %1 : !torch.vtensor<[5],f32>
}

// A private callee is judged through its calls (SPEC 2), under each
// caller's sizes. Its promise is about the inputs it gets: a caller that
// makes the promise too is narrowed by it (safe), a caller that does not
// is not (the callee's broadcast is judged as without the attribute).
func.func @plain_caller(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> {
  %0 = call @strict_callee(%arg0, %arg1) : (!torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

func.func @strict_caller(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> attributes {torch.assume_strict_symbolic_shapes} {
  %0 = call @strict_callee(%arg0, %arg1) : (!torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

func.func private @strict_callee(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?],f32> attributes {torch.assume_strict_symbolic_shapes} {
  %int1 = torch.constant.int 1
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  // expected-safe @+1 {{broadcast dim 0}}
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>, !torch.int -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}
