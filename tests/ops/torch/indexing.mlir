// Index selection, gather and size-list factories, as PyTorch documents
// them: index_select replaces the dim by the index's length, gather takes
// the index's shape and needs every other index dim within self's, and
// new_zeros takes its sizes from the list (a declared size that differs is
// a result-cast). Written as torch-mlir's FX importer prints them.

// A decode step's gather (as sharktank's llama export does): the index is
// [32, 1] into [32, ?] along dim 1; dim 0 fits (32 <= 32).
func.func @gather(%arg0: !torch.vtensor<[32,?],si64>, %arg1: !torch.vtensor<[32,1],si64>) -> !torch.vtensor<[32,1],si64> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %arg0, %int1, %arg1, %false : !torch.vtensor<[32,?],si64>, !torch.int, !torch.vtensor<[32,1],si64>, !torch.bool -> !torch.vtensor<[32,1],si64>
  return %0 : !torch.vtensor<[32,1],si64>
}

// Along dim 1 again, but the index's dim 0 is dynamic: it must not exceed
// self's 4.
func.func @gather_dynamic(%arg0: !torch.vtensor<[4,?],f32>, %arg1: !torch.vtensor<[?,2],si64>) -> !torch.vtensor<[?,2],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  // expected-ub-possible @+1 {{in-bounds}}
  %0 = torch.aten.gather %arg0, %int1, %arg1, %false : !torch.vtensor<[4,?],f32>, !torch.int, !torch.vtensor<[?,2],si64>, !torch.bool -> !torch.vtensor<[?,2],f32>
  return %0 : !torch.vtensor<[?,2],f32>
}

// index_select along dim 0 of [128, 128] with a [?] index: [?, 128], the
// index's length; nothing to check.
func.func @index_select(%arg0: !torch.vtensor<[128,128],f32>, %arg1: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?,128],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.index_select %arg0, %int0, %arg1 : !torch.vtensor<[128,128],f32>, !torch.int, !torch.vtensor<[?],si64> -> !torch.vtensor<[?,128],f32>
  return %0 : !torch.vtensor<[?,128],f32>
}

// new_zeros([2, 3]) declared [2, 4]: the op makes 3 columns, never 4.
func.func @new_zeros(%arg0: !torch.vtensor<[4,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %0 = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %none_0 = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  // expected-ub-guaranteed @+1 {{result-cast dim 1}}
  %1 = torch.aten.new_zeros %arg0, %0, %none, %none_0, %cpu, %false : !torch.vtensor<[4,4],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[2,4],f32>
  return %1 : !torch.vtensor<[2,4],f32>
}
// expected-summary {{safe=0 ub-possible=1 ub-guaranteed=1 error=0 unreachable=0 unknown=0}}
