//===- SmtTest.cpp - The solver boundary's limits
//---------------------------===//
//
// The time-out is what turns a query Z3 cannot finish into `unknown`; these
// tests check that it fires, and that the watchdog behind it interrupts
// only a check that overruns.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Smt.h"
#include "symshape/solver/Problem.h"

#include "Watchdog.h"

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

using namespace symshape::solver;
using namespace std::chrono_literals;

TEST_CASE("the watchdog interrupts only a check past its deadline", "[smt]") {
  std::atomic<int> interrupts{0};
  Watchdog dog{[&] { ++interrupts; }};

  // arm() fails only when no thread can be started: not here.
  REQUIRE(dog.arm(20));
  std::this_thread::sleep_for(300ms); // a check that overruns
  CHECK(interrupts == 1);
  dog.disarm();

  REQUIRE(dog.arm(2000));
  dog.disarm(); // a check that ends in time
  std::this_thread::sleep_for(100ms);
  CHECK(interrupts == 1);

  // After a long idle spell the thread sleeps; arming wakes it again.
  std::this_thread::sleep_for(1000ms);
  REQUIRE(dog.arm(20));
  std::this_thread::sleep_for(300ms);
  CHECK(interrupts == 2);
  dog.disarm();
}

namespace {

/// Pigeonhole: 13 sizes in [1, 12], pairwise different. Unsat, but only
/// after an exponential case split on the disequalities.
struct Pigeonhole {
  Problem problem;
  DimGraph &g = problem.graph;
  FormulaStore &f = problem.formulas;
  std::vector<TermId> pigeons;

  Pigeonhole() {
    for (int i = 0; i < 13; ++i)
      pigeons.push_back(
          g.symbol("%p" + std::to_string(i), SymbolOrigin::ArgumentDim));
  }
  /// Asserts the pigeonhole in `solver`.
  void assertIn(SmtSolver &solver) {
    for (TermId p : pigeons) {
      solver.add(f.mkLe(g.constant(1), p));
      solver.add(f.mkLe(p, g.constant(12)));
    }
    for (size_t i = 0; i < pigeons.size(); ++i)
      for (size_t j = i + 1; j < pigeons.size(); ++j)
        solver.add(f.mkNe(pigeons[i], pigeons[j]));
  }
};

} // namespace

TEST_CASE("a query past its time-out is unknown, with the reason", "[smt]") {
  Pigeonhole hole;
  DimGraph &g = hole.g;
  FormulaStore &f = hole.f;
  const std::vector<TermId> &pigeons = hole.pigeons;
  SmtContext context(g, f);
  SmtSolver solver(context, SmtLimits{200, 0});
  hole.assertIn(solver);
  TermId x = pigeons[0];

  auto start = std::chrono::steady_clock::now();
  SatResult result = solver.check();
  auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(result == SatResult::Unknown);
  CHECK(solver.reason() == "the solver reached its time or resource limit");
  // Interrupted near its deadline, not left running (a wide margin: the
  // machine may be loaded).
  CHECK(elapsed < 10s);
  // The solver stays usable: the same context answers the next check.
  SmtSolver other(context, SmtLimits{2000, 0});
  other.add(f.mkEq(x, g.constant(3)));
  CHECK(other.check() == SatResult::Sat);
  CHECK(other.value(x) == 3);
}

TEST_CASE("max and min terms: folding, the evaluator and the encoding agree",
          "[smt]") {
  Problem problem;
  DimGraph &g = problem.graph;
  FormulaStore &f = problem.formulas;
  TermId a = g.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  TermId b = g.symbol("%b[0]", SymbolOrigin::ArgumentDim);
  CHECK(g.max(g.constant(3), g.constant(5)) == g.constant(5));
  CHECK(g.min(g.constant(3), g.constant(5)) == g.constant(3));
  CHECK(g.max(a, a) == a);
  CHECK(g.max(a, b) == g.max(b, a)); // commutative, interned once
  CHECK(g.provablyNonNegative(g.max(a, g.constant(-1))));
  CHECK(!g.provablyNonNegative(g.min(a, g.constant(-1))));
  CHECK(applyTerm(TermKind::Max, {-2, 7}) == std::optional<int64_t>(7));
  CHECK(applyTerm(TermKind::Min, {-2, 7}) == std::optional<int64_t>(-2));
  // Z3 agrees with the evaluator on every pair in a small box.
  SmtContext context(g, f);
  for (int64_t x = -2; x <= 2; ++x)
    for (int64_t y = -2; y <= 2; ++y) {
      SmtSolver solver(context, SmtLimits{2000, 0});
      solver.add(f.mkEq(a, g.constant(x)));
      solver.add(f.mkEq(b, g.constant(y)));
      solver.add(f.mkNe(g.max(a, b), g.constant(std::max(x, y))));
      CHECK(solver.check() == SatResult::Unsat);
      SmtSolver other(context, SmtLimits{2000, 0});
      other.add(f.mkEq(a, g.constant(x)));
      other.add(f.mkEq(b, g.constant(y)));
      other.add(f.mkNe(g.min(a, b), g.constant(std::min(x, y))));
      CHECK(other.check() == SatResult::Unsat);
    }
}

TEST_CASE("an environment prepared on another thread serves its first solver",
          "[smt]") {
  Problem problem;
  TermId a = problem.graph.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  DimGraph &g = problem.graph;
  FormulaStore &f = problem.formulas;
  for (int round = 0; round < 4; ++round) {
    SmtEnvironment environment;
    // The first solver is made while prepare() may still be running: it
    // waits for the one context, and answers as without it.
    std::thread preparing([&] { environment.prepare(); });
    SmtContext context(g, f, &environment);
    SmtSolver solver(context, SmtLimits{2000, 0});
    solver.add(f.mkEq(a, g.constant(round + 2)));
    CHECK(solver.check() == SatResult::Sat);
    CHECK(solver.value(a) == std::optional<int64_t>(round + 2));
    preparing.join();
    environment.prepare(); // made already: nothing to do
    SmtContext again(g, f, &environment);
    SmtSolver second(again, SmtLimits{2000, 0});
    second.add(f.mkNe(a, a));
    CHECK(second.check() == SatResult::Unsat);
  }
}

TEST_CASE("a question asked apart reads back like any check", "[smt]") {
  // checkApart asks a solver in a Z3 context of its own (the last try of a
  // nonlinear query): its model, unsat core and give-up reason come back
  // translated into this solver's terms and literals.
  Problem problem;
  DimGraph &g = problem.graph;
  FormulaStore &f = problem.formulas;
  TermId a = g.symbol("%a[0]", SymbolOrigin::ArgumentDim);
  TermId b = g.symbol("%b[0]", SymbolOrigin::ArgumentDim);
  SmtContext context(g, f);
  SmtSolver solver(context, SmtLimits{2000, 0});
  solver.add(f.mkEq(g.mul(a, b), g.constant(12)));
  solver.add(f.mkLe(g.constant(2), a));
  solver.add(f.mkLe(g.constant(2), b));
  Lit aIsThree = solver.track(f.mkEq(a, g.constant(3)));
  Lit aIsFive = solver.track(f.mkEq(a, g.constant(5)));
  Lit bIsFour = solver.track(f.mkEq(b, g.constant(4)));

  REQUIRE(solver.checkApart({aIsThree}) == SatResult::Sat);
  CHECK(solver.value(a) == std::optional<int64_t>(3));
  CHECK(solver.value(b) == std::optional<int64_t>(4));
  CHECK(solver.holds(aIsThree));
  CHECK(!solver.holds(aIsFive));

  // a = 5 does not divide 12: every core names that literal (b = 4 alone
  // is satisfiable).
  REQUIRE(solver.checkApart({aIsFive, bIsFour}) == SatResult::Unsat);
  const std::vector<Lit> &core = solver.core();
  CHECK(std::find(core.begin(), core.end(), aIsFive) != core.end());
  CHECK(!solver.core().empty());

  // The solver itself is as before: the same question, asked here.
  REQUIRE(solver.check({aIsThree}) == SatResult::Sat);
  CHECK(solver.value(b) == std::optional<int64_t>(4));

  // A resource limit of 1 unit stops the other context too: unknown, with
  // its reason.
  SmtSolver starved(context, SmtLimits{2000, 1});
  starved.add(f.mkEq(g.mul(a, b), g.constant(12)));
  CHECK(starved.checkApart() == SatResult::Unknown);
  CHECK(!starved.reason().empty());
}

TEST_CASE("optional checks stop after two give-ups in their context only",
          "[smt]") {
  // The pigeonhole under a resource limit: each check gives up, by
  // count, not time. Optional checks (a condition's, a contract's) give
  // up twice, then end unknown unasked; a verdict's check in the same
  // context is still asked, and so are optional ones in another context.
  Pigeonhole hole;
  SmtContext context(hole.g, hole.f);
  SmtSolver solver(context, SmtLimits{0, 20000});
  hole.assertIn(solver);
  {
    OptionalChecks optional(solver);
    CHECK(solver.isOptional());
    CHECK(solver.check() == SatResult::Unknown);
    CHECK(solver.reason() == "the solver reached its time or resource limit");
    CHECK(solver.check() == SatResult::Unknown);
    CHECK(solver.check() == SatResult::Unknown);
    CHECK(solver.reason() == "the solver gave up on 2 earlier questions of "
                             "this function's conditions");
  }
  CHECK_FALSE(solver.isOptional());
  // Not optional: asked (and given up on by the resource limit again).
  CHECK(solver.check() == SatResult::Unknown);
  CHECK(solver.reason() == "the solver reached its time or resource limit");
  // Another solver of the context: its optional checks stay stopped, its
  // others are asked.
  SmtSolver other(context, SmtLimits{2000, 0});
  other.add(hole.f.mkEq(hole.pigeons[0], hole.g.constant(3)));
  CHECK(other.check() == SatResult::Sat);
  {
    OptionalChecks optional(other);
    CHECK(other.check() == SatResult::Unknown);
  }
  // A context of its own (another function) asks them.
  SmtContext fresh(hole.g, hole.f);
  SmtSolver third(fresh, SmtLimits{2000, 0});
  third.add(hole.f.mkEq(hole.pigeons[0], hole.g.constant(3)));
  OptionalChecks optional(third);
  CHECK(third.check() == SatResult::Sat);
  CHECK(third.value(hole.pigeons[0]) == 3);
}

TEST_CASE("a scope's assertions and literals go at its pop", "[smt]") {
  Problem problem;
  DimGraph &g = problem.graph;
  FormulaStore &f = problem.formulas;
  TermId a = g.symbol("%a", SymbolOrigin::ArgumentDim);
  SmtContext context(g, f);
  SmtSolver solver(context, SmtLimits{2000, 0});
  solver.shareAtoms();
  solver.add(f.mkLe(g.constant(1), a));
  solver.add(f.mkLe(a, g.constant(4)));
  const Atom isThree{
      *Polynomial::sub(Polynomial::symbol(a), Polynomial::constant(3)),
      AtomRel::Eq};
  const FormulaId isTwo = f.mkEq(a, g.constant(2));

  solver.push();
  // Made in the scope: a shared atom and a tracked formula.
  Lit three = solver.atom(isThree);
  Lit two = solver.track(isTwo);
  solver.addClause({three, two}); // %a is 2 or 3, until the pop
  CHECK(solver.check({-three, -two}) == SatResult::Unsat);
  CHECK(solver.check({-three}) == SatResult::Sat);
  CHECK(solver.value(a) == 2);
  solver.pop();

  // The clause is gone: %a may be 4 again.
  Lit threeAgain = solver.atom(isThree);
  Lit twoAgain = solver.track(isTwo);
  const Atom isFour{
      *Polynomial::sub(Polynomial::symbol(a), Polynomial::constant(4)),
      AtomRel::Eq};
  CHECK(solver.check({-threeAgain, solver.atom(isFour)}) == SatResult::Sat);
  CHECK(solver.value(a) == 4);
  // The literals made again are defined again (the scope's definitions
  // went with it).
  CHECK(solver.check({threeAgain}) == SatResult::Sat);
  CHECK(solver.value(a) == 3);
  CHECK(solver.check({twoAgain}) == SatResult::Sat);
  CHECK(solver.value(a) == 2);
  CHECK(solver.check({threeAgain, twoAgain}) == SatResult::Unsat);
}

namespace {
std::atomic<int> contextsPrepared{0};
void countPrepared() { ++contextsPrepared; }
} // namespace

TEST_CASE("the hook before a new context runs only past the most alive",
          "[smt]") {
  // setBeforeNewContext's rule: the tool prepares a context's memory only
  // when more contexts are about to live at once than since the hook was
  // set; otherwise the memory a deleted context left covers it.
  contextsPrepared = 0;
  setBeforeNewContext(&countPrepared);
  {
    SmtEnvironment first;
    CHECK(contextsPrepared == 0); // made when first needed
    first.prepare();
    CHECK(contextsPrepared == 1);
    SmtEnvironment second;
    second.prepare(); // two alive at once: a new most
    CHECK(contextsPrepared == 2);
  }
  {
    SmtEnvironment third; // one alive, where two were
    third.prepare();
    CHECK(contextsPrepared == 2);
    SmtEnvironment fourth;
    fourth.prepare();
    CHECK(contextsPrepared == 2);
    SmtEnvironment fifth; // three at once: a new most
    fifth.prepare();
    CHECK(contextsPrepared == 3);
  }
  // Set again, the count starts over from the contexts alive (none).
  setBeforeNewContext(&countPrepared);
  {
    SmtEnvironment again;
    again.prepare();
    CHECK(contextsPrepared == 4);
  }
  setBeforeNewContext(nullptr);
  SmtEnvironment unhooked;
  unhooked.prepare();
  CHECK(contextsPrepared == 4);
}
