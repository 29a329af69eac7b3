// PIPELINE: builtin.module(symshape-check{fail-on-ub=true summary=false})
// EXIT: 1
// Under fail-on-ub a module symshape cannot read fails the pass: nothing
// is proved safe.
// expected-error @+1 {{symshape cannot read this module, so symshape-check checked nothing: no value named '%a' in function 'f'}}
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> attributes {symshape.assume = ["%a[0] == 4"]} {
  %0 = tosa.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
