// Ops whose result size is a count the data decides, as torch-mlir's FX
// importer prints them: torch.nonzero ("of size (z x n), where z is the
// total number of non-zero elements in the input tensor" and n its rank)
// and torch.masked_select (a 1-D tensor of the elements the mask selects;
// the mask and the input "must be broadcastable"). The count is a fresh
// size in [0, numel]: torch.export binds it to an unbacked symbol (u0) and
// guards its inline constraint with _assert_async checks of a
// scalar_tensor, which read the count exactly. Each expectation computed
// by hand.

// torch-mlir's FX importer test (test_nonzero): z is bound to u0, a fact.
func.func @nonzero(%arg0: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,2],si64> {
  %0 = torch.symbolic_int "u0" {min_val = 0, max_val = 9223372036854775806} : !torch.int
  %1 = torch.symbolic_int "s0" {min_val = 3, max_val = 10} : !torch.int
  torch.bind_symbolic_shape %arg0, [%1], affine_map<()[s0] -> (s0, 3)> : !torch.vtensor<[?,3],f32>
  %2 = torch.aten.nonzero %arg0 : !torch.vtensor<[?,3],f32> -> !torch.vtensor<[?,2],si64>
  torch.bind_symbolic_shape %2, [%0], affine_map<()[s0] -> (s0, 2)> : !torch.vtensor<[?,2],si64>
  return %2 : !torch.vtensor<[?,2],si64>
}

// torch.export's guards of an inline constraint [0, 16] on z: z >= 0
// always holds; z <= 16 fails when the data has more nonzero elements,
// possible only once 4 * %arg0[1] > 16.
func.func @nonzero_constraint(%arg0: !torch.vtensor<[4,?],f32>) -> !torch.vtensor<[?,2],si64> {
  %0 = torch.aten.nonzero %arg0 : !torch.vtensor<[4,?],f32> -> !torch.vtensor<[?,2],si64>
  %int0 = torch.constant.int 0
  %1 = torch.aten.size.int %0, %int0 : !torch.vtensor<[?,2],si64>, !torch.int -> !torch.int
  %int0_0 = torch.constant.int 0
  %2 = torch.aten.ge.int %1, %int0_0 : !torch.int, !torch.int -> !torch.bool
  %none = torch.constant.none
  %none_1 = torch.constant.none
  %none_2 = torch.constant.none
  %none_3 = torch.constant.none
  %3 = torch.aten.scalar_tensor %2, %none, %none_1, %none_2, %none_3 : !torch.bool, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[],f32>
  %str = torch.constant.str "nonzero.shape[0] is outside of inline constraint [0, 16]."
  // expected-safe @+1 {{assert}}
  torch.operator "torch.aten._assert_async.msg"(%3, %str) : (!torch.vtensor<[],f32>, !torch.str) -> ()
  %int16 = torch.constant.int 16
  %4 = torch.aten.le.int %1, %int16 : !torch.int, !torch.int -> !torch.bool
  %none_4 = torch.constant.none
  %none_5 = torch.constant.none
  %none_6 = torch.constant.none
  %none_7 = torch.constant.none
  %5 = torch.aten.scalar_tensor %4, %none_4, %none_5, %none_6, %none_7 : !torch.bool, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[],f32>
  %str_8 = torch.constant.str "nonzero.shape[0] is outside of inline constraint [0, 16]."
  // expected-ub-possible @+1 {{assert: %0[0] >= 17}}
  torch.operator "torch.aten._assert_async.msg"(%5, %str_8) : (!torch.vtensor<[],f32>, !torch.str) -> ()
  return %0 : !torch.vtensor<[?,2],si64>
}

// [2, 2] has at most 4 nonzero elements: a declared 5 rows never fits,
// and the rank 2 is not the declared 3.
func.func @nonzero_declared(%arg0: !torch.vtensor<[2,2],si64>, %arg1: !torch.vtensor<[?,?,?],si64>) -> (!torch.vtensor<[5,2],si64>, !torch.vtensor<[?,3],si64>) {
  // expected-ub-guaranteed @+1 {{result-cast dim 0 rule aten::nonzero}}
  %0 = torch.aten.nonzero %arg0 : !torch.vtensor<[2,2],si64> -> !torch.vtensor<[5,2],si64>
  // expected-error @+1 {{result-cast dim 1 rule aten::nonzero}}
  %1 = torch.aten.nonzero %arg0 : !torch.vtensor<[2,2],si64> -> !torch.vtensor<[?,3],si64>
  return %0, %1 : !torch.vtensor<[5,2],si64>, !torch.vtensor<[?,3],si64>
}

// torch-mlir's ONNX import lowers Compress with a 1-D nonzero result
// (its onnx.Compress tests); PyTorch's is [z, 1]: a convention not read.
func.func @nonzero_onnx_compress(%arg0: !torch.vtensor<[2,3,4],f32>, %arg1: !torch.vtensor<[3],si64>) -> !torch.vtensor<[2,3,2],f32> {
  %int2 = torch.constant.int 2
  // expected-opaque @+1 {{torch.aten.nonzero}}
  %0 = torch.aten.nonzero %arg1 : !torch.vtensor<[3],si64> -> !torch.vtensor<[2],si64>
  %1 = torch.aten.index_select %arg0, %int2, %0 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[2,3,2],f32>
  return %1 : !torch.vtensor<[2,3,2],f32>
}

// torch-mlir's FX tests (Masked_select): [128, 128] by a mask of the same
// shape, guarded by the inline constraint [0, 16384] = [0, 128 * 128]:
// both checks are redundant.
func.func @masked_select(%arg0: !torch.vtensor<[128,128],f32>, %arg1: !torch.vtensor<[128,128],i1>) -> !torch.vtensor<[?],f32> {
  %0 = torch.aten.masked_select %arg0, %arg1 : !torch.vtensor<[128,128],f32>, !torch.vtensor<[128,128],i1> -> !torch.vtensor<[?],f32>
  %int0 = torch.constant.int 0
  %1 = torch.aten.size.int %0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %int16384 = torch.constant.int 16384
  %2 = torch.aten.le.int %1, %int16384 : !torch.int, !torch.int -> !torch.bool
  %none = torch.constant.none
  %none_0 = torch.constant.none
  %none_1 = torch.constant.none
  %none_2 = torch.constant.none
  %3 = torch.aten.scalar_tensor %2, %none, %none_0, %none_1, %none_2 : !torch.bool, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[],f32>
  %str = torch.constant.str "masked_select.shape[0] is outside of inline constraint [0, 16384]."
  // expected-safe @+1 {{assert}}
  torch.operator "torch.aten._assert_async.msg"(%3, %str) : (!torch.vtensor<[],f32>, !torch.str) -> ()
  return %0 : !torch.vtensor<[?],f32>
}

// The mask broadcasts against the input: [?] against [2, 4] must be 1 or
// 4. The count is at most the broadcast's 8 elements: a declared 9 never
// fits.
func.func @masked_select_broadcast(%arg0: !torch.vtensor<[2,4],f32>, %arg1: !torch.vtensor<[?],i1>, %arg2: !torch.vtensor<[1,4],i1>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[9],f32>) {
  // expected-ub-possible @+1 {{broadcast rule aten::masked_select: %arg1[0] not in {1, 4}}}
  %0 = torch.aten.masked_select %arg0, %arg1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[?],i1> -> !torch.vtensor<[?],f32>
  // expected-ub-guaranteed @+1 {{result-cast dim 0 rule aten::masked_select}}
  %1 = torch.aten.masked_select %arg0, %arg2 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[1,4],i1> -> !torch.vtensor<[9],f32>
  return %0, %1 : !torch.vtensor<[?],f32>, !torch.vtensor<[9],f32>
}

// Sizes 3 and 4 never broadcast ("The size of tensor a (3) must match the
// size of tensor b (4)"): a runtime error of every run, which no verifier
// of the torch dialect rejects.
func.func @masked_select_mismatch(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[2,4],i1>) -> !torch.vtensor<[?],f32> {
  // expected-ub-guaranteed @+1 {{broadcast rule aten::masked_select}}
  %0 = torch.aten.masked_select %arg0, %arg1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,4],i1> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// A uint8 mask (accepted with a warning by old releases, an error now) is
// not read; nor is _assert_async of a tensor that is not 0-d, nor of a
// float whose value no op computed.
func.func @not_read(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[2,3],ui8>, %arg2: !torch.vtensor<[1],f32>, %arg3: !torch.float) -> !torch.vtensor<[?],f32> {
  // expected-opaque @+1 {{torch.aten.masked_select}}
  %0 = torch.aten.masked_select %arg0, %arg1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],ui8> -> !torch.vtensor<[?],f32>
  %str = torch.constant.str "a check"
  // expected-opaque @+1 {{torch.operator}}
  torch.operator "torch.aten._assert_async.msg"(%arg2, %str) : (!torch.vtensor<[1],f32>, !torch.str) -> ()
  %int6 = torch.constant.int 6
  %int0 = torch.constant.int 0
  %cpu = torch.constant.device "cpu"
  %none = torch.constant.none
  %1 = torch.aten.scalar_tensor %arg3, %int6, %int0, %cpu, %none : !torch.float, !torch.int, !torch.int, !torch.Device, !torch.none -> !torch.vtensor<[],f32>
  // expected-opaque @+1 {{torch.operator}}
  torch.operator "torch.aten._assert_async.msg"(%1, %str) : (!torch.vtensor<[],f32>, !torch.str) -> ()
  return %0 : !torch.vtensor<[?],f32>
}
// expected-summary {{safe=2 ub-possible=2 ub-guaranteed=3 error=1 unreachable=0 unknown=0}}
