//===- Classifier.h - What mlir-opt-16 and seed 000 say ---------*- C++ -*-===//
//
// Two independent models of one generated implicit-broadcast program
// (test.broadcastable or an elementwise tosa op), written from their
// sources and not from symshape's lowering:
//
//  - `mlirOptRejects`: MLIR 16's `verifyCompatibleOperandBroadcast`
//    (mlir/lib/Dialect/Traits.cpp): fold `getBroadcastedShape` over the
//    ranked operands, then compare the result's trailing dims
//    (`take_back(inferred rank)`) with `isCompatibleInferredReturnShape`
//    (equal, either dynamic, or inferred == 1). The tosa ops carry the
//    same trait (ResultsBroadcastableShape) with two exceptions, found by
//    running mlir-opt-16:
//      * `tosa.select` has no shape verifier at all in MLIR 16: it accepts
//        operands of sizes 3, 4 and 5, or a result of rank 2 from rank-1
//        operands;
//      * `tosa.equal` also infers its result type (InferTensorType): after
//        the trait, TosaOps.cpp's `resolveBroadcastShape` (1 gives way to
//        the other size, any other pair must be equal, `?` included) must
//        succeed and its shape be compatible with the declared one (same
//        rank, each dim equal or either `?`). When it fails -- an unranked
//        operand, `?` against a size other than 1 -- the inferred type has
//        no element type and mlir-opt-16 crashes (`mlirOptCrashes`); the
//        generator never emits those.
//  - `seedErrors`: seed 000's Verify, with SPEC section 3's resolutions:
//    an inferred `?` under a static dim is no error unless `--strict`; an
//    unranked operand lets the result have a higher rank, its trailing dims
//    checked as usual; a static 0 is neither 1 nor > 1.
//
// Each static error of the seed is a Cause. Comparing the two gives the
// program's Class: both accept, both reject, or one of SPEC 3's documented
// divergences (symshape errs, mlir-opt accepts):
//
//   (a) RankAbove      result rank > inferred rank, no unranked operand
//   (b) InferredOne    inferred static 1 under a declared static size != 1
//   (c) StrictDynamic  with --strict, inferred `?` under a declared static dim
//   (d) NoOperands     no operand at all (seed 000 wants one; MLIR's
//                      verifier accepts any result then)
//   (e) SelectUnverified  tosa.select with any static error of seed 000:
//                      SPEC 3 puts tosa.select in the implicit-broadcast
//                      family, so seed 000's compile-time rules apply
//                      (SPEC 4's `error`); MLIR 16 verifies no shape of it
//
// For tosa.equal, (a) and (b) are no divergence: its inferred result type
// rejects both, so they count as agree-reject. Divergences (f) and (g)
// belong to the other families (Families.h).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_CLASSIFIER_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_CLASSIFIER_H

#include "Generator.h"

#include <string>
#include <vector>

namespace symshape::differential {

/// One static error by seed 000 (and SPEC 3).
enum class Reason {
  OperandClash,  ///< two static operand sizes, neither 1, unequal
  RankBelow,     ///< ranked result of lower rank than inferred
  DimMismatch,   ///< inferred static s != 1, declared static d != s
  RankAbove,     ///< divergence (a)
  InferredOne,   ///< divergence (b)
  StrictDynamic, ///< divergence (c)
  NoOperands,    ///< divergence (d)
};

/// "operand-clash", "rank-below", ...
const char *reasonName(Reason reason);

/// True for the reasons mlir-opt-16 does not share: (a) to (d).
bool isDivergence(Reason reason);

struct Cause {
  Reason reason;
  int dim = -1; ///< result dim, for DimMismatch, InferredOne, StrictDynamic
};

enum class Class {
  AgreeAccept,
  AgreeReject,
  RankAbove,     ///< (a)
  InferredOne,   ///< (b), without (a)
  StrictDynamic, ///< (c), without (a) or (b)
  NoOperands,    ///< (d)
  ModelError,    ///< mlir-opt rejects but the seed sees no error: impossible
  // Divergences of the other families (Families.h).
  SelectUnverified, ///< (e) tosa.select, which MLIR 16 does not verify
  ShapeRuntime,     ///< (g) a shape-dialect type clash mlir-opt rejects
};

/// "agree-accept", "agree-reject", "(a) rank-above", ...
const char *className(Class cls);

/// True when mlir-opt-16's verifier rejects the op; `why` names the check.
bool mlirOptRejects(const Program &program, std::string *why = nullptr);

/// True when mlir-opt-16 verifies the op's shapes at all (not tosa.select).
bool mlirOptVerifiesShapes(const Program &program);

/// True when mlir-opt-16 crashes verifying the op (tosa.equal whose
/// resolveBroadcastShape fails after the trait's verifier accepted it).
bool mlirOptCrashes(const Program &program);

/// Every static error seed 000 (with SPEC 3) finds, in or without strict.
std::vector<Cause> seedErrors(const Program &program, bool strict);

/// The class of a program from the two models; `verified` is
/// mlirOptVerifiesShapes of the program.
Class classify(bool mlirRejects, const std::vector<Cause> &causes,
               bool verified = true);

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_CLASSIFIER_H
