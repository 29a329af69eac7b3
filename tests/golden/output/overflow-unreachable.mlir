// RUN: check %s
// EXIT: 1
// Issue 45: after size arithmetic that wraps whatever the inputs (SPEC 2,
// `overflow`: 2^62 * 4 does not fit in 64 bits), every run that gets there
// has UB. Nothing after it is judged over a made-up size: the requirement
// that %m is not negative and both broadcasts are `unreachable` (no witness
// such as %m = -1). In @guarded the multiplication is in a region that may
// not run (the body of an unknown op), so what follows is judged as usual.
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %big = arith.constant 4611686018427387904 : index
  %c4 = arith.constant 4 : index
  %m = arith.muli %big, %c4 : index
  %e = tensor.empty(%m) : tensor<?xf32>
  %0 = "tosa.add"(%a, %e) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "tosa.add"(%0, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
}

func.func @guarded(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  "foo.maybe"() ({
    %big = arith.constant 4611686018427387904 : index
    %c4 = arith.constant 4 : index
    %m = arith.muli %big, %c4 : index
    "foo.yield"() : () -> ()
  }) : () -> ()
  %0 = "tosa.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
