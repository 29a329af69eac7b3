// onnx.If (ONNX operator docs, If-21): the outputs are the yields of the
// branch taken. Both branches are checked as code that may not run; an
// output whose sizes both branches agree on keeps them, so what follows
// is checked against them. Sizes the branches disagree on make the op
// opaque (symshape does not follow the condition).

// Both branches yield %a's sizes: the If's result is [%a[0], 4], and the
// Add against %b's [%b[0], 4] broadcasts dim 0 (fails exactly when both
// differ from 1 and from each other); dim 1 is 4 against 4.
func.func @if_same_sizes(%c: tensor<i1>, %a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "onnx.If"(%c) ({
    %1 = "onnx.Relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    "onnx.Yield"(%1) : (tensor<?x4xf32>) -> ()
  }, {
    %2 = "onnx.Neg"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    "onnx.Yield"(%2) : (tensor<?x4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<?x4xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  %3 = "onnx.Add"(%0, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  "onnx.Return"(%3) : (tensor<?x4xf32>) -> ()
}

// The branches yield %a and %b, whose first dims are independent: the
// result's size depends on the branch taken, so the op is opaque.
func.func @if_branch_sizes(%c: tensor<i1>, %a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-opaque @+1 {{onnx.If}}
  %0 = "onnx.If"(%c) ({
    "onnx.Yield"(%a) : (tensor<?x4xf32>) -> ()
  }, {
    "onnx.Yield"(%b) : (tensor<?x4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<?x4xf32>
  "onnx.Return"(%0) : (tensor<?x4xf32>) -> ()
}

// The torch spelling of the same If: regions after the functional type
// (the importer orders them by attribute name: else_branch, then
// then_branch), ended by torch.operator_terminator. A mismatch inside a
// branch is found at its op, as conditional code.
func.func @if_torch(%arg0: !torch.vtensor<[],i1>, %arg1: !torch.vtensor<[?,4],f32>, %arg2: !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[?,4],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.If"(%arg0) : (!torch.vtensor<[],i1>) -> !torch.vtensor<[?,4],f32> {
    // expected-ub-possible @+2 {{broadcast dim 0: %arg1[0] not in {1, 3}}}
    // expected-ub-possible @+1 {{broadcast dim 1: %arg2[1] not in {1, 4}}}
    %1 = torch.operator "onnx.Mul"(%arg1, %arg2) : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[3,4],f32> 
    torch.operator_terminator %arg1 : !torch.vtensor<[?,4],f32>
  }, {
    torch.operator_terminator %arg1 : !torch.vtensor<[?,4],f32>
  }
  return %0 : !torch.vtensor<[?,4],f32>
}

// A condition computed from sizes picks the branch: %r[0] is
// (%a[0] == 4 ? %a[0] : %b[0]). Adding a [4, 4] tensor then fails exactly
// when %a[0] is not 4 and %b[0] is neither 1 nor 4.
func.func @if_known_condition(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %da = "onnx.Dim"(%a) {axis = 0 : si64} : (tensor<?x4xf32>) -> tensor<1xi64>
  %c4 = onnx.Constant dense<4> : tensor<1xi64>
  %cond = "onnx.Equal"(%da, %c4) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
  %r = "onnx.If"(%cond) ({
    onnx.Yield %a : tensor<?x4xf32>
  }, {
    onnx.Yield %b : tensor<?x4xf32>
  }) : (tensor<1xi1>) -> tensor<?x4xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 4 && %b[0] not in {1, 4}}}
  %s = "onnx.Add"(%r, %c) : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  "onnx.Return"(%s) : (tensor<4x4xf32>) -> ()
}

// A condition that folds to a constant (AffineGrid's expansion tests
// Size(size) == 4 on a `size` of 5 elements: false) takes its branch alone:
// the else_branch (first region) splits `size` into five [1] parts, and
// the other branch's Split of 5 into 4 parts (no valid last part) never
// runs: it is neither a finding nor listed opaque. The Split's parts hold %arg1's elements, which the If
// passes on: the Concat is %arg1 again, its Slice [2:5] is %arg1[2..4],
// so the ConstantOfShape has those sizes, each required >= 0. Planted:
// its last size against a [1, 1, 6] tensor.
func.func @if_constant_condition(%arg0: !torch.vtensor<[1,1,6],f32>, %arg1: !torch.vtensor<[5],si64>) -> !torch.vtensor<[],f32> attributes {torch.onnx_meta.ir_version = 9 : si64, torch.onnx_meta.opset_version = 20 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value_int = 4 : si64} : () -> !torch.vtensor<[],si64> 
  %1 = torch.operator "onnx.Size"(%arg1) : (!torch.vtensor<[5],si64>) -> !torch.vtensor<[],si64> 
  %2 = torch.operator "onnx.Equal"(%1, %0) : (!torch.vtensor<[],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[],i1> 
  %3:5 = torch.operator "onnx.If"(%2) : (!torch.vtensor<[],i1>) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>) {
    %10:5 = torch.operator "onnx.Split"(%arg1) {torch.onnx.num_outputs = 5 : si64} : (!torch.vtensor<[5],si64>) -> (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) 
    torch.operator_terminator %10#0, %10#1, %10#2, %10#3, %10#4 : !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>
  }, {
    %10:4 = torch.operator "onnx.Split"(%arg1) {torch.onnx.num_outputs = 4 : si64} : (!torch.vtensor<[5],si64>) -> (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>, !torch.vtensor<[?],si64>) 
    %11 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [1 : si64]} : () -> !torch.vtensor<[1],si64> 
    torch.operator_terminator %10#0, %10#1, %11, %10#2, %10#3 : !torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[2],si64>, !torch.vtensor<[?],si64>
  }
  %4 = torch.operator "onnx.Concat"(%3#0, %3#1, %3#2, %3#3, %3#4) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>) -> !torch.vtensor<[?],si64> 
  %5 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [2 : si64]} : () -> !torch.vtensor<[1],si64> 
  %6 = torch.operator "onnx.Constant"() {torch.onnx.value_ints = [5 : si64]} : () -> !torch.vtensor<[1],si64> 
  %7 = torch.operator "onnx.Slice"(%4, %5, %6) : (!torch.vtensor<[?],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?],si64> 
  // expected-ub-possible @+3 {{in-bounds: %arg1[2] <= -1}}
  // expected-ub-possible @+2 {{in-bounds: %arg1[3] <= -1}}
  // expected-ub-possible @+1 {{in-bounds: %arg1[4] <= -1}}
  %8 = torch.operator "onnx.ConstantOfShape"(%7) : (!torch.vtensor<[?],si64>) -> !torch.vtensor<[],f32> 
  // expected-ub-possible @+1 {{broadcast dim 2: %arg1[4] not in {1, 6}}}
  %9 = torch.operator "onnx.Add"(%8, %arg0) : (!torch.vtensor<[],f32>, !torch.vtensor<[1,1,6],f32>) -> !torch.vtensor<[],f32> 
  return %9 : !torch.vtensor<[],f32>
}

// The same pattern, small enough for the oracle's brute force over the
// two `size` values: Size is 2, not 3, so the first region (torch-mlir's
// else_branch) runs and the second never does. The dead branch's
// ConstantOfShape would require both values >= 0 and its Split of 2 into
// 3 parts has no valid last part: neither is reported, as a finding or
// as opaque (ops that never run have no result sizes to relate). The live Split's parts hold %arg1[0] and %arg1[1], the If passes
// them on, and they are the start and end of a Slice of [4] (clamped to
// [0, 4]): its size against the Add's 2 can fail.
func.func @if_constant_slice_bounds(%arg0: !torch.vtensor<[4],f32>, %arg1: !torch.vtensor<[2],si64>, %arg2: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> attributes {torch.onnx_meta.ir_version = 9 : si64, torch.onnx_meta.opset_version = 20 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value_int = 3 : si64} : () -> !torch.vtensor<[],si64> 
  %1 = torch.operator "onnx.Size"(%arg1) : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[],si64> 
  %2 = torch.operator "onnx.Equal"(%1, %0) : (!torch.vtensor<[],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[],i1> 
  %3:2 = torch.operator "onnx.If"(%2) : (!torch.vtensor<[],i1>) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>) {
    %10:2 = torch.operator "onnx.Split"(%arg1) {torch.onnx.num_outputs = 2 : si64} : (!torch.vtensor<[2],si64>) -> (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) 
    torch.operator_terminator %10#0, %10#1 : !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>
  }, {
    %10 = torch.operator "onnx.ConstantOfShape"(%arg1) : (!torch.vtensor<[2],si64>) -> !torch.vtensor<[?,?],f32> 
    %11:3 = torch.operator "onnx.Split"(%arg1) {torch.onnx.num_outputs = 3 : si64} : (!torch.vtensor<[2],si64>) -> (!torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>, !torch.vtensor<[?],si64>) 
    torch.operator_terminator %11#0, %11#1 : !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>
  }
  %4 = torch.operator "onnx.Slice"(%arg0, %3#0, %3#1) : (!torch.vtensor<[4],f32>, !torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>) -> !torch.vtensor<[?],f32> 
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %5 = torch.operator "onnx.Add"(%4, %arg2) : (!torch.vtensor<[?],f32>, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> 
  return %5 : !torch.vtensor<[2],f32>
}

// Output 0 is %a in both branches, output 1 is %b or %d: the condition
// is not known, so output 1's size depends on the branch and the op is
// opaque, but output 0 keeps %a's sizes, and the Add after it compares
// them with %b's.
func.func @if_partly_known(%c: tensor<i1>, %a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %d: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  // expected-opaque @+1 {{onnx.If}}
  %0:2 = "onnx.If"(%c) ({
    "onnx.Yield"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> ()
  }, {
    "onnx.Yield"(%a, %d) : (tensor<?x4xf32>, tensor<?x4xf32>) -> ()
  }) : (tensor<i1>) -> (tensor<?x4xf32>, tensor<?x4xf32>)
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  %1 = "onnx.Add"(%0#0, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  onnx.Return %1, %0#1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// Loop-16 as torch-mlir imports ONNX's test_loop11, over [1, 2, 3]: the
// body slices element k (the iteration number, in [0, M)) and adds it to
// the carried [1]. For k >= 3 the slice is empty and the sum has 0
// elements, not the declared 1: UB once M > 3 (k < M holds only in the
// body, not of the whole function). The carried [1] keeps its
// size, the scan output stacks it: [trip count, 1].
func.func @loop_scan_slice(%arg0: !torch.vtensor<[],si64>, %arg1: !torch.vtensor<[],i1>, %arg2: !torch.vtensor<[1],f32>) -> (!torch.vtensor<[1],f32>, !torch.vtensor<[?,1],f32>) attributes {torch.onnx_meta.ir_version = 6 : si64, torch.onnx_meta.opset_version = 16 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0:2 = torch.operator "onnx.Loop"(%arg0, %arg1, %arg2) : (!torch.vtensor<[],si64>, !torch.vtensor<[],i1>, !torch.vtensor<[1],f32>) -> (!torch.vtensor<[1],f32>, !torch.vtensor<[?,1],f32>) {
  ^bb0(%arg3: !torch.vtensor<[],si64>, %arg4: !torch.vtensor<[],i1>, %arg5: !torch.vtensor<[1],f32>):
    %1 = torch.operator "onnx.Identity"(%arg4) : (!torch.vtensor<[],i1>) -> !torch.vtensor<[],i1> 
    %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>} : () -> !torch.vtensor<[3],f32> 
    %3 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<si64>} : () -> !torch.vtensor<[],si64> 
    %4 = torch.operator "onnx.Add"(%arg3, %3) : (!torch.vtensor<[],si64>, !torch.vtensor<[],si64>) -> !torch.vtensor<[],si64> 
    %5 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %6 = torch.operator "onnx.Unsqueeze"(%arg3, %5) : (!torch.vtensor<[],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
    %7 = torch.operator "onnx.Unsqueeze"(%4, %5) : (!torch.vtensor<[],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[1],si64> 
    %8 = torch.operator "onnx.Slice"(%2, %6, %7) : (!torch.vtensor<[3],f32>, !torch.vtensor<[1],si64>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[?],f32> 
    // expected-ub-possible @+1 {{result-cast dim 0: %arg3 >= 3 && %arg3 < %arg0}}
    %9 = torch.operator "onnx.Add"(%arg5, %8) : (!torch.vtensor<[1],f32>, !torch.vtensor<[?],f32>) -> !torch.vtensor<[1],f32> 
    %10 = torch.operator "onnx.Identity"(%9) : (!torch.vtensor<[1],f32>) -> !torch.vtensor<[1],f32> 
    torch.operator_terminator %1, %9, %10 : !torch.vtensor<[],i1>, !torch.vtensor<[1],f32>, !torch.vtensor<[1],f32>
  }
  return %0#0, %0#1 : !torch.vtensor<[1],f32>, !torch.vtensor<[?,1],f32>
}

// A carried value whose body yields it with the sizes it came in with has
// the initial sizes in every iteration: %v is [%x[0], 4] each time, so
// adding %y (Relu of %x, the same sizes) needs nothing, the final value is
// [%x[0], 4] and the scan output [trips, %x[0], 4]. Planted: the final
// value against %z. The counter %k changes its value, not its size. (At
// least one iteration, M = %n + 1: the oracle knows a scan output's sizes
// from its values.)
func.func @loop_keeps_sizes(%n: tensor<i64>, %x: tensor<?x4xf32>, %z: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x?x4xf32>, tensor<i32>) {
  %t = onnx.Constant dense<true> : tensor<i1>
  %zero = onnx.Constant dense<0> : tensor<i32>
  %once = onnx.Constant dense<1> : tensor<i64>
  %m = "onnx.Add"(%n, %once) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %y = "onnx.Relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %0:3 = "onnx.Loop"(%m, %t, %zero, %x) ({
  ^bb0(%i: tensor<i64>, %c: tensor<i1>, %k: tensor<i32>, %v: tensor<?x4xf32>):
    %one = onnx.Constant dense<1> : tensor<i32>
    %k1 = "onnx.Add"(%k, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %w = "onnx.Add"(%v, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    onnx.Yield %c, %k1, %w, %w : tensor<i1>, tensor<i32>, tensor<?x4xf32>, tensor<?x4xf32>
  }) : (tensor<i64>, tensor<i1>, tensor<i32>, tensor<?x4xf32>) -> (tensor<i32>, tensor<?x4xf32>, tensor<?x?x4xf32>)
  // expected-ub-possible @+1 {{broadcast dim 0: %x[0] != 1 && %z[0] != 1 && %x[0] != %z[0]}}
  %1 = "onnx.Add"(%0#1, %z) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  onnx.Return %1, %0#2, %0#0 : tensor<?x4xf32>, tensor<?x?x4xf32>, tensor<i32>
}

// A carried value that grows by a row each iteration has no size after
// the loop: the op is opaque (its other output, the counter, keeps its
// rank-0 size), and the body is checked with the row count a size of its
// own.
func.func @loop_growing(%n: tensor<i64>, %x: tensor<?x4xf32>, %r: tensor<1x4xf32>) -> tensor<?x4xf32> {
  %t = onnx.Constant dense<true> : tensor<i1>
  // expected-opaque @+1 {{onnx.Loop}}
  %0 = "onnx.Loop"(%n, %t, %x) ({
  ^bb0(%i: tensor<i64>, %c: tensor<i1>, %v: tensor<?x4xf32>):
    %w = "onnx.Concat"(%v, %r) {axis = 0 : si64} : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    onnx.Yield %c, %w : tensor<i1>, tensor<?x4xf32>
  }) : (tensor<i64>, tensor<i1>, tensor<?x4xf32>) -> tensor<?x4xf32>
  onnx.Return %0 : tensor<?x4xf32>
}

// The iteration number is below M only inside the body: after the loop,
// M = 0 (no iteration at all) is still possible, so ConstantOfShape of
// [M - 1] fails exactly when M <= 0.
func.func @loop_trip_count_after(%m: tensor<i64>, %x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %t = onnx.Constant dense<true> : tensor<i1>
  %0 = "onnx.Loop"(%m, %t, %x) ({
  ^bb0(%i: tensor<i64>, %c: tensor<i1>, %v: tensor<?xf32>):
    onnx.Yield %c, %v : tensor<i1>, tensor<?xf32>
  }) : (tensor<i64>, tensor<i1>, tensor<?xf32>) -> tensor<?xf32>
  %one = onnx.Constant dense<1> : tensor<i64>
  %d = "onnx.Sub"(%m, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %axes = onnx.Constant dense<0> : tensor<1xi64>
  %s = "onnx.Unsqueeze"(%d, %axes) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
  // expected-ub-possible @+1 {{in-bounds: %m <= 0}}
  %1 = "onnx.ConstantOfShape"(%s) : (tensor<1xi64>) -> tensor<?xf32>
  onnx.Return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// A branch runs only under its condition: the Add in the then_branch
// (first region in onnx-mlir) runs only when %a[0] == %b[0], so it is
// safe; the else_branch's Mul runs only when they differ, and fails
// unless one of them is 1.
func.func @if_guarded_branches(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> (tensor<?x4xf32>) {
  %da = "onnx.Shape"(%a) {start = 0 : si64, end = 1 : si64} : (tensor<?x4xf32>) -> tensor<1xi64>
  %db = "onnx.Shape"(%b) {start = 0 : si64, end = 1 : si64} : (tensor<?x4xf32>) -> tensor<1xi64>
  %cond = "onnx.Equal"(%da, %db) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
  %r = "onnx.If"(%cond) ({
    %s = "onnx.Add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    onnx.Yield %s : tensor<?x4xf32>
  }, {
    // expected-ub-possible @+1 {{broadcast dim 0}}
    %p = "onnx.Mul"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    onnx.Yield %a : tensor<?x4xf32>
  }) : (tensor<1xi1>) -> tensor<?x4xf32>
  "onnx.Return"(%r) : (tensor<?x4xf32>) -> ()
}
