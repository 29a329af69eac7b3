//===- OnnxCompare.h - Generated ONNX programs against the oracle -*- C++
//-*-===//
//
// Issue 43's acceptance test: for each generated program (gen/OnnxGen.h) in
// both spellings, symshape against the oracle's brute force over the box
// (each dynamic dim in [kBoxLo, kBoxHi], Compare.h): a correct program has
// only `safe` findings and no opaque op; a planted one a non-safe finding
// at the planted op and nowhere else; every condition is exact on the box
// (it holds exactly where the oracle's first UB is that op, among the
// assignments reaching it) and every witness replays (a `$name` of
// onnx.dim_params sets the dims of that name); and the two
// spellings give the same non-safe findings (same nodes, kinds, verdicts
// and conditions).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_ONNXCOMPARE_H
#define SYMSHAPE_MODELS_ONNXCOMPARE_H

#include "Compare.h"
#include "gen/OnnxGen.h"

namespace symshape::models {

struct OnnxStats {
  size_t programs = 0, texts = 0, plantedFound = 0, plantedMissed = 0,
         conditionsExact = 0, conditionsWrong = 0, spellingsAgree = 0,
         spellingsDiffer = 0, intentWrong = 0;
  /// Witnesses replayed by this driver (it reads onnx.dim_params' `$name`
  /// sizes; Compare.h's own replay, whose counts perSpelling keeps, does
  /// not).
  size_t witnessReplayed = 0, witnessFailed = 0;
  /// Ops whose conditions cannot be evaluated somewhere in the box (a
  /// division by zero), not judged there; `notes` says where.
  size_t conditionsUndefined = 0;
  std::vector<std::string> notes;
  FamilyStats perSpelling[2]; ///< Compare.h's per-op comparison
  std::vector<std::string> failures;
};

/// The oracle agrees with the generator in both spellings: no UB in a
/// correct program, UB only at the planted node (for some sizes) in a
/// planted one, at the same assignments in both. Empty when it does.
std::string checkOnnxIntent(const OnnxProgram &program);

/// Compares symshape with the oracle on both spellings of `program`.
void compareOnnx(const OnnxProgram &program, OnnxStats &stats);

std::string summarizeOnnx(const OnnxStats &stats);

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_ONNXCOMPARE_H
