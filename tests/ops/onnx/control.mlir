// onnx.If (ONNX operator docs, If-21): the outputs are the yields of the
// branch taken. Both branches are checked as code that may not run; an
// output whose sizes both branches agree on keeps them, so what follows
// is checked against them. Sizes the branches disagree on make the op
// opaque (symshape does not follow the condition).

// Both branches yield %a's sizes: the If's result is [%a[0], 4], and the
// Add against %b's [%b[0], 4] broadcasts dim 0 (fails exactly when both
// differ from 1 and from each other); dim 1 is 4 against 4.
func.func @if_same_sizes(%c: tensor<i1>, %a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "onnx.If"(%c) ({
    %1 = "onnx.Relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    "onnx.Yield"(%1) : (tensor<?x4xf32>) -> ()
  }, {
    %2 = "onnx.Neg"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    "onnx.Yield"(%2) : (tensor<?x4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<?x4xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]}}
  %3 = "onnx.Add"(%0, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  "onnx.Return"(%3) : (tensor<?x4xf32>) -> ()
}

// The branches yield %a and %b, whose first dims are independent: the
// result's size depends on the branch taken, so the op is opaque.
func.func @if_branch_sizes(%c: tensor<i1>, %a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-opaque @+1 {{onnx.If}}
  %0 = "onnx.If"(%c) ({
    "onnx.Yield"(%a) : (tensor<?x4xf32>) -> ()
  }, {
    "onnx.Yield"(%b) : (tensor<?x4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<?x4xf32>
  "onnx.Return"(%0) : (tensor<?x4xf32>) -> ()
}

// The torch spelling of the same If: regions after the functional type
// (the importer orders them by attribute name: else_branch, then
// then_branch), ended by torch.operator_terminator. A mismatch inside a
// branch is found at its op, as conditional code.
func.func @if_torch(%arg0: !torch.vtensor<[],i1>, %arg1: !torch.vtensor<[?,4],f32>, %arg2: !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[?,4],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.If"(%arg0) : (!torch.vtensor<[],i1>) -> !torch.vtensor<[?,4],f32> {
    // expected-ub-possible @+2 {{broadcast dim 0: %arg1[0] not in {1, 3}}}
    // expected-ub-possible @+1 {{broadcast dim 1: %arg2[1] not in {1, 4}}}
    %1 = torch.operator "onnx.Mul"(%arg1, %arg2) : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[3,4],f32> 
    torch.operator_terminator %arg1 : !torch.vtensor<[?,4],f32>
  }, {
    torch.operator_terminator %arg1 : !torch.vtensor<[?,4],f32>
  }
  return %0 : !torch.vtensor<[?,4],f32>
}

// A condition computed from sizes picks the branch: %r[0] is
// (%a[0] == 4 ? %a[0] : %b[0]). Adding a [4, 4] tensor then fails exactly
// when %a[0] is not 4 and %b[0] is neither 1 nor 4.
func.func @if_known_condition(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %da = "onnx.Dim"(%a) {axis = 0 : si64} : (tensor<?x4xf32>) -> tensor<1xi64>
  %c4 = onnx.Constant dense<4> : tensor<1xi64>
  %cond = "onnx.Equal"(%da, %c4) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi1>
  %r = "onnx.If"(%cond) ({
    onnx.Yield %a : tensor<?x4xf32>
  }, {
    onnx.Yield %b : tensor<?x4xf32>
  }) : (tensor<1xi1>) -> tensor<?x4xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %a[0] != 4 && %b[0] not in {1, 4}}}
  %s = "onnx.Add"(%r, %c) : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  "onnx.Return"(%s) : (tensor<4x4xf32>) -> ()
}
