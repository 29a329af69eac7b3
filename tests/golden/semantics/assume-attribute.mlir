// Facts can also travel with the function (SPEC 2). %a[0] in {1, 4} makes the
// first broadcast safe; %b[0] >= 2 && %b[0] != 3 leaves %b[0] in {2} or
// {4, 5, ...}: broadcasting it with 3 then always fails: ub-guaranteed (its
// op's rank, judged independently of it, is safe). The
// second assumption contradicts the first one and is an error (ignored).
func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>, %four: tensor<4xi32>, %three: tensor<3xi32>) -> tensor<?xi32>
    attributes {symshape.assume = ["%a[0] in {1, 4}", "%a[0] == 7", "%b[0] >= 2 && %b[0] != 3"]} {
  // expected-safe @-1 {{assume}}
  // expected-error @-2 {{assume}}
  // expected-safe @-3 {{assume}}
  // expected-safe @+2 {{broadcast dim 0}}
  // expected-safe @+1 {{rank}}
  %0 = "test.broadcastable"(%a, %four) : (tensor<?xi32>, tensor<4xi32>) -> tensor<?xi32>
  // expected-ub-guaranteed @+2 {{broadcast dim 0: true}}
  // expected-safe @+1 {{rank}}
  %1 = "test.broadcastable"(%b, %three) : (tensor<?xi32>, tensor<3xi32>) -> tensor<?xi32>
  return %1 : tensor<?xi32>
}
// expected-summary {{safe=5 ub-possible=0 ub-guaranteed=1 error=1 unreachable=0 unknown=0}}
