//===- Oracle.h - Concrete shape execution of a parsed function -*- C++ -*-===//
//
// The models test's ground truth: runs one parsed function op by op with
// concrete sizes (every `?` of an argument, every index/integer scalar
// argument given a value) and reports the first op whose runtime
// requirement fails (undefined behaviour, SPEC section 2), the runtime
// check that stopped the run (not UB), or "no UB".
//
//   Oracle oracle(module);
//   OracleResult r = oracle.run(fn, {{"%a[0]", 3}, {"%b[0]", 2}});
//   // r.ub->opIndex == 4, r.ub->rule == "tosa.matmul: batch 3 != 2"
//
// Semantics come from the dialect specifications (TOSA, StableHLO, linalg,
// tensor, IREE, ONNX, PyTorch), written independently of symshape's
// lowering; one short entry per op in the rule files beside each op family
// (tests/ops/<family>/oracle/*.cpp) and in the core's Broadcast.cpp and
// Checks.cpp. Only the parser and IR of symshape are used.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_ORACLE_H
#define SYMSHAPE_MODELS_ORACLE_H

#include "symshape/frontend/IR.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace symshape::models {

/// Values of the function's free symbols: "%a[0]" for a `?` dim of
/// argument %a, "%n" for an index/integer scalar argument or a rank-0
/// integer tensor argument.
using Assignment = std::map<std::string, int64_t>;

/// One run of an op: the op, and the calls that led to it from the
/// function the oracle runs, outermost first (empty at its top level).
struct OpInstance {
  const frontend::Operation *op = nullptr;
  std::vector<const frontend::Operation *> callStack;
};

/// The first op with undefined behaviour.
struct UbSite {
  size_t opIndex = 0;      ///< index among the body's ops, block after block
  frontend::SourceLoc loc; ///< the op name token (op.loc)
  std::string op;          ///< op name
  std::string rule;        ///< which requirement failed, with the sizes
  /// The op whose requirement failed: the top-level op itself, or an op
  /// inside a callee (`func.call`) or a region (`shape.assuming`) that the
  /// top-level op `opIndex` ran.
  OpInstance at;
};

/// A runtime check (cf.assert, stablehlo.custom_call @shape_assertion,
/// shape.cstr_*) whose predicate was false: the program stopped there with
/// a defined error (SPEC section 2: not UB).
struct CheckStop {
  size_t opIndex = 0; ///< the top-level op that ran the check
  OpInstance at;      ///< the check itself
  std::string message;
};

struct OracleResult {
  std::optional<UbSite> ub; ///< empty: the whole function ran without UB
  /// Set when a runtime check failed: the run stopped cleanly there.
  std::optional<CheckStop> stopped;
  /// Set when the oracle met an op or form it does not model; then `ub`
  /// is empty and nothing is known about the rest of the function.
  std::string unsupported;
  size_t unsupportedOp = 0; ///< op index of the unsupported op
  /// The ops run, in order (indices over all blocks, block after block),
  /// up to the one with UB.
  std::vector<size_t> executed;
  /// Sizes of every ranked value computed before the run stopped, by
  /// source name without '%' ("0", "x"), for tests.
  std::map<std::string, std::vector<int64_t>> shapes;
  /// Every op run, in order, at every depth (callee bodies, regions run by
  /// shape.assuming), up to and including the op that stopped the run:
  /// the op and the index of its call stack in `stacks`.
  std::vector<std::pair<const frontend::Operation *, size_t>> trace;
  /// Call stacks of `trace`, outermost call first; stacks[0] is empty.
  std::vector<std::vector<const frontend::Operation *>> stacks{{}};
};

class Oracle {
public:
  /// `module` must outlive the oracle (func.call looks callees up in it).
  explicit Oracle(const frontend::Module &module) : module(module) {}

  /// Runs `fn` with the sizes in `assignment`; a missing symbol is an
  /// unsupported result naming it.
  OracleResult run(const frontend::Function &fn,
                   const Assignment &assignment) const;

  /// The free symbols of `fn` in source order ("%a[0]", "%n"; "%d" for a
  /// rank-0 integer tensor argument such as a JAX dimension variable).
  static std::vector<std::string> symbols(const frontend::Function &fn);

  /// Whether the oracle has an entry for op `name`.
  static bool knows(const std::string &name);

private:
  const frontend::Module &module;
};

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_ORACLE_H
