// The tensor ops of torch-mlir's FX importer output, each with PyTorch's
// documented shape rule (rule ids are the PyTorch op names): matrix
// products, view with one -1, transpose and unsqueeze with negative dims,
// slice clamping its bounds, reductions over a dim list.

// mm: [n, m] x [m, p]; a static 64 meets a `?`: they must be equal.
func.func @mm(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[64,32],f32>) -> !torch.vtensor<[?,32],f32> {
  // expected-ub-possible @+1 {{equal: %arg0[1] != 64}}
  %0 = torch.aten.mm %arg0, %arg1 : !torch.vtensor<[?,?],f32>, !torch.vtensor<[64,32],f32> -> !torch.vtensor<[?,32],f32>
  return %0 : !torch.vtensor<[?,32],f32>
}

// view(-1, 4, 8) of [?, 32]: the -1 is ?*32 / 32 = ?, so the element count
// is kept whatever ? is (no obligation is left). transpose(-2, -1) swaps
// the last two dims; the result type [?,8,4] is what it computes.
func.func @view_transpose(%arg0: !torch.vtensor<[?,32],f32>) -> !torch.vtensor<[?,8,4],f32> {
  %int-1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %int8 = torch.constant.int 8
  %0 = torch.prim.ListConstruct %int-1, %int4, %int8 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.view %arg0, %0 : !torch.vtensor<[?,32],f32>, !torch.list<int> -> !torch.vtensor<[?,4,8],f32>
  %int-2 = torch.constant.int -2
  %int-1_0 = torch.constant.int -1
  %2 = torch.aten.transpose.int %1, %int-2, %int-1_0 : !torch.vtensor<[?,4,8],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,8,4],f32>
  return %2 : !torch.vtensor<[?,8,4],f32>
}

// view(6, 4) of [?, 4]: only ? == 6 keeps the element count.
func.func @view_static(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[6,4],f32> {
  %int6 = torch.constant.int 6
  %int4 = torch.constant.int 4
  %0 = torch.prim.ListConstruct %int6, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-ub-possible @+1 {{element-count: %arg0[0] != 6}}
  %1 = torch.aten.view %arg0, %0 : !torch.vtensor<[?,4],f32>, !torch.list<int> -> !torch.vtensor<[6,4],f32>
  return %1 : !torch.vtensor<[6,4],f32>
}

// slice [0:9223372036854775807] of dim 1 keeps the whole dim (the end is
// clamped to the size); unsqueeze(-1) appends a 1; squaring it is safe (one
// value with itself). The last mul broadcasts [%arg0[0], %arg0[1], 1] with
// [%arg1[0], %arg1[1], 16]: dims 0 and 1 are independent sizes that may
// conflict, the 1 expands to 16.
func.func @slice_unsqueeze(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[?,?,16],f32>) -> !torch.vtensor<[?,?,16],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int9223372036854775807 = torch.constant.int 9223372036854775807
  %int1_0 = torch.constant.int 1
  %0 = torch.aten.slice.Tensor %arg0, %int1, %int0, %int9223372036854775807, %int1_0 : !torch.vtensor<[?,?],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?,?],f32>
  %int-1 = torch.constant.int -1
  %1 = torch.aten.unsqueeze %0, %int-1 : !torch.vtensor<[?,?],f32>, !torch.int -> !torch.vtensor<[?,?,1],f32>
  %2 = torch.aten.mul.Tensor %1, %1 : !torch.vtensor<[?,?,1],f32>, !torch.vtensor<[?,?,1],f32> -> !torch.vtensor<[?,?,1],f32>
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  // expected-ub-possible @+1 {{broadcast dim 1: %arg0[1] != 1 && %arg1[1] != 1 && %arg0[1] != %arg1[1]}}
  %3 = torch.aten.mul.Tensor %2, %arg1 : !torch.vtensor<[?,?,1],f32>, !torch.vtensor<[?,?,16],f32> -> !torch.vtensor<[?,?,16],f32>
  return %3 : !torch.vtensor<[?,?,16],f32>
}

// slice [-3:] of a dim of 2: the start -3 + 2 is clamped to 0, so the
// whole dim (2) is kept, as the result type says: nothing to check.
func.func @slice_clamp(%arg0: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32> {
  %int0 = torch.constant.int 0
  %int-3 = torch.constant.int -3
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %0 = torch.aten.slice.Tensor %arg0, %int0, %int-3, %none, %int1 : !torch.vtensor<[2,5],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// mean over dim -1 with keepdim: [?, 256] -> [?, 1]; size.int reads dim 0,
// which view then uses: [?, 1] viewed as [%2, 1] keeps the count (no
// obligation is left).
func.func @mean_size(%arg0: !torch.vtensor<[?,256],f32>) -> !torch.vtensor<[?,1],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %1 = torch.aten.mean.dim %arg0, %0, %true, %none : !torch.vtensor<[?,256],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,1],f32>
  %int0 = torch.constant.int 0
  %2 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,256],f32>, !torch.int -> !torch.int
  %int1 = torch.constant.int 1
  %3 = torch.prim.ListConstruct %2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten.view %1, %3 : !torch.vtensor<[?,1],f32>, !torch.list<int> -> !torch.vtensor<[?,1],f32>
  return %4 : !torch.vtensor<[?,1],f32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
