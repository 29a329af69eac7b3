//===- symshape.h - The library's public API --------------------*- C++ -*-===//
//
// Everything an embedder needs, and nothing of the implementation (only the
// standard library is included):
//
//   symshape::Options options;
//   options.assumptions = {"%x[0] == 32"};
//   symshape::Session session(options);
//   symshape::Result<void> ok = session.addFile("x.mlir", text);
//   if (ok)
//     ok = session.analyze();
//   if (!ok)
//     return std::cerr << ok.message(), 2; // file:line:col: error: ...
//   for (const symshape::Function &fn : session.functions())
//     for (const symshape::Finding &f : fn.findings())
//       if (!f.safe())
//         std::cout << f.loc << ": " << f.verdict << ", UB exactly when "
//                   << f.condition << "\n";
//
// A Session owns its inputs and analyses; it moves but is not copied, and
// the Function handles it gives out stay valid as long as it lives (also
// after a move; a moved-from Session may only be assigned or destroyed).
// Findings, conditions and diagnostics are plain values. No global state: any
// number of sessions may live side by side, on any threads (one thread at a
// time per session).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SYMSHAPE_H
#define SYMSHAPE_SYMSHAPE_H

#include "symshape/Finding.h"
#include "symshape/Result.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace symshape {

/// How a session reads and judges its input: the CLI's options.
struct Options {
  /// Facts such as "%arg0[0] >= 1" (the --assume grammar).
  std::vector<std::string> assumptions;
  /// Every dynamic dim is at least this (--min-dim).
  int64_t minDim = 0;
  /// Ops outside the recognised ones are errors, not opaque (--strict).
  bool strict = false;
  /// Further ops that broadcast their operands (--broadcastable).
  std::vector<std::string> broadcastable;
  /// Per solver query, in milliseconds; 0: none (--timeout-ms).
  unsigned timeoutMs = 2000;
  /// Z3 resource limit per query; 0: none.
  unsigned resourceLimit = 0;
  /// Threads that lower and judge functions (the answers do not depend on
  /// it); 0: one per hardware thread.
  unsigned jobs = 1;
  /// Also compute the most specific shape of every value (shapeOf,
  /// refinedTypeOf, sameSize and refine need it).
  bool computeShapes = true;
  /// Every safe finding says what implies it in json() (--explain).
  bool explain = false;
  /// addFile splits its text at `// -----` lines, each piece judged on
  /// its own (--split-input-file).
  bool splitInput = false;
  /// dot() names the static sizes too, as `symshape graph` draws them.
  bool graphLabels = false;
  /// Called (from any thread) as functions are lowered ("lowering") and
  /// judged ("judging"), and as obligations are judged ("obligations
  /// judged"), with how many of `total` are done.
  std::function<void(const char *phase, size_t done, size_t total)> progress;
};

/// One value of a function: its name and declared type.
struct Value {
  std::string name; ///< "%0", "%arg0"
  std::string type; ///< as declared: "tensor<?x768xf32>"
};

/// A function's input contract (SEMANTICS.md §6). Its formulas are the
/// trees the analysis builds; the reports print them with str().
struct Contract {
  /// What the function's runtime checks stop (its `checked` formula).
  Condition checked;
  /// What a caller must ensure for no UB (its `requires` formula). A formula
  /// too large to print comes back empty, with its conjuncts in `parts`.
  Condition required;
  /// Per finding, when the formulas are too large to print: what holds
  /// (empty where no exact formula is known; the reports print "?").
  std::vector<Condition> checkedParts, requiredParts;
  /// False when the formulas are not exactly the inputs that are stopped
  /// (or safe): `reason` says why.
  bool exact = true;
  std::string reason;
};

/// An op symshape could not relate to its operands (the coverage report).
struct OpaqueOp {
  std::string op;
  std::string reason; ///< "op not modelled", ...
  Location loc;
};

namespace detail {
struct FunctionData;
} // namespace detail

/// One analysed function (a handle into its Session: cheap to copy, valid
/// while the session lives).
class Function {
public:
  /// The symbol name without '@'.
  const std::string &name() const;
  /// The file it was read from.
  const std::string &file() const;
  Location loc() const;
  /// The worst verdict of its findings.
  Verdict verdict() const;
  /// Every obligation with its verdict, in the order they are judged.
  std::vector<Finding> findings() const;
  /// The findings that are not safe.
  std::vector<Finding> unsafeFindings() const;
  Contract contract() const;
  std::vector<OpaqueOp> opaqueOps() const;
  /// Its values, in order (empty when the session kept none).
  std::vector<Value> values() const;

  /// Most specific shape of a value ("%0" or "0"): per dim "4", a class
  /// name such as "%a[0]", or "?"; nullopt when the value or its rank is
  /// unknown, or without Options::computeShapes.
  std::optional<std::vector<std::string>>
  shapeOf(const std::string &value) const;
  /// The value's declared type with every proved size written in.
  std::optional<std::string> refinedTypeOf(const std::string &value) const;
  /// Whether dim `dimA` of `a` equals dim `dimB` of `b` in every
  /// well-defined execution (same constant or same class).
  bool sameSize(const std::string &a, size_t dimA, const std::string &b,
                size_t dimB) const;

private:
  friend class Session;
  explicit Function(const detail::FunctionData *data) : data(data) {}
  const detail::FunctionData *data;
};

/// Counts of findings by verdict, as the CLI's summary line gives them.
struct Summary {
  size_t safe = 0, unreachable = 0, unknown = 0, ubPossible = 0,
         ubGuaranteed = 0, error = 0;
  /// Of ubPossible: runtime checks that can fail (the input contract).
  size_t checksMayFail = 0;
  size_t opaqueOps = 0;
  /// No UB can happen (the `check` exit status is 0 exactly then).
  bool noUb = true;
};

/// What the reports cover and add.
struct ReportOptions {
  std::string function; ///< only this function ("f" or "@f") when set
  /// An op symshape cannot model is a finding (--require-coverage).
  bool requireCoverage = false;
};

/// What refine() changed.
struct RefineStats {
  size_t refinedValues = 0; ///< results whose type became more precise
  size_t castsInserted = 0;
  size_t checksDropped = 0; ///< redundant runtime checks removed
};

/// What refine() rewrites.
struct RefineOptions {
  std::string file;     ///< this input (by name); the first when empty
  std::string function; ///< only this function ("f" or "@f") when set
  /// Remove every runtime check proved safe, with the ops only it used
  /// (--drop-redundant-checks).
  bool dropRedundantChecks = false;
};

class Session {
public:
  explicit Session(Options options = {});
  ~Session();
  Session(Session &&other) noexcept;
  Session &operator=(Session &&other) noexcept;
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;

  /// Parses `text` as the file `name`. Fails with positioned errors (and
  /// after analyze(): add every input first). With Options::splitInput a
  /// piece that does not parse is left out and the others are kept.
  Result<void> addFile(std::string name, std::string text);
  /// Adds an --assume fact (as Options::assumptions does).
  Result<void> addAssumption(std::string text);
  /// Lowers and judges every function. Fails on bad input (an assumption
  /// that names no value of any function...). A second call returns the
  /// first one's result.
  Result<void> analyze();

  /// The analysed functions, file by file in source order.
  std::vector<Function> functions() const;
  /// The first analysed function named `name` ("f" or "@f").
  std::optional<Function> function(const std::string &name) const;
  /// The names of the files added, in order (a split file once per piece).
  std::vector<std::string> files() const;
  Summary summary() const;
  /// Every diagnostic so far (warnings too), in order.
  std::vector<Diagnostic> diagnostics() const;

  /// The text of an input with the refined types written in (`symshape
  /// refine`); fails before analyze(), on an unknown file or function.
  /// `stats`, when given, receives what changed.
  Result<std::string> refine(const RefineOptions &options = {},
                             RefineStats *stats = nullptr) const;
  /// `symshape check --json`'s document (SEMANTICS.md §7).
  std::string json(const ReportOptions &options = {}) const;
  /// `symshape check`'s text: findings with source lines and carets.
  std::string text(const ReportOptions &options = {}) const;
  /// `symshape check --format sarif` (SARIF 2.1.0).
  std::string sarif(const ReportOptions &options = {}) const;
  /// `symshape graph`: the dim graphs as Graphviz DOT.
  std::string dot(const std::string &function = "") const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace symshape

#endif // SYMSHAPE_SYMSHAPE_H
