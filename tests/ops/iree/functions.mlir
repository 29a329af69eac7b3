// util.func, util.call and util.return (IREE's UtilOps.td) are read as
// func.func, func.call and func.return (SPEC 3): a call has its callee's
// shape semantics and the callee's requirements are judged at the call, on
// the call's operands ("... in @add"). util.func prints its visibility and
// may tie a result to an argument (`-> %t`: the result reuses %t's storage
// and has its type); several results need no parentheses.

util.func public @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  // expected-ub-possible @+1 {{equal: %x[0] != %y[0]}}
  %0 = arith.addf %x, %y : tensor<?xf32>
  util.return %0 : tensor<?xf32>
}

util.func public @inplace(%t: tensor<?xf32>) -> %t {
  util.return %t : tensor<?xf32>
}

util.func public @pair(%a: index, %t: tensor<?xf32>) -> index, tensor<?xf32> {
  util.return %a, %t : index, tensor<?xf32>
}

util.func public @main(%a: tensor<?xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  // expected-ub-possible @+1 {{equal: %a[0] != 4}}
  %0 = util.call @add(%a, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // The tied result is what @inplace returns: %0, of %a's size, 4 by now.
  %1 = util.call @inplace(%0) : (tensor<?xf32>) -> %0
  // expected-safe @+1 {{cast dim 0}}
  %2 = tensor.cast %1 : tensor<?xf32> to tensor<4xf32>
  // %3#0 is %n and %3#1 is %1.
  %3:2 = util.call @pair(%n, %1) : (index, tensor<?xf32>) -> (index, %1)
  // expected-safe @+1 {{cast dim 0}}
  %4 = tensor.cast %3#1 : tensor<?xf32> to tensor<4xf32>
  // expected-ub-possible @+1 {{in-bounds: %n <= -1}}
  %e = tensor.empty(%3#0) : tensor<?xf32>
  // expected-ub-possible @+1 {{cast dim 0: %n != 4}}
  %5 = tensor.cast %e : tensor<?xf32> to tensor<4xf32>
  util.return %2 : tensor<4xf32>
}

// A call of a function with no body is opaque (listed, no finding).
util.func private @external(%arg0: tensor<?xf32>) -> tensor<?xf32>

util.func public @callsExternal(%arg0: tensor<?xf32>) -> tensor<4xf32> {
  %0 = util.call @external(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{cast dim 0: %0[0] != 4}}
  %1 = tensor.cast %0 : tensor<?xf32> to tensor<4xf32>
  util.return %1 : tensor<4xf32>
}

// The generic form, with MLIR 17 properties.
"util.func"() <{function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "generic", sym_visibility = "public"}> ({
^bb0(%arg0: tensor<?xf32>):
  %0 = "util.optimization_barrier"(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
  "util.return"(%0) : (tensor<?xf32>) -> ()
}) : () -> ()
// expected-summary {{safe=2 ub-possible=5 ub-guaranteed=0 error=0 unreachable=0 unknown=0}}
