//===- Compare.h - symshape's verdicts against the oracle -------*- C++ -*-===//
//
// For one generated program: the oracle's brute force over a box of sizes
// (each dynamic dim in [kBoxLo, kBoxHi]) says, per top-level op, whether
// some assignment has its first UB there and whether every assignment that
// reaches it has; symshape's findings must say the same, its witnesses must
// replay, a correct program must have only `safe` findings and no opaque
// op, a planted one a non-safe finding at the planted op and none
// elsewhere.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_COMPARE_H
#define SYMSHAPE_MODELS_COMPARE_H

#include "gen/Generator.h"
#include "oracle/Oracle.h"
#include "symshape/driver/Session.h"

#include <map>
#include <string>
#include <vector>

namespace symshape::models {

/// Every dynamic dim ranges over [0, 4]: the generator's planted sizes
/// (static 2, even batch, second batch) are decided inside this box, and
/// 0 and 1 (empty and broadcast sizes) are in it.
constexpr int64_t kBoxLo = 0, kBoxHi = 4;

/// The definition of @`name` in `module` (null when it has none).
const frontend::Function *findFunction(const frontend::Module &module,
                                       const std::string &name);

/// The ops of every block of `fn`, block after block: the oracle's op
/// numbering (OracleResult::executed, UbSite::opIndex).
std::vector<const frontend::Operation *>
topLevelOps(const frontend::Function &fn);

/// symshape's analysis of @`name` in `text` ("model.mlir"), read into
/// `session` and analysed there; null with `error` set when the text is
/// rejected or has no such function.
const frontend::FunctionAnalysis *analyzeText(frontend::Session &session,
                                              const std::string &text,
                                              const std::string &name,
                                              std::string &error);

/// The oracle's brute force over the box, per top-level op.
struct BruteForce {
  size_t assignments = 0;
  std::vector<size_t> reached; ///< assignments reaching op k without UB before
  std::vector<size_t> ubAt;    ///< assignments whose first UB is op k
  std::string unsupported;     ///< non-empty: the oracle could not run
  std::vector<std::string> symbols;
  std::map<size_t, std::string> example; ///< op -> one UB rule met there
};

/// Runs the oracle on the function `fn` of `module` for every assignment.
BruteForce bruteForce(const frontend::Module &module,
                      const frontend::Function &fn);

/// The oracle agrees with what the generator intended (no UB in a correct
/// program; UB only at the planted op, for some sizes, in a planted one).
/// Empty when it does; otherwise why not.
std::string checkGeneratorIntent(const Program &program);

struct FamilyStats {
  size_t programs = 0, obligations = 0, falseAlarms = 0, unknown = 0,
         opaque = 0, plantedFound = 0, plantedMissed = 0, bruteAgree = 0,
         bruteDisagree = 0, witnessReplayed = 0, witnessFailed = 0,
         oracleUnsupported = 0;
  std::vector<std::string> failures; ///< one message per failed check
};

/// Compares symshape with the oracle on one program, adding to `stats`.
void compareProgram(const Program &program, FamilyStats &stats);

/// One line per counter, for the test log.
std::string summarize(Family family, const FamilyStats &stats);

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_COMPARE_H
