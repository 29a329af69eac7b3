// A result size that is the sum of nine runtime sizes: one atom over nine
// symbols. Its condition is that sum (not "too many cases to print", as
// when no condition over more than eight sizes was looked for).
// expected-requires @concat9 {{%a0[0] + %a1[0] + %a2[0] + %a3[0] + %a4[0] + %a5[0] + %a6[0] + %a7[0] + %a8[0] == 10}}
func.func @concat9(%a0: tensor<?xf32>, %a1: tensor<?xf32>, %a2: tensor<?xf32>, %a3: tensor<?xf32>, %a4: tensor<?xf32>, %a5: tensor<?xf32>, %a6: tensor<?xf32>, %a7: tensor<?xf32>, %a8: tensor<?xf32>) -> tensor<10xf32> {
  // expected-ub-possible @+1 {{result-cast dim 0: %a0[0] + %a1[0] + %a2[0] + %a3[0] + %a4[0] + %a5[0] + %a6[0] + %a7[0] + %a8[0] != 10}}
  %0 = "tosa.concat"(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8) {axis = 0 : i32} : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}
