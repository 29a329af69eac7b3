// `symshape refine` on a classifier head as a frontend emits it before
// shape inference: every result type is `?`. The weights are static, so in
// every run where no op has undefined behaviour:
//  - the matmul's batch is the weight's 1 and its width the weight's 10;
//  - the bias add's rows are the bias's 8 (the matmul's rows must be 1 or
//    8), so %1 and %2 are fully static.
// refine writes those sizes into the result types and casts back where the
// signature needs the old type; `check` adds that the matmul needs
// %x[0] == 1 and %x[2] == 64, and the add %x[1] in {1, 8}.
func.func @head(%x: tensor<?x?x?xf32>, %w: tensor<1x64x10xf32>,
                %b: tensor<1x8x10xf32>) -> tensor<?x?x?xf32> {
  %0 = "tosa.matmul"(%x, %w) : (tensor<?x?x?xf32>, tensor<1x64x10xf32>) -> tensor<?x?x?xf32>
  %1 = "tosa.add"(%0, %b) : (tensor<?x?x?xf32>, tensor<1x8x10xf32>) -> tensor<?x?x?xf32>
  %2 = "tosa.sigmoid"(%1) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %2 : tensor<?x?x?xf32>
}
