// PyTorch's runtime checks (SPEC 2 "Runtime checks", SPEC 4 kind `assert`)
// as torch-mlir prints them: torch.export's `_assert_scalar` of a sympy
// guard (the FX importer), `torch.runtime.assert` (torch-mlir's own
// decompositions) and `sym_constrain_range[_for_size]`. The predicate is
// read exactly from the `!torch.int` / `!torch.bool` ops computing it; a
// check that can fail is the function's input contract (a note), a
// redundant one is `safe`, and later ops assume it passed.

// The FX importer's guard Eq(s56, s96) of a matmul's contracted sizes: the
// check can fail (the input contract), and the matmul after it is safe.
func.func @assert_scalar(%arg0: !torch.vtensor<[64,?],f32>, %arg1: !torch.vtensor<[?,64],f32>) -> !torch.vtensor<[64,64],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.size.int %arg0, %int1 : !torch.vtensor<[64,?],f32>, !torch.int -> !torch.int
  %int0 = torch.constant.int 0
  %1 = torch.aten.size.int %arg1, %int0 : !torch.vtensor<[?,64],f32>, !torch.int -> !torch.int
  %2 = torch.aten.eq.int %0, %1 : !torch.int, !torch.int -> !torch.bool
  %3 = torch.aten.Int.bool %2 : !torch.bool -> !torch.int
  %str = torch.constant.str "Runtime assertion failed for expression Eq(s56, s96) on node 'eq_3'"
  // expected-ub-possible @+1 {{assert: %arg0[1] != %arg1[0]}}
  torch.aten._assert_scalar %3, %str : !torch.int, !torch.str
  // The same guard again (torch.export repeats it): redundant.
  %4 = torch.aten.eq.int %0, %1 : !torch.int, !torch.int -> !torch.bool
  %5 = torch.aten.Int.bool %4 : !torch.bool -> !torch.int
  %str_0 = torch.constant.str "Runtime assertion failed for expression Eq(s56, s96) on node 'eq'"
  // expected-safe @+1 {{assert}}
  torch.aten._assert_scalar %5, %str_0 : !torch.int, !torch.str
  // expected-safe @+1 {{equal}}
  %6 = torch.aten.matmul %arg0, %arg1 : !torch.vtensor<[64,?],f32>, !torch.vtensor<[?,64],f32> -> !torch.vtensor<[64,64],f32>
  return %6 : !torch.vtensor<[64,64],f32>
}
// expected-checked @assert_scalar {{%arg0[1] == %arg1[0]}}
// expected-requires @assert_scalar {{true}}

// torch-mlir's "Expected dim size > 0." guards of a flattening view: each
// fails exactly on an empty dim.
func.func @runtime_assert(%arg0: !torch.vtensor<[?,?],f32>) -> !torch.vtensor<[?,1],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.size.int %arg0, %int1 : !torch.vtensor<[?,?],f32>, !torch.int -> !torch.int
  %2 = torch.aten.mul.int %0, %1 : !torch.int, !torch.int -> !torch.int
  %3 = torch.aten.gt.int %0, %int0 : !torch.int, !torch.int -> !torch.bool
  // expected-ub-possible @+1 {{assert: %arg0[0] == 0}}
  torch.runtime.assert %3, "Expected dim size > 0."
  %4 = torch.aten.gt.int %1, %int0 : !torch.int, !torch.int -> !torch.bool
  // expected-ub-possible @+1 {{assert: %arg0[1] == 0}}
  torch.runtime.assert %4, "Expected dim size > 0."
  %5 = torch.prim.ListConstruct %2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %6 = torch.aten.view %arg0, %5 : !torch.vtensor<[?,?],f32>, !torch.list<int> -> !torch.vtensor<[?,1],f32>
  return %6 : !torch.vtensor<[?,1],f32>
}

// A constant true (torch-mlir's canonicalization test) is redundant; false
// always stops the program.
func.func @constant_predicates() {
  %true = torch.constant.bool true
  // expected-safe @+1 {{assert}}
  torch.runtime.assert %true, "this should not fail"
  %false = torch.constant.bool false
  // expected-ub-guaranteed @+1 {{assert}}
  torch.runtime.assert %false, "this always fails"
  return
}

// Bool logic: (s <= 8 and s >= 8) or false is s == 8, so the broadcast
// with 8 after it is safe; not(s != 8) is the same check, now redundant;
// bool(s - 8) is false there: always fails.
func.func @bool_logic(%arg0: !torch.vtensor<[?],f32>, %arg1: !torch.vtensor<[8],f32>) -> !torch.vtensor<[8],f32> {
  %int0 = torch.constant.int 0
  %int8 = torch.constant.int 8
  %false = torch.constant.bool false
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.le.int %0, %int8 : !torch.int, !torch.int -> !torch.bool
  %2 = torch.aten.ge.int %0, %int8 : !torch.int, !torch.int -> !torch.bool
  %3 = torch.aten.__and__.bool %1, %2 : !torch.bool, !torch.bool -> !torch.bool
  %4 = torch.aten.__or__.bool %3, %false : !torch.bool, !torch.bool -> !torch.bool
  // expected-ub-possible @+1 {{assert: %arg0[0] >= 9 || %arg0[0] <= 7}}
  torch.runtime.assert %4, "size must be 8"
  %5 = torch.aten.ne.int %0, %int8 : !torch.int, !torch.int -> !torch.bool
  %6 = torch.aten.__not__ %5 : !torch.bool -> !torch.bool
  // expected-safe @+1 {{assert}}
  torch.runtime.assert %6, "size must be 8"
  %7 = torch.aten.lt.int %0, %int0 : !torch.int, !torch.int -> !torch.bool
  %8 = torch.aten.__not__ %7 : !torch.bool -> !torch.bool
  // expected-safe @+1 {{assert}}
  torch.runtime.assert %8, "sizes are never negative"
  // expected-safe @+1 {{broadcast dim 0}}
  %9 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?],f32>, !torch.vtensor<[8],f32> -> !torch.vtensor<[8],f32>
  %int-8 = torch.constant.int -8
  %10 = torch.aten.add.int %0, %int-8 : !torch.int, !torch.int -> !torch.int
  %11 = torch.aten.Bool.int %10 : !torch.int -> !torch.bool
  // expected-ub-guaranteed @+1 {{assert}}
  torch.runtime.assert %11, "bool(s - 8)"
  return %9 : !torch.vtensor<[8],f32>
}

// ATen's sym_constrain_range (native/Constraints.cpp): min <= size <= max,
// a bound given as None left out; _for_size defaults min to 0, so with no
// bounds it always holds.
func.func @constrain_range(%arg0: !torch.vtensor<[?],si64>) -> !torch.int {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int16 = torch.constant.int 16
  %none = torch.constant.none
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],si64>, !torch.int -> !torch.int
  // expected-safe @+1 {{assert}}
  torch.aten.sym_constrain_range_for_size %0, %none, %none : !torch.int, !torch.none, !torch.none
  // expected-ub-possible @+1 {{assert: %arg0[0] <= 1}}
  torch.aten.sym_constrain_range %0, %int2, %none : !torch.int, !torch.int, !torch.none
  // (the lower bound is now known)
  // expected-ub-possible @+1 {{assert: %arg0[0] >= 17}}
  torch.aten.sym_constrain_range %0, %none, %int16 : !torch.int, !torch.none, !torch.int
  return %0 : !torch.int
}

// _for_size with a max of 2 or less always fails (TORCH_CHECK "Max value to
// constrain_range_for_size must be greater than 2").
func.func @constrain_small_max(%arg0: !torch.vtensor<[?],si64>) -> !torch.int {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?],si64>, !torch.int -> !torch.int
  // expected-ub-guaranteed @+1 {{assert}}
  torch.aten.sym_constrain_range_for_size %0, %int0, %int2 : !torch.int, !torch.int, !torch.int
  return %0 : !torch.int
}

// A predicate no op computes (a !torch.bool argument): the check is opaque,
// never a guess, and the broadcast after it is judged without it.
func.func @opaque_predicate(%arg0: !torch.bool, %arg1: !torch.vtensor<[?],f32>, %arg2: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  // expected-opaque @+1 {{torch.runtime.assert}}
  torch.runtime.assert %arg0, "an input flag"
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{broadcast dim 0: %arg1[0] not in {1, 4}}}
  %0 = torch.aten.add.Tensor %arg1, %arg2, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
