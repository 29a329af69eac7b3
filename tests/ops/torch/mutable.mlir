// torch-mlir's value-semantics glue (Torch dialect docs, "value semantics
// and mutable tensors"): torch.copy.to_tensor makes a mutable
// !torch.tensor of a !torch.vtensor, torch.copy.to_vtensor reads one back
// and torch.overwrite.tensor.contents writes one. torch-mlir's own passes
// (MaximizeValueSemantics) print them; symshape does not follow a mutable
// tensor's contents, so each is opaque and a size read back is unknown.
// torch.vtensor.literal is a constant of its declared type.

func.func @glue(%arg0: !torch.vtensor<[?,3],f32>, %arg1: !torch.vtensor<[4,3],f32>) -> !torch.vtensor<[?,3],f32> {
  // expected-opaque @+1 {{torch.copy.to_tensor}}
  %0 = torch.copy.to_tensor %arg0 : !torch.tensor<[?,3],f32>
  // expected-opaque @+1 {{torch.copy.to_vtensor}}
  %1 = torch.copy.to_vtensor %0 : !torch.vtensor<[?,3],f32>
  %2 = torch.vtensor.literal(dense<1.000000e+00> : tensor<4x3xf32>) : !torch.vtensor<[4,3],f32>
  %int1 = torch.constant.int 1
  // %1's rows, read back from a mutable tensor, are unknown: they meet the
  // literal's 4 in a broadcast (PyTorch's broadcasting semantics).
  // expected-ub-possible @+1 {{broadcast dim 0: %1[0] not in {1, 4}}}
  %3 = torch.aten.add.Tensor %1, %2, %int1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[4,3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  // expected-opaque @+1 {{torch.copy.to_tensor}}
  %4 = torch.copy.to_tensor %arg1 : !torch.tensor<[4,3],f32>
  // expected-opaque @+1 {{torch.overwrite.tensor.contents}}
  torch.overwrite.tensor.contents %3 overwrites %4 : !torch.vtensor<[?,3],f32>, !torch.tensor<[4,3],f32>
  return %3 : !torch.vtensor<[?,3],f32>
}

func.func @literal(%arg0: !torch.vtensor<[?],si64>) -> !torch.vtensor<[?],si64> {
  // A literal of 3 elements: %arg0[0] meets 3.
  %0 = torch.vtensor.literal(dense<[1, 2, 3]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] not in {1, 3}}}
  %1 = torch.aten.add.Tensor %arg0, %0, %int1 : !torch.vtensor<[?],si64>, !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[?],si64>
  return %1 : !torch.vtensor<[?],si64>
}
