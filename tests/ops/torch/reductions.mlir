// Reductions in torch-mlir's FX importer output, each with its PyTorch
// documentation's shape rule (torch.var_mean, amin, max, argmax, topk,
// linalg.vector_norm, cumsum, any, prod, var, std): a dim list (none or
// [] for every dim) or one dim in [-rank, rank), kept as 1 with keepdim;
// reductions without an identity (amin, max, argmax) need non-empty
// reduced dims; topk needs 0 <= k <= the dim's size.

// var_mean.correction as in the corpus (torch-fx Var_meancorrection): dim
// [1], correction 0, keepdim: [256, 128] -> [256, 1] twice, all static.
// With dim none, every dim is reduced: rank 0.
func.func @var_mean(%arg0: !torch.vtensor<[256,128],f32>, %arg1: !torch.vtensor<[?,?],f32>) -> (!torch.vtensor<[256,1],f32>, !torch.vtensor<[256,1],f32>, !torch.vtensor<[],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %result0, %result1 = torch.aten.var_mean.correction %arg0, %0, %int0, %true : !torch.vtensor<[256,128],f32>, !torch.list<int>, !torch.int, !torch.bool -> !torch.vtensor<[256,1],f32>, !torch.vtensor<[256,1],f32>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %1 = torch.aten.var.correction %arg1, %none, %int1, %false : !torch.vtensor<[?,?],f32>, !torch.none, !torch.int, !torch.bool -> !torch.vtensor<[],f32>
  return %result0, %result1, %1 : !torch.vtensor<[256,1],f32>, !torch.vtensor<[256,1],f32>, !torch.vtensor<[],f32>
}

// std.dim over [-1] without keepdim: [?, ?, 64] -> [?, ?]; var.dim over
// [0, 2] with keepdim: [1, ?, 1]. Reductions with an identity: nothing can
// fail.
func.func @std_var_dim(%arg0: !torch.vtensor<[?,?,64],f32>) -> (!torch.vtensor<[?,?],f32>, !torch.vtensor<[1,?,1],f32>) {
  %int-1 = torch.constant.int -1
  %0 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %1 = torch.aten.std.dim %arg0, %0, %true, %false : !torch.vtensor<[?,?,64],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[?,?],f32>
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %2 = torch.prim.ListConstruct %int0, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.var.dim %arg0, %2, %true, %true : !torch.vtensor<[?,?,64],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[1,?,1],f32>
  return %1, %3 : !torch.vtensor<[?,?],f32>, !torch.vtensor<[1,?,1],f32>
}

// amin over dim 0 of [?, 16]: "Expected reduction dim 0 to have non-zero
// size": UB when the batch is empty. max.dim over -1 of [?, ?]: values and
// indices [?], UB when the last dim is empty.
func.func @amin_max_dim(%arg0: !torch.vtensor<[?,16],f32>, %arg1: !torch.vtensor<[?,?],f32>) -> (!torch.vtensor<[16],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],si64>) {
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  // expected-ub-possible @+1 {{in-bounds: %arg0[0] == 0}}
  %1 = torch.aten.amin %arg0, %0, %false : !torch.vtensor<[?,16],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[16],f32>
  %int-1 = torch.constant.int -1
  // expected-ub-possible @+1 {{in-bounds: %arg1[1] == 0}}
  %values, %indices = torch.aten.max.dim %arg1, %int-1, %false : !torch.vtensor<[?,?],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?],f32>, !torch.vtensor<[?],si64>
  return %1, %values, %indices : !torch.vtensor<[16],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?],si64>
}

// argmax without a dim flattens: rank 0, UB when [?, 16] holds no element
// (16 * %arg0[0] < 1, i.e. %arg0[0] == 0). argmin over dim 1 with keepdim:
// [?, 1], the dim of 16 is never empty. max of every element: rank 0, UB
// when empty, which the argmax before it already excludes: safe.
func.func @argmax_max(%arg0: !torch.vtensor<[?,16],f32>) -> (!torch.vtensor<[],si64>, !torch.vtensor<[?,1],si64>, !torch.vtensor<[],f32>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  // expected-ub-possible @+1 {{in-bounds: 16 * %arg0[0] < 1}}
  %0 = torch.aten.argmax %arg0, %none, %false : !torch.vtensor<[?,16],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %1 = torch.aten.argmin %arg0, %int1, %true : !torch.vtensor<[?,16],f32>, !torch.int, !torch.bool -> !torch.vtensor<[?,1],si64>
  // expected-safe @+1 {{in-bounds}}
  %2 = torch.aten.max %arg0 : !torch.vtensor<[?,16],f32> -> !torch.vtensor<[],f32>
  return %0, %1, %2 : !torch.vtensor<[],si64>, !torch.vtensor<[?,1],si64>, !torch.vtensor<[],f32>
}

// topk as in the corpus (torch-fx Topk): k 5 of the last dim 128: safe. On
// a dynamic last dim k = 5 needs at least 5 elements; on a last dim of 3 it
// always fails ("selected index k out of range").
func.func @topk(%arg0: !torch.vtensor<[128,128],f32>, %arg1: !torch.vtensor<[?,?],f32>, %arg2: !torch.vtensor<[?,3],f32>) -> (!torch.vtensor<[128,5],f32>, !torch.vtensor<[?,5],si64>, !torch.vtensor<[?,5],f32>) {
  %int5 = torch.constant.int 5
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %true_0 = torch.constant.bool true
  %values, %indices = torch.aten.topk %arg0, %int5, %int-1, %true, %true_0 : !torch.vtensor<[128,128],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[128,5],f32>, !torch.vtensor<[128,5],si64>
  // expected-ub-possible @+1 {{in-bounds: %arg1[1] <= 4}}
  %values_1, %indices_2 = torch.aten.topk %arg1, %int5, %int-1, %true, %true_0 : !torch.vtensor<[?,?],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,5],f32>, !torch.vtensor<[?,5],si64>
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %values_3, %indices_4 = torch.aten.topk %arg2, %int5, %int-1, %true, %true_0 : !torch.vtensor<[?,3],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,5],f32>, !torch.vtensor<[?,5],si64>
  return %values, %indices_2, %values_3 : !torch.vtensor<[128,5],f32>, !torch.vtensor<[?,5],si64>, !torch.vtensor<[?,5],f32>
}

// linalg_vector_norm with ord 2 over [-1], keepdim: [?, ?, 1]; norm with
// p = 2 over [1]: [?]. A float order (inf has no identity on empty dims)
// is not read: the op is opaque.
func.func @norms(%arg0: !torch.vtensor<[?,?,64],f32>, %arg1: !torch.vtensor<[?,?],f32>) -> (!torch.vtensor<[?,?,1],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?,?],f32>) {
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %0 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %none = torch.constant.none
  %1 = torch.aten.linalg_vector_norm %arg0, %int2, %0, %true, %none : !torch.vtensor<[?,?,64],f32>, !torch.int, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,?,1],f32>
  %int1 = torch.constant.int 1
  %2 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %3 = torch.aten.norm.ScalarOpt_dim %arg1, %int2, %2, %false : !torch.vtensor<[?,?],f32>, !torch.int, !torch.list<int>, !torch.bool -> !torch.vtensor<[?],f32>
  %float_inf = torch.constant.float 0x7FF0000000000000
  // expected-opaque @+1 {{torch.aten.linalg_vector_norm}}
  %4 = torch.aten.linalg_vector_norm %arg0, %float_inf, %0, %false, %none : !torch.vtensor<[?,?,64],f32>, !torch.float, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[?,?],f32>
  return %1, %3, %4 : !torch.vtensor<[?,?,1],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[?,?],f32>
}

// cumsum, any.dim, all.dim, prod.dim_int over one dim: the shape of self
// (cumsum) or the dim removed / kept as 1; no requirement but the dim's
// range. A dim 2 for rank 2 and a repeated dim in amin are static errors.
func.func @one_dim(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[?,8],i1>) -> (!torch.vtensor<[?,8],f32>, !torch.vtensor<[?],i1>, !torch.vtensor<[?,1],i1>, !torch.vtensor<[8],f32>) {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.cumsum %arg0, %int1, %none : !torch.vtensor<[?,8],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,8],f32>
  %1 = torch.aten.any.dim %arg1, %int1, %false : !torch.vtensor<[?,8],i1>, !torch.int, !torch.bool -> !torch.vtensor<[?],i1>
  %2 = torch.aten.all.dim %arg1, %int1, %true : !torch.vtensor<[?,8],i1>, !torch.int, !torch.bool -> !torch.vtensor<[?,1],i1>
  %3 = torch.aten.prod.dim_int %arg0, %int0, %false, %none : !torch.vtensor<[?,8],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[8],f32>
  %int2 = torch.constant.int 2
  // expected-error @+1 {{rank}}
  %4 = torch.aten.cumsum %arg0, %int2, %none : !torch.vtensor<[?,8],f32>, !torch.int, !torch.none -> !torch.vtensor<[?,8],f32>
  %5 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{rank}}
  %6 = torch.aten.amin %arg0, %5, %false : !torch.vtensor<[?,8],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[8],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[?],i1>, !torch.vtensor<[?,1],i1>, !torch.vtensor<[8],f32>
}
