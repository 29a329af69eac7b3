//===- Tosa.cpp - Op entries: the tosa dialect ----------------------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). Shapes follow the TOSA specification and
// MLIR's TosaOps.cpp verifiers / inferReturnTypeComponents.
//
// tosa ops print in generic form in MLIR 16 and as
// `tosa.op %a, %b {attrs} : (T1, T2) -> R` in current MLIR; both are read.
//
//===----------------------------------------------------------------------===//

#include "OpRules.h"
#include "OpTable.h"
#include "PrettyForms.h"

namespace symshape::frontend {

namespace {

/// tosa.matmul: [N, H, C] x [N, C, W] -> [N, H, W].
void lowerMatmul(OpContext &c) {
  if (!c.expectRanks({3, 3}))
    return;
  c.requireSameDim(0, 0, 1, 0, "batch");
  c.requireSameDim(0, 2, 1, 1, "contracted");
  c.setResult(0, {c.dim(0, 0), c.dim(0, 1), c.dim(1, 2)});
}

/// Elementwise ops of one operand (and clamp, cast, ...): result shape is
/// the operand's.
void lowerUnary(OpContext &c) { lowerSameShape(c); }

} // namespace

static const OpEntry kEntries[] = {
    {"tosa.matmul", parseFunctionTypedForm, lowerMatmul, kRefineBoth,
     "[N,H,C] x [N,C,W] -> [N,H,W]; N and C equal"},
    {"tosa.tanh", parseFunctionTypedForm, lowerUnary, kRefineBoth,
     "elementwise: result shape = operand shape"},
};

OpFamily tosaFamily() {
  return {"tosa", kEntries, sizeof(kEntries) / sizeof(kEntries[0])};
}

} // namespace symshape::frontend
