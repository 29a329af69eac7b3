//===- TorchCompare.h - Generated FX programs vs the oracle -----*- C++ -*-===//
//
// Issue 42's acceptance test: each generated torch program
// (gen/TorchGen.h) against the oracle's brute force over the exporter's
// ranges. The assignments are the symbols' values (every value of a small
// range; for a large one its ends, the values next to every size the
// program compares with, and a few between), each argument dim the size
// its binding states; the oracle runs the twin (the facts as no-ops) and
// this driver checks each binding of a computed value against the sizes
// the oracle computed (a binding that does not hold is UB there, SPEC 2).
//
// It checks: a correct program has only `safe` findings; a planted one a
// non-safe finding at the planted op and no other non-safe finding (an
// obligation after an always-failing plant is `unreachable`, SPEC 4:
// counted apart); no op is opaque; per op, the brute force and symshape
// agree (UB somewhere in the samples, UB everywhere it is reached); every
// condition holds exactly where the op is the first UB; every witness
// names a value inside its symbol's range for every symbol, its argument
// dims are the bound sizes, and its run's first UB is the op.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_TORCHCOMPARE_H
#define SYMSHAPE_MODELS_TORCHCOMPARE_H

#include "gen/TorchGen.h"

#include <string>
#include <vector>

namespace symshape::models {

struct TorchStats {
  size_t programs = 0, correct = 0, correctAllSafe = 0, planted = 0,
         plantedFound = 0, plantedMissed = 0, plantedGuaranteed = 0;
  size_t obligations = 0, falseAlarms = 0, unknown = 0, opaque = 0,
         unreachableAfterPlant = 0;
  size_t bruteAgree = 0, bruteDisagree = 0, conditionsExact = 0,
         conditionsWrong = 0, conditionsNotPrinted = 0, witnessReplayed = 0,
         witnessFailed = 0;
  size_t runs = 0, intentWrong = 0, oracleUnsupported = 0;
  std::vector<std::string> failures;
};

/// The oracle agrees with the generator over the sampled ranges: no UB in
/// a correct program, UB only at the planted op (for some sizes) in a
/// planted one. Empty when it does, else why not.
std::string checkTorchIntent(const TorchProgram &program);

/// Compares symshape with the oracle on `program`, adding to `stats`;
/// `timeoutMs` is symshape's per-query solver time-out (0: its default,
/// `--timeout-ms`).
void compareTorch(const TorchProgram &program, TorchStats &stats,
                  unsigned timeoutMs = 0);

std::string summarizeTorch(const TorchStats &stats);

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_TORCHCOMPARE_H
