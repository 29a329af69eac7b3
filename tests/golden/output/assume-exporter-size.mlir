// RUN: check --assume $s0==$s1 %s
// A PyTorch size named in --assume (SPEC 6: $NAME): with $s0 == $s1 the
// batch sizes the bindings give are equal, so the broadcast is safe.
func.func @main(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 100} : !torch.int
  %1 = torch.symbolic_int "s1" {min_val = 2, max_val = 100} : !torch.int
  torch.bind_symbolic_shape %arg0, [%0], affine_map<()[s0] -> (s0, 4)> : !torch.vtensor<[?,4],f32>
  torch.bind_symbolic_shape %arg1, [%1], affine_map<()[s0] -> (s0, 4)> : !torch.vtensor<[?,4],f32>
  %2 = torch.aten.mul.Tensor %arg0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  return %2 : !torch.vtensor<[?,4],f32>
}
