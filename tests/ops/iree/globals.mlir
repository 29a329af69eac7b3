// util.global and its loads (UtilOps.td). A load returns the value the
// global holds, so the global's declared type is a fact of the load's
// result whatever the load's own (compatible) type says; a `?` of the
// global is whatever was stored: a free size, and a static dim of the load
// there is a `result-cast`. Exported models reach their weights through
// util.global.address and util.global.load.indirect (IREE's mnist sample).

util.global private @w1 = #stream.parameter.named<"model"::"w1"> : tensor<784x128xf32>
util.global private @b1 = dense<0.000000e+00> : tensor<128xf32>
util.global private mutable @cache : tensor<?x128xf32>

util.func public @predict(%arg0: tensor<?x784xf32>) -> tensor<?x128xf32> {
  %ptr_w1 = util.global.address @w1 : !util.ptr<tensor<784x128xf32>>
  %0 = util.global.load.indirect %ptr_w1 : !util.ptr<tensor<784x128xf32>> -> tensor<784x128xf32>
  %1 = stablehlo.dot %arg0, %0 : (tensor<?x784xf32>, tensor<784x128xf32>) -> tensor<?x128xf32>
  // The load's `?` is the global's 128.
  %2 = util.global.load @b1 : tensor<?xf32>
  // expected-safe @+1 {{cast dim 0}}
  %3 = tensor.cast %2 : tensor<?xf32> to tensor<128xf32>
  %4 = stablehlo.broadcast_in_dim %3, dims = [1] : (tensor<128xf32>) -> tensor<1x128xf32>
  // The cache holds any number of rows: a free size %5[0].
  %5 = util.global.load @cache : tensor<?x128xf32>
  // expected-ub-possible @+1 {{equal: %arg0[0] != %5[0]}}
  %6 = stablehlo.add %1, %5 : tensor<?x128xf32>
  util.global.store %6, @cache : tensor<?x128xf32>
  util.return %6 : tensor<?x128xf32>
}

// A load that claims a static size of a dynamic global.
util.func public @claim() -> tensor<8x128xf32> {
  // expected-ub-possible @+1 {{result-cast dim 0: %0[0] != 8}}
  %0 = util.global.load @cache : tensor<8x128xf32>
  util.return %0 : tensor<8x128xf32>
}

// A load whose type contradicts its global's (IREE's verifier: "global type
// mismatch").
util.func public @mismatch() -> tensor<64xf32> {
  // expected-error @+1 {{rank}}
  %0 = util.global.load @b1 : tensor<64xf32>
  util.return %0 : tensor<64xf32>
}

// A pointer whose global is not known (an argument): the load reads the
// pointer's `!util.ptr<T>`. Here a global declared after its use.
util.func public @through(%p: !util.ptr<tensor<?x4xf32>>, %q: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = util.global.load.indirect %p : !util.ptr<tensor<?x4xf32>> -> tensor<?x4xf32>
  %1 = tensor.cast %q : tensor<3x4xf32> to tensor<?x4xf32>
  // expected-ub-possible @+1 {{equal: %0[0] != 3}}
  %2 = arith.addf %0, %1 : tensor<?x4xf32>
  %ptr = util.global.address @late : !util.ptr<tensor<3x4xf32>>
  %3 = util.global.load.indirect %ptr : !util.ptr<tensor<3x4xf32>> -> tensor<?x4xf32>
  // expected-safe @+1 {{cast dim 0}}
  %4 = tensor.cast %3 : tensor<?x4xf32> to tensor<3x4xf32>
  util.return %4 : tensor<3x4xf32>
}

util.global private @late {inlining_policy = #util.inline.never} = dense<1.000000e+00> : tensor<3x4xf32>
// expected-summary {{safe=5 ub-possible=3 ub-guaranteed=0 error=1 unreachable=0 unknown=0}}
