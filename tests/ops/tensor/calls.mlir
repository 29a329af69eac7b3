// func.call of a function in the module. A private callee is judged only
// through its calls, under each caller's sizes: its findings are at its own
// ops, with the calls as notes; calls that give the same verdict,
// condition and witness share one finding, others have their own (a
// condition is exact for the calls it names). A public callee
// is judged on its own, and its requirements are judged at each call
// ("... in @pub").

func.func private @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // Reached four times: (%a, %a) and, through @twice, its second call are
  // safe (one finding); (%a, 4) fails exactly when %a[0] != 4, and,
  // through @twice, (4, %d) (%a is 4 by then) exactly when %d[0] != 4: two
  // findings, each with its own call stack.
  // expected-safe @+3 {{equal}}
  // expected-ub-possible @+2 {{equal: %a[0] != 4}}
  // expected-ub-possible @+1 {{equal: %d[0] != 4}}
  %0 = arith.addf %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Calls @add twice; the second call is safe once the first one was.
func.func private @twice(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @add(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = call @add(%0, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

// A public function: judged on its own, over any sizes.
func.func @pub(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %0 = arith.subf %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @main(%a: tensor<?xf32>, %b: tensor<4xf32>, %d: tensor<?xf32>, %e: tensor<?xf32>) -> tensor<4xf32> {
  // %a with itself: nothing can fail.
  %0 = call @add(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %c = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  %1 = call @add(%0, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // %1 has %a's size, 4 by now: the cast back is safe.
  // expected-safe @+1 {{cast dim 0}}
  %2 = tensor.cast %1 : tensor<?xf32> to tensor<4xf32>
  // Nested calls: @twice's calls of @add are judged at @add.
  %3 = call @twice(%1, %d) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // shape.shape_of reads the call's result exactly: a broadcast of it with
  // a 4 is safe.
  %s = shape.shape_of %3 : tensor<?xf32> -> tensor<1xindex>
  %four = shape.const_shape [4] : tensor<1xindex>
  // expected-safe @+1 {{cstr dim 0}}
  %w = shape.cstr_eq %s, %four : tensor<1xindex>, tensor<1xindex>
  // The public callee's requirement, judged at the call: %3 and %d are
  // both 4 by now, so it is safe; with %e, it fails unless %e is 4 (%a is).
  // expected-safe @+1 {{equal}}
  %4 = call @pub(%3, %d) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{equal: %e[0] != 4}}
  %5 = call @pub(%a, %e) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %2 : tensor<4xf32>
}
// expected-summary {{safe=4 ub-possible=4 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
