// aten::_scaled_dot_product_flash_attention_for_cpu, what torch.export
// leaves of scaled_dot_product_attention on CPU and torch-mlir's FX
// importer prints as a torch.operator: 4-D query [B, H, L, E], key and
// value [B, H, S, E] ("Q/K/V should have the same head size"), an optional
// 2-D or 4-D mask that expands to [B, H, L, S] (ignored when it has no
// elements); results output [B, H, L, E] and logsumexp [B, H, L]. Each
// expectation computed by hand.

// Prefill (sharktank's llama export): query, key and value are one
// [32, 8, ?, 32] shape, causal, no mask: nothing can fail.
func.func @prefill(%arg0: !torch.vtensor<[32,8,?,32],f16>) -> (!torch.vtensor<[32,8,?,32],f16>, !torch.vtensor<[32,8,?],f32>) {
  %float0.000000e00_717 = torch.constant.float 0.000000e+00
  %true_718 = torch.constant.bool true
  %none_719 = torch.constant.none
  %none_720 = torch.constant.none
  %0:2 = torch.operator "torch.aten._scaled_dot_product_flash_attention_for_cpu"(%arg0, %arg0, %arg0, %float0.000000e00_717, %true_718, %none_719, %none_720) : (!torch.vtensor<[32,8,?,32],f16>, !torch.vtensor<[32,8,?,32],f16>, !torch.vtensor<[32,8,?,32],f16>, !torch.float, !torch.bool, !torch.none, !torch.none) -> (!torch.vtensor<[32,8,?,32],f16>, !torch.vtensor<[32,8,?],f32>)
  return %0#0, %0#1 : !torch.vtensor<[32,8,?,32],f16>, !torch.vtensor<[32,8,?],f32>
}

// A decode step: one query position against a cache of S positions, with
// key and value of their own lengths and a [2, 1, 1, ?] mask. Key and
// value must have one length, and the mask's last size, unless the mask is
// empty, must be 1 or value's length S.
func.func @decode(%arg0: !torch.vtensor<[2,3,1,4],f32>, %arg1: !torch.vtensor<[2,3,?,4],f32>, %arg2: !torch.vtensor<[2,3,?,4],f32>, %arg3: !torch.vtensor<[2,1,1,?],f32>) -> (!torch.vtensor<[2,3,1,4],f32>, !torch.vtensor<[2,3,1],f32>) {
  %float0.000000e00_826 = torch.constant.float 0.000000e+00
  %false_827 = torch.constant.bool false
  %none_828 = torch.constant.none
  // expected-ub-possible @+2 {{equal rule aten::_scaled_dot_product_flash_attention_for_cpu: %arg1[2] != %arg2[2]}}
  // expected-ub-possible @+1 {{broadcast rule aten::_scaled_dot_product_flash_attention_for_cpu: %arg3[3] not in {0, 1} && %arg2[2] != %arg3[3]}}
  %0:2 = torch.operator "torch.aten._scaled_dot_product_flash_attention_for_cpu"(%arg0, %arg1, %arg2, %float0.000000e00_826, %false_827, %arg3, %none_828) : (!torch.vtensor<[2,3,1,4],f32>, !torch.vtensor<[2,3,?,4],f32>, !torch.vtensor<[2,3,?,4],f32>, !torch.float, !torch.bool, !torch.vtensor<[2,1,1,?],f32>, !torch.none) -> (!torch.vtensor<[2,3,1,4],f32>, !torch.vtensor<[2,3,1],f32>)
  return %0#0, %0#1 : !torch.vtensor<[2,3,1,4],f32>, !torch.vtensor<[2,3,1],f32>
}

// A dynamic batch: key's and value's (one value here) batch must be
// query's, two requirements of one condition.
func.func @batch(%arg0: !torch.vtensor<[?,2,3,4],f32>, %arg1: !torch.vtensor<[?,2,3,4],f32>) -> (!torch.vtensor<[?,2,3,4],f32>, !torch.vtensor<[?,2,3],f32>) {
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %none = torch.constant.none
  %none_0 = torch.constant.none
  // expected-ub-possible @+2 {{equal rule aten::_scaled_dot_product_flash_attention_for_cpu: %arg0[0] != %arg1[0]}}
  // expected-ub-possible @+1 {{equal rule aten::_scaled_dot_product_flash_attention_for_cpu: %arg0[0] != %arg1[0]}}
  %0:2 = torch.operator "torch.aten._scaled_dot_product_flash_attention_for_cpu"(%arg0, %arg1, %arg1, %float0.000000e00, %false, %none, %none_0) : (!torch.vtensor<[?,2,3,4],f32>, !torch.vtensor<[?,2,3,4],f32>, !torch.vtensor<[?,2,3,4],f32>, !torch.float, !torch.bool, !torch.none, !torch.none) -> (!torch.vtensor<[?,2,3,4],f32>, !torch.vtensor<[?,2,3],f32>)
  return %0#0, %0#1 : !torch.vtensor<[?,2,3,4],f32>, !torch.vtensor<[?,2,3],f32>
}

// Value's head size 8 against query's and key's 16: "Q/K/V should have
// the same head size", a static error of both query's and key's against
// value's.
func.func @head_size(%arg0: !torch.vtensor<[1,2,3,16],f32>, %arg1: !torch.vtensor<[1,2,3,8],f32>) -> (!torch.vtensor<[1,2,3,16],f32>, !torch.vtensor<[1,2,3],f32>) {
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %none = torch.constant.none
  %none_0 = torch.constant.none
  // expected-error @+2 {{equal rule aten::_scaled_dot_product_flash_attention_for_cpu}}
  // expected-error @+1 {{equal rule aten::_scaled_dot_product_flash_attention_for_cpu}}
  %0:2 = torch.operator "torch.aten._scaled_dot_product_flash_attention_for_cpu"(%arg0, %arg0, %arg1, %float0.000000e00, %false, %none, %none_0) : (!torch.vtensor<[1,2,3,16],f32>, !torch.vtensor<[1,2,3,16],f32>, !torch.vtensor<[1,2,3,8],f32>, !torch.float, !torch.bool, !torch.none, !torch.none) -> (!torch.vtensor<[1,2,3,16],f32>, !torch.vtensor<[1,2,3],f32>)
  return %0#0, %0#1 : !torch.vtensor<[1,2,3,16],f32>, !torch.vtensor<[1,2,3],f32>
}

// Grouped-query heads (8 query heads over 2 key heads): newer kernels
// read them, older ones do not; opaque.
func.func @grouped_heads(%arg0: !torch.vtensor<[1,8,3,16],f32>, %arg1: !torch.vtensor<[1,2,3,16],f32>) -> (!torch.vtensor<[1,8,3,16],f32>, !torch.vtensor<[1,8,3],f32>) {
  %float0.000000e00 = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %none = torch.constant.none
  %none_0 = torch.constant.none
  // expected-opaque @+1 {{torch.operator}}
  %0:2 = torch.operator "torch.aten._scaled_dot_product_flash_attention_for_cpu"(%arg0, %arg1, %arg1, %float0.000000e00, %false, %none, %none_0) : (!torch.vtensor<[1,8,3,16],f32>, !torch.vtensor<[1,2,3,16],f32>, !torch.vtensor<[1,2,3,16],f32>, !torch.float, !torch.bool, !torch.none, !torch.none) -> (!torch.vtensor<[1,8,3,16],f32>, !torch.vtensor<[1,8,3],f32>)
  return %0#0, %0#1 : !torch.vtensor<[1,8,3,16],f32>, !torch.vtensor<[1,8,3],f32>
}
// expected-summary {{safe=0 ub-possible=4 ub-guaranteed=0 error=2 unreachable=0 unknown=0}}
