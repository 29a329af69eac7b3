// Functions of several blocks (cf.br, cf.cond_br). Only the entry block
// runs on every path: a block's obligations assume the earlier ops of its
// own block and of the blocks that dominate it, never those of a block that
// may be skipped. A block argument has the sizes every branch passes it
// when those are the same, else it is a new unknown size.

func.func @siblings(%x: tensor<?xf32>, %y: tensor<?xf32>, %c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-ub-possible @+2 {{broadcast dim 0: %x[0] != 1 && %y[0] != 1 && %x[0] != %y[0]}}
  // expected-ub-possible @+1 {{result-cast dim 0: (%x[0] == 1 && %y[0] != 4) || (%x[0] != 4 && %y[0] == 1) || (%x[0] != 4 && %x[0] == %y[0])}}
  %0 = "tosa.add"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>
  return
^bb2:
  // ^bb1 did not run: its broadcast is no help here.
  // expected-ub-possible @+2 {{broadcast dim 0: %x[0] != 1 && %y[0] != 1 && %x[0] != %y[0]}}
  // expected-ub-possible @+1 {{result-cast dim 0: (%x[0] == 1 && %y[0] != 5) || (%x[0] != 5 && %y[0] == 1) || (%x[0] != 5 && %x[0] == %y[0])}}
  %1 = "tosa.sub"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<5xf32>
  return
}

func.func @diamond(%x: tensor<?xf32>, %y: tensor<?xf32>, %c: i1) {
  // expected-ub-possible @+1 {{broadcast dim 0: %x[0] != 1 && %y[0] != 1 && %x[0] != %y[0]}}
  %0 = "tosa.add"(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  cf.cond_br %c, ^bb1(%0 : tensor<?xf32>), ^bb2(%0 : tensor<?xf32>)
^bb1(%a: tensor<?xf32>):
  // expected-ub-possible @+1 {{cast dim 0: %x[0] != 4 && %y[0] != 4}}
  %1 = tensor.cast %a : tensor<?xf32> to tensor<4xf32>
  cf.br ^bb3(%a : tensor<?xf32>)
^bb2(%b: tensor<?xf32>):
  cf.br ^bb3(%b : tensor<?xf32>)
^bb3(%m: tensor<?xf32>):
  // %m has %0's size on both paths; the cast to 4 may not have run.
  // expected-ub-possible @+1 {{cast dim 0: %x[0] != 5 && %y[0] != 5}}
  %2 = tensor.cast %m : tensor<?xf32> to tensor<5xf32>
  return
}

func.func @dominated(%x: tensor<?xf32>, %c: i1) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  // expected-ub-possible @+1 {{cast dim 0: %x[0] != 4}}
  %0 = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  cf.br ^bb2
^bb2:
  // Reached only through ^bb1: %x[0] is 4 here.
  // expected-safe @+1 {{cast dim 0}}
  %1 = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  cf.br ^bb3
^bb3:
  // Reached from the entry too.
  // expected-ub-possible @+1 {{cast dim 0: %x[0] != 4}}
  %2 = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  return
}

func.func @loop(%x: tensor<?xf32>, %c: i1) {
  cf.br ^bb1(%x : tensor<?xf32>)
^bb1(%v: tensor<?xf32>):
  // %v is %x or what the loop passes back: a new unknown size.
  // expected-ub-possible @+1 {{cast dim 0: %v[0] != 3}}
  %0 = tensor.cast %v : tensor<?xf32> to tensor<3xf32>
  %w = tensor.cast %0 : tensor<3xf32> to tensor<?xf32>
  cf.cond_br %c, ^bb1(%w : tensor<?xf32>), ^bb2
^bb2:
  return
}

// An i1 block argument that is true on one branch and false on the other
// is neither: the check on it is not read (opaque), never called
// redundant.
func.func @predicate_per_branch(%c: i1) {
  %true = arith.constant true
  %false = arith.constant false
  cf.cond_br %c, ^bb1(%true : i1), ^bb1(%false : i1)
^bb1(%p: i1):
  // expected-opaque @+1 {{cf.assert}}
  cf.assert %p, "p holds"
  return
}
