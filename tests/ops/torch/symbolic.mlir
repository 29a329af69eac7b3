// PyTorch's own symbolic sizes (SPEC 2), as torch-mlir's FX importer prints
// them with import_symbolic_shape_expressions: `torch.symbolic_int "s0"` is
// the size symbol $s0 with its range, and `torch.bind_symbolic_shape %v,
// [...], affine_map<...>` states %v's dims. A binding of a free size (an
// argument's) is a fact; where the ops already determine the size it is
// also a requirement of kind `bind` (SPEC 4), which the program can
// contradict.

// Both arguments' dim 1 is s0 * 32: they broadcast without a 1. From its
// binding on, an argument's dim is the bound expression (`32*$s0`), so the
// add meets one size twice and its result's binding restates it: nothing
// is left to check (no obligation, as for two equal static sizes).
func.func @bound(%arg0: !torch.vtensor<[4,?],f32>, %arg1: !torch.vtensor<[4,?],f32>) -> !torch.vtensor<[4,?],f32> attributes {torch.assume_strict_symbolic_shapes} {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 16} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (4, s0 * 32)> : !torch.vtensor<[4,?],f32>
  torch.bind_symbolic_shape %arg1, [%0], affine_map<()[s0] -> (4, s0 * 32)> : !torch.vtensor<[4,?],f32>
  %int1 = torch.constant.int 1
  %1 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[4,?],f32>, !torch.vtensor<[4,?],f32>, !torch.int -> !torch.vtensor<[4,?],f32>
  torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (4, s0 * 32)> : !torch.vtensor<[4,?],f32>
  return %1 : !torch.vtensor<[4,?],f32>
}

// The same add without the exporter's facts: the sizes may differ.
func.func @unbound(%arg0: !torch.vtensor<[4,?],f32>, %arg1: !torch.vtensor<[4,?],f32>) -> !torch.vtensor<[4,?],f32> {
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{broadcast dim 1}}
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[4,?],f32>, !torch.vtensor<[4,?],f32>, !torch.int -> !torch.vtensor<[4,?],f32>
  return %0 : !torch.vtensor<[4,?],f32>
}

// The range of s0 is a fact: in [2, 7] it never meets 8 nor 1, so the
// broadcast with 8 always fails.
func.func @range_excludes(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[8,8],f32>) -> !torch.vtensor<[8,8],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 7} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 8)> : !torch.vtensor<[?,8],f32>
  // expected-ub-guaranteed @+1 {{broadcast dim 0}}
  %1 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[8,8],f32> -> !torch.vtensor<[8,8],f32>
  return %1 : !torch.vtensor<[8,8],f32>
}

// In [2, 8] only s0 = 8 is well defined: possible UB.
func.func @range_includes(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[8,8],f32>) -> !torch.vtensor<[8,8],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 8} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 8)> : !torch.vtensor<[?,8],f32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %1 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[8,8],f32> -> !torch.vtensor<[8,8],f32>
  return %1 : !torch.vtensor<[8,8],f32>
}

// unsqueeze determines %1's sizes (1, s0, 8): binding dim 1 to s0 restates
// them (nothing to check), binding it to s0 * 2 contradicts the program for
// every s0 >= 2.
func.func @bind_computed(%arg0: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[1,?,8],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 9223372036854775806} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 8)> : !torch.vtensor<[?,8],f32>
  %int0 = torch.constant.int 0
  %1 = torch.aten.unsqueeze %arg0, %int0 : !torch.vtensor<[?,8],f32>, !torch.int -> !torch.vtensor<[1,?,8],f32>
  torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (1, s0, 8)> : !torch.vtensor<[1,?,8],f32>
  // expected-ub-guaranteed @+1 {{bind dim 1}}
  torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (1, s0 * 2, 8)> : !torch.vtensor<[1,?,8],f32>
  return %1 : !torch.vtensor<[1,?,8],f32>
}

// torch.export also names derived sizes ("16*s1", as IREE's sharktank
// exports print them): the symbol is `$16_mul_s1` (a SPEC 6 name; the
// witness reads `$16_mul_s1 = 32`). Its range [32, 112] excludes 1: only
// 64 broadcasts with 64, and the condition speaks of the symbol.
func.func @derived_name(%arg0: !torch.vtensor<[?,8],f32>, %arg1: !torch.vtensor<[64,8],f32>) -> !torch.vtensor<[64,8],f32> {
  %0 = torch.symbolic_int "16*s1" {min_val = 32, max_val = 112} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 8)> : !torch.vtensor<[?,8],f32>
  // expected-ub-possible @+1 {{broadcast dim 0: $16_mul_s1 != 64}}
  %1 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,8],f32>, !torch.vtensor<[64,8],f32> -> !torch.vtensor<[64,8],f32>
  return %1 : !torch.vtensor<[64,8],f32>
}

// A binding the ops determine twice over: the relu keeps %arg0's sizes, so
// its dim 0 is s0 once %arg0's own binding made it so (binding it to s0
// again restates it: nothing to check), and binding dim 1 to 16
// contradicts the declared 8 (a static size the program fixes: always
// fails).
func.func @bind_kinds(%arg0: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[?,8],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 9223372036854775806} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 8)> : !torch.vtensor<[?,8],f32>
  %1 = torch.aten.relu %arg0 : !torch.vtensor<[?,8],f32> -> !torch.vtensor<[?,8],f32>
  // expected-ub-guaranteed @+1 {{bind dim 1}}
  torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (s0, 16)> : !torch.vtensor<[?,8],f32>
  return %1 : !torch.vtensor<[?,8],f32>
}
