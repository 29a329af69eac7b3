// torch_c bridges keep the sizes, and `!torch.int` values are integers
// (SPEC 2): a builtin-tensor kernel reached through to_builtin_tensor (as
// sharktank's exports call their linalg kernels) sees the sizes the torch
// ops and PyTorch's bindings give. Written as torch-mlir's FX importer and
// sharktank print it.
#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module @module {
  // Both kernel operands have dim 1 = s1 * 32: the bound sizes agree (from
  // the bindings on, both are the one size `32*$s1`: the kernel's equality
  // has nothing left to check, and a finding there would be a false alarm).
  func.func @bound(%arg0: !torch.vtensor<[32,?],si64>, %arg1: !torch.vtensor<[?,16],f32>) -> !torch.vtensor<[32,?,16],f32> attributes {torch.assume_strict_symbolic_shapes} {
    %0 = torch.symbolic_int "s1" {min_val = 2, max_val = 3} : !torch.int
    torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (32, s0 * 32)> : !torch.vtensor<[32,?],si64>
    torch.bind_symbolic_shape %arg1, [%0], affine_map<()[s0] -> (s0 * 32, 16)> : !torch.vtensor<[?,16],f32>
    %int6 = torch.constant.int 6
    %1 = torch.prims.convert_element_type %arg0, %int6 : !torch.vtensor<[32,?],si64>, !torch.int -> !torch.vtensor<[32,?],f32>
    torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (32, s0 * 32)> : !torch.vtensor<[32,?],f32>
    %int0 = torch.constant.int 0
    %2 = torch.aten.unsqueeze %arg1, %int0 : !torch.vtensor<[?,16],f32>, !torch.int -> !torch.vtensor<[1,?,16],f32>
    torch.bind_symbolic_shape %2, [%0], affine_map<()[s0] -> (1, s0 * 32, 16)> : !torch.vtensor<[1,?,16],f32>
    %int32 = torch.constant.int 32
    %int1 = torch.constant.int 1
    %int1_0 = torch.constant.int 1
    %3 = torch.prim.ListConstruct %int32, %int1, %int1_0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
    %4 = torch.aten.repeat %2, %3 : !torch.vtensor<[1,?,16],f32>, !torch.list<int> -> !torch.vtensor<[32,?,16],f32>
    torch.bind_symbolic_shape %4, [%0], affine_map<()[s0] -> (32, s0 * 32, 16)> : !torch.vtensor<[32,?,16],f32>
    %5 = torch_c.to_builtin_tensor %4 : !torch.vtensor<[32,?,16],f32> -> tensor<32x?x16xf32>
    %6 = torch_c.to_builtin_tensor %1 : !torch.vtensor<[32,?],f32> -> tensor<32x?xf32>
    %7 = util.call @scale(%5, %6) : (tensor<32x?x16xf32>, tensor<32x?xf32>) -> tensor<32x?x16xf32>
    %8 = torch_c.from_builtin_tensor %7 : tensor<32x?x16xf32> -> !torch.vtensor<[32,?,16],f32>
    torch.bind_symbolic_shape %8, [%0], affine_map<()[s0] -> (32, s0 * 32, 16)> : !torch.vtensor<[32,?,16],f32>
    return %8 : !torch.vtensor<[32,?,16],f32>
  }
  // size.int and mul.int compute 32 * %arg0[1] exactly: viewing [32, ?] as
  // [1, 32 * %arg0[1]] keeps the count (no obligation left); the mm with a
  // static 64 needs 32 * %arg0[1] == 64, i.e. %arg0[1] == 2 (PyTorch's mm).
  func.func @sizes(%arg0: !torch.vtensor<[32,?],f32>, %arg1: !torch.vtensor<[64,8],f32>) -> !torch.vtensor<[1,8],f32> {
    %int1 = torch.constant.int 1
    %0 = torch.aten.size.int %arg0, %int1 : !torch.vtensor<[32,?],f32>, !torch.int -> !torch.int
    %int32 = torch.constant.int 32
    %1 = torch.aten.mul.int %int32, %0 : !torch.int, !torch.int -> !torch.int
    %int1_0 = torch.constant.int 1
    %2 = torch.prim.ListConstruct %int1_0, %1 : (!torch.int, !torch.int) -> !torch.list<int>
    %3 = torch.aten.view %arg0, %2 : !torch.vtensor<[32,?],f32>, !torch.list<int> -> !torch.vtensor<[1,?],f32>
    // expected-ub-possible @+1 {{equal: %arg0[1] != 2}}
    %4 = torch.aten.mm %3, %arg1 : !torch.vtensor<[1,?],f32>, !torch.vtensor<[64,8],f32> -> !torch.vtensor<[1,8],f32>
    return %4 : !torch.vtensor<[1,8],f32>
  }
  util.func private @scale(%arg0: tensor<32x?x16xf32>, %arg1: tensor<32x?xf32>) -> tensor<32x?x16xf32> {
    %0 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<32x?xf32>) outs(%arg0 : tensor<32x?x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = arith.mulf %in, %out : f32
      linalg.yield %1 : f32
    } -> tensor<32x?x16xf32>
    util.return %0 : tensor<32x?x16xf32>
  }
}

// torch.tensor_static_info_cast in torch-mlir's printed form (TorchOps.td
// Torch_TensorStaticInfoCastOp: `$operand attr-dict : type($operand) to
// type($result)`) keeps the sizes: erasing a static dim is safe, and a more
// static declared dim holds only for that size (`result-cast`).
func.func @static_info_cast(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.tensor_static_info_cast %arg0 : !torch.vtensor<[2,3],f32> to !torch.vtensor<[?,3],f32>
  %int1 = torch.constant.int 1
  // %0[0] is %arg0[0]: the add has nothing to check.
  %1 = torch.aten.add.Tensor %0, %arg0, %int1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  // expected-ub-possible @+1 {{result-cast dim 0}}
  %2 = torch.tensor_static_info_cast %arg1 : !torch.vtensor<[?,3],f32> to !torch.vtensor<[2,3],f32>
  %3 = torch.aten.sub.Tensor %1, %2, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %3 : !torch.vtensor<[2,3],f32>
}
