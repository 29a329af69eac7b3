// arith's unsigned index ops and tensor.bitcast (MLIR's arith and tensor
// dialect docs): maxui / minui / ceildivui compute sizes as unsigned
// integers (sizes are never negative, so as max, min and ceildiv), and
// tensor.bitcast keeps the shape. Each size reaches a tensor.cast to a
// static size, whose `cast` condition shows it.

func.func @maxui(%a: tensor<?xf32>, %b: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %x = tensor.dim %a, %c0 : tensor<?xf32>
  %y = tensor.dim %b, %c0 : tensor<?xf32>
  %m = arith.maxui %x, %y : index
  %e = tensor.empty(%m) : tensor<?xf32>
  // max(%a[0], %b[0]) is 5.
  // expected-ub-possible @+1 {{cast dim 0: (%a[0] != 5 && %a[0] > %b[0]) || (%b[0] != 5 && %a[0] <= %b[0])}}
  %0 = tensor.cast %e : tensor<?xf32> to tensor<5xf32>
  return
}

func.func @minui(%a: tensor<?xf32>, %b: tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %x = tensor.dim %a, %c0 : tensor<?xf32>
  %y = tensor.dim %b, %c0 : tensor<4xf32>
  %n = arith.minui %x, %y : index
  %e = tensor.empty(%n) : tensor<?xf32>
  // min(%a[0], 4) is 2 exactly when %a[0] is 2.
  // expected-ub-possible @+1 {{cast dim 0: %a[0] != 2}}
  %0 = tensor.cast %e : tensor<?xf32> to tensor<2xf32>
  return
}

func.func @ceildivui(%a: tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %x = tensor.dim %a, %c0 : tensor<?xf32>
  %q = arith.ceildivui %x, %c4 : index
  %e = tensor.empty(%q) : tensor<?xf32>
  // ceil(%a[0] / 4) = floor((%a[0] + 3) / 4) is 3 for %a[0] in 9..12.
  // expected-ub-possible @+1 {{cast dim 0: ((%a[0] + 3) floordiv 4) != 3}}
  %0 = tensor.cast %e : tensor<?xf32> to tensor<3xf32>
  return
}

func.func @bitcast(%t: tensor<?x4xi32>) -> tensor<2x4xf32> {
  %0 = tensor.bitcast %t : tensor<?x4xi32> to tensor<?x4xf32>
  // expected-ub-possible @+1 {{cast dim 0: %t[0] != 2}}
  %1 = tensor.cast %0 : tensor<?x4xf32> to tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
