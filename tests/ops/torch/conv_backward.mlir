// aten::convolution_backward as torch-mlir prints it (its TorchToLinalg
// tests; torch.export's conv gradients): (grad_input, grad_weight,
// grad_bias) have input's sizes, weight's and [out_channels]; an output
// the output_mask leaves out is `!torch.none`. ATen checks input and
// weight as the forward convolution does, the same rank for grad_output
// and input, and its kernels take a grad_output of the forward output's
// sizes. Each expectation computed by hand from torch.nn.Conv2d's "Shape"
// formula: out = floor((in + 2p - d(k - 1) - 1) / s) + 1.

// torch-mlir's convolution_backward_input_2x2s_2x2p_2x2d_1g: 64 by a 2x2
// kernel, stride 2, padding 2, dilation 2: floor((64 + 4 - 2 - 1) / 2) + 1
// = 33, grad_output's size; nothing can fail.
func.func @convolution_backward_input_2x2s_2x2p_2x2d_1g(%arg0: !torch.vtensor<[2,16,33,33],f32>, %arg1: !torch.vtensor<[2,128,64,64],f32>, %arg2: !torch.vtensor<[16,128,2,2],f32>, %arg3: !torch.vtensor<[],f32>) -> (!torch.vtensor<[2,128,64,64],f32>, !torch.vtensor<[16],f32>) {
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %true, %false, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %result0, %result1, %result2 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %0, %1, %1, %1, %false, %2, %int1, %3 : !torch.vtensor<[2,16,33,33],f32>, !torch.vtensor<[2,128,64,64],f32>, !torch.vtensor<[16,128,2,2],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,128,64,64],f32>, !torch.none, !torch.vtensor<[16],f32>
  return %result0, %result2 : !torch.vtensor<[2,128,64,64],f32>, !torch.vtensor<[16],f32>
}

// A dynamic batch and height with the weight gradient only (torch-mlir's
// conv_wgrad form): stride 1, padding 1, a 3x3 kernel keep the height, so
// grad_output's %arg0[2] must equal %arg1[2], and its batch %arg1[0]. An
// empty height is below the kernel: 0 + 2 < 3 ("Kernel size can't be
// greater than actual input size").
func.func @weight_gradient(%arg0: !torch.vtensor<[?,8,?,16],f32>, %arg1: !torch.vtensor<[?,4,?,16],f32>, %arg2: !torch.vtensor<[8,4,3,3],f32>) -> !torch.vtensor<[8,4,3,3],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %int0 = torch.constant.int 0
  %1 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %2 = torch.prim.ListConstruct %false, %true, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-ub-possible @+3 {{in-bounds rule aten::convolution_backward: %arg1[2] == 0}}
  // expected-ub-possible @+2 {{equal rule aten::convolution_backward: %arg0[0] != %arg1[0]}}
  // expected-ub-possible @+1 {{equal rule aten::convolution_backward: %arg0[2] != %arg1[2]}}
  %grad_input, %3, %grad_bias = torch.aten.convolution_backward %arg0, %arg1, %arg2, %none, %0, %0, %0, %false, %1, %int1, %2 : !torch.vtensor<[?,8,?,16],f32>, !torch.vtensor<[?,4,?,16],f32>, !torch.vtensor<[8,4,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.none, !torch.vtensor<[8,4,3,3],f32>, !torch.none
  return %3 : !torch.vtensor<[8,4,3,3],f32>
}

// Two groups: 8 input channels are 2 * weight[1] = 8; 6 output channels
// (weight[0], a multiple of 2) against grad_output's 4: never equal, and
// by the declared sizes alone (an `error`, as the forward convolution's
// static mismatches). The bias gradient is declared [6], the output
// channels.
func.func @grouped_mismatch(%arg0: !torch.vtensor<[1,4,5,5],f32>, %arg1: !torch.vtensor<[1,8,5,5],f32>, %arg2: !torch.vtensor<[6,4,1,1],f32>) -> (!torch.vtensor<[1,8,5,5],f32>, !torch.vtensor<[6],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %int0 = torch.constant.int 0
  %1 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %int2 = torch.constant.int 2
  %2 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %true, %false, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error @+1 {{rank rule aten::convolution_backward}}
  %result0, %result1, %result2 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %2, %0, %1, %0, %false, %1, %int2, %3 : !torch.vtensor<[1,4,5,5],f32>, !torch.vtensor<[1,8,5,5],f32>, !torch.vtensor<[6,4,1,1],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,8,5,5],f32>, !torch.none, !torch.vtensor<[6],f32>
  return %result0, %result2 : !torch.vtensor<[1,8,5,5],f32>, !torch.vtensor<[6],f32>
}

// A transposed convolution's gradient: 4 by a 3-wide kernel, stride 2:
// (4 - 1) * 2 + (3 - 1) + 1 = 9; the output channels are 1 * weight[1] =
// 5. The input's channels %arg1[1] must be weight[0] = 3.
func.func @transposed(%arg0: !torch.vtensor<[2,5,9],f32>, %arg1: !torch.vtensor<[2,?,4],f32>, %arg2: !torch.vtensor<[3,5,3],f32>) -> (!torch.vtensor<[2,?,4],f32>, !torch.vtensor<[3,5,3],f32>, !torch.vtensor<[5],f32>) {
  %int2 = torch.constant.int 2
  %0 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %int0 = torch.constant.int 0
  %1 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %int1 = torch.constant.int 1
  %2 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %true = torch.constant.bool true
  %3 = torch.prim.ListConstruct %true, %true, %true : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %int5 = torch.constant.int 5
  %4 = torch.prim.ListConstruct %int5 : (!torch.int) -> !torch.list<int>
  // expected-ub-possible @+1 {{equal rule aten::convolution_backward: %arg1[1] != 3}}
  %result0, %result1, %result2 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %4, %0, %1, %2, %true, %1, %int1, %3 : !torch.vtensor<[2,5,9],f32>, !torch.vtensor<[2,?,4],f32>, !torch.vtensor<[3,5,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[2,?,4],f32>, !torch.vtensor<[3,5,3],f32>, !torch.vtensor<[5],f32>
  return %result0, %result1, %result2 : !torch.vtensor<[2,?,4],f32>, !torch.vtensor<[3,5,3],f32>, !torch.vtensor<[5],f32>
}

// grad_output of rank 3 for a 4-D input ("Expected input and grad_output
// to have the same number of dimensions"), and an output_mask whose flag
// is not a constant: not read.
func.func @rank_and_mask(%arg0: !torch.vtensor<[8,5,5],f32>, %arg1: !torch.vtensor<[1,4,5,5],f32>, %arg2: !torch.vtensor<[8,4,1,1],f32>, %arg3: !torch.bool) -> !torch.vtensor<[1,4,5,5],f32> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %int0 = torch.constant.int 0
  %1 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %2 = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  // expected-error @+1 {{rank rule aten::convolution_backward}}
  %result0, %result1, %result2 = torch.aten.convolution_backward %arg0, %arg1, %arg2, %none, %0, %1, %0, %false, %1, %int1, %2 : !torch.vtensor<[8,5,5],f32>, !torch.vtensor<[1,4,5,5],f32>, !torch.vtensor<[8,4,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,4,5,5],f32>, !torch.none, !torch.none
  %3 = torch.prim.ListConstruct %arg3, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %4 = torch.aten.unsqueeze %arg0, %int0 : !torch.vtensor<[8,5,5],f32>, !torch.int -> !torch.vtensor<[1,8,5,5],f32>
  // expected-opaque @+1 {{torch.aten.convolution_backward}}
  %result0_0, %result1_1, %result2_2 = torch.aten.convolution_backward %4, %arg1, %arg2, %none, %0, %1, %0, %false, %1, %int1, %3 : !torch.vtensor<[1,8,5,5],f32>, !torch.vtensor<[1,4,5,5],f32>, !torch.vtensor<[8,4,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,4,5,5],f32>, !torch.none, !torch.none
  return %result0_0 : !torch.vtensor<[1,4,5,5],f32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=0 error=2 unreachable=0 unknown=0}}
