// util.assume.int (UtilOps.td): each result is its operand, and the
// operand's `#util.int.assumption<umin, umax, udiv>` rows are assumptions
// the author states (as unsigned values: the operand in [umin, umax], a
// multiple of udiv; several rows are alternatives). symshape takes them as
// facts from the op on: an `assume` finding, consistent (safe) or an
// error when no value satisfies it, never a requirement.

// IREE's torch input conversion bounds each dim of a symbolic shape.
util.func public @bounds(%arg0: tensor<?xf32>, %arg1: tensor<16xf32>) {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
  // expected-safe @+1 {{assume}}
  %0 = util.assume.int %dim<umin = 16, umax = 16> : index
  // %arg0[0] is 16 from here on.
  // expected-safe @+1 {{cast dim 0}}
  %1 = tensor.cast %arg0 : tensor<?xf32> to tensor<16xf32>
  util.return
}

// A divisor: %m is a multiple of 8 in [8, 64].
util.func public @divisor(%n: index) {
  // expected-safe @+1 {{assume}}
  %m = util.assume.int %n<umin = 8, umax = 64, udiv = 8> : index
  // expected-safe @+1 {{in-bounds}}
  %e = tensor.empty(%m) : tensor<?xf32>
  // expected-ub-possible @+1 {{cast dim 0: %n != 16}}
  %0 = tensor.cast %e : tensor<?xf32> to tensor<16xf32>
  util.return
}

util.func public @notMultiple(%n: index) {
  // expected-safe @+1 {{assume}}
  %m = util.assume.int %n<umin = 8, umax = 64, udiv = 8> : index
  %e = tensor.empty(%m) : tensor<?xf32>
  // 12 is no multiple of 8.
  // expected-ub-guaranteed @+1 {{cast dim 0: true}}
  %0 = tensor.cast %e : tensor<?xf32> to tensor<12xf32>
  util.return
}

// Alternatives, and several operands (IREE prints them on separate lines).
util.func public @alternatives(%arg0: index, %arg1: i64) -> (index, i64) {
  // expected-safe @+1 {{assume}}
  %0:2 = util.assume.int
      %arg0[<umin = 2, umax = 2>, <umin = 5, umax = 5>],
      %arg1[<umax = 10>, <udiv = 6>]
    : index, i64
  %e = tensor.empty(%0#0) : tensor<?xf32>
  // Under the assumption %arg0 is 2 or 5.
  // expected-ub-possible @+1 {{cast dim 0: %arg0 != 2}}
  %1 = tensor.cast %e : tensor<?xf32> to tensor<2xf32>
  util.return %0#0, %0#1 : index, i64
}

// An assumption no value satisfies: the code after it is never reached.
util.func public @impossible(%n: index) {
  // expected-error @+1 {{assume}}
  %m = util.assume.int %n<umin = 9, umax = 15, udiv = 8> : index
  util.return
}

// On one branch only: the fact holds there, not on the other path.
util.func public @branch(%c: i1, %n: index) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %m = util.assume.int %n<umin = 4, umax = 4> : index
  // expected-safe @+1 {{in-bounds}}
  %e = tensor.empty(%m) : tensor<?xf32>
  // expected-safe @+1 {{cast dim 0}}
  %0 = tensor.cast %e : tensor<?xf32> to tensor<4xf32>
  util.return
^bb2:
  // expected-ub-possible @+1 {{in-bounds: %n <= -1}}
  %f = tensor.empty(%n) : tensor<?xf32>
  // (%n >= 0: the requirement above, on this path.)
  // expected-ub-possible @+1 {{cast dim 0: %n >= 0 && %n != 4}}
  %1 = tensor.cast %f : tensor<?xf32> to tensor<4xf32>
  util.return
}
// expected-summary {{safe=10 ub-possible=4 ub-guaranteed=1 error=1 unreachable=0 unknown=0}}
