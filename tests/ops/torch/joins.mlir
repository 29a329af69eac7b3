// Joins and splits of tensor lists, as PyTorch documents them (rule ids are
// the PyTorch op names): torch.cat sums the sizes on `dim` and needs the
// others equal (a 1-D [0] tensor is skipped), torch.stack needs equal
// shapes, torch.split / split_with_sizes / chunk / unbind make a
// !torch.list<vtensor> read by torch.prim.ListUnpack or aten.__getitem__.t.
// Written as torch-mlir's FX importer prints them.

// A rotary embedding's halves joined again on the last dim (-1): both come
// from %arg0, so their other sizes agree; [?, 4] and [?, 4] make [?, 8].
func.func @cat_rotate(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,8],f32> {
  %0 = torch.aten.neg %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.prim.ListConstruct %0, %arg0 : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) -> !torch.list<vtensor>
  %int-1 = torch.constant.int -1
  %2 = torch.aten.cat %1, %int-1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,8],f32>
  return %2 : !torch.vtensor<[?,8],f32>
}

// Two inputs joined on dim 1: their dim 0 must agree.
func.func @cat_rows(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,2],f32>) -> !torch.vtensor<[?,6],f32> {
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,2],f32>) -> !torch.list<vtensor>
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{equal: %arg0[0] != %arg1[0]}}
  %1 = torch.aten.cat %0, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,6],f32>
  return %1 : !torch.vtensor<[?,6],f32>
}

// Joined on dim 0: 2 + %arg1[0] rows, declared 5.
func.func @cat_cast(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[?,3],f32>) -> !torch.list<vtensor>
  %int0 = torch.constant.int 0
  // expected-ub-possible @+1 {{result-cast dim 0: %arg1[0] != 3}}
  %1 = torch.aten.cat %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[5,3],f32>
  return %1 : !torch.vtensor<[5,3],f32>
}

// Joined on dim 0, but their dim 1 are 3 and 4: every run fails.
func.func @cat_conflict(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,3],f32> {
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[2,3],f32>, !torch.vtensor<[?,4],f32>) -> !torch.list<vtensor>
  %int0 = torch.constant.int 0
  // expected-ub-guaranteed @+1 {{equal}}
  %1 = torch.aten.cat %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %1 : !torch.vtensor<[?,3],f32>
}

// PyTorch's legacy rule: a 1-D [0] tensor is skipped, whatever the rank of
// the others. A 1-D tensor of unknown size may or may not be one: opaque.
func.func @cat_empty(%arg0: !torch.vtensor<[?,3],f32>, %arg1: !torch.vtensor<[0],f32>, %arg2: !torch.vtensor<[?],f32>) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>) {
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[0],f32>) -> !torch.list<vtensor>
  %int0 = torch.constant.int 0
  %1 = torch.aten.cat %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,3],f32>
  %2 = torch.prim.ListConstruct %arg0, %arg2 : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[?],f32>) -> !torch.list<vtensor>
  // %arg2 is 1-D: legal only when it is the skipped [0] (not known).
  // expected-opaque @+1 {{torch.aten.cat}}
  %3 = torch.aten.cat %2, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %1, %3 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>
}

// stack at dim 1 (of [-3, 2]) of two [?, 4]: [?, 2, 4]; their dim 0 must
// agree.
func.func @stack(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,2,4],f32> {
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) -> !torch.list<vtensor>
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{equal: %arg0[0] != %arg1[0]}}
  %1 = torch.aten.stack %0, %int1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?,2,4],f32>
  return %1 : !torch.vtensor<[?,2,4],f32>
}

// stack of a 2-D and a 1-D tensor: never the same size.
func.func @stack_ranks(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[4],f32>) -> !torch.vtensor<[2,?,4],f32> {
  %0 = torch.prim.ListConstruct %arg0, %arg1 : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[4],f32>) -> !torch.list<vtensor>
  %int0 = torch.constant.int 0
  // expected-error @+1 {{rank}}
  %1 = torch.aten.stack %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,?,4],f32>
  return %1 : !torch.vtensor<[2,?,4],f32>
}

// A fused qkv projection split in three along its static last dim (split
// size 4 of 12): three [?, 4], unpacked.
func.func @split_qkv(%arg0: !torch.vtensor<[?,12],f32>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>) {
  %int4 = torch.constant.int 4
  %int-1 = torch.constant.int -1
  %0 = torch.aten.split.Tensor %arg0, %int4, %int-1 : !torch.vtensor<[?,12],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
  return %1#0, %1#1, %1#2 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32>
}

// split(4) of 6: pieces 4 and 2 (the last one smaller), unpacked into three
// values: Python's unpacking fails on every run.
func.func @split_unpack_count(%arg0: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[?,4],f32> {
  %int4 = torch.constant.int 4
  %int1 = torch.constant.int 1
  %0 = torch.aten.split.Tensor %arg0, %int4, %int1 : !torch.vtensor<[?,6],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  // expected-ub-guaranteed @+1 {{rank}}
  %1:3 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,2],f32>
  return %1#0 : !torch.vtensor<[?,4],f32>
}

// split along a dynamic dim: how many pieces is a runtime size; the split
// and what unpacks it are opaque.
func.func @split_dynamic(%arg0: !torch.vtensor<[?,6],f32>) -> !torch.vtensor<[2,6],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  // expected-opaque @+1 {{torch.aten.split.Tensor}}
  %0 = torch.aten.split.Tensor %arg0, %int2, %int0 : !torch.vtensor<[?,6],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  // expected-opaque @+1 {{torch.prim.ListUnpack}}
  %1:2 = torch.prim.ListUnpack %0 : !torch.list<vtensor> -> !torch.vtensor<[2,6],f32>, !torch.vtensor<[2,6],f32>
  return %1#0 : !torch.vtensor<[2,6],f32>
}

// split_with_sizes [2, 6] of a dynamic dim 1: the sizes must sum to it;
// each piece has its size.
func.func @split_with_sizes(%arg0: !torch.vtensor<[?,?],f32>) -> (!torch.vtensor<[?,2],f32>, !torch.vtensor<[?,6],f32>) {
  %int2 = torch.constant.int 2
  %int6 = torch.constant.int 6
  %0 = torch.prim.ListConstruct %int2, %int6 : (!torch.int, !torch.int) -> !torch.list<int>
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{equal: %arg0[1] != 8}}
  %1 = torch.aten.split_with_sizes %arg0, %0, %int1 : !torch.vtensor<[?,?],f32>, !torch.list<int>, !torch.int -> !torch.list<vtensor>
  %2:2 = torch.prim.ListUnpack %1 : !torch.list<vtensor> -> !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,6],f32>
  return %2#0, %2#1 : !torch.vtensor<[?,2],f32>, !torch.vtensor<[?,6],f32>
}

// chunk(3) of 10 on dim 0: pieces of ceil(10 / 3) = 4: 4, 4, 2. Item -1 is
// the [2, ?] one; declaring it [4, ?] fails on every run (no verifier
// infers a list element: a runtime result-cast, not a static error).
func.func @chunk(%arg0: !torch.vtensor<[10,?],f32>) -> (!torch.vtensor<[4,?],f32>, !torch.vtensor<[4,?],f32>) {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %0 = torch.aten.chunk %arg0, %int3, %int0 : !torch.vtensor<[10,?],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  %1 = torch.aten.__getitem__.t %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,?],f32>
  %int-1 = torch.constant.int -1
  // expected-ub-guaranteed @+1 {{result-cast dim 0}}
  %2 = torch.aten.__getitem__.t %0, %int-1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[4,?],f32>
  return %1, %2 : !torch.vtensor<[4,?],f32>, !torch.vtensor<[4,?],f32>
}

// chunk(0): PyTorch's "chunk expects `chunks` to be greater than 0".
func.func @chunk_zero(%arg0: !torch.vtensor<[10,?],f32>) -> !torch.list<vtensor> {
  %int0 = torch.constant.int 0
  // expected-error @+1 {{rank}}
  %0 = torch.aten.chunk %arg0, %int0, %int0 : !torch.vtensor<[10,?],f32>, !torch.int, !torch.int -> !torch.list<vtensor>
  return %0 : !torch.list<vtensor>
}

// unbind(1) of [?, 2]: two [?]; item 2 of two is an IndexError.
func.func @unbind(%arg0: !torch.vtensor<[?,2],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.unbind.int %arg0, %int1 : !torch.vtensor<[?,2],f32>, !torch.int -> !torch.list<vtensor>
  %int0 = torch.constant.int 0
  %1 = torch.aten.__getitem__.t %0, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?],f32>
  %int2 = torch.constant.int 2
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %2 = torch.aten.__getitem__.t %0, %int2 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[?],f32>
  return %1, %2 : !torch.vtensor<[?],f32>, !torch.vtensor<[?],f32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=4 error=2 unreachable=0 unknown=0}}
