//===- LoweringImpl.h - Shared state of the lowering ------------*- C++ -*-===//
//
// The Lowerer walks a function's ops in program order. Each op family has
// its own file (LowerBroadcast.cpp, ...) adding a `lower*` member.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LOWERINGIMPL_H
#define SYMSHAPE_FRONTEND_LOWERINGIMPL_H

#include "symshape/frontend/Lowering.h"

#include <optional>
#include <unordered_map>

namespace symshape::frontend {

using solver::FormulaId;
using solver::TermId;

/// What the lowering knows of one value at runtime.
struct ValueState {
  bool defined = false;
  /// Tensor/vector/shape values of known rank: one term per dim.
  bool ranked = false;
  std::vector<TermId> dims;
  /// index / !shape.size values: the integer.
  TermId scalar = solver::kNoTerm;
};

class Lowerer {
public:
  Lowerer(const Function &function, const LoweringOptions &options,
          DiagnosticEngine &diags, std::vector<bool> &assumptionUsed);

  std::unique_ptr<solver::Problem> run();

  // --- shared helpers (Lowering.cpp) ---
  solver::Problem &problem() { return *prob; }
  solver::DimGraph &graph() { return prob->graph; }
  solver::FormulaStore &formulas() { return prob->formulas; }
  const Value &value(ValueId id) const { return function.value(id); }
  ValueState &state(ValueId id) { return states[id]; }
  /// "%a" for value a.
  std::string refName(ValueId id) const { return "%" + value(id).name; }
  /// "%a[2]".
  std::string dimName(ValueId id, size_t dim) const {
    return refName(id) + "[" + std::to_string(dim) + "]";
  }
  /// The static type written for operand `i` of `op` (or the value's type).
  const Type &operandType(const Operation &op, size_t i) const;

  /// A fresh free dim symbol >= --min-dim, labelled `name`.
  TermId freshDim(const std::string &name, solver::SymbolOrigin origin);
  /// Defines `id` from its declared type: static dims are constants, each
  /// `?` a fresh symbol, an index/!shape.size a fresh scalar.
  void defineFromType(ValueId id, solver::SymbolOrigin origin);
  /// Defines a ranked value with the given runtime dims.
  void defineDims(ValueId id, std::vector<TermId> dims);
  void defineScalar(ValueId id, TermId scalar);

  /// Queues an obligation of `op` (judged after the assumptions).
  void oblige(const Operation &op, solver::ObligationKind kind, int dim,
              FormulaId violation, std::string subject,
              bool staticError = false, std::string staticNote = "");

  // --- op families ---
  bool isImplicitBroadcast(const Operation &op) const;
  /// LowerBroadcast.cpp
  void lowerImplicitBroadcast(const Operation &op);
  /// Results of an op symshape does not interpret: facts of their types.
  void lowerOpaque(const Operation &op);

  // --- assumptions (LowerAssume.cpp) ---
  /// Lowers a Boolean expression; nullopt when a name does not resolve
  /// (then `missing` holds it) or a dim is out of range (an error is
  /// emitted when `report`).
  std::optional<FormulaId> lowerExpr(const Expr &expr, bool report,
                                     std::string &missing);

private:
  void lowerRegion(const Region &region, bool conditional);
  void lowerOp(const Operation &op);
  void addAssumptions();
  void recordValues();
  std::optional<TermId> lowerTerm(const Expr &expr, int node, bool report,
                                  std::string &missing);
  std::optional<FormulaId> lowerBool(const Expr &expr, int node, bool report,
                                     std::string &missing);

  const Function &function;
  const LoweringOptions &options;
  DiagnosticEngine &diags;
  std::vector<bool> &assumptionUsed;
  std::unique_ptr<solver::Problem> prob;
  std::vector<ValueState> states;
  std::unordered_map<std::string, ValueId> byName;
  std::vector<solver::Obligation> pending;
  bool conditional = false; // inside a region of an unknown op
  bool failed = false;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_LOWERINGIMPL_H
