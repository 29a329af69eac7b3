// Convolution, pooling, normalisations, addmm / baddbmm and attention in
// torch-mlir's FX importer output, each with its PyTorch documentation's
// shape rule (torch.nn.Conv2d / ConvTranspose2d, MaxPool2d, AvgPool2d,
// AdaptiveAvgPool2d, LayerNorm, GroupNorm, BatchNorm2d, torch.addmm,
// torch.baddbmm, scaled_dot_product_attention): clean programs (every
// obligation safe) and planted ones, each expectation computed by hand.

// conv2d 3x3, stride 1, padding 1 on [?, 3, 32, 32]: out = floor((32 + 2 -
// 2 - 1) / 1) + 1 = 32 with 16 channels; channels 3 == 1 * 3 and the bias
// [16] are static: nothing can fail.
func.func @conv2d_same(%arg0: !torch.vtensor<[?,3,32,32],f32>, %arg1: !torch.vtensor<[16,3,3,3],f32>, %arg2: !torch.vtensor<[16],f32>) -> !torch.vtensor<[?,16,32,32],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.conv2d %arg0, %arg1, %arg2, %0, %1, %2, %int1 : !torch.vtensor<[?,3,32,32],f32>, !torch.vtensor<[16,3,3,3],f32>, !torch.vtensor<[16],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,16,32,32],f32>
  return %3 : !torch.vtensor<[?,16,32,32],f32>
}

// convolution with stride 2, padding 1 on dynamic H and W: the 3x3 kernel
// fits the padded input exactly when H + 2 >= 3, i.e. H >= 1 (PyTorch:
// "Kernel size can't be greater than actual input size"): an empty image
// is UB, the condition being floor((H + 2 - 3) / 2) <= -1.
func.func @convolution_window(%arg0: !torch.vtensor<[?,3,?,?],f32>, %arg1: !torch.vtensor<[16,3,3,3],f32>) -> !torch.vtensor<[?,16,?,?],f32> {
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct  : () -> !torch.list<int>
  // expected-ub-possible @+2 {{in-bounds: (((%arg0[2] + 2) - 3) floordiv 2) <= -1}}
  // expected-ub-possible @+1 {{in-bounds: (((%arg0[3] + 2) - 3) floordiv 2) <= -1}}
  %4 = torch.aten.convolution %arg0, %arg1, %none, %0, %1, %2, %false, %3, %int1 : !torch.vtensor<[?,3,?,?],f32>, !torch.vtensor<[16,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[?,16,?,?],f32>
  return %4 : !torch.vtensor<[?,16,?,?],f32>
}

// Grouped convolution, groups 4: the input channels must be 4 * 2 = 8; a
// dynamic channel dim is UB unless it is 8. The weight's 16 output
// channels divide by 4 (static).
func.func @convolution_groups(%arg0: !torch.vtensor<[1,?,8,8],f32>, %arg1: !torch.vtensor<[16,2,1,1],f32>) -> !torch.vtensor<[1,16,8,8],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-ub-possible @+1 {{equal: %arg0[1] != 8}}
  %3 = torch.aten.convolution %arg0, %arg1, %none, %0, %1, %0, %false, %2, %int4 : !torch.vtensor<[1,?,8,8],f32>, !torch.vtensor<[16,2,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,16,8,8],f32>
  return %3 : !torch.vtensor<[1,16,8,8],f32>
}

// Transposed convolution (torch.nn.ConvTranspose2d): weight [C_in = 4,
// C_out / groups = 8, 3, 3], stride 2, padding 1, output_padding 1:
// out = (3 - 1) * 2 - 2 * 1 + 1 * (3 - 1) + 1 + 1 = 6 with 8 channels.
func.func @conv_transpose(%arg0: !torch.vtensor<[2,4,3,3],f32>, %arg1: !torch.vtensor<[4,8,3,3],f32>) -> !torch.vtensor<[2,8,6,6],f32> {
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten.convolution %arg0, %arg1, %none, %0, %1, %2, %true, %3, %int1 : !torch.vtensor<[2,4,3,3],f32>, !torch.vtensor<[4,8,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[2,8,6,6],f32>
  return %4 : !torch.vtensor<[2,8,6,6],f32>
}

// Static errors: 4 input channels against a weight of 3 per group (PyTorch:
// "expected input[1, 4, 8, 8] to have 3 channels"), and an output_padding
// of 2 that is neither below the stride 2 nor the dilation 1.
func.func @conv_static_errors(%arg0: !torch.vtensor<[1,4,8,8],f32>, %arg1: !torch.vtensor<[8,3,3,3],f32>, %arg2: !torch.vtensor<[4,8,3,3],f32>) -> !torch.vtensor<[1,8,6,6],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{rank}}
  %2 = torch.aten.conv2d %arg0, %arg1, %none, %0, %1, %0, %int1 : !torch.vtensor<[1,4,8,8],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,6,6],f32>
  %3 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{rank}}
  %4 = torch.aten.convolution %arg0, %arg2, %none, %3, %1, %0, %true, %3, %int1 : !torch.vtensor<[1,4,8,8],f32>, !torch.vtensor<[4,8,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int -> !torch.vtensor<[1,8,17,17],f32>
  return %2 : !torch.vtensor<[1,8,6,6],f32>
}

// max_pool2d_with_indices 3x3, stride 2, padding 1 on [?, 64, ?, ?]
// (torchvision's ResNet stem): the non-batch dims must not be empty
// ("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size");
// once H >= 1 the window fits (floor((H + 2 - 3) / 2) + 1 >= 1 needs only
// H >= 1) but each obligation is judged alone: an empty H also breaks the
// window, with the same condition.
func.func @max_pool_stem(%arg0: !torch.vtensor<[?,64,?,?],f32>) -> (!torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[?,64,?,?],si64>) {
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-ub-possible @+4 {{in-bounds: %arg0[2] == 0}}
  // expected-ub-possible @+3 {{in-bounds: %arg0[3] == 0}}
  // expected-ub-possible @+2 {{in-bounds: (((%arg0[2] + 2) - 3) floordiv 2) <= -1}}
  // expected-ub-possible @+1 {{in-bounds: (((%arg0[3] + 2) - 3) floordiv 2) <= -1}}
  %result0, %result1 = torch.aten.max_pool2d_with_indices %arg0, %0, %1, %2, %3, %false : !torch.vtensor<[?,64,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[?,64,?,?],si64>
  return %result0, %result1 : !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[?,64,?,?],si64>
}

// ceil_mode: 3x3 windows, stride 3, padding 1 over 2 rows: ceil((2 + 2 -
// 3) / 3) + 1 = 2 windows, but the second would start at row 2, in the
// right padding, so PyTorch drops it ("Sliding windows that would start in
// the right padded region are ignored"): the output is 1x1, and a result
// declared 2x2 is a static error.
func.func @max_pool_ceil(%arg0: !torch.vtensor<[1,1,2,2],f32>) -> !torch.vtensor<[1,1,2,2],f32> {
  %int3 = torch.constant.int 3
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %0 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten.max_pool2d %arg0, %0, %1, %2, %3, %true : !torch.vtensor<[1,1,2,2],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,1,1],f32>
  // expected-error @+1 {{result-cast dim 2}}
  %5 = torch.aten.max_pool2d %arg0, %0, %1, %2, %3, %true : !torch.vtensor<[1,1,2,2],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,1,2,2],f32>
  return %5 : !torch.vtensor<[1,1,2,2],f32>
}

// avg_pool2d 2x2 (stride [] = the kernel) on [?, 8, 7, 7]: floor((7 - 2) /
// 2) + 1 = 3; a 5x5 window over 3 rows does not fit: UB whatever the batch.
// A padding of 2 for a kernel of 3 is more than half of it: static error.
func.func @avg_pool(%arg0: !torch.vtensor<[?,8,7,7],f32>, %arg1: !torch.vtensor<[?,8,3,3],f32>) -> !torch.vtensor<[?,8,3,3],f32> {
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %int5 = torch.constant.int 5
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct  : () -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.avg_pool2d %arg0, %0, %1, %2, %false, %true, %none : !torch.vtensor<[?,8,7,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?,8,3,3],f32>
  %4 = torch.prim.ListConstruct %int5, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-ub-guaranteed @+2 {{in-bounds}}
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %5 = torch.aten.avg_pool2d %arg1, %4, %1, %2, %false, %true, %none : !torch.vtensor<[?,8,3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?,8,0,0],f32>
  %6 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{rank}}
  %7 = torch.aten.avg_pool2d %arg0, %6, %1, %0, %false, %true, %none : !torch.vtensor<[?,8,7,7],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?,8,4,4],f32>
  return %3 : !torch.vtensor<[?,8,3,3],f32>
}

// adaptive_avg_pool2d to 1x1 (a classifier head): [?, 512, ?, ?] ->
// [?, 512, 1, 1]; the pooled dims must not be empty ("Expected input to
// have non-zero size for non-batch dimensions").
func.func @adaptive_avg_pool(%arg0: !torch.vtensor<[?,512,?,?],f32>) -> !torch.vtensor<[?,512,1,1],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-ub-possible @+2 {{in-bounds: %arg0[2] == 0}}
  // expected-ub-possible @+1 {{in-bounds: %arg0[3] == 0}}
  %1 = torch.aten.adaptive_avg_pool2d %arg0, %0 : !torch.vtensor<[?,512,?,?],f32>, !torch.list<int> -> !torch.vtensor<[?,512,1,1],f32>
  return %1 : !torch.vtensor<[?,512,1,1],f32>
}

// native_layer_norm over the last dim (768) of [?, ?, 768] with weight and
// bias [768]: the output keeps the shape, mean and rstd are [?, ?, 1].
// layer_norm of [?, ?, ?] over [768]: the last dim must be 768.
func.func @layer_norm(%arg0: !torch.vtensor<[?,?,768],f32>, %arg1: !torch.vtensor<[768],f32>, %arg2: !torch.vtensor<[768],f32>, %arg3: !torch.vtensor<[?,?,?],f32>) -> (!torch.vtensor<[?,?,768],f32>, !torch.vtensor<[?,?,1],f32>, !torch.vtensor<[?,?,?],f32>) {
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %int768 = torch.constant.int 768
  %true = torch.constant.bool true
  %0 = torch.prim.ListConstruct %int768 : (!torch.int) -> !torch.list<int>
  %result0, %result1, %result2 = torch.aten.native_layer_norm %arg0, %0, %arg1, %arg2, %float1.000000e-05 : !torch.vtensor<[?,?,768],f32>, !torch.list<int>, !torch.vtensor<[768],f32>, !torch.vtensor<[768],f32>, !torch.float -> !torch.vtensor<[?,?,768],f32>, !torch.vtensor<[?,?,1],f32>, !torch.vtensor<[?,?,1],f32>
  // expected-ub-possible @+1 {{equal: %arg3[2] != 768}}
  %1 = torch.aten.layer_norm %arg3, %0, %arg1, %arg2, %float1.000000e-05, %true : !torch.vtensor<[?,?,?],f32>, !torch.list<int>, !torch.vtensor<[768],f32>, !torch.vtensor<[768],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,?,?],f32>
  return %result0, %result1, %1 : !torch.vtensor<[?,?,768],f32>, !torch.vtensor<[?,?,1],f32>, !torch.vtensor<[?,?,?],f32>
}

// rms_norm over [64] with a weight [?]: the weight's size must be the
// normalised dim 64. group_norm with 32 groups: C = 64 divides; a dynamic C
// must be a multiple of 32, and the weight and bias [64] (both %arg3) must
// have C elements: three obligations, each judged alone.
func.func @rms_group_norm(%arg0: !torch.vtensor<[?,64],f32>, %arg1: !torch.vtensor<[?],f32>, %arg2: !torch.vtensor<[?,?,?,?],f32>, %arg3: !torch.vtensor<[64],f32>) -> (!torch.vtensor<[?,64],f32>, !torch.vtensor<[?,?,?,?],f32>) {
  %int64 = torch.constant.int 64
  %int32 = torch.constant.int 32
  %none = torch.constant.none
  %false = torch.constant.bool false
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %0 = torch.prim.ListConstruct %int64 : (!torch.int) -> !torch.list<int>
  // expected-ub-possible @+1 {{equal: %arg1[0] != 64}}
  %1 = torch.aten.rms_norm %arg0, %0, %arg1, %none : !torch.vtensor<[?,64],f32>, !torch.list<int>, !torch.vtensor<[?],f32>, !torch.none -> !torch.vtensor<[?,64],f32>
  // expected-ub-possible @+3 {{equal: %arg2[1] mod 32 != 0}}
  // expected-ub-possible @+2 {{equal: %arg2[1] != 64}}
  // expected-ub-possible @+1 {{equal: %arg2[1] != 64}}
  %2 = torch.aten.group_norm %arg2, %int32, %arg3, %arg3, %float1.000000e-05, %false : !torch.vtensor<[?,?,?,?],f32>, !torch.int, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,?,?,?],f32>
  return %1, %2 : !torch.vtensor<[?,64],f32>, !torch.vtensor<[?,?,?,?],f32>
}

// batch_norm in evaluation ([?, 64, ?, ?], four vectors of 64): safe; the
// running mean of 32 elements against 64 channels is a static error.
// _native_batch_norm_legit_no_training's saved statistics are [0] as
// torch.export's meta functions give them.
func.func @batch_norm(%arg0: !torch.vtensor<[?,64,?,?],f32>, %arg1: !torch.vtensor<[64],f32>, %arg2: !torch.vtensor<[32],f32>) -> (!torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[?,64,?,?],f32>) {
  %false = torch.constant.bool false
  %float1.000000e-01 = torch.constant.float 1.000000e-01
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %0 = torch.aten.batch_norm %arg0, %arg1, %arg1, %arg1, %arg1, %false, %float1.000000e-01, %float1.000000e-05, %false : !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[?,64,?,?],f32>
  %result0, %result1, %result2 = torch.aten._native_batch_norm_legit_no_training %arg0, %arg1, %arg1, %arg1, %arg1, %float1.000000e-01, %float1.000000e-05 : !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.float, !torch.float -> !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>
  // expected-error @+1 {{rank}}
  %1 = torch.aten.batch_norm %arg0, %arg1, %arg1, %arg2, %arg1, %false, %float1.000000e-01, %float1.000000e-05, %false : !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[64],f32>, !torch.vtensor<[32],f32>, !torch.vtensor<[64],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[?,64,?,?],f32>
  return %0, %result0 : !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[?,64,?,?],f32>
}

// addmm (nn.Linear as exported): [?, 32] x [32, 16] plus a bias [16]
// broadcast to [?, 16]: safe. A bias [?] must be 1 or 16.
func.func @addmm(%arg0: !torch.vtensor<[?,32],f32>, %arg1: !torch.vtensor<[32,16],f32>, %arg2: !torch.vtensor<[16],f32>, %arg3: !torch.vtensor<[?],f32>) -> (!torch.vtensor<[?,16],f32>, !torch.vtensor<[?,16],f32>) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.addmm %arg2, %arg0, %arg1, %int1, %int1 : !torch.vtensor<[16],f32>, !torch.vtensor<[?,32],f32>, !torch.vtensor<[32,16],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,16],f32>
  // expected-ub-possible @+1 {{broadcast dim 1: %arg3[0] not in {1, 16}}}
  %1 = torch.aten.addmm %arg3, %arg0, %arg1, %int1, %int1 : !torch.vtensor<[?],f32>, !torch.vtensor<[?,32],f32>, !torch.vtensor<[32,16],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,16],f32>
  return %0, %1 : !torch.vtensor<[?,16],f32>, !torch.vtensor<[?,16],f32>
}

// baddbmm: batch1 [?, 4, 8] x batch2 [?, 8, 5]: the batch sizes must be
// equal; the input [1, 4, 5] broadcasts.
func.func @baddbmm(%arg0: !torch.vtensor<[1,4,5],f32>, %arg1: !torch.vtensor<[?,4,8],f32>, %arg2: !torch.vtensor<[?,8,5],f32>) -> !torch.vtensor<[?,4,5],f32> {
  %int1 = torch.constant.int 1
  // expected-ub-possible @+1 {{equal: %arg1[0] != %arg2[0]}}
  %0 = torch.aten.baddbmm %arg0, %arg1, %arg2, %int1, %int1 : !torch.vtensor<[1,4,5],f32>, !torch.vtensor<[?,4,8],f32>, !torch.vtensor<[?,8,5],f32>, !torch.int, !torch.int -> !torch.vtensor<[?,4,5],f32>
  return %0 : !torch.vtensor<[?,4,5],f32>
}

// scaled_dot_product_attention as torch.export prints it for a decoder
// step: query [4, 16, 1, 64], key and value the same [4, 16, ?, 64] cache:
// E 64 == 64, S equal (one value), output [4, 16, 1, 64]: safe. With an
// attention mask [4, 1, 1, ?] its last dim must be 1 or the source length.
func.func @attention(%arg0: !torch.vtensor<[4,16,1,64],f32>, %arg1: !torch.vtensor<[4,16,?,64],f32>, %arg2: !torch.vtensor<[4,1,1,?],f32>) -> (!torch.vtensor<[4,16,1,64],f32>, !torch.vtensor<[4,16,1,64],f32>) {
  %none = torch.constant.none
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %none_0 = torch.constant.none
  %false_1 = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg1, %none, %float0.000000e00, %false, %none_0, %false_1 : !torch.vtensor<[4,16,1,64],f32>, !torch.vtensor<[4,16,?,64],f32>, !torch.vtensor<[4,16,?,64],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[4,16,1,64],f32>
  // expected-ub-possible @+1 {{broadcast dim 3: %arg2[3] != 1 && %arg1[2] != %arg2[3]}}
  %1 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg1, %arg2, %float0.000000e00, %false, %none_0, %false_1 : !torch.vtensor<[4,16,1,64],f32>, !torch.vtensor<[4,16,?,64],f32>, !torch.vtensor<[4,16,?,64],f32>, !torch.vtensor<[4,1,1,?],f32>, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[4,16,1,64],f32>
  return %0, %1 : !torch.vtensor<[4,16,1,64],f32>, !torch.vtensor<[4,16,1,64],f32>
}

// Elementwise extras: masked_fill broadcasts self [?, 8, ?, ?] with a mask
// [?, 1, 1, ?] (an attention mask): dims 0 and 3 may clash, dims 1 and 2
// expand the mask's 1s. lerp.Scalar broadcasts [4] with [?]: ? is 1 or 4.
// atan2, bitwise_and and clamp / hardtanh are safe (equal or static
// shapes). masked_fill.Tensor's value must be 0-d: [4] is a static error.
func.func @elementwise(%arg0: !torch.vtensor<[?,8,?,?],f32>, %arg1: !torch.vtensor<[?,1,1,?],i1>, %arg2: !torch.vtensor<[4],f32>, %arg3: !torch.vtensor<[?],f32>, %arg4: !torch.vtensor<[?,4],si64>, %arg5: !torch.vtensor<[4],si64>) -> (!torch.vtensor<[?,8,?,?],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[?,4],si64>) {
  %float-inf = torch.constant.float 0xFFF0000000000000
  // expected-ub-possible @+2 {{broadcast dim 0: %arg0[0] != 1 && %arg1[0] != 1 && %arg0[0] != %arg1[0]}}
  // expected-ub-possible @+1 {{broadcast dim 3: %arg0[3] != 1 && %arg1[3] != 1 && %arg0[3] != %arg1[3]}}
  %0 = torch.aten.masked_fill.Scalar %arg0, %arg1, %float-inf : !torch.vtensor<[?,8,?,?],f32>, !torch.vtensor<[?,1,1,?],i1>, !torch.float -> !torch.vtensor<[?,8,?,?],f32>
  %float5.000000e-01 = torch.constant.float 5.000000e-01
  // expected-ub-possible @+1 {{broadcast dim 0: %arg3[0] not in {1, 4}}}
  %1 = torch.aten.lerp.Scalar %arg2, %arg3, %float5.000000e-01 : !torch.vtensor<[4],f32>, !torch.vtensor<[?],f32>, !torch.float -> !torch.vtensor<[4],f32>
  %2 = torch.aten.atan2 %1, %arg2 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  %3 = torch.aten.bitwise_and.Tensor %arg4, %arg5 : !torch.vtensor<[?,4],si64>, !torch.vtensor<[4],si64> -> !torch.vtensor<[?,4],si64>
  %float-1.000000e00 = torch.constant.float -1.000000e+00
  %float1.000000e00 = torch.constant.float 1.000000e+00
  %4 = torch.aten.clamp %0, %float-1.000000e00, %float1.000000e00 : !torch.vtensor<[?,8,?,?],f32>, !torch.float, !torch.float -> !torch.vtensor<[?,8,?,?],f32>
  %5 = torch.aten.hardtanh %4, %float-1.000000e00, %float1.000000e00 : !torch.vtensor<[?,8,?,?],f32>, !torch.float, !torch.float -> !torch.vtensor<[?,8,?,?],f32>
  // expected-error @+1 {{rank}}
  %6 = torch.aten.masked_fill.Tensor %arg0, %arg1, %arg2 : !torch.vtensor<[?,8,?,?],f32>, !torch.vtensor<[?,1,1,?],i1>, !torch.vtensor<[4],f32> -> !torch.vtensor<[?,8,?,?],f32>
  return %5, %2, %3 : !torch.vtensor<[?,8,?,?],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[?,4],si64>
}

// native_group_norm as decompositions print it: N, C, HxW read off the
// input with size.int, so N * C * HxW is the input's element count whatever
// the sizes (safe); mean and rstd are [N, 32]. A literal HxW of 255 for
// 16x16 images holds 2 * 64 * 255 elements, not 2 * 64 * 256: always UB.
func.func @native_group_norm(%arg0: !torch.vtensor<[?,64,?,?],f32>, %arg1: !torch.vtensor<[2,64,16,16],f32>) -> !torch.vtensor<[?,32],f32> {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int32 = torch.constant.int 32
  %int64 = torch.constant.int 64
  %none = torch.constant.none
  %float1.000000e-05 = torch.constant.float 1.000000e-05
  %0 = torch.aten.size.int %arg0, %int0 : !torch.vtensor<[?,64,?,?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.size.int %arg0, %int2 : !torch.vtensor<[?,64,?,?],f32>, !torch.int -> !torch.int
  %2 = torch.aten.size.int %arg0, %int3 : !torch.vtensor<[?,64,?,?],f32>, !torch.int -> !torch.int
  %3 = torch.aten.mul.int %1, %2 : !torch.int, !torch.int -> !torch.int
  %result0, %result1, %result2 = torch.aten.native_group_norm %arg0, %none, %none, %0, %int64, %3, %int32, %float1.000000e-05 : !torch.vtensor<[?,64,?,?],f32>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[?,64,?,?],f32>, !torch.vtensor<[?,32],f32>, !torch.vtensor<[?,32],f32>
  %int255 = torch.constant.int 255
  // expected-ub-guaranteed @+1 {{element-count}}
  %result0_0, %result1_1, %result2_2 = torch.aten.native_group_norm %arg1, %none, %none, %int2, %int64, %int255, %int32, %float1.000000e-05 : !torch.vtensor<[2,64,16,16],f32>, !torch.none, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.float -> !torch.vtensor<[2,64,16,16],f32>, !torch.vtensor<[2,32],f32>, !torch.vtensor<[2,32],f32>
  return %result1 : !torch.vtensor<[?,32],f32>
}

// conv1d on an unbatched [C, L] input: [16, ?] -> [32, ?], padding 2, the
// kernel of 5 fitting L + 4 only when L >= 1.
func.func @conv1d_unbatched(%arg0: !torch.vtensor<[16,?],f32>, %arg1: !torch.vtensor<[32,16,5],f32>) -> !torch.vtensor<[32,?],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %1 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  // expected-ub-possible @+1 {{in-bounds: %arg0[1] == 0}}
  %2 = torch.aten.conv1d %arg0, %arg1, %none, %0, %1, %0, %int1 : !torch.vtensor<[16,?],f32>, !torch.vtensor<[32,16,5],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[32,?],f32>
  return %2 : !torch.vtensor<[32,?],f32>
}
