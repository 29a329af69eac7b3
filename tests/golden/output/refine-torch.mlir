// RUN: refine %s
// refine on torch-mlir's value tensors: torch.aten ops take and give any
// `!torch.vtensor`, so their result and operand types become static where
// every well-defined run has one size, printed in torch's form. A use that
// keeps its declared type (the return) reads a torch.tensor_static_info_cast
// back; a static-info cast that becomes an identity cast goes.
func.func @main(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.vtensor<[8,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.tanh %arg0 : !torch.vtensor<[?,4],f32> -> !torch.vtensor<[?,4],f32>
  %1 = torch.aten.mul.Tensor %0, %arg1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[8,4],f32> -> !torch.vtensor<[?,4],f32>
  %2 = torch.tensor_static_info_cast %1 : !torch.vtensor<[?,4],f32> to !torch.vtensor<[8,4],f32>
  %3 = torch.aten.sub.Tensor %2, %arg1, %int1 : !torch.vtensor<[8,4],f32>, !torch.vtensor<[8,4],f32>, !torch.int -> !torch.vtensor<[?,4],f32>
  return %3 : !torch.vtensor<[?,4],f32>
}
