// New tensors and the bridges between tensors and integers, as PyTorch
// documents them (rule ids are the PyTorch op names): torch.zeros / ones /
// empty / full and Tensor.new_ones / new_empty take their sizes from the
// list (a negative one is a runtime error), torch.arange makes
// ceil((end - start) / step) elements (step not 0, bounds in the order of
// its sign), NumToTensor / Int.Tensor / aten.size carry integers.
// Written as torch-mlir's FX importer prints them.

// A causal mask's buffers sized by the sequence length: zeros and full of
// [%arg0[0], %arg0[0]], and arange(%arg0[0]); nothing may fail (a size is
// never negative).
func.func @mask(%arg0: !torch.vtensor<[?,64],f32>) -> (!torch.vtensor<[?,?],f32>, !torch.vtensor<[?,?],f32>, !torch.vtensor<[?],si64>) {
  %int0 = torch.constant.int 0
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,64],f32>, !torch.int -> !torch.int
  %1 = torch.prim.ListConstruct %0, %0 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %2 = torch.aten.zeros %1, %none, %none, %cpu, %false : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?,?],f32>
  %float-inf = torch.constant.float 0xFFF0000000000000
  %int6 = torch.constant.int 6
  %3 = torch.aten.full %1, %float-inf, %int6, %none, %cpu, %false : !torch.list<int>, !torch.float, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?,?],f32>
  %int4 = torch.constant.int 4
  %4 = torch.aten.arange %0, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
  return %2, %3, %4 : !torch.vtensor<[?,?],f32>, !torch.vtensor<[?,?],f32>, !torch.vtensor<[?],si64>
}

// ones and empty.memory_format of sizes given as integers: each must not
// be negative. ones([%arg0, 4]) is declared [8, 4]: %arg0 must be 8 (the
// in-bounds requirement comes first and is then implied).
func.func @sized(%arg0: !torch.int, %arg1: !torch.int) -> (!torch.vtensor<[8,4],f32>, !torch.vtensor<[?],f32>) {
  %int4 = torch.constant.int 4
  %0 = torch.prim.ListConstruct %arg0, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  // expected-ub-possible @+2 {{in-bounds: %arg0 <= -1}}
  // expected-ub-possible @+1 {{result-cast dim 0: %arg0 != 8}}
  %1 = torch.aten.ones %0, %none, %none, %cpu, %false : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[8,4],f32>
  %2 = torch.prim.ListConstruct %arg1 : (!torch.int) -> !torch.list<int>
  %int6 = torch.constant.int 6
  // expected-ub-possible @+1 {{in-bounds: %arg1 <= -1}}
  %3 = torch.aten.empty.memory_format %2, %int6, %none, %cpu, %false, %none : !torch.list<int>, !torch.int, !torch.none, !torch.Device, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>
  return %1, %3 : !torch.vtensor<[8,4],f32>, !torch.vtensor<[?],f32>
}

// new_ones([2, 3]) declared [2, 4] makes 3 columns, never 4.
func.func @new_ones(%arg0: !torch.vtensor<[4,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %0 = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  // expected-ub-guaranteed @+1 {{result-cast dim 1}}
  %1 = torch.aten.new_ones %arg0, %0, %none, %none, %cpu, %false : !torch.vtensor<[4,4],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[2,4],f32>
  return %1 : !torch.vtensor<[2,4],f32>
}

// new_empty([-1]): "Trying to create tensor with negative dimension -1".
func.func @new_empty(%arg0: !torch.vtensor<[4,4],f32>) -> !torch.vtensor<[?],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %1 = torch.aten.new_empty %arg0, %0, %none, %none, %cpu, %false : !torch.vtensor<[4,4],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],f32>
  return %1 : !torch.vtensor<[?],f32>
}

// arange.start(%arg0, %arg1) needs %arg0 <= %arg1 (step 1 is positive) and
// has %arg1 - %arg0 elements; arange.start_step(0, 7, 2): ceil(7 / 2) = 4
// elements; (10, 0, -3): ceil(-10 / -3) = 4.
func.func @arange(%arg0: !torch.int, %arg1: !torch.int) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>) {
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %int4 = torch.constant.int 4
  // expected-ub-possible @+1 {{in-bounds: %arg0 > %arg1}}
  %0 = torch.aten.arange.start %arg0, %arg1, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
  %int0 = torch.constant.int 0
  %int7 = torch.constant.int 7
  %int2 = torch.constant.int 2
  %1 = torch.aten.arange.start_step %int0, %int7, %int2, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[4],si64>
  %int10 = torch.constant.int 10
  %int-3 = torch.constant.int -3
  %2 = torch.aten.arange.start_step %int10, %int0, %int-3, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[4],si64>
  return %0, %1, %2 : !torch.vtensor<[?],si64>, !torch.vtensor<[4],si64>, !torch.vtensor<[4],si64>
}

// arange with step 0 is PyTorch's "step must be nonzero"; with a float end
// its length is not tracked (opaque).
func.func @arange_bad(%arg0: !torch.float) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[?],f32>) {
  %none = torch.constant.none
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %int4 = torch.constant.int 4
  %int0 = torch.constant.int 0
  %int7 = torch.constant.int 7
  // expected-error @+1 {{rank}}
  %0 = torch.aten.arange.start_step %int0, %int7, %int0, %int4, %none, %cpu, %false : !torch.int, !torch.int, !torch.int, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],si64>
  %int6 = torch.constant.int 6
  // expected-opaque @+1 {{torch.aten.arange}}
  %1 = torch.aten.arange %arg0, %int6, %none, %cpu, %false : !torch.float, !torch.int, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?],f32>
  return %0, %1 : !torch.vtensor<[?],si64>, !torch.vtensor<[?],f32>
}

// A size taken into a 0-d tensor and back (NumToTensor, Int.Tensor) is the
// same integer: view(%arg0[0] * 4) keeps the element count. aten.size's
// list gives the same sizes element by element.
func.func @int_bridges(%arg0: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?],f32>, !torch.vtensor<[?,4],f32>, !torch.float) {
  %int0 = torch.constant.int 0
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
  %1 = torch.prim.NumToTensor.Scalar %0 : !torch.int -> !torch.vtensor<[],si64>
  %2 = torch.aten.Int.Tensor %1 : !torch.vtensor<[],si64> -> !torch.int
  %int4 = torch.constant.int 4
  %3 = torch.aten.mul.int %2, %int4 : !torch.int, !torch.int -> !torch.int
  %4 = torch.prim.ListConstruct %3 : (!torch.int) -> !torch.list<int>
  %5 = torch.aten.view %arg0, %4 : !torch.vtensor<[?,4],f32>, !torch.list<int> -> !torch.vtensor<[?],f32>
  %6 = torch.aten.size %arg0 : !torch.vtensor<[?,4],f32> -> !torch.list<int>
  %7 = torch.aten.view %5, %6 : !torch.vtensor<[?],f32>, !torch.list<int> -> !torch.vtensor<[?,4],f32>
  %8 = torch.aten.Float.Scalar %0 : !torch.int -> !torch.float
  return %5, %7, %8 : !torch.vtensor<[?],f32>, !torch.vtensor<[?,4],f32>, !torch.float
}

// torch_c.to_i64 / from_i64 carry the same integer: view(%arg0[0] * 4)
// through them keeps the element count (no finding; an untracked integer,
// which may be -1, would make the view opaque).
func.func @c_bridges(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
  %1 = torch_c.to_i64 %0
  %2 = torch_c.from_i64 %1
  %int4 = torch.constant.int 4
  %3 = torch.aten.mul.int %2, %int4 : !torch.int, !torch.int -> !torch.int
  %4 = torch.prim.ListConstruct %3 : (!torch.int) -> !torch.list<int>
  %5 = torch.aten.view %arg0, %4 : !torch.vtensor<[?,4],f32>, !torch.list<int> -> !torch.vtensor<[?],f32>
  return %5 : !torch.vtensor<[?],f32>
}

// Int.Tensor of a [?] tensor: int() needs exactly one element.
func.func @int_of_vector(%arg0: !torch.vtensor<[?],si64>) -> !torch.int {
  // expected-ub-possible @+1 {{equal: %arg0[0] != 1}}
  %0 = torch.aten.Int.Tensor %arg0 : !torch.vtensor<[?],si64> -> !torch.int
  return %0 : !torch.int
}

// A size through a tuple: TupleIndex 1 is the integer, TupleIndex -2 the
// tensor; full_like keeps its shape. expand_as of [%arg0[0], 4] to the
// square [%arg0[0], %arg0[0]]: the 4 must be 1 or %arg0[0].
func.func @tuple(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,?],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
  %1 = torch.prim.TupleConstruct %arg0, %0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.tuple<vtensor, int>
  %int1 = torch.constant.int 1
  %2 = torch.prim.TupleIndex %1, %int1 : !torch.tuple<vtensor, int>, !torch.int -> !torch.int
  %int-2 = torch.constant.int -2
  %3 = torch.prim.TupleIndex %1, %int-2 : !torch.tuple<vtensor, int>, !torch.int -> !torch.vtensor<[?,4],f32>
  %float1 = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %4 = torch.aten.full_like %3, %float1, %none, %none, %none, %none, %none : !torch.vtensor<[?,4],f32>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,4],f32>
  %5 = torch.prim.ListConstruct %2, %2 : (!torch.int, !torch.int) -> !torch.list<int>
  %cpu = torch.constant.device "cpu"
  %false = torch.constant.bool false
  %6 = torch.aten.zeros %5, %none, %none, %cpu, %false : !torch.list<int>, !torch.none, !torch.none, !torch.Device, !torch.bool -> !torch.vtensor<[?,?],f32>
  // expected-ub-possible @+1 {{broadcast dim 1: %arg0[0] != 4}}
  %7 = torch.aten.expand_as %4, %6 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,?],f32> -> !torch.vtensor<[?,?],f32>
  return %7 : !torch.vtensor<[?,?],f32>
}
// expected-summary {{safe=7 ub-possible=6 ub-guaranteed=2 error=1 unreachable=0 unknown=0}}
