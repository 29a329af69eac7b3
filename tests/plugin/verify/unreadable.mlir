// PIPELINE: builtin.module(symshape-check{summary=false})
// EXIT: 0
// A module mlir-opt reads and symshape cannot (here a symshape.assume
// attribute naming the source's %a, which mlir-opt prints as %arg0): a
// warning with symshape's error, and the pass succeeds, so the pipeline
// goes on. (pipeline.sh: refine and drop-redundant-checks leave such a
// module unchanged.)
// expected-warning @+1 {{symshape cannot read this module, so symshape-check checked nothing: no value named '%a' in function 'f'}}
func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<?xf32> attributes {symshape.assume = ["%a[0] == 4"]} {
  %0 = tosa.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
