//===- LoweringImpl.h - Shared state of the lowering ------------*- C++ -*-===//
//
// The Lowerer walks a function's ops in program order. Each op family has
// its own file (ops/broadcast/ImplicitBroadcast.cpp, ...) adding a `lower*`
// member.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LOWERINGIMPL_H
#define SYMSHAPE_FRONTEND_LOWERINGIMPL_H

#include "ir/ValueNames.h"
#include "symshape/frontend/Lowering.h"
#include "symshape/solver/LazyVector.h"

#include <map>
#include <optional>
#include <unordered_map>

namespace symshape::frontend {

using solver::FormulaId;
using solver::TermId;

/// What the lowering knows of one value at runtime.
/// One per value of the function (over 100k in a large one), so the rare
/// element lists are LazyVectors: 64 bytes, not 128.
struct ValueState {
  bool defined = false;
  /// Tensor/vector values of known rank: one term per dim.
  bool ranked = false;
  /// Shape values (!shape.shape, extent tensors, constant integer tensors)
  /// whose rank is known: their extents (the elements of the tensor).
  bool hasExtents = false;
  /// i1 values (scalars, 0-d and 1-d i1 tensors) whose truth is known: one
  /// formula per element (`bools`).
  bool hasBools = false;
  /// Defined by an op symshape does not model (its values are unknowns).
  bool opaque = false;
  /// index / !shape.size values, integer scalars and 0-d integer tensors:
  /// the integer.
  TermId scalar = solver::kNoTerm;
  std::vector<TermId> dims;
  solver::LazyVector<TermId> extents;
  solver::LazyVector<FormulaId> bools;
  /// Rank-2 integer tensors of static shape (a padding operand [N, 2]):
  /// their elements row by row, when known. Kept apart from `extents`,
  /// which index a value's elements as a shape.
  solver::LazyVector<TermId> matrix;
};

/// Thrown when a function lowered as it is parsed needs what is not
/// parsed yet (LowerStream.cpp): its lowering is dropped and done again.
struct StreamAbandoned {};

/// The bounds a ranked tensor type's encoding states per dim
/// (`#stablehlo.bounds<16, ?>`: kDynamic for none); nullopt when it states
/// none (TypeBounds.cpp).
std::optional<std::vector<int64_t>> typeBounds(const Type &type);

/// Appends the callees of `op`'s calls (its own and its regions').
void collectCallees(const Operation &op, std::vector<std::string> &callees);

class Lowerer {
public:
  /// With a `feed`, the function is still being parsed: its values are
  /// indexed as they are published (extendValues), and runStreamed lowers.
  Lowerer(const Function &function, const LoweringOptions &options,
          DiagnosticEngine &diags, std::vector<bool> &assumptionUsed,
          const Module *module = nullptr, Function *release = nullptr,
          OpFeed *feed = nullptr, bool releaseValues = false);

  std::unique_ptr<solver::Problem> run();
  std::unique_ptr<solver::Problem> runStreamed();
  /// The lowering's tail, once every op is lowered.
  std::unique_ptr<solver::Problem> finish();
  /// Indexes the values published up to `n` (LowerStream.cpp).
  void extendValues(size_t n);

  // --- shared helpers (Lowering.cpp) ---
  solver::Problem &problem() { return *prob; }
  solver::DimGraph &graph() { return prob->graph; }
  const solver::DimGraph &graph() const { return prob->graph; }
  solver::FormulaStore &formulas() { return prob->formulas; }
  /// A value of the function being lowered (of the callee, inside an
  /// inlined call).
  const Value &value(ValueId id) const { return frame->value(id); }
  /// The function whose ops are being lowered (a callee while it is
  /// inlined).
  const Function &currentFunction() const { return *frame; }
  /// The function judged: the outermost one when a callee is inlined.
  const Function &judgedFunction() const { return function; }
  ValueState &state(ValueId id) { return states[id]; }
  const ValueState &state(ValueId id) const { return states[id]; }
  /// "%a" for value a. A name defined again in a sibling region (legal in
  /// MLIR) is numbered from its second definition, "%t_2", so symbols,
  /// witnesses and JSON keys name one value each.
  /// Shared with the problem's ValueInfo::name.
  const solver::Text &refName(ValueId id) const { return displayNames[id]; }
  /// "%a[2]".
  std::string dimName(ValueId id, size_t dim) const {
    return refName(id) + "[" + std::to_string(dim) + "]";
  }
  /// Names term `t` after a value's dim (DOT output), except for the values
  /// of an inlined callee, which the function's report does not show, a
  /// static size unless options.labelConstants, and a third name unless
  /// options.allLabels.
  void label(TermId t, std::string name) {
    if (labelled(t))
      graph().addLabel(t, std::move(name));
  }
  /// label(t, dimName(id, dim)), the name made only when it is kept (most
  /// dims of a model are static).
  void labelDim(TermId t, ValueId id, size_t dim) {
    if (labelled(t))
      graph().addLabel(t, dimName(id, dim));
  }
  bool labelled(TermId t) const {
    return !callSite &&
           (options.labelConstants || !graph().constantValue(t).has_value()) &&
           (options.allLabels || graph().labels(t).size() < 2);
  }
  /// The static type written for operand `i` of `op` (or the value's type).
  const Type &operandType(const Operation &op, size_t i) const;

  /// A fresh free symbol for the value shown as `name` ("%0[1]"). Inside
  /// a private callee, whose messages use its own names, the symbol is
  /// qualified ("%g.0[1]"): conditions and witnesses speak of the caller.
  TermId newSymbol(const std::string &name, solver::SymbolOrigin origin);
  /// A fresh free dim symbol >= --min-dim, labelled `name`.
  TermId freshDim(const std::string &name, solver::SymbolOrigin origin);
  /// Defines `id` from its declared type: static dims are constants, each
  /// `?` a fresh symbol, an index/!shape.size a fresh scalar.
  void defineFromType(ValueId id, solver::SymbolOrigin origin);
  /// The `#stablehlo.bounds` of `id`'s type are facts on its dims
  /// (TypeBounds.cpp).
  void addBoundFacts(ValueId id);
  /// onnx-mlir's `onnx.dim_params` argument attributes name argument dims:
  /// each is the size `$name`, so dims sharing a name are equal (facts;
  /// DimParams.cpp).
  void addDimParamFacts();
  /// Defines a ranked value with the given runtime dims.
  void defineDims(ValueId id, std::vector<TermId> dims);
  void defineScalar(ValueId id, TermId scalar);

  /// Queues an obligation of `op` (judged after the assumptions;
  /// LowerObligation.cpp).
  void oblige(const Operation &op, solver::ObligationKind kind, int dim,
              FormulaId violation, std::string subject,
              bool staticError = false, std::string staticNote = "");
  /// Same, with a subject kept as data (printed only when reported).
  void oblige(const Operation &op, solver::ObligationKind kind, int dim,
              FormulaId violation, solver::SubjectForm form,
              const std::vector<solver::DimRef> &refs, int64_t declared,
              int64_t inferredRank, bool staticError,
              std::string staticNote = "");

  /// The id of the rule the obligations queued from now on check (SPEC 3),
  /// as shared text; empty: the op's name (solver::ruleOf). Each OpContext
  /// sets it for its op and gives the enclosing op's back when it ends.
  solver::Text rule() const { return opRule; }
  void setRule(solver::Text rule) { opRule = std::move(rule); }
  /// `id` as shared text (one copy per distinct id).
  solver::Text ruleText(std::string_view id);

  /// The runtime dims of operand `i` (from its state, else its type).
  std::vector<TermId> operandDims(const Operation &op, size_t i);
  /// "%a[0]" for a dynamic operand dim, the size for a static one.
  std::string operandDimName(const Operation &op, size_t i, size_t dim) const;
  /// The same, as data for a subject.
  solver::DimRef operandDimRef(const Operation &op, size_t i, size_t dim) const;
  /// --strict: a dynamic size under a static result dim is an error.
  bool strict() const { return options.strict; }

  // --- values of the shape and tensor glue ops (Lowering.cpp) ---
  /// The integer an index / !shape.size value holds; a fresh symbol named
  /// after the value when it is not known.
  TermId scalarOf(ValueId id);
  /// The constant an index / !shape.size value holds, if known.
  std::optional<int64_t> constantOf(ValueId id);
  /// The extents of a shape value, nullopt when its rank is unknown.
  std::optional<std::vector<TermId>> extentsOf(ValueId id);
  /// Integer values, element by element (IntValues.cpp): an index,
  /// !shape.size or integer scalar and a 0-d integer tensor have one
  /// element, a 1-D integer tensor of static length one per entry. An
  /// element no op computed is a fresh integer kept with the value, so
  /// every use sees the same one and its known neighbours stay known.
  /// nullopt for other values.
  std::optional<std::vector<TermId>> intElements(ValueId id);
  /// The truth of each element of an i1 value, when every one is known.
  std::optional<std::vector<FormulaId>> boolElements(ValueId id);
  /// Sets the integer elements of `id` (the state, not its dims).
  void setIntElements(ValueId id, std::vector<TermId> elements);
  /// The elements of a rank-2 integer tensor of static shape, row by row,
  /// when an op computed them (a constant, a reshape of known elements);
  /// nullopt otherwise. setMatrixElements records them (ignored unless the
  /// value is such a tensor and the count matches).
  std::optional<std::vector<TermId>> matrixElements(ValueId id);
  void setMatrixElements(ValueId id, std::vector<TermId> elements);
  void setBoolElements(ValueId id, std::vector<FormulaId> elements);
  /// Defines a shape-typed result (!shape.shape or an extent tensor) with
  /// `extents` (nullopt: unranked). An extent tensor of a static length
  /// other than the rank is UB (a `rank` obligation of `op`).
  void defineShape(const Operation &op, ValueId id,
                   std::optional<std::vector<TermId>> extents);
  /// Integers of an array / dense / array<i64: ..> attribute.
  static std::optional<std::vector<int64_t>> intList(const Attribute &attr);

  /// The elements of a value used as a shape: its extents, or, for a 1-D
  /// integer tensor of static length, one fresh size per element (kept with
  /// the value). nullopt when its length is unknown.
  std::optional<std::vector<TermId>> shapeExtents(ValueId id);
  /// Lowers the ops of a nested region; `conditional` when it may run any
  /// number of times (its obligations are then marked conditional).
  void lowerNestedRegion(const Region &region, bool conditional) {
    lowerRegion(region, conditional);
  }
  /// Lowers the ops of a region that may not run, where `premise` holds
  /// whenever it runs (its obligations are conditional on it).
  void lowerRegionUnder(const Region &region, FormulaId premise) {
    premises.push_back(premise);
    lowerRegion(region, /*conditional=*/true);
    premises.pop_back();
  }
  /// Lowers the ops of a region that never runs (the branch an If's
  /// constant condition does not take): its values get sizes as usual,
  /// and its requirements are dropped and its ops never listed opaque
  /// (code that never runs has no UB and no result sizes).
  void lowerDeadRegion(const Region &region) {
    ++dead;
    lowerRegion(region, /*conditional=*/true);
    --dead;
  }
  /// Runs `body` (one block) once per element of `elements` and gives
  /// `op`'s results what the last run yields (OpContext::foldRegion).
  /// False when a run does not yield one value per carried operand.
  bool foldRegion(const Operation &op, const Region &body,
                  const std::vector<TermId> &elements);
  /// Lowers the ops of `region` in place (not conditional) and returns the
  /// operands of its terminator.
  std::vector<ValueId> lowerInline(const Region &region);
  /// Results of an op symshape does not interpret: facts of their types.
  void lowerOpaque(const Operation &op);
  /// Lists `op` in the coverage report (Problem::opaque) with `reason`,
  /// unless it is a plain source of static facts (SEMANTICS.md §1) and not
  /// `always` (a runtime check whose predicate is not read is always listed).
  /// `check`: `op` is such a check (the contract is then not exact).
  void markOpaque(const Operation &op, std::string reason, bool always = false,
                  bool check = false);

  // --- assumptions (LowerAssume.cpp) ---
  /// Lowers a Boolean expression; nullopt when a name does not resolve
  /// (then `missing` holds it) or a dim is out of range (an error is
  /// emitted when `report`).
  std::optional<FormulaId> lowerExpr(const Expr &expr, bool report,
                                     std::string &missing);

  /// One op in program order (LowerRegion.cpp).
  void lowerOp(const Operation &op);
  void lowerOpOnce(const Operation &op);

  // --- calls (LowerCall.cpp) ---
  /// The function a call of @`name` in the current frame names (in that
  /// frame's symbol table: its own module), or nullptr.
  const Function *findFunction(const std::string &name) const;
  /// The axes of the device mesh @`name` of the current frame's symbol
  /// table (sdy.mesh), or nullptr when no single one is declared.
  const std::vector<MeshAxis> *findMesh(const std::string &name) const;
  /// The same for a call in `from`.
  const Function *findFunction(const std::string &name,
                               const Function &from) const;
  /// Lowers the body of `callee` in a frame of its own, its arguments bound
  /// to the operands of `call`, and returns what is known of the values it
  /// returns. The callee's obligations become the call's (located at the
  /// outermost call, their subjects saying "in @callee"); its static errors
  /// are left to the callee's own analysis, and so are its opaque ops.
  /// nullopt with `whyNot` for a call that cannot be inlined (recursion,
  /// control flow in the callee, too large).
  std::optional<std::vector<ValueState>> inlineCall(const Operation &call,
                                                    const Function &callee,
                                                    std::string &whyNot);
  std::optional<std::vector<ValueState>> inlineCallOnce(const Operation &call,
                                                        const Function &callee,
                                                        std::string &whyNot);
  /// Whether `callee` may be inlined at `call` (else `whyNot` says why);
  /// counts its ops against the inlining budget when it may.
  bool inlinable(const Operation &call, const Function &callee,
                 std::string &whyNot);
  /// Lowers the body of `callee` in a frame of its own, its arguments
  /// holding `args`, and returns the states of the values it returns.
  std::vector<ValueState> lowerCallee(const Operation &call,
                                      const Function &callee,
                                      const std::vector<ValueState> &args);
  /// Copies what is known of `from` to `to` (pass-through ops).
  void alias(ValueId to, ValueId from);
  /// The `mhlo.sharding` attribute an op stated for value `id` of the
  /// current frame (XLA's `Sharding` custom call), null when none did. A
  /// static property of the value, so one entry serves every inlining of a
  /// callee.
  const Attribute *valueSharding(ValueId id) const {
    auto it = shardings.find({frame, id});
    return it == shardings.end() ? nullptr : &it->second;
  }
  void setValueSharding(ValueId id, Attribute sharding) {
    shardings[{frame, id}] = std::move(sharding);
  }
  /// The constant attribute the op that made value `id` stated for it
  /// (setValueConstant: a small float constant's `dense<..>`), else null.
  const Attribute *valueConstant(ValueId id) const {
    auto it = constants.find({frame, id});
    return it == constants.end() ? nullptr : &it->second;
  }
  void setValueConstant(ValueId id, Attribute value) {
    constants[{frame, id}] = std::move(value);
  }
  /// Whether the op being lowered may not run (a region of an unknown op,
  /// a block other than the entry block): a fact it states holds only there.
  bool inConditionalCode() const { return conditional; }

private:
  void lowerRegion(const Region &region, bool conditional);
  /// Lowers the ops of `region`'s block `b` in order, freeing them as they
  /// are read when `region` is the body of `release`.
  void lowerBlockOps(const Region &region, size_t b);
  void addAssumptions();
  /// The last step: moves what is known of values [from, to) into the
  /// problem's (finish() sizes them).
  void recordValues(size_t from, size_t to);
  std::optional<TermId> lowerTerm(const Expr &expr, int node, bool report,
                                  std::string &missing);
  /// A value (`%n`) or one of its dims (`%x[1]`) in an expression.
  std::optional<TermId> lowerRef(const ExprNode &node, bool report,
                                 std::string &missing);
  std::optional<FormulaId> lowerBool(const Expr &expr, int node, bool report,
                                     std::string &missing);

  const Function &function;
  const LoweringOptions &options;
  const Module *module;
  /// `function` itself when its body's ops are freed as they are lowered
  /// (see lowerFunction), else null.
  Function *release;
  /// With `release`: its values are dropped before the records are made
  /// (finish; see lowerFunction).
  bool releaseValues;
  /// The ops of a function still being parsed (null: the function is
  /// whole).
  OpFeed *feed;
  /// The function whose values `states` and `displayNames` describe: the
  /// lowered function, or a callee being inlined.
  const Function *frame;
  /// Inlined calls being lowered, outermost first (LowerCall.cpp): the
  /// callees and the call ops.
  std::vector<const Function *> callStack;
  std::vector<const Operation *> callOps;
  const Operation *callSite = nullptr; ///< the outermost call, if any
  /// The first frame of callStack whose callee is public (its requirements
  /// are the call's, reported at that call), or callStack.size() when every
  /// callee is private (reported at their own ops, with the call chain).
  size_t publicFrame = 0;
  /// Problem::callStacks index of the current chain of private calls.
  uint32_t privateChain = 0;
  /// Where an op of the current frame is reported and with which chain.
  const Operation &reportedAt(const Operation &op) const {
    return publicFrame < callOps.size() ? *callOps[publicFrame] : op;
  }
  bool inPublicCallee() const { return publicFrame < callOps.size(); }
  size_t inlinedOps = 0;
  std::unordered_map<const Function *, size_t> inlineCosts;
  size_t inlineCost(const Function &callee, unsigned depth);
  void enterFrame(const Function &callee);
  DiagnosticEngine &diags;
  std::vector<bool> &assumptionUsed;
  std::unique_ptr<solver::Problem> prob;
  std::vector<ValueState> states;
  ValueNames byName; ///< the function's values by name
  std::vector<solver::Text> displayNames;
  /// Every display name given so far in any frame: an inlined "%g.0" that
  /// a caller's value or an earlier call already shows gets "_2", ...
  /// (Filled at the first inlined call; maps a name to the next suffix.)
  std::unordered_map<std::string, unsigned> shownNames;
  solver::ChunkedVector<solver::Obligation> pending;
  /// valueSharding's entries, by frame and value.
  std::map<std::pair<const Function *, ValueId>, Attribute> shardings;
  /// valueConstant's entries, by frame and value.
  std::map<std::pair<const Function *, ValueId>, Attribute> constants;
  bool conditional = false; // inside a region of an unknown op
  unsigned dead = 0;        // inside regions that never run (no obligation)
  /// In conditional code (a region of an unknown op, a block other than
  /// the entry block): the violations of the earlier ops of the enclosing
  /// blocks. Such obligations are not assumed by the solver for later ops
  /// (those may run without them), so each conditional obligation carries
  /// "no earlier one here was violated" in its own violation.
  std::vector<FormulaId> conditionalEarlier;
  /// Formulas that hold wherever the regions being lowered run (a loop
  /// body: its iteration number in [0, M)): part of the violation of
  /// every conditional obligation made there (withEarlier), never a fact
  /// of the whole function.
  std::vector<FormulaId> premises;
  /// The first pending obligation of the op being lowered (its phase-1
  /// obligations are what its result-casts assume).
  size_t opFirst = 0;
  /// How deep in nested lowerOp calls each pending obligation was made.
  /// Like pendingPlain, kept for pending[pendingBase...] only: what was
  /// made since the last op of the function's own block ended (nothing
  /// reads an obligation of an op already lowered there).
  std::vector<uint32_t> pendingDepth;
  /// Each pending obligation's violation before withEarlier: what later
  /// ones conjoin (the strengthened ones would nest, growing each time).
  std::vector<FormulaId> pendingPlain;
  size_t pendingBase = 0;
  uint32_t opDepth = 0;
  FormulaId withEarlier(FormulaId violation, solver::ObligationKind kind);
  /// Where `refs` start in Problem::dimRefs: an earlier obligation's of the
  /// same op when it names the same sizes, else appended.
  uint32_t sharedRefs(const std::vector<solver::DimRef> &refs);
  /// The name of `op` as shared text (Obligation::op).
  solver::Text opText(const Operation &op);
  std::unordered_map<std::string, solver::Text> opNames;
  const Operation *lastOp = nullptr;
  solver::Text lastOpName;
  solver::Text opRule, lastRule;
  std::unordered_map<std::string, solver::Text> ruleTexts;
  bool failed = false;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_LOWERINGIMPL_H
