// Seed 002 (linalg.broadcast RFC): a static broadcast with no size-1
// expansion; every mapped dim must match.
// The RFC's representation: input dim 0 maps to init dim 0.
func.func @rfc(%input: tensor<16xf32>, %init: tensor<16x64xf32>) -> tensor<16x64xf32> {
  // expected-safe @+1 {{mapped-dim dim 0}}
  %bcast = linalg.broadcast ins(%input : tensor<16xf32>) inits(%init : tensor<16x64xf32>) dimensions = [0]
  return %bcast : tensor<16x64xf32>
}

// "The following IR is illegal": input dim 1 (size 1) mapped to init dim 1
// (size 32): no size-1 expansion.
func.func @illegal(%input: tensor<16x1xf32>, %init: tensor<16x32x64xf32>) -> tensor<16x32x64xf32> {
  // expected-safe @+2 {{mapped-dim dim 0}}
  // expected-error @+1 {{mapped-dim dim 1}}
  %illegal_bcast = linalg.broadcast ins(%input : tensor<16x1xf32>) inits(%init : tensor<16x32x64xf32>) dimensions = [0, 1]
  return %illegal_bcast : tensor<16x32x64xf32>
}

// Its canonical form: collapse the size-1 dim first (tensor.collapse_shape is
// opaque to symshape; the use fixes its result type), then broadcast.
func.func @collapsed(%input: tensor<16x1xf32>, %init: tensor<16x32x64xf32>) -> tensor<16x32x64xf32> {
  %shaped_input = tensor.collapse_shape %input [[0, 1]] : tensor<16x1xf32> into tensor<16xf32>
  // expected-safe @+1 {{mapped-dim dim 0}}
  %bcast = linalg.broadcast ins(%shaped_input : tensor<16xf32>) inits(%init : tensor<16x32x64xf32>) dimensions = [0]
  return %bcast : tensor<16x32x64xf32>
}

// "It is permitted for mapped dimensions to be size 1 in both input and init."
func.func @ones(%input: tensor<16x1xf32>, %init: tensor<16x1x64xf32>) -> tensor<16x1x64xf32> {
  // expected-safe @+2 {{mapped-dim dim 0}}
  // expected-safe @+1 {{mapped-dim dim 1}}
  %bcast = linalg.broadcast ins(%input : tensor<16x1xf32>) inits(%init : tensor<16x1x64xf32>) dimensions = [0, 1]
  return %bcast : tensor<16x1x64xf32>
}

// "Dimensions attribute should be sorted": no implicit transpose.
func.func @unsorted(%input: tensor<16x64xf32>, %init: tensor<64x16xf32>) -> tensor<64x16xf32> {
  // expected-error @+1 {{mapped-dim}}
  %bcast = linalg.broadcast ins(%input : tensor<16x64xf32>) inits(%init : tensor<64x16xf32>) dimensions = [1, 0]
  return %bcast : tensor<64x16xf32>
}

// Upstream MLIR spells it with outs(..) and lists the dims it adds. Two
// dynamic mapped sizes must be equal at runtime.
func.func @upstream(%input: tensor<?xf32>, %init: tensor<?x64xf32>) -> tensor<?x64xf32> {
  // expected-ub-possible @+1 {{mapped-dim dim 0: %input[0] != %init[0]}}
  %bcast = linalg.broadcast ins(%input : tensor<?xf32>) outs(%init : tensor<?x64xf32>) dimensions = [1]
  return %bcast : tensor<?x64xf32>
}

// "A static broadcast operation. There is no ambiguity at compile-time
// about shape information": a `?` cannot map onto a static 16.
func.func @dynamic_onto_static(%input: tensor<?xf32>, %init: tensor<16x64xf32>) -> tensor<16x64xf32> {
  // expected-error @+1 {{mapped-dim dim 0}}
  %bcast = linalg.broadcast ins(%input : tensor<?xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
  return %bcast : tensor<16x64xf32>
}
// expected-summary {{safe=5 ub-possible=1 ub-guaranteed=0 error=3 unreachable=0 unknown=0}}
