// A block's projection and bias add as torch-mlir's FX importer prints a
// torch.export program (import_symbolic_shape_expressions, debug
// locations): the batch was marked dynamic, so it is PyTorch's symbol s0
// (`torch.symbolic_int`, min 2 as torch.export gives it) and every value's
// dims are bound to it (`torch.bind_symbolic_shape`). The bias buffer is
// [8, 64]: the add broadcasts s0 with 8 (PyTorch's broadcasting), well
// defined only for s0 in {1, 8}, and s0 >= 2 leaves 8. `check` states that
// contract in PyTorch's symbol ($s0 == 8); `refine` writes the 8 into the
// `?`s it proves, with a torch.tensor_static_info_cast back where a use
// keeps the declared type (the bindings, the return).
#loc = loc(unknown)
#loc1 = loc("/home/user/block.py":21:0)
#loc2 = loc("/home/user/block.py":22:0)
#loc3 = loc("/home/user/block.py":23:0)
module {
  func.func @main(%arg0: !torch.vtensor<[?,64],f32> loc(unknown), %arg1: !torch.vtensor<[64,64],f32> loc(unknown), %arg2: !torch.vtensor<[8,64],f32> loc(unknown)) -> !torch.vtensor<[?,64],f32> {
    %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 9223372036854775806} : !torch.int loc(#loc)
    torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 64)> : !torch.vtensor<[?,64],f32> loc(#loc)
    %1 = torch.aten.mm %arg0, %arg1 : !torch.vtensor<[?,64],f32>, !torch.vtensor<[64,64],f32> -> !torch.vtensor<[?,64],f32> loc(#loc1)
    torch.bind_symbolic_shape %1, [%0], affine_map<()[s0] -> (s0, 64)> : !torch.vtensor<[?,64],f32> loc(#loc1)
    %int1 = torch.constant.int 1 loc(#loc2)
    %2 = torch.aten.add.Tensor %1, %arg2, %int1 : !torch.vtensor<[?,64],f32>, !torch.vtensor<[8,64],f32>, !torch.int -> !torch.vtensor<[?,64],f32> loc(#loc2)
    torch.bind_symbolic_shape %2, [%0], affine_map<()[s0] -> (s0, 64)> : !torch.vtensor<[?,64],f32> loc(#loc2)
    %3 = torch.aten.relu %2 : !torch.vtensor<[?,64],f32> -> !torch.vtensor<[?,64],f32> loc(#loc3)
    torch.bind_symbolic_shape %3, [%0], affine_map<()[s0] -> (s0, 64)> : !torch.vtensor<[?,64],f32> loc(#loc3)
    return %3 : !torch.vtensor<[?,64],f32> loc(#loc)
  }
}
