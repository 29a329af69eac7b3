// Narrows, tiles, rolls, expands, transposes, squeezes, unflattens and
// pads, as PyTorch documents them (rule ids are the PyTorch op names).
// Written as torch-mlir's FX importer prints them.

// narrow(dim 1, start -4, length 2) of [?, 8]: start -4 counts from the
// end (4), 4 + 2 <= 8: nothing to check. broadcast_to [3, ?, 2]: a new
// leading 3, -1 keeps %arg0[0], 2 is the narrowed size.
func.func @narrow_broadcast(%arg0: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[3,?,2],f32> {
  %int1 = torch.constant.int 1
  %int-4 = torch.constant.int -4
  %int2 = torch.constant.int 2
  %0 = torch.aten.narrow %arg0, %int1, %int-4, %int2 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?,2],f32>
  %int3 = torch.constant.int 3
  %int-1 = torch.constant.int -1
  %1 = torch.prim.ListConstruct %int3, %int-1, %int2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.broadcast_to %0, %1 : !torch.vtensor<[?,2],f32>, !torch.list<int> -> !torch.vtensor<[3,?,2],f32>
  return %2 : !torch.vtensor<[3,?,2],f32>
}

// narrow(dim 0, start %arg1, length 4) of [?, 8]: start within
// [-%arg0[0], %arg0[0]], and the 4 elements from it inside the dim.
func.func @narrow_dynamic(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.int) -> !torch.vtensor<[4,8],f32> {
  %int0 = torch.constant.int 0
  %int4 = torch.constant.int 4
  // expected-ub-possible @+2 {{in-bounds: %arg0[0] + %arg1 < 0 || %arg1 > %arg0[0]}}
  // expected-ub-possible @+1 {{in-bounds: %arg1 + 4 > %arg0[0] || %arg1 in [-3, -1]}}
  %0 = torch.aten.narrow %arg0, %int0, %arg1, %int4 : !torch.vtensor<[?,8],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,8],f32>
  return %0 : !torch.vtensor<[4,8],f32>
}

// tile([2]) of [?, 3]: ones are prepended to the counts: [?, 6]. t() of
// it: [6, ?]. roll keeps the shape.
func.func @tile_t_roll(%arg0: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[6,?],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.tile %arg0, %0 : !torch.vtensor<[?,3],f32>, !torch.list<int> -> !torch.vtensor<[?,6],f32>
  %2 = torch.aten.t %1 : !torch.vtensor<[?,6],f32> -> !torch.vtensor<[6,?],f32>
  %int1 = torch.constant.int 1
  %3 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %int-1 = torch.constant.int -1
  %4 = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %5 = torch.aten.roll %2, %3, %4 : !torch.vtensor<[6,?],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[6,?],f32>
  return %5 : !torch.vtensor<[6,?],f32>
}

// roll with two shifts and one dim, t() of a 3-D tensor: both rejected.
func.func @roll_t_errors(%arg0: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,3,2],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  // expected-error @+1 {{rank}}
  %2 = torch.aten.roll %arg0, %0, %1 : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[2,3,4],f32>
  // expected-error @+1 {{rank}}
  %3 = torch.aten.t %arg0 : !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[4,3,2],f32>
  return %2, %3 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[4,3,2],f32>
}

// squeeze() of [1, ?, 1, 5] removes the static 1s but cannot tell whether
// ? is 1 (opaque); squeeze.dims([0, -2]) removes exactly dims 0 and 2.
func.func @squeeze(%arg0: !torch.vtensor<[1,?,1,5],f32>) -> (!torch.vtensor<[?,5],f32>, !torch.vtensor<[?,5],f32>) {
  // expected-opaque @+1 {{torch.aten.squeeze}}
  %0 = torch.aten.squeeze %arg0 : !torch.vtensor<[1,?,1,5],f32> -> !torch.vtensor<[?,5],f32>
  %int0 = torch.constant.int 0
  %int-2 = torch.constant.int -2
  %1 = torch.prim.ListConstruct %int0, %int-2 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.squeeze.dims %arg0, %1 : !torch.vtensor<[1,?,1,5],f32>, !torch.list<int> -> !torch.vtensor<[?,5],f32>
  return %0, %2 : !torch.vtensor<[?,5],f32>, !torch.vtensor<[?,5],f32>
}

// unflatten(dim -1, [-1, 64]) of [?, ?]: the last dim must be a multiple
// of 64 (and the -1 is it divided by 64).
func.func @unflatten(%arg0: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,?,64],f32> {
  %int-1 = torch.constant.int -1
  %int64 = torch.constant.int 64
  %0 = torch.prim.ListConstruct %int-1, %int64 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-ub-possible @+1 {{element-count: %arg0[1] mod 64 != 0}}
  %1 = torch.aten.unflatten.int %arg0, %int-1, %0 : !torch.vtensor<[?,?],f32>, !torch.int, !torch.list<int> -> !torch.vtensor<[?,?,64],f32>
  return %1 : !torch.vtensor<[?,?,64],f32>
}

// pad in "constant" mode with [1, 2] on the last dim and [-3, 0] on the
// one before: the cropped size %arg0[0] - 3 must not be negative. The
// same in "reflect" mode is opaque (its limits are not modelled).
func.func @pad(%arg0: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?,7],f32>, !torch.vtensor<[?,7],f32>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int-3 = torch.constant.int -3
  %int0 = torch.constant.int 0
  %0 = torch.prim.ListConstruct %int1, %int2, %int-3, %int0 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %str = torch.constant.str "constant"
  %float0.000000e00 = torch.constant.float 0.000000e+00
  // expected-ub-possible @+1 {{in-bounds: %arg0[0] <= 2}}
  %1 = torch.aten.pad %arg0, %0, %str, %float0.000000e00 : !torch.vtensor<[?,4],f32>, !torch.list<int>, !torch.str, !torch.float -> !torch.vtensor<[?,7],f32>
  %str_0 = torch.constant.str "reflect"
  %none = torch.constant.none
  // expected-opaque @+1 {{torch.aten.pad}}
  %2 = torch.aten.pad %arg0, %0, %str_0, %none : !torch.vtensor<[?,4],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[?,7],f32>
  return %1, %2 : !torch.vtensor<[?,7],f32>, !torch.vtensor<[?,7],f32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=0 error=2 unreachable=0 unknown=0}}
