// SEMANTICS.md §4: a contract too long to read as one formula is listed
// by finding (JSON and SARIF: `checked: null` and `checked_parts`, each
// part at its check). Here 20 checks chain 21 sizes, and 8 broadcasts
// need their operands compatible: both formulas are over 400 characters.
// expected-checked @chain {{(%a0[0] == %a1[0]) && (%a1[0] == %a2[0]) && (%a2[0] == %a3[0]) && (%a3[0] == %a4[0]) && (%a4[0] == %a5[0]) && (%a5[0] == %a6[0]) && (%a6[0] == %a7[0]) && (%a7[0] == %a8[0]) && (%a8[0] == %a9[0]) && (%a9[0] == %a10[0]) && (%a10[0] == %a11[0]) && (%a11[0] == %a12[0]) && (%a12[0] == %a13[0]) && (%a13[0] == %a14[0]) && (%a14[0] == %a15[0]) && (%a15[0] == %a16[0]) && (%a16[0] == %a17[0]) && (%a17[0] == %a18[0]) && (%a18[0] == %a19[0]) && (%a19[0] == %a20[0])}}
func.func @chain(%a0: tensor<?xf32>, %a1: tensor<?xf32>, %a2: tensor<?xf32>, %a3: tensor<?xf32>, %a4: tensor<?xf32>, %a5: tensor<?xf32>, %a6: tensor<?xf32>, %a7: tensor<?xf32>, %a8: tensor<?xf32>, %a9: tensor<?xf32>, %a10: tensor<?xf32>, %a11: tensor<?xf32>, %a12: tensor<?xf32>, %a13: tensor<?xf32>, %a14: tensor<?xf32>, %a15: tensor<?xf32>, %a16: tensor<?xf32>, %a17: tensor<?xf32>, %a18: tensor<?xf32>, %a19: tensor<?xf32>, %a20: tensor<?xf32>, %b0: tensor<?xf32>, %b1: tensor<?xf32>, %b2: tensor<?xf32>, %b3: tensor<?xf32>, %b4: tensor<?xf32>, %b5: tensor<?xf32>, %b6: tensor<?xf32>, %b7: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %a0, %c0 : tensor<?xf32>
  %d1 = tensor.dim %a1, %c0 : tensor<?xf32>
  %d2 = tensor.dim %a2, %c0 : tensor<?xf32>
  %d3 = tensor.dim %a3, %c0 : tensor<?xf32>
  %d4 = tensor.dim %a4, %c0 : tensor<?xf32>
  %d5 = tensor.dim %a5, %c0 : tensor<?xf32>
  %d6 = tensor.dim %a6, %c0 : tensor<?xf32>
  %d7 = tensor.dim %a7, %c0 : tensor<?xf32>
  %d8 = tensor.dim %a8, %c0 : tensor<?xf32>
  %d9 = tensor.dim %a9, %c0 : tensor<?xf32>
  %d10 = tensor.dim %a10, %c0 : tensor<?xf32>
  %d11 = tensor.dim %a11, %c0 : tensor<?xf32>
  %d12 = tensor.dim %a12, %c0 : tensor<?xf32>
  %d13 = tensor.dim %a13, %c0 : tensor<?xf32>
  %d14 = tensor.dim %a14, %c0 : tensor<?xf32>
  %d15 = tensor.dim %a15, %c0 : tensor<?xf32>
  %d16 = tensor.dim %a16, %c0 : tensor<?xf32>
  %d17 = tensor.dim %a17, %c0 : tensor<?xf32>
  %d18 = tensor.dim %a18, %c0 : tensor<?xf32>
  %d19 = tensor.dim %a19, %c0 : tensor<?xf32>
  %d20 = tensor.dim %a20, %c0 : tensor<?xf32>
  %p0 = arith.cmpi eq, %d0, %d1 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p0, "mismatched size for broadcast"
  %p1 = arith.cmpi eq, %d1, %d2 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p1, "mismatched size for broadcast"
  %p2 = arith.cmpi eq, %d2, %d3 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p2, "mismatched size for broadcast"
  %p3 = arith.cmpi eq, %d3, %d4 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p3, "mismatched size for broadcast"
  %p4 = arith.cmpi eq, %d4, %d5 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p4, "mismatched size for broadcast"
  %p5 = arith.cmpi eq, %d5, %d6 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p5, "mismatched size for broadcast"
  %p6 = arith.cmpi eq, %d6, %d7 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p6, "mismatched size for broadcast"
  %p7 = arith.cmpi eq, %d7, %d8 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p7, "mismatched size for broadcast"
  %p8 = arith.cmpi eq, %d8, %d9 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p8, "mismatched size for broadcast"
  %p9 = arith.cmpi eq, %d9, %d10 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p9, "mismatched size for broadcast"
  %p10 = arith.cmpi eq, %d10, %d11 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p10, "mismatched size for broadcast"
  %p11 = arith.cmpi eq, %d11, %d12 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p11, "mismatched size for broadcast"
  %p12 = arith.cmpi eq, %d12, %d13 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p12, "mismatched size for broadcast"
  %p13 = arith.cmpi eq, %d13, %d14 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p13, "mismatched size for broadcast"
  %p14 = arith.cmpi eq, %d14, %d15 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p14, "mismatched size for broadcast"
  %p15 = arith.cmpi eq, %d15, %d16 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p15, "mismatched size for broadcast"
  %p16 = arith.cmpi eq, %d16, %d17 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p16, "mismatched size for broadcast"
  %p17 = arith.cmpi eq, %d17, %d18 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p17, "mismatched size for broadcast"
  %p18 = arith.cmpi eq, %d18, %d19 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p18, "mismatched size for broadcast"
  %p19 = arith.cmpi eq, %d19, %d20 : index
  // expected-ub-possible @+1 {{assert}}
  cf.assert %p19, "mismatched size for broadcast"
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s0 = tosa.add %a0, %b0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s1 = tosa.add %a0, %b1 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s2 = tosa.add %a0, %b2 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s3 = tosa.add %a0, %b3 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s4 = tosa.add %a0, %b4 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s5 = tosa.add %a0, %b5 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s6 = tosa.add %a0, %b6 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  // expected-ub-possible @+1 {{broadcast dim 0}}
  %s7 = tosa.add %a0, %b7 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %s7 : tensor<?xf32>
}
