//===- Lowering.h - From parsed functions to solver problems ----*- C++ -*-===//
//
// Lowers one parsed function into a solver::Problem: every runtime dim
// becomes a vertex of the dim graph, every op adds its relations and its
// obligations (SEMANTICS.md §3 and §4), user assumptions become `assume`
// obligations judged first.
//
//   func.func @f(%a: tensor<?xi32>) -> tensor<4xi32> {
//     %0 = "test.broadcastable"(%a) : (tensor<?xi32>) -> tensor<4xi32>
//
// gives the symbol %a[0] (>= --min-dim), a `rank` obligation (safe) and a
// `result-cast` obligation whose violation is %a[0] != 4.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LOWERING_H
#define SYMSHAPE_FRONTEND_LOWERING_H

#include "symshape/frontend/Diagnostics.h"
#include "symshape/frontend/Expr.h"
#include "symshape/frontend/IR.h"
#include "symshape/solver/Problem.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace symshape::frontend {

/// A user fact from `--assume`, parsed from its own buffer.
struct Assumption {
  Expr expr;
  std::string text; ///< as the user wrote it
  SourceLoc loc;    ///< start of its buffer
};

struct LoweringOptions {
  /// The Broadcastable trait's pseudo-code: an inferred `?` under a declared
  /// static result dim is a compile-time error instead of a runtime cast.
  bool strict = false;
  /// Every dynamic dim is at least this (SEMANTICS.md §2).
  int64_t minDim = 0;
  /// Label static dims too, with the values' dims of that size: the DOT
  /// graph draws them; verdicts, shapes and messages never read them
  /// (a static chain of 100k ops gives each constant 100k labels).
  bool labelConstants = true;
  /// Keep every name of a dim, as the DOT graph draws them; else a dim
  /// keeps its first two, all that verdicts, shapes and messages read (its
  /// name, and whether it has another). A dim that a chain of 200k ops
  /// shares had 200k names: 10 MB of a check's peak.
  bool allLabels = true;
  /// Extra op names with implicit-broadcast semantics.
  std::vector<std::string> broadcastable;
  /// --assume facts; each applies to the functions whose values it names.
  std::vector<Assumption> assumptions;
};

/// Lowers `function`. Returns null after emitting a positioned error for
/// bad input the parser could not see (an assumption naming a missing dim).
/// `assumptionUsed[i]` is set when --assume number i applied here.
/// `module` (optional) holds the callees of `func.call`: a call of a
/// function defined there is lowered as the callee's shape semantics.
/// `release` (optional) is `function` itself when nothing reads its body
/// afterwards (no call names it, and the caller drops the body): the ops
/// of its body are then freed as they are lowered, so the parsed ops and
/// the Problem are not both held whole. With `releaseValues` too, its
/// values are dropped (Function::dropValues) once its ops are lowered,
/// before the Problem's records of them are made, when the caller reads
/// nothing of them but their declared types afterwards: a function of 200k
/// values then does not hold both (14 MB) at its peak.
std::unique_ptr<solver::Problem>
lowerFunction(const Function &function, const LoweringOptions &options,
              DiagnosticEngine &diags, std::vector<bool> &assumptionUsed,
              const Module *module = nullptr, Function *release = nullptr,
              bool releaseValues = false);

/// A function of at least this many values is big (setBeforeBigRecord).
constexpr size_t kBigFunctionValues = size_t(1) << 16;

/// Runs `hook` (null: nothing) on the lowering's thread once a big
/// function's ops are lowered, just before its values are recorded into
/// its Problem: the peak of its memory, where what the lowering freed
/// (the parsed ops, the growth of its tables) is no longer needed. The
/// tool gives those pages back to the system there (tools/Allocator.h).
/// Process-wide; call it while nothing is lowered.
void setBeforeBigRecord(void (*hook)());

/// The consumer's side of a FunctionStream: a function's entry-block ops
/// as the parser publishes them.
class OpFeed {
public:
  struct Batch {
    size_t ops = 0, values = 0; ///< how many are final
    bool complete = false;      ///< the function is whole
    bool abandoned = false;     ///< stop: what was published may change
  };
  virtual ~OpFeed() = default;
  /// Waits until more than `have` ops are final, the function is whole or
  /// the stream is abandoned. Until release(), the parser changes nothing
  /// the batch covers.
  virtual Batch acquire(size_t have) = 0;
  virtual void release() = 0;
};

/// lowerFunction for a function still being parsed, its ops taken from
/// `feed` as they come. Gives the same Problem and diagnostics as
/// lowerFunction once the function is whole, or nullopt when the stream
/// was abandoned or the function needs what is not parsed yet (a callee,
/// two values of one name, a module global): then lower it again whole.
/// `release` and `releaseValues` as for lowerFunction.
std::optional<std::unique_ptr<solver::Problem>>
lowerStreamedFunction(const Function &function, const LoweringOptions &options,
                      DiagnosticEngine &diags,
                      std::vector<bool> &assumptionUsed, Function *release,
                      OpFeed &feed, bool releaseValues = false);

/// The callees named by the calls of `function` (Function::freedCallees
/// when its ops were freed), appended to `names`.
void collectCallees(const Function &function, std::vector<std::string> &names);

/// Whether lowering `function` reads nothing but the function: no op of
/// it calls a function or reaches a module global (whose type the parser
/// gives its accesses once the whole module is read). Such a function can
/// be lowered as soon as it is parsed.
bool lowersAlone(const Function &function);

/// The names the calls of `module` name (a function calling itself
/// included): lowering a call reads its callee's body.
std::unordered_set<std::string> calledNames(const Module &module);

/// The private functions of `module` that another of its functions calls:
/// they are judged through those calls (SEMANTICS.md §2, "Calls").
std::vector<const Function *> privateCallees(const Module &module);

/// Converts between the frontend's and the solver's location types.
inline solver::Location toSolver(SourceLoc loc, LocId source = 0) {
  return {loc.buffer, loc.offset, source};
}
inline SourceLoc fromSolver(solver::Location loc) {
  return {loc.buffer, loc.offset};
}

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_LOWERING_H
