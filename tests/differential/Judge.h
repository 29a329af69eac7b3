//===- Judge.h - symshape's static errors against mlir-opt-16's -*- C++ -*-===//
//
// Compares, function by function, symshape's analysis of a batch with
// mlir-opt-16's run on the same text and with the Classifier's predictions:
//
//  1. the classifier's model of mlir-opt-16 predicts its real verdict;
//  2. symshape reports a static `error` exactly when seed 000 (with SPEC 3)
//     does, so: for agree-accept and agree-reject programs, symshape errs
//     exactly when mlir-opt rejects; for the documented divergences (a), (b),
//     (c) symshape errs while mlir-opt accepts;
//  3. each predicted cause has its erring obligation (kind, and result dim
//     for `result-cast`), and every erring obligation has a predicted cause;
//  4. each divergence's obligation says why in its staticNote: "mlir-opt"
//     for (a) and (b), "--strict" for (c).
//
// Any failure becomes a discrepancy: the program, mlir-opt's message, the
// predicted causes, symshape's obligations and what went wrong.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_JUDGE_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_JUDGE_H

#include "Classifier.h"
#include "Generator.h"
#include "MlirOpt.h"

#include <map>
#include <string>
#include <vector>

namespace symshape::differential {

/// Programs as one `// -----`-split file, one function per split.
struct Batch {
  std::string label; ///< where the programs come from, e.g. "seed 1600"
  std::vector<Program> programs;
  std::string text;
  std::vector<unsigned> opLines; ///< absolute line of each program's op
};

Batch makeBatch(std::string label, std::vector<Program> programs);

/// Counts per class and every discrepancy, over the cases judged.
struct Tally {
  std::map<Class, unsigned> counts;
  unsigned cases = 0; ///< program x mode (default, --strict)
  std::vector<std::string> discrepancies;
};

/// Empty when mlir-opt ran and each error it printed is the verifier's, on
/// the op of one program; else what is wrong, with mlir-opt's output.
std::string checkMlirOptRun(const Batch &batch, const MlirOptRun &run);

/// Runs symshape (with `strict` or not) on the batch and judges every
/// function against `run`. Empty unless symshape rejects the batch as
/// input, then its diagnostics.
std::string judgeBatch(const Batch &batch, const MlirOptRun &run, bool strict,
                       Tally &tally);

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_JUDGE_H
