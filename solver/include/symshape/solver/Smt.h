//===- Smt.h - The solver boundary ------------------------------*- C++ -*-===//
//
// The one narrow interface to Z3, in the project's words: formulas over dim
// terms go in, sat / unsat / unknown and symbol values come out. Z3's
// exceptions and time-outs become `Unknown` with a reason; nothing here
// throws.
//
// Every formula asked about is tracked by its own literal, so a model or a
// conflict points back to the obligation that introduced it:
//
//   SmtContext ctx(problem.graph, problem.formulas);
//   SmtSolver solver(ctx, {/*timeoutMs=*/2000});
//   solver.add(fact);
//   if (solver.check({solver.track(violation)}) == SatResult::Sat)
//     int64_t size = *solver.value(symbol);
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_SMT_H
#define SYMSHAPE_SOLVER_SMT_H

#include "symshape/solver/DimGraph.h"
#include "symshape/solver/Formula.h"
#include "symshape/solver/Polynomial.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace symshape::solver {

enum class SatResult { Sat, Unsat, Unknown };

struct SmtLimits {
  unsigned timeoutMs = 2000; ///< per check; 0 means none
  unsigned rlimit = 0;       ///< Z3 resource limit per check; 0 means none
  /// Whether Z3 may put a SIGINT handler of its own in place, process-wide,
  /// while it checks (its default). A library embedded in a program that
  /// handles Ctrl-C itself turns it off (Python's KeyboardInterrupt would
  /// otherwise cancel one query instead), at the cost of setting each
  /// solver's parameters.
  bool ctrlC = true;
};

/// Caps the memory Z3's own allocator may use, process-wide (0: no cap).
/// Beyond it a query ends as Unknown ("max. memory exceeded").
void setSolverMemoryLimit(unsigned megabytes);

/// Runs `prepare` (null: nothing) on the thread about to make a Z3
/// context, just before it does, when more contexts are about to be alive
/// at once than at any time since this call: then the memory of the
/// contexts deleted since cannot cover the new one. The tool prepares the
/// pages of the context's tables there (tools/Allocator.h). Process-wide;
/// call it while no context is being made.
void setBeforeNewContext(void (*prepare)());

/// A literal: positive or negated Boolean indicator, never 0.
using Lit = int32_t;

/// A Z3 context and its time-out watchdog, reusable by problems judged one
/// after another on one thread: creating a Z3 context costs milliseconds,
/// more than judging a small function. Not thread-safe, except that
/// prepare() may run on another thread while the environment's first
/// solver is being made: that solver then waits for it.
class SmtEnvironment {
public:
  SmtEnvironment();
  ~SmtEnvironment();
  SmtEnvironment(const SmtEnvironment &) = delete;
  SmtEnvironment &operator=(const SmtEnvironment &) = delete;

  /// Creates the Z3 context now rather than with the first solver (on a
  /// core that would otherwise wait). Z3's answers do not depend on when
  /// it was created. A Z3 error is left for the first solver to meet.
  void prepare();
  /// Whether the Z3 context was made (by prepare() or a solver).
  bool hasContext();

  struct Impl; ///< opaque: defined in Smt.cpp

private:
  friend class SmtSolver;
  /// The Z3 context, created on the first call (by prepare() or the
  /// first solver); throws a Z3 error, and a later call tries again.
  Impl &created();
  std::mutex creating; ///< guards `impl` until it is made
  std::unique_ptr<Impl> impl;
};

/// The encoding of one problem's terms and formulas, shared by the solvers
/// created on it, in an environment's Z3 context (its own when none is
/// given).
class SmtContext {
public:
  SmtContext(const DimGraph &graph, const FormulaStore &formulas,
             SmtEnvironment *environment = nullptr);
  ~SmtContext();
  SmtContext(const SmtContext &) = delete;
  SmtContext &operator=(const SmtContext &) = delete;

  struct Impl; ///< opaque: defined in Smt.cpp

private:
  friend class SmtSolver;
  const DimGraph &graph;
  const FormulaStore &formulas;
  SmtEnvironment *environment;
  std::unique_ptr<SmtEnvironment> ownEnvironment; ///< when none was given
  std::unique_ptr<Impl> impl; ///< created with the first solver
};

/// One incremental solver: permanent assertions plus checks under
/// assumption literals.
class SmtSolver {
public:
  SmtSolver(SmtContext &context, SmtLimits limits);
  ~SmtSolver();
  SmtSolver(const SmtSolver &) = delete;
  SmtSolver &operator=(const SmtSolver &) = delete;

  /// Asserts `f` (or !f when `negated`) for every later check.
  void add(FormulaId f, bool negated = false);
  /// A literal l with l => f (or l => !f when `negated`); one per formula.
  Lit track(FormulaId f, bool negated = false);
  /// A literal l with l <=> (a.poly REL 0); -l is its negation.
  Lit atom(const Atom &a);
  /// From now on, atom() gives one literal per atom: a cover's search asks
  /// of the same atoms again and again, and each new definition stays in
  /// the solver and slows every later check. Not for the judge's solvers:
  /// the models Z3 finds (the witnesses) depend on what the solver holds.
  void shareAtoms();
  /// A literal l with l => (lits[0] || lits[1] || ...).
  Lit clause(const std::vector<Lit> &lits);
  /// Asserts lits[0] || lits[1] || ... (inside a scope, see push()).
  void addClause(const std::vector<Lit> &lits);
  /// A literal of its own, constrained by nothing yet: a guard for
  /// require().
  Lit guard();
  /// Asserts guard => (lits[0] || lits[1] || ...): with one literal each,
  /// guard => (a conjunction).
  void require(Lit guard, const std::vector<Lit> &lits);

  /// Opens a scope: what is asserted from here on (literals' definitions
  /// included) goes again at the matching pop(), with what Z3 learnt from
  /// it. A search that asserts a clause per answer leaves the solver as it
  /// found it, so later checks do not slow down. A literal made inside a
  /// scope must not be used after its pop.
  void push();
  void pop();
  /// Whether some term of the problem (its graph), or some term encoded
  /// so far, multiplies or divides by a non-constant.
  bool nonlinear() const;

  /// Satisfiability of the assertions together with `assumptions`.
  SatResult check(const std::vector<Lit> &assumptions = {});
  /// The same question asked of a solver in a Z3 context of its own (a
  /// nonlinear query check() gave up on gets this last try): its model or
  /// unsat core reads as check()'s do.
  SatResult checkApart(const std::vector<Lit> &assumptions = {});
  /// Why the last check returned Unknown ("timeout", "z3: ...").
  const std::string &reason() const { return lastReason; }

  /// After a Sat check: a term's value in the model (nullopt if it does
  /// not fit in int64).
  std::optional<int64_t> value(TermId term) const;
  /// After a Sat check: whether `lit` holds in the model.
  bool holds(Lit lit) const;
  /// After an Unsat check: the assumptions of that check that Z3 found
  /// enough for unsat (a core, not necessarily minimal).
  const std::vector<Lit> &core() const { return lastCore; }

  /// Marks the checks that follow as optional or not: questions whose
  /// give-up costs a finding's condition or a contract's cover, never a
  /// verdict. An optional nonlinear check gets a fifth of the resource
  /// units of a first try and is not asked again in fresh solvers (see
  /// check), and once kMaxOptionalGiveUps optional checks on
  /// one SmtContext have ended unknown, later ones end unknown unasked:
  /// a function's conditions cannot cost many time-outs.
  void setOptional(bool on) { optional = on; }
  bool isOptional() const { return optional; }
  static constexpr unsigned kMaxOptionalGiveUps = 2;

  struct Impl; ///< opaque: defined in Smt.cpp

private:
  SatResult checkWith(const std::vector<Lit> &assumptions, bool apart);

  std::unique_ptr<Impl> impl;
  bool optional = false;
  std::string lastReason;
  std::vector<Lit> lastCore;
};

/// A scope of a solver while it lives (SmtSolver::push and pop), opened
/// only when `open`.
class SolverScope {
public:
  SolverScope(SmtSolver &solver, bool open) : solver(open ? &solver : nullptr) {
    if (this->solver)
      this->solver->push();
  }
  ~SolverScope() {
    if (solver)
      solver->pop();
  }
  SolverScope(const SolverScope &) = delete;
  SolverScope &operator=(const SolverScope &) = delete;

private:
  SmtSolver *solver;
};

/// Marks a solver's checks optional while it lives (SmtSolver::setOptional).
class OptionalChecks {
public:
  explicit OptionalChecks(SmtSolver &solver)
      : solver(solver), was(solver.isOptional()) {
    solver.setOptional(true);
  }
  ~OptionalChecks() { solver.setOptional(was); }
  OptionalChecks(const OptionalChecks &) = delete;
  OptionalChecks &operator=(const OptionalChecks &) = delete;

private:
  SmtSolver &solver;
  bool was;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_SMT_H
