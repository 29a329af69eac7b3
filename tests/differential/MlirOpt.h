//===- MlirOpt.h - Running mlir-opt-16 on a batch of functions --*- C++ -*-===//
//
// Writes a batch of functions, split by `// -----`, to a fresh file under the
// system's temporary directory, runs
//
//   mlir-opt-16 -split-input-file FILE -o /dev/null
//
// (or, to round-trip the batch, with `-o OUT` and optionally
// `--mlir-print-op-generic`: the functions that verify, as mlir-opt-16
// prints them, one module per split) and maps each error back to its line
// in the batch. mlir-opt prints errors
// of split input as
//
//   within split at FILE:SPLIT offset :LINE:COL: error: MESSAGE
//
// where the absolute line is SPLIT + LINE - 1; current MLIR (mlir-opt-22)
// prints FILE:LINE:COL with the absolute line.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_MLIROPT_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_MLIROPT_H

#include <map>
#include <string>
#include <vector>

namespace symshape::differential {

/// The mlir-opt binary the test compares against.
constexpr const char *kMlirOpt = "mlir-opt-16";
/// Current MLIR: the generated programs of the families whose syntax it
/// still reads (linalg.broadcast, tensor glue, the shape dialect) must get
/// the same verdicts from it.
constexpr const char *kCurrentMlirOpt = "mlir-opt-22";

/// True when `tool` (`mlir-opt-16` by default) runs from PATH.
bool mlirOptAvailable(const char *tool = kMlirOpt);

/// What mlir-opt-16 prints of the functions that verify.
enum class MlirOptPrint {
  None,    ///< nothing (-o /dev/null)
  Custom,  ///< its default form: custom forms where ops have them
  Generic, ///< --mlir-print-op-generic
};

struct MlirOptRun {
  bool ran = false;    ///< the temp file was written and the command ran
  int exitStatus = -1; ///< mlir-opt's exit status
  std::string output;  ///< its stderr (and stdout)
  std::string printed; ///< the IR it printed, unless MlirOptPrint::None
  /// The first error on each absolute line of the batch.
  std::map<unsigned, std::string> errors;
  /// `error:` lines whose position did not parse.
  std::vector<std::string> unparsed;
};

/// Runs `tool` (mlir-opt-16 by default) on `text` (written to a temp
/// file, removed afterwards).
MlirOptRun runMlirOpt(const std::string &text,
                      MlirOptPrint print = MlirOptPrint::None,
                      const char *tool = kMlirOpt);

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_MLIROPT_H
