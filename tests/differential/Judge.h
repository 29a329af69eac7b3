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
//     for (a) and (b), "--strict" for (c);
//  5. a cause of seed 000 that fails at every size is UB in the oracle
//     registry of tests/models, the op rules' one statement (Registry.cpp).
//
// Any failure becomes a discrepancy: the program, mlir-opt's message, the
// predicted causes, symshape's obligations and what went wrong.
//
// The other families (Families.h) come as Cases, each with its predicted
// mlir-opt verdict and symshape findings; judgeCaseBatch checks that
//
//  1. mlir-opt-16 rejects exactly the predicted functions, first on the
//     predicted line with the predicted message;
//  2. symshape's static errors are exactly the predicted ones (kind and
//     dim), and each predicted runtime finding is there with a verdict
//     other than `safe` and `error`.
//
// Round trips: mlir-opt-16 prints the functions that verify, in custom
// and in generic form; checkRoundTrip requires symshape to parse and
// analyse that text and to find, function by function, the same
// obligations with the same verdicts as in the generated text.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_JUDGE_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_JUDGE_H

#include "Classifier.h"
#include "Families.h"
#include "Generator.h"
#include "MlirOpt.h"

#include "symshape/frontend/IR.h"

#include <map>
#include <set>
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
  unsigned cases = 0;      ///< program x mode (default, --strict)
  unsigned roundTrips = 0; ///< functions re-read from mlir-opt's prints
  /// Programs whose certain causes the oracle registry confirmed
  /// (Registry.cpp).
  unsigned registryChecked = 0;
  std::vector<std::string> discrepancies;
};

/// Empty when the oracle registry of tests/models finds UB at the op of
/// `fn` with every `?` at 1 and at 2 wherever seed 000's `causes` include
/// one that fails at every size (operand-clash, dim-mismatch,
/// inferred-one) and every operand is ranked; else what it finds
/// (Registry.cpp).
std::string registryDisagrees(const Program &program,
                              const std::vector<Cause> &causes,
                              const frontend::Module &module,
                              const frontend::Function &fn, Tally &tally);

/// Empty when mlir-opt ran and each error it printed is the verifier's, on
/// the op of one program; else what is wrong, with mlir-opt's output.
std::string checkMlirOptRun(const Batch &batch, const MlirOptRun &run);

/// Each function's obligations, in order, as "op kind dim verdict".
using Signatures = std::map<std::string, std::vector<std::string>>;

/// Runs symshape (with `strict` or not) on the batch and judges every
/// function against `run`; fills `signatures` when given. Empty unless
/// symshape rejects the batch as input, then its diagnostics.
std::string judgeBatch(const Batch &batch, const MlirOptRun &run, bool strict,
                       Tally &tally, Signatures *signatures = nullptr);

/// The functions of a batch mlir-opt-16 accepted.
std::set<std::string> acceptedFunctions(const Batch &batch,
                                        const MlirOptRun &run);

/// Cases as one `// -----`-split file, one function per split.
struct CaseBatch {
  std::string label;
  std::vector<Case> cases;
  std::string text;
  std::vector<unsigned> firstLines; ///< absolute line of each `func.func`
  std::vector<unsigned> lineCounts; ///< lines of each case's text
};

CaseBatch makeCaseBatch(std::string label, std::vector<Case> cases);

/// Empty when mlir-opt ran and printed one error at most per function,
/// each inside one; else what is wrong, with mlir-opt's output.
std::string checkMlirOptRun(const CaseBatch &batch, const MlirOptRun &run);

/// Runs symshape on the batch and judges every case against `run` and its
/// predictions; fills `signatures` when given. Empty unless symshape
/// rejects the batch as input, then its diagnostics.
std::string judgeCaseBatch(const CaseBatch &batch, const MlirOptRun &run,
                           Tally &tally, Signatures *signatures = nullptr);

/// The functions of a case batch mlir-opt-16 accepted.
std::set<std::string> acceptedFunctions(const CaseBatch &batch,
                                        const MlirOptRun &run);

/// Checks `run.printed`, mlir-opt-16's print (in `form`) of the functions
/// of `label` it accepted: symshape parses and analyses it, it holds
/// exactly the `accepted` functions, and each has the obligations and
/// verdicts of `original`. Empty when all holds, else what does not.
std::string checkRoundTrip(const std::string &label, MlirOptPrint form,
                           const MlirOptRun &run, const Signatures &original,
                           const std::set<std::string> &accepted);

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_JUDGE_H
