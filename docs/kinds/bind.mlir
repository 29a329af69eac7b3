func.func @f(%a: !torch.vtensor<[?,8],f32>) -> !torch.vtensor<[1,?,8],f32> {
  %s0 = torch.symbolic_int "s0" {min_val = 2, max_val = 64} : !torch.int
  torch.bind_symbolic_shape %a, [%s0], affine_map<()[s0] -> (s0, 8)> : !torch.vtensor<[?,8],f32>
  %int0 = torch.constant.int 0
  %0 = torch.aten.unsqueeze %a, %int0 : !torch.vtensor<[?,8],f32>, !torch.int -> !torch.vtensor<[1,?,8],f32>
  torch.bind_symbolic_shape %0, [%s0], affine_map<()[s0] -> (1, s0 * 2, 8)> : !torch.vtensor<[1,?,8],f32>
  return %0 : !torch.vtensor<[1,?,8],f32>
}
