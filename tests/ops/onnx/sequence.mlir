// ONNX sequences (onnx-mlir's !onnx.Seq, torch-mlir's !torch.list), each
// expectation by hand from the ONNX operator docs: SplitToSequence-11
// ("'split' must contain only positive numbers"; a scalar split cuts
// chunks of that length, the last one smaller; a 1-D split's sum "must be
// equal to the dimension size of input tensor on 'axis'"; no split: parts
// of 1, without the axis when keepdims = 0), SequenceAt / SequenceErase
// ("Accepted range for 'position' is in [-n, n - 1]"), SequenceInsert
// ([-n, n]), SequenceLength, and ConcatFromSequence-11 (the tensors "must
// have the same rank", the sizes off the axis agree; new_axis = 1 stacks
// them, every size agreeing).

// A 1-D split [1, 2] of dim 0: %x[0] must be 3. The tensor at 1 is
// [2, 4]; added to %y [2, ?], dim 1 broadcasts 4 against %y[1].
func.func @split_list(%x: tensor<?x4xf32>, %y: tensor<2x?xf32>) -> tensor<*xf32> {
  %split = onnx.Constant dense<[1, 2]> : tensor<2xi64>
  // expected-ub-possible @+1 {{equal: %x[0] != 3}}
  %seq = "onnx.SplitToSequence"(%x, %split) {axis = 0 : si64} : (tensor<?x4xf32>, tensor<2xi64>) -> !onnx.Seq<tensor<*xf32>>
  %c1 = onnx.Constant dense<1> : tensor<i64>
  %part = "onnx.SequenceAt"(%seq, %c1) : (!onnx.Seq<tensor<*xf32>>, tensor<i64>) -> tensor<*xf32>
  // expected-ub-possible @+1 {{broadcast dim 1: %y[1] not in {1, 4}}}
  %sum = "onnx.Add"(%part, %y) : (tensor<*xf32>, tensor<2x?xf32>) -> tensor<*xf32>
  onnx.Return %sum : tensor<*xf32>
}

// A scalar split 2 of dim 0 (5): chunks [2, ?], [2, ?], [1, ?] (3 of
// them). %p must be in [-3, 2]; the tensor at %p has 2 rows at 0, 1, -3
// and -2, 1 row at 2 and -1. Its sum with %y [2, ?] then broadcasts dim 0
// (1 or 2 against 2: fine) and dim 1 (%x[1] against %y[1]). Joined along
// dim 0 the chunks give [5, %x[1]] again, declared [5, 3]; the length is
// a scalar.
func.func @split_scalar(%x: tensor<5x?xf32>, %y: tensor<2x?xf32>, %p: tensor<i64>) -> (tensor<*xf32>, tensor<5x3xf32>, tensor<*xi64>) {
  %two = onnx.Constant dense<2> : tensor<i64>
  %seq = "onnx.SplitToSequence"(%x, %two) {axis = 0 : si64} : (tensor<5x?xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>
  // expected-ub-possible @+1 {{in-bounds: %p <= -4 || %p >= 3}}
  %at = "onnx.SequenceAt"(%seq, %p) : (!onnx.Seq<tensor<*xf32>>, tensor<i64>) -> tensor<*xf32>
  // expected-ub-possible @+1 {{broadcast dim 1: %x[1] != 1 && %y[1] != 1 && %x[1] != %y[1]}}
  %sum = "onnx.Add"(%at, %y) : (tensor<*xf32>, tensor<2x?xf32>) -> tensor<*xf32>
  // expected-ub-possible @+1 {{result-cast dim 1: %x[1] != 3}}
  %all = "onnx.ConcatFromSequence"(%seq) {axis = 0 : si64} : (!onnx.Seq<tensor<*xf32>>) -> tensor<5x3xf32>
  %n = "onnx.SequenceLength"(%seq) : (!onnx.Seq<tensor<*xf32>>) -> tensor<*xi64>
  onnx.Return %sum, %all, %n : tensor<*xf32>, tensor<5x3xf32>, tensor<*xi64>
}

// The tensor at a position not known: its rows are 2 at %p in {0, 1,
// -3, -2} and 1 at %p in {2, -1} (the chunks above). Joined with %y
// [2, ?] along dim 1, the rows must agree: the sequence's last tensor
// (%p = 2 or -1) fails. (Past the SequenceAt, %p is in [-3, 2]: the
// condition is printed as its complement there.)
func.func @at_position_sizes(%x: tensor<5x?xf32>, %y: tensor<2x?xf32>, %p: tensor<i64>) -> tensor<*xf32> {
  %two = onnx.Constant dense<2> : tensor<i64>
  %seq = "onnx.SplitToSequence"(%x, %two) {axis = 0 : si64} : (tensor<5x?xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>
  // expected-ub-possible @+1 {{in-bounds: %p <= -4 || %p >= 3}}
  %at = "onnx.SequenceAt"(%seq, %p) : (!onnx.Seq<tensor<*xf32>>, tensor<i64>) -> tensor<*xf32>
  // expected-ub-possible @+1 {{equal: %p not in {-3, -2, 0, 1}}}
  %cat = "onnx.Concat"(%at, %y) {axis = 1 : si64} : (tensor<*xf32>, tensor<2x?xf32>) -> tensor<*xf32>
  onnx.Return %cat : tensor<*xf32>
}

// No split, keepdims = 0: three tensors [%x[1]] (dim 0 is 3). Stacked on
// a new axis 1 they are [%x[1], 3]; against a [4, 3] tensor %x[1] is 1
// or 4.
func.func @split_ones_stack(%x: tensor<3x?xf32>) -> tensor<*xf32> {
  %none = "onnx.NoValue"() {value} : () -> none
  %seq = "onnx.SplitToSequence"(%x, %none) {keepdims = 0 : si64} : (tensor<3x?xf32>, none) -> !onnx.Seq<tensor<*xf32>>
  %st = "onnx.ConcatFromSequence"(%seq) {axis = 1 : si64, new_axis = 1 : si64} : (!onnx.Seq<tensor<*xf32>>) -> tensor<*xf32>
  %w = onnx.Constant dense<1.0> : tensor<4x3xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %x[1] not in {1, 4}}}
  %r = "onnx.Add"(%st, %w) : (tensor<*xf32>, tensor<4x3xf32>) -> tensor<*xf32>
  onnx.Return %r : tensor<*xf32>
}

// Built tensor by tensor: [%a, %b] after two inserts at the back (no
// position), then %c at the front (position -2 of 2). Stacked on a new
// axis 0 every size must agree: %c against %a, %b against %a.
func.func @insert_stack(%a: tensor<2x?xf32>, %b: tensor<?x3xf32>, %c: tensor<2x3xf32>) -> tensor<*xf32> {
  %0 = "onnx.SequenceEmpty"() : () -> !onnx.Seq<tensor<*xf32>>
  %none = "onnx.NoValue"() {value} : () -> none
  %1 = "onnx.SequenceInsert"(%0, %a, %none) : (!onnx.Seq<tensor<*xf32>>, tensor<2x?xf32>, none) -> !onnx.Seq<tensor<*xf32>>
  %2 = "onnx.SequenceInsert"(%1, %b, %none) : (!onnx.Seq<tensor<*xf32>>, tensor<?x3xf32>, none) -> !onnx.Seq<tensor<*xf32>>
  %m2 = onnx.Constant dense<-2> : tensor<i64>
  %3 = "onnx.SequenceInsert"(%2, %c, %m2) : (!onnx.Seq<tensor<*xf32>>, tensor<2x3xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>
  // Tensors 0 (%c) and 1 (%a): dim 1, 3 against %a[1]; tensors 0 and 2
  // (%b): dim 0, 2 against %b[0].
  // expected-ub-possible @+2 {{equal: %a[1] != 3}}
  // expected-ub-possible @+1 {{equal: %b[0] != 2}}
  %4 = "onnx.ConcatFromSequence"(%3) {axis = 0 : si64, new_axis = 1 : si64} : (!onnx.Seq<tensor<*xf32>>) -> tensor<3x2x3xf32>
  onnx.Return %4 : tensor<3x2x3xf32>
}

// SequenceInsert at a position known only at runtime: in [-1, 1] for a
// sequence of one tensor.
func.func @insert_position(%a: tensor<2x3xf32>, %p: tensor<i64>) -> !onnx.Seq<tensor<*xf32>> {
  %0 = "onnx.SequenceConstruct"(%a) : (tensor<2x3xf32>) -> !onnx.Seq<tensor<*xf32>>
  // expected-ub-possible @+1 {{in-bounds: %p <= -2 || %p >= 2}}
  %1 = "onnx.SequenceInsert"(%0, %a, %p) : (!onnx.Seq<tensor<*xf32>>, tensor<2x3xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>
  onnx.Return %1 : !onnx.Seq<tensor<*xf32>>
}

// Erasing from an empty sequence: there is no last tensor.
func.func @erase_empty() -> !onnx.Seq<tensor<*xf32>> {
  %0 = "onnx.SequenceEmpty"() : () -> !onnx.Seq<tensor<*xf32>>
  %none = "onnx.NoValue"() {value} : () -> none
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %1 = "onnx.SequenceErase"(%0, %none) : (!onnx.Seq<tensor<*xf32>>, none) -> !onnx.Seq<tensor<*xf32>>
  onnx.Return %1 : !onnx.Seq<tensor<*xf32>>
}

// The onnx-mlir verifier's cases (onnx-mlir's test/mlir/onnx/invalid.mlir):
// an axis outside [-4, 3] for tensors of rank 4 (new_axis = 1: [-5, 4]),
// read from the sequence argument's declared element type; a split of
// rank 2; a scalar split that is not positive; a keepdims of 2.
func.func @concat_axis(%arg0 : !onnx.Seq<tensor<5x5x1x32xf32>>) -> (tensor<*xf32>, tensor<*xf32>) {
  // expected-error @+1 {{rank}}
  %0 = "onnx.ConcatFromSequence"(%arg0) {axis = 4 : si64} : (!onnx.Seq<tensor<5x5x1x32xf32>>)  -> tensor<*xf32>
  // expected-error @+1 {{rank}}
  %1 = "onnx.ConcatFromSequence"(%arg0) {axis = -6 : si64, new_axis = 1 : si64} : (!onnx.Seq<tensor<5x5x1x32xf32>>)  -> tensor<*xf32>
  "onnx.Return"(%0, %1) : (tensor<*xf32>, tensor<*xf32>) -> ()
}

func.func @split_invalid(%arg0: tensor<2x2xf32>, %arg1: tensor<1x2xi64>) -> (!onnx.Seq<tensor<*xf32>>, !onnx.Seq<tensor<*xf32>>, !onnx.Seq<tensor<2xf32>>) {
  // expected-error @+1 {{rank}}
  %0 = "onnx.SplitToSequence"(%arg0, %arg1) : (tensor<2x2xf32>, tensor<1x2xi64>) -> !onnx.Seq<tensor<*xf32>>
  %1 = "onnx.Constant"(){value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{rank}}
  %2 = "onnx.SplitToSequence"(%arg0, %1) : (tensor<2x2xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>
  %cst = "onnx.NoValue"() {value} : () -> none
  // expected-error @+1 {{rank}}
  %3 = "onnx.SplitToSequence"(%arg0, %cst) {keepdims = 2 : si64} : (tensor<2x2xf32>, none) -> !onnx.Seq<tensor<2xf32>>
  "onnx.Return"(%0, %2, %3) : (!onnx.Seq<tensor<*xf32>>, !onnx.Seq<tensor<*xf32>>, !onnx.Seq<tensor<2xf32>>) -> ()
}

// What is not tracked: the length of a split of a dynamic size (no split
// input: one tensor per row) is a runtime size, so the tensor at 0 is
// not known; declared [?, ?] it gets fresh sizes, declared [1, 4] its
// sizes cannot be checked (opaque). The length of a sequence argument is
// a scalar not known.
func.func @untracked(%x: tensor<?x4xf32>, %s: !onnx.Seq<tensor<*xf32>>) -> (tensor<?x?xf32>, tensor<1x4xf32>, tensor<*xi64>) {
  %none = "onnx.NoValue"() {value} : () -> none
  %seq = "onnx.SplitToSequence"(%x, %none) {axis = 0 : si64} : (tensor<?x4xf32>, none) -> !onnx.Seq<tensor<*xf32>>
  %c0 = onnx.Constant dense<0> : tensor<i64>
  %0 = "onnx.SequenceAt"(%seq, %c0) : (!onnx.Seq<tensor<*xf32>>, tensor<i64>) -> tensor<?x?xf32>
  // expected-opaque @+1 {{onnx.SequenceAt}}
  %1 = "onnx.SequenceAt"(%seq, %c0) : (!onnx.Seq<tensor<*xf32>>, tensor<i64>) -> tensor<1x4xf32>
  %2 = "onnx.SequenceLength"(%s) : (!onnx.Seq<tensor<*xf32>>) -> tensor<*xi64>
  onnx.Return %0, %1, %2 : tensor<?x?xf32>, tensor<1x4xf32>, tensor<*xi64>
}

// torch-mlir's ONNX import (its test/Conversion/TorchOnnxToTorch
// sequence tests, with dynamic sizes): three tensors, the one at 1
// erased, %arg1 inserted again at -1 (before the last). The tensor at 0
// is %arg0, declared [2, 3, 4]; joined along dim 0 the others' dims 1 and
// 2 must agree with %arg0's.
func.func @erase_insert_torch(%arg0: !torch.vtensor<[?,3,4],f32>, %arg1: !torch.vtensor<[2,?,4],f32>, %arg2: !torch.vtensor<[2,3,?],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[?,3,4],f32>) attributes {torch.onnx_meta.ir_version = 7 : si64, torch.onnx_meta.opset_version = 12 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1> : tensor<si64>} : () -> !torch.vtensor<[],si64> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<si64>} : () -> !torch.vtensor<[],si64> 
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<0> : tensor<si64>} : () -> !torch.vtensor<[],si64> 
  %3 = torch.operator "onnx.SequenceConstruct"(%arg0, %arg1, %arg2) : (!torch.vtensor<[?,3,4],f32>, !torch.vtensor<[2,?,4],f32>, !torch.vtensor<[2,3,?],f32>) -> !torch.list<vtensor<[?,?,?],f32>> 
  %4 = torch.operator "onnx.SequenceErase"(%3, %0) : (!torch.list<vtensor<[?,?,?],f32>>, !torch.vtensor<[],si64>) -> !torch.list<vtensor<[?,?,?],f32>> 
  %5 = torch.operator "onnx.SequenceInsert"(%4, %arg1, %1) : (!torch.list<vtensor<[?,?,?],f32>>, !torch.vtensor<[2,?,4],f32>, !torch.vtensor<[],si64>) -> !torch.list<vtensor<[?,?,?],f32>> 
  // expected-ub-possible @+1 {{result-cast dim 0: %arg0[0] != 2}}
  %6 = torch.operator "onnx.SequenceAt"(%5, %2) : (!torch.list<vtensor<[?,?,?],f32>>, !torch.vtensor<[],si64>) -> !torch.vtensor<[2,3,4],f32> 
  // expected-ub-possible @+2 {{equal: %arg1[1] != 3}}
  // expected-ub-possible @+1 {{equal: %arg2[2] != 4}}
  %7 = torch.operator "onnx.ConcatFromSequence"(%5) {torch.onnx.axis = 0 : si64} : (!torch.list<vtensor<[?,?,?],f32>>) -> !torch.vtensor<[?,3,4],f32> 
  return %6, %7 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[?,3,4],f32>
}

// A split [1, 3] of dim 0 (so %arg0[0] is 4); the last tensor, [3, 6],
// added to %arg1 [3, ?].
func.func @split_to_sequence_torch(%arg0: !torch.vtensor<[?,6],f32>, %arg1: !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[3,6],f32> attributes {torch.onnx_meta.ir_version = 6 : si64, torch.onnx_meta.opset_version = 11 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<[1, 3]> : tensor<2xsi64>} : () -> !torch.vtensor<[2],si64> 
  // expected-ub-possible @+1 {{equal: %arg0[0] != 4}}
  %1 = torch.operator "onnx.SplitToSequence"(%arg0, %0) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[?,6],f32>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor<[?,6],f32>> 
  %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<-1> : tensor<si64>} : () -> !torch.vtensor<[],si64> 
  %3 = torch.operator "onnx.SequenceAt"(%1, %2) : (!torch.list<vtensor<[?,6],f32>>, !torch.vtensor<[],si64>) -> !torch.vtensor<[3,6],f32> 
  // expected-ub-possible @+1 {{broadcast dim 1: %arg1[1] not in {1, 6}}}
  %4 = torch.operator "onnx.Add"(%3, %arg1) : (!torch.vtensor<[3,6],f32>, !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[3,6],f32> 
  return %4 : !torch.vtensor<[3,6],f32>
}

// torch-mlir's test_split_to_sequence_with_list, as it is: the split is
// an input, so each entry must be positive and both must add up to 4.
func.func @test_split_to_sequence_with_list(%arg0: !torch.vtensor<[4,6],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.list<vtensor<[2,6],f32>> attributes {torch.onnx_meta.ir_version = 6 : si64, torch.onnx_meta.opset_version = 11 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  // expected-ub-possible @+3 {{in-bounds: %arg1[0] <= 0}}
  // expected-ub-possible @+2 {{in-bounds: %arg1[1] <= 0}}
  // expected-ub-possible @+1 {{equal: %arg1[0] + %arg1[1] != 4}}
  %0 = torch.operator "onnx.SplitToSequence"(%arg0, %arg1) {torch.onnx.axis = 0 : si64} : (!torch.vtensor<[4,6],f32>, !torch.vtensor<[2],si64>) -> !torch.list<vtensor<[2,6],f32>>
  return %0 : !torch.list<vtensor<[2,6],f32>>
}

// torch-mlir's test_sequence_length: a sequence argument's length, a
// scalar.
func.func @test_sequence_length(%arg0: !torch.list<vtensor<[?,?,?],f32>>) ->  !torch.vtensor<[],si64> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.SequenceLength"(%arg0) : (!torch.list<vtensor<[?,?,?],f32>>) -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// A sequence argument: its length is not known, so the position is not
// checked; its tensors have the sizes its declared type gives, [?, 3] (a
// `?` a fresh size). Against %arg2 [2, ?] both dims broadcast.
func.func @at_argument(%arg0: !torch.list<vtensor<[?,3],f32>>, %arg1: !torch.vtensor<[],si64>, %arg2: !torch.vtensor<[2,?],f32>) -> !torch.vtensor<[2,3],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.SequenceAt"(%arg0, %arg1) : (!torch.list<vtensor<[?,3],f32>>, !torch.vtensor<[],si64>) -> !torch.vtensor<[?,3],f32> 
  // expected-ub-possible @+2 {{broadcast dim 0: %0[0] not in {1, 2}}}
  // expected-ub-possible @+1 {{broadcast dim 1: %arg2[1] not in {1, 3}}}
  %1 = torch.operator "onnx.Add"(%0, %arg2) : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[2,?],f32>) -> !torch.vtensor<[2,3],f32> 
  return %1 : !torch.vtensor<[2,3],f32>
}
