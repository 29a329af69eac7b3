// ONNX optionals (onnx-mlir's !onnx.Opt, torch-mlir's !torch.optional),
// expectations by hand from the ONNX operator docs: Optional-15 holds its
// input, or nothing without one; OptionalHasElement-18 is true for an
// optional holding an element and for a tensor or sequence input, false
// for an empty optional or no input; OptionalGetElement-18 returns the
// element, or a tensor or sequence input itself, and "It is an error if
// the input is an empty optional-type ... the behavior is undefined".
// Identity passes an optional through.

// The element of an optional made from %x (passed through Identity) is
// %x: against %y [2, ?], dim 0 broadcasts %x[0] with 2 and dim 1 3 with
// %y[1]. It has an element: OptionalHasElement is true.
func.func @optional_present(%x: tensor<?x3xf32>, %y: tensor<2x?xf32>) -> (tensor<*xf32>, tensor<i1>) {
  %o = "onnx.Optional"(%x) : (tensor<?x3xf32>) -> !onnx.Opt<tensor<*xf32>>
  %i = "onnx.Identity"(%o) : (!onnx.Opt<tensor<*xf32>>) -> !onnx.Opt<tensor<*xf32>>
  %h = "onnx.OptionalHasElement"(%i) : (!onnx.Opt<tensor<*xf32>>) -> tensor<i1>
  %e = "onnx.OptionalGetElement"(%i) : (!onnx.Opt<tensor<*xf32>>) -> tensor<*xf32>
  // expected-ub-possible @+2 {{broadcast dim 0: %x[0] not in {1, 2}}}
  // expected-ub-possible @+1 {{broadcast dim 1: %y[1] not in {1, 3}}}
  %s = "onnx.Add"(%e, %y) : (tensor<*xf32>, tensor<2x?xf32>) -> tensor<*xf32>
  onnx.Return %s, %h : tensor<*xf32>, tensor<i1>
}

// OptionalHasElement decides an If (the pattern of the ONNX docs'
// "Optional Type" example): an optional made from %x holds an element, so
// the If takes its then branch alone, and its result is %x ([?, 3]; the
// else branch's %y never reaches it). Added to [2, 3]: %x[0] is 1 or 2.
// An empty optional takes the else branch: %y against [2, 3].
func.func @has_element_if(%x: tensor<?x3xf32>, %y: tensor<?x?xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %o = "onnx.Optional"(%x) : (tensor<?x3xf32>) -> !onnx.Opt<tensor<*xf32>>
  %h = "onnx.OptionalHasElement"(%o) : (!onnx.Opt<tensor<*xf32>>) -> tensor<i1>
  %r = "onnx.If"(%h) ({
    onnx.Yield %x : tensor<?x3xf32>
  }, {
    onnx.Yield %y : tensor<?x?xf32>
  }) : (tensor<i1>) -> tensor<?x?xf32>
  %c = onnx.Constant dense<1.0> : tensor<2x3xf32>
  // expected-ub-possible @+1 {{broadcast dim 0: %x[0] not in {1, 2}}}
  %s = "onnx.Add"(%r, %c) : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %none = "onnx.NoValue"() {value} : () -> none
  %e = "onnx.Optional"(%none) {type = tensor<?x3xf32>} : (none) -> !onnx.Opt<tensor<*xf32>>
  %g = "onnx.OptionalHasElement"(%e) : (!onnx.Opt<tensor<*xf32>>) -> tensor<i1>
  %t = "onnx.If"(%g) ({
    onnx.Yield %x : tensor<?x3xf32>
  }, {
    onnx.Yield %y : tensor<?x?xf32>
  }) : (tensor<i1>) -> tensor<?x?xf32>
  // expected-ub-possible @+2 {{broadcast dim 0: %y[0] not in {1, 2}}}
  // expected-ub-possible @+1 {{broadcast dim 1: %y[1] not in {1, 3}}}
  %u = "onnx.Add"(%t, %c) : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  onnx.Return %s, %u : tensor<2x3xf32>, tensor<2x3xf32>
}

// An empty optional (onnx-mlir's form: a `none` input and the element
// type as an attribute): it has no element, and getting it is UB.
func.func @optional_empty() -> (tensor<i1>, tensor<*xf32>) {
  %0 = "onnx.NoValue"() {value} : () -> none
  %1 = "onnx.Optional"(%0) {type = tensor<2xf32>} : (none) -> !onnx.Opt<tensor<*xf32>>
  %2 = "onnx.OptionalHasElement"(%1) : (!onnx.Opt<tensor<*xf32>>) -> tensor<i1>
  // expected-ub-guaranteed @+1 {{in-bounds}}
  %3 = "onnx.OptionalGetElement"(%1) : (!onnx.Opt<tensor<*xf32>>) -> tensor<*xf32>
  onnx.Return %2, %3 : tensor<i1>, tensor<*xf32>
}

// An optional argument's element is not known: declared unranked it gets
// no sizes; its presence is not known either.
func.func @check_optionalgetelement(%arg0: !onnx.Opt<tensor<2xf32>>) -> (tensor<*xf32>, tensor<*xi1>) {
  %0 = "onnx.OptionalGetElement"(%arg0) : (!onnx.Opt<tensor<2xf32>>) -> tensor<*xf32>
  %1 = "onnx.OptionalHasElement"(%arg0) : (!onnx.Opt<tensor<2xf32>>) -> tensor<*xi1>
  onnx.Return %0, %1 : tensor<*xf32>, tensor<*xi1>
}

// torch-mlir's import: a tensor input is returned as it is (its sizes
// flow on: against [3, 4], %arg0[0] is 1 or 3), and an optional of a
// sequence holds that sequence; OptionalHasElement of no input is false.
func.func @get_element_tensor_torch(%arg0: !torch.vtensor<[?,4],f32>, %arg1: !torch.list<vtensor<[5],f32>>) -> (!torch.vtensor<[3,4],f32>, !torch.list<vtensor<[5],f32>>, !torch.vtensor<[],i1>) attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %none = torch.constant.none
  %0 = torch.operator "onnx.OptionalGetElement"(%arg0) : (!torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> 
  %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense<1.000000e+00> : tensor<3x4xf32>} : () -> !torch.vtensor<[3,4],f32> 
  // expected-ub-possible @+1 {{broadcast dim 0: %arg0[0] not in {1, 3}}}
  %2 = torch.operator "onnx.Add"(%0, %1) : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[3,4],f32>) -> !torch.vtensor<[3,4],f32> 
  %3 = torch.operator "onnx.Optional"(%arg1) : (!torch.list<vtensor<[5],f32>>) -> !torch.optional<list<vtensor<[5],f32>>> 
  %4 = torch.operator "onnx.OptionalGetElement"(%3) : (!torch.optional<list<vtensor<[5],f32>>>) -> !torch.list<vtensor<[5],f32>> 
  %5 = torch.operator "onnx.OptionalHasElement"(%none) : (!torch.none) -> !torch.vtensor<[],i1> 
  return %2, %4, %5 : !torch.vtensor<[3,4],f32>, !torch.list<vtensor<[5],f32>>, !torch.vtensor<[],i1>
}

// torch-mlir's test_optional_get_element_optional_tensor: the element of
// an optional argument has the sizes its declared type gives, [4], as a
// tensor argument would.
func.func @test_optional_get_element_optional_tensor(%arg0: !torch.optional<vtensor<[4],f32>>) -> !torch.vtensor<[4],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  %0 = torch.operator "onnx.OptionalGetElement"(%arg0) : (!torch.optional<vtensor<[4],f32>>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// An optional argument declared with a `?`: its element's size there is
// not known (a fresh size), so the declared 3 of the result is a cast
// that can fail.
func.func @get_element_argument(%arg0: !torch.optional<vtensor<[?,4],f32>>) -> !torch.vtensor<[3,4],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "backend-test", torch.onnx_meta.producer_version = ""} {
  // expected-ub-possible @+1 {{result-cast dim 0: %0[0] != 3}}
  %0 = torch.operator "onnx.OptionalGetElement"(%arg0) : (!torch.optional<vtensor<[?,4],f32>>) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}
