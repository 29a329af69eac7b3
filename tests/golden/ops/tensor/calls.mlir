// func.call of a function in the module (SPEC 3): the call has its callee's
// shape semantics. The callee's requirements are judged at the call, on the
// call's operands ("... in @add"); its results' sizes are the call's.

func.func private @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %0 = arith.addf %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Calls @add twice; the second call is safe once the first one was.
func.func private @twice(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %0 = call @add(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-safe @+1 {{equal}}
  %1 = call @add(%0, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

func.func @main(%a: tensor<?xf32>, %b: tensor<4xf32>, %d: tensor<?xf32>) -> tensor<4xf32> {
  // %a with itself: nothing can fail.
  %0 = call @add(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %c = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  // expected-ub-possible @+1 {{equal: %a[0] != 4}}
  %1 = call @add(%0, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // %1 has %a's size, 4 by now: the cast back is safe.
  // expected-safe @+1 {{cast dim 0}}
  %2 = tensor.cast %1 : tensor<?xf32> to tensor<4xf32>
  // Nested calls: @twice's requirements, judged here.
  // expected-ub-possible @+2 {{equal: %d[0] != 4}}
  // expected-safe @+1 {{equal}}
  %3 = call @twice(%1, %d) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // shape.shape_of reads the call's result exactly: a broadcast of it with
  // a 4 is safe.
  %s = shape.shape_of %3 : tensor<?xf32> -> tensor<1xindex>
  %four = shape.const_shape [4] : tensor<1xindex>
  // expected-safe @+1 {{cstr dim 0}}
  %w = shape.cstr_eq %s, %four : tensor<1xindex>, tensor<1xindex>
  return %2 : tensor<4xf32>
}
// expected-summary {{safe=4 ub-possible=4 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
