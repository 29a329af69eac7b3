// PyTorch's advanced indexing (aten::index.Tensor, index_put,
// _unsafe_index_put), Tensor.scatter_ with a reduce and the softmax
// gradient, as torch-mlir's FX importer prints them. The indices are a
// `!torch.list<optional<vtensor>>`: a none keeps its dim whole, the index
// tensors broadcast together to B, and self[indices] has B in place of the
// indexed dims (first when they are not adjacent); index_put's values
// expand to that shape and the result has self's shape. Index values are
// not seen: shapes only. Each expectation computed by hand.

// A decode step's KV-cache write (sharktank's llama export): self
// [?, 4, 32] indexed on dim 0 by a [32, 1] page index: self[indices] is
// [32, 1, 4, 32], exactly the values' shape; nothing can fail.
func.func @index_put_cache(%arg0: !torch.vtensor<[?,4,32],f16>, %arg1: !torch.vtensor<[32,1],si64>, %arg2: !torch.vtensor<[32,1,4,32],f16>) -> !torch.vtensor<[?,4,32],f16> {
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[32,1],si64>) -> !torch.list<optional<vtensor>>
  %false_718 = torch.constant.bool false
  %1 = torch.aten.index_put %arg0, %0, %arg2, %false_718 : !torch.vtensor<[?,4,32],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[32,1,4,32],f16>, !torch.bool -> !torch.vtensor<[?,4,32],f16>
  return %1 : !torch.vtensor<[?,4,32],f16>
}

// The prefill write with a [?] index and [?, 2, 4] values: self[indices] is
// [%arg1[0], 2, 4]; the values' first size must be 1 or the index's
// length.
func.func @index_put_prefill(%arg0: !torch.vtensor<[?,2,4],f16>, %arg1: !torch.vtensor<[?],si64>, %arg2: !torch.vtensor<[?,2,4],f16>) -> !torch.vtensor<[?,2,4],f16> {
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
  %false_683 = torch.constant.bool false
  // expected-ub-possible @+1 {{broadcast rule aten::index_put: %arg2[0] != 1 && %arg1[0] != %arg2[0]}}
  %1 = torch.aten.index_put %arg0, %0, %arg2, %false_683 : !torch.vtensor<[?,2,4],f16>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,2,4],f16>, !torch.bool -> !torch.vtensor<[?,2,4],f16>
  return %1 : !torch.vtensor<[?,2,4],f16>
}

// Two index tensors of [2] into [128, 128] pick 2 elements: values of 3
// cannot expand to [2] ("shape mismatch: value tensor of shape [3] cannot
// be broadcast to indexing result of shape [2]").
func.func @index_put_mismatch(%arg0: !torch.vtensor<[128,128],f32>, %arg1: !torch.vtensor<[2],si64>, %arg2: !torch.vtensor<[2],si64>, %arg3: !torch.vtensor<[3],f32>) -> !torch.vtensor<[128,128],f32> {
  %0 = torch.prim.ListConstruct %arg1, %arg2 : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  // expected-error @+1 {{rank rule aten::index_put}}
  %1 = torch.aten.index_put %arg0, %0, %arg3, %false : !torch.vtensor<[128,128],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[3],f32>, !torch.bool -> !torch.vtensor<[128,128],f32>
  return %1 : !torch.vtensor<[128,128],f32>
}

// embedding_dense_backward's accumulation (torch.export prints
// aten._unsafe_index_put as a torch.operator): [3200, 128] indexed on dim
// 0 by [?, 4]: self[indices] is [%arg1[0], 4, 128]; the [?, 4, 128]
// gradient's first size must be 1 or %arg1[0].
func.func @unsafe_index_put(%arg0: !torch.vtensor<[3200,128],f32>, %arg1: !torch.vtensor<[?,4],si64>, %arg2: !torch.vtensor<[?,4,128],f32>) -> !torch.vtensor<[3200,128],f32> {
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[?,4],si64>) -> !torch.list<optional<vtensor>>
  %true_15 = torch.constant.bool true
  // expected-ub-possible @+1 {{broadcast rule aten::_unsafe_index_put: %arg2[0] != 1 && %arg1[0] != %arg2[0]}}
  %1 = torch.operator "torch.aten._unsafe_index_put"(%arg0, %0, %arg2, %true_15) : (!torch.vtensor<[3200,128],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[?,4,128],f32>, !torch.bool) -> !torch.vtensor<[3200,128],f32>
  return %1 : !torch.vtensor<[3200,128],f32>
}

// Unfold's gather (torch-mlir's FX tests): [2, 5, 3, 4] indexed on dims 2
// and 3 by [2, 2, 1, 1] and [3, 2], adjacent: B = [2, 2, 3, 2] in their
// place, [2, 5, 2, 2, 3, 2]; every size static, nothing can fail.
func.func @index_unfold(%arg0: !torch.vtensor<[2,5,3,4],f32>, %arg1: !torch.vtensor<[2,2,1,1],si64>, %arg2: !torch.vtensor<[3,2],si64>) -> !torch.vtensor<[2,5,2,2,3,2],f32> {
  %none_38 = torch.constant.none
  %none_39 = torch.constant.none
  %0 = torch.prim.ListConstruct %none_38, %none_39, %arg1, %arg2 : (!torch.none, !torch.none, !torch.vtensor<[2,2,1,1],si64>, !torch.vtensor<[3,2],si64>) -> !torch.list<optional<vtensor>>
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[2,5,3,4],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2,5,2,2,3,2],f32>
  return %1 : !torch.vtensor<[2,5,2,2,3,2],f32>
}

// Two [?] index tensors on dims 0 and 1 broadcast together: their lengths
// must be equal or one of them 1 (result dim 0).
func.func @index_broadcast(%arg0: !torch.vtensor<[4,8],f32>, %arg1: !torch.vtensor<[?],si64>, %arg2: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?],f32> {
  %0 = torch.prim.ListConstruct %arg1, %arg2 : (!torch.vtensor<[?],si64>, !torch.vtensor<[?],si64>) -> !torch.list<optional<vtensor>>
  // expected-ub-possible @+1 {{broadcast dim 0 rule aten::index.Tensor: %arg1[0] != 1 && %arg2[0] != 1 && %arg1[0] != %arg2[0]}}
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[4,8],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[?],f32>
  return %1 : !torch.vtensor<[?],f32>
}

// Dims 0 and 2 of [4, 5, 6] indexed by [3] each, dim 1 whole in between:
// not adjacent, so B leads: [3, 5]. Declared [5, 3] (as if B stayed in
// place), result dim 0 is 3, never 5.
func.func @index_split(%arg0: !torch.vtensor<[4,5,6],f32>, %arg1: !torch.vtensor<[3],si64>, %arg2: !torch.vtensor<[3],si64>) -> !torch.vtensor<[5,3],f32> {
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %arg1, %none, %arg2 : (!torch.vtensor<[3],si64>, !torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  // expected-error @+1 {{result-cast dim 0 rule aten::index.Tensor}}
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[4,5,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[5,3],f32>
  return %1 : !torch.vtensor<[5,3],f32>
}

// Two indices into a 1-D tensor: "too many indices for tensor of
// dimension 1".
func.func @index_too_many(%arg0: !torch.vtensor<[8],f32>, %arg1: !torch.vtensor<[2],si64>) -> !torch.vtensor<[2],f32> {
  %0 = torch.prim.ListConstruct %arg1, %arg1 : (!torch.vtensor<[2],si64>, !torch.vtensor<[2],si64>) -> !torch.list<optional<vtensor>>
  // expected-error @+1 {{rank rule aten::index.Tensor}}
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[8],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[2],f32>
  return %1 : !torch.vtensor<[2],f32>
}

// A boolean mask index selects as many elements as it has true ones, a
// runtime count: opaque, as are float indices (PyTorch takes long, int,
// byte or bool ones).
func.func @index_mask(%arg0: !torch.vtensor<[4,8],f32>, %arg1: !torch.vtensor<[4],i1>, %arg2: !torch.vtensor<[2],f32>, %arg3: !torch.vtensor<[1],f32>) -> (!torch.vtensor<[?,8],f32>, !torch.vtensor<[4,8],f32>) {
  %0 = torch.prim.ListConstruct %arg1 : (!torch.vtensor<[4],i1>) -> !torch.list<optional<vtensor>>
  // expected-opaque @+1 {{torch.aten.index.Tensor}}
  %1 = torch.aten.index.Tensor %arg0, %0 : !torch.vtensor<[4,8],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[?,8],f32>
  %2 = torch.prim.ListConstruct %arg2 : (!torch.vtensor<[2],f32>) -> !torch.list<optional<vtensor>>
  %false = torch.constant.bool false
  // expected-opaque @+1 {{torch.aten.index_put}}
  %3 = torch.aten.index_put %arg0, %2, %arg3, %false : !torch.vtensor<[4,8],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[1],f32>, !torch.bool -> !torch.vtensor<[4,8],f32>
  return %1, %3 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[4,8],f32>
}

// scatter.reduce along dim 1 of [2, ?] with a [?, 2] index and a [3, 2]
// src: a non-empty index's dim 0 must fit self's 2 and src's 3; on dim 1
// (the scatter dim) only src's bound applies, and 2 <= 2 holds.
func.func @scatter_reduce(%arg0: !torch.vtensor<[2,?],f32>, %arg1: !torch.vtensor<[?,2],si64>, %arg2: !torch.vtensor<[3,2],f32>) -> !torch.vtensor<[2,?],f32> {
  %int1 = torch.constant.int 1
  %str = torch.constant.str "add"
  // expected-ub-possible @+2 {{in-bounds rule aten::scatter.reduce: %arg1[0] >= 3}}
  // expected-ub-possible @+1 {{in-bounds rule aten::scatter.reduce: %arg1[0] >= 4}}
  %0 = torch.aten.scatter.reduce %arg0, %int1, %arg1, %arg2, %str : !torch.vtensor<[2,?],f32>, !torch.int, !torch.vtensor<[?,2],si64>, !torch.vtensor<[3,2],f32>, !torch.str -> !torch.vtensor<[2,?],f32>
  return %0 : !torch.vtensor<[2,?],f32>
}

// softmax's gradient: grad_output [?, 128] and output [4, 128] must have
// one shape.
func.func @softmax_backward(%arg0: !torch.vtensor<[?,128],f32>, %arg1: !torch.vtensor<[4,128],f32>) -> !torch.vtensor<[?,128],f32> {
  %int1 = torch.constant.int 1
  %int6 = torch.constant.int 6
  // expected-ub-possible @+1 {{equal rule aten::_softmax_backward_data: %arg0[0] != 4}}
  %0 = torch.aten._softmax_backward_data %arg0, %arg1, %int1, %int6 : !torch.vtensor<[?,128],f32>, !torch.vtensor<[4,128],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,128],f32>
  return %0 : !torch.vtensor<[?,128],f32>
}
// expected-summary {{safe=0 ub-possible=6 ub-guaranteed=0 error=3 unreachable=0 unknown=0}}
