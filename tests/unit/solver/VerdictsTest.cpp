//===- VerdictsTest.cpp - Verdicts, witnesses, conditions on small problems
//===//
//
// Problems are built directly with the solver's API (no frontend), so these
// tests pin the solver's semantics on their own.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Verdicts.h"

#include <catch2/catch.hpp>

#include <optional>

using namespace symshape::solver;

namespace {

/// A function with dynamic dims named like arguments, each >= 0.
struct Builder {
  Problem problem;
  TermId dim(const std::string &name) {
    TermId s = problem.graph.symbol(name, SymbolOrigin::ArgumentDim);
    problem.addFact(problem.formulas.mkLe(problem.graph.constant(0), s));
    return s;
  }
  TermId c(int64_t v) { return problem.graph.constant(v); }
  void broadcast(std::vector<TermId> ops, uint32_t opIndex = kNoOp) {
    Obligation ob;
    ob.kind = ObligationKind::Broadcast;
    ob.opIndex = opIndex;
    ob.violation = problem.formulas.mkConflict(ops);
    problem.addObligation(ob);
  }
  void resultCast(TermId inferred, int64_t declared, uint32_t opIndex = kNoOp) {
    Obligation ob;
    ob.kind = ObligationKind::ResultCast;
    ob.opIndex = opIndex;
    ob.violation = problem.formulas.mkNe(inferred, c(declared));
    problem.addObligation(ob);
  }
  FunctionVerdicts judge(bool fast = true) {
    JudgeOptions options;
    options.fastPaths = fast;
    return judgeFunction(problem, options);
  }
};

int64_t valueOf(const Witness &w, const std::string &name) {
  for (const auto &[n, v] : w)
    if (n == name)
      return v;
  FAIL("no witness value for " << name);
  return -1;
}

} // namespace

TEST_CASE("(?, 4) is ub-possible with an exact condition", "[verdicts]") {
  Builder b;
  TermId a = b.dim("%a[0]");
  b.broadcast({a, b.c(4)});
  for (bool fast : {true, false}) {
    FunctionVerdicts v = b.judge(fast);
    REQUIRE(v.findings.size() == 1);
    CHECK(v.findings[0].verdict == Verdict::UbPossible);
    CHECK(v.findings[0].condition == "%a[0] not in {1, 4}");
    int64_t x = valueOf(v.findings[0].witness, "%a[0]");
    CHECK(x != 1);
    CHECK(x != 4);
    CHECK(x >= 0);
  }
}

TEST_CASE("(?, ?) condition names both sizes", "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]"), y = b.dim("%b[0]");
  b.broadcast({x, y});
  FunctionVerdicts v = b.judge();
  CHECK(v.findings[0].verdict == Verdict::UbPossible);
  CHECK(v.findings[0].condition ==
        "%a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]");
}

TEST_CASE("Same symbol twice is safe without a solver", "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]");
  b.broadcast({x, x, b.c(1)});
  FunctionVerdicts v = b.judge();
  CHECK(v.findings[0].verdict == Verdict::Safe);
  CHECK_FALSE(v.findings[0].bySolver);
}

TEST_CASE("(0, ?, 3) is ub-guaranteed and ends reachability", "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]"), y = b.dim("%b[0]");
  b.broadcast({b.c(0), x, b.c(3)});
  b.broadcast({x, y});
  for (bool fast : {true, false}) {
    FunctionVerdicts v = b.judge(fast);
    CHECK(v.findings[0].verdict == Verdict::UbGuaranteed);
    CHECK(v.findings[0].condition == "true");
    // Nothing to fix: every size violates it, no earlier obligation can
    // fail. The witness is given, and names no symbol.
    CHECK(v.findings[0].hasWitness);
    CHECK(v.findings[0].witness.empty());
    CHECK(v.findings[1].verdict == Verdict::Unreachable);
    CHECK(v.verdict == Verdict::UbGuaranteed);
  }
}

TEST_CASE("Obligations of one op and phase are judged independently",
          "[verdicts]") {
  // One op: dim 0 is (2, 3) at runtime (always fails), dim 1 is (?, 4),
  // then a result cast of dim 1 to 4. The second broadcast does not assume
  // the first; the cast assumes both, so it is unreachable.
  Builder b;
  TermId x = b.dim("%a[1]"), y = b.dim("%z[0]");
  b.broadcast({b.c(2), y, b.c(3)}, /*opIndex=*/0);
  b.broadcast({x, b.c(4)}, 0);
  b.resultCast(b.problem.graph.broadcast({x, b.c(4)}), 4, 0);
  for (bool fast : {true, false}) {
    FunctionVerdicts v = b.judge(fast);
    CHECK(v.findings[0].verdict == Verdict::UbGuaranteed);
    CHECK(v.findings[1].verdict == Verdict::UbPossible);
    CHECK(v.findings[1].condition == "%a[1] not in {1, 4}");
    REQUIRE(v.findings[1].witness.size() == 1);
    CHECK(v.findings[1].witness[0].first == "%a[1]");
    CHECK(v.findings[2].verdict == Verdict::Unreachable);
  }
}

TEST_CASE("A witness names the sizes that are not 1; the others are 1",
          "[verdicts]") {
  // %u[0] is unrelated; %b[0] can make the second op fail, but at 1 it
  // does not, so the third op's witness names only %c[0] (SPEC 4).
  Builder b;
  TermId u = b.dim("%u[0]"), x = b.dim("%b[0]"), y = b.dim("%c[0]");
  b.broadcast({u, u}, 0);
  b.broadcast({x, b.c(4)}, 1);
  b.broadcast({y, b.c(3)}, 2);
  for (bool fast : {true, false}) {
    FunctionVerdicts v = b.judge(fast);
    REQUIRE(v.findings[1].witness.size() == 1);
    CHECK(v.findings[1].witness[0].first == "%b[0]");
    int64_t bv = v.findings[1].witness[0].second;
    CHECK((bv != 1 && bv != 4));
    REQUIRE(v.findings[2].witness.size() == 1);
    CHECK(v.findings[2].witness[0].first == "%c[0]");
    int64_t cv = v.findings[2].witness[0].second;
    CHECK((cv >= 2 && cv != 3)); // not 1 (it would hold), and violating
  }
}

TEST_CASE("A witness names the sizes P needs other than 1, in any component",
          "[verdicts]") {
  // The assumption %u[0] == 5 is about a size the broadcast never meets:
  // with %u[0] at 1 the program would not run, so the broadcast's witness
  // names it as well as %c[0].
  Builder b;
  TermId u = b.dim("%u[0]"), y = b.dim("%c[0]");
  Obligation assume;
  assume.kind = ObligationKind::Assume;
  assume.violation =
      b.problem.formulas.mkNot(b.problem.formulas.mkEq(u, b.c(5)));
  b.problem.addObligation(assume);
  b.broadcast({y, b.c(3)}, 0);
  for (bool fast : {true, false}) {
    FunctionVerdicts v = b.judge(fast);
    REQUIRE(v.findings[1].verdict == Verdict::UbPossible);
    REQUIRE(v.findings[1].witness.size() == 2);
    CHECK(v.findings[1].witness[0] ==
          std::pair<std::string, int64_t>("%u[0]", 5));
    CHECK(v.findings[1].witness[1].first == "%c[0]");
  }
}

TEST_CASE("A chain of broadcasts gives witnesses of two sizes", "[verdicts]") {
  // %a0 + %a1 + ... + %a40: the k-th add fails when the running size and
  // %ak are both not 1 and differ; every other size stays 1.
  Builder b;
  TermId running = b.dim("%a0[0]");
  for (int k = 1; k <= 40; ++k) {
    TermId next = b.dim("%a" + std::to_string(k) + "[0]");
    b.broadcast({running, next}, uint32_t(k));
    running = b.problem.graph.broadcast({running, next});
  }
  FunctionVerdicts v = b.judge();
  for (size_t k = 0; k < v.findings.size(); ++k) {
    INFO("add " << k + 1);
    REQUIRE(v.findings[k].verdict == Verdict::UbPossible);
    const Witness &w = v.findings[k].witness;
    REQUIRE(w.size() == 2);
    // The new size and one earlier one, unequal and not 1: the add fails.
    CHECK(w[1].first == "%a" + std::to_string(k + 1) + "[0]");
    CHECK(w[0].second != 1);
    CHECK(w[1].second != 1);
    CHECK(w[0].second != w[1].second);
  }
}

TEST_CASE("(?, 0) -> 4 result-cast is ub-guaranteed", "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]");
  b.broadcast({x, b.c(0)});
  TermId value = b.problem.graph.broadcast({x, b.c(0)});
  b.resultCast(value, 4);
  FunctionVerdicts v = b.judge();
  CHECK(v.findings[0].verdict == Verdict::UbPossible);
  CHECK(v.findings[0].condition == "%a[0] not in {0, 1}");
  CHECK(v.findings[1].verdict == Verdict::UbGuaranteed);
}

TEST_CASE("An earlier obligation narrows a later one", "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]");
  b.broadcast({x, b.c(4)});
  // After the first op, %a[0] is 1 or 4, so the broadcast value is 4.
  TermId value = b.problem.graph.broadcast({x, b.c(4)});
  b.resultCast(value, 4);
  b.broadcast({x, b.c(4)});
  FunctionVerdicts v = b.judge();
  CHECK(v.findings[1].verdict == Verdict::Safe);
  CHECK(v.findings[2].verdict == Verdict::Safe);
}

TEST_CASE("Result-cast of a dynamic broadcast", "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]"), y = b.dim("%b[0]");
  b.broadcast({x, y});
  b.resultCast(b.problem.graph.broadcast({x, y}), 4);
  FunctionVerdicts v = b.judge();
  REQUIRE(v.findings[1].verdict == Verdict::UbPossible);
  // Under "no broadcast violation", the value is 4 exactly when one size
  // is 4 and the other 1 or 4.
  CHECK(v.findings[1].condition == "%a[0] != 4 && %b[0] != 4");
}

TEST_CASE("Assumptions narrow P; contradictions are errors", "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]");
  Obligation assume;
  assume.kind = ObligationKind::Assume;
  assume.violation =
      b.problem.formulas.mkNot(b.problem.formulas.mkEq(x, b.c(4)));
  b.problem.addObligation(assume);
  Obligation contradiction = assume;
  contradiction.violation =
      b.problem.formulas.mkNot(b.problem.formulas.mkEq(x, b.c(5)));
  b.problem.addObligation(contradiction);
  b.broadcast({x, b.c(4)});
  FunctionVerdicts v = b.judge();
  CHECK(v.findings[0].verdict == Verdict::Safe);
  CHECK(v.findings[1].verdict == Verdict::Error);
  CHECK(v.findings[2].verdict == Verdict::Safe);
}

TEST_CASE("Nonlinear obligations end as unknown or decided, never guessed",
          "[verdicts]") {
  Builder b;
  TermId x = b.dim("%a[0]"), y = b.dim("%b[0]");
  TermId product = b.problem.graph.mul(x, y);
  b.resultCast(product, 7);
  FunctionVerdicts v = b.judge();
  // x * y == 7 has solutions (1, 7), so the cast can fail and can hold.
  CHECK((v.findings[0].verdict == Verdict::UbPossible ||
         v.findings[0].verdict == Verdict::Unknown));
}

TEST_CASE("One nonlinear comparison is its own condition without a query",
          "[verdicts]") {
  // ONNX Col2Im's block count over a 3-D image: (h - k + 1) blocks along
  // each dim. Asking Z3 to simplify the condition of their product spins
  // on nonlinear atoms (seconds, then "incomplete"); the comparison itself
  // is exact under any P. Its expansion has 27 terms: printed as the
  // product it was built as.
  Builder b;
  auto blocks = [&](const char *image, const char *kernel) {
    TermId h = b.dim(image), k = b.dim(kernel);
    return b.problem.graph.add(b.problem.graph.sub(h, k), b.c(1));
  };
  TermId count = b.problem.graph.mul(
      b.problem.graph.mul(blocks("%i[0]", "%k[0]"), blocks("%i[1]", "%k[1]")),
      blocks("%i[2]", "%k[2]"));
  b.resultCast(count, 12);
  // A short expansion prints as its polynomial.
  TermId x = b.dim("%a[0]"), y = b.dim("%b[0]");
  b.resultCast(b.problem.graph.mul(x, y), 6);
  FunctionVerdicts v = b.judge();
  REQUIRE(v.findings[0].verdict == Verdict::UbPossible);
  CHECK(v.findings[0].condition ==
        "(%i[0] - %k[0] + 1) * (%i[1] - %k[1] + 1) * (%i[2] - %k[2] + 1) "
        "!= 12");
  REQUIRE(v.findings[1].verdict == Verdict::UbPossible);
  CHECK(v.findings[1].condition == "%a[0] * %b[0] != 6");
  // Three each for the verdict and witness, none for the condition (ten
  // when the conditions were covers).
  CHECK(v.stats.solverChecks <= 6);
}

TEST_CASE("A nonlinear requirement is judged by evaluation where it can be",
          "[verdicts]") {
  // onnx.Reshape of 12 elements to the runtime shape [%s[0], %s[1]], whose
  // first element may be -1 (inferred: 12 floordiv %s[1]). Z3's nonlinear
  // arithmetic took a second to find sizes that keep the element count
  // (%s[0] = -1) on a 4-D shape; plain evaluation finds them next to the
  // model of P, and the model of P (every size 1) violates it.
  Builder b;
  DimGraph &g = b.problem.graph;
  FormulaStore &f = b.problem.formulas;
  TermId s0 = g.symbol("%s[0]", SymbolOrigin::Scalar);
  TermId s1 = g.symbol("%s[1]", SymbolOrigin::Scalar);
  b.problem.addFact(f.mkLe(b.c(-1), s0));
  b.problem.addFact(f.mkLe(b.c(1), s1));
  TermId first = g.selectEq(s0, b.c(-1), g.floorDiv(b.c(12), s1), s0);
  Obligation ob;
  ob.kind = ObligationKind::ElementCount;
  ob.violation = f.mkNe(g.mul(first, s1), b.c(12));
  b.problem.addObligation(ob);
  // A later obligation that every size 1 violates, but not the model of
  // P once P holds the element count: its witness replays only in it.
  b.resultCast(s1, 1);
  FunctionVerdicts v = b.judge();
  REQUIRE(v.findings[0].verdict == Verdict::UbPossible);
  CHECK(v.findings[0].witness.empty()); // every size 1: 1 * 1 != 12
  REQUIRE(v.findings[1].verdict == Verdict::UbPossible);
  // Sizes that keep the element count and make %s[1] other than 1.
  int64_t a = valueOf(v.findings[1].witness, "%s[1]");
  std::optional<int64_t> b0;
  for (const auto &[name, value] : v.findings[1].witness)
    if (name == "%s[0]")
      b0 = value;
  int64_t x = b0.value_or(1);
  CHECK(a != 1);
  CHECK((x == -1 ? (12 / a) * a : x * a) == 12);
  // No query for whether the element count can fail and can hold, nor for
  // its witness (15 queries in all when Z3 was asked them; the rest are
  // the conditions' and the second finding's).
  CHECK(v.stats.solverChecks <= 13);
}

TEST_CASE("A witness copies, compares and grows like a vector of pairs",
          "[verdicts]") {
  Witness none;
  CHECK(none.empty());
  CHECK(none.size() == 0);
  CHECK(none.begin() == none.end());
  CHECK(none == Witness{});
  Witness w{{"%a[0]", 2}};
  w.emplace_back("%b[1]", 3);
  w.push_back({"%c[0]", 0});
  REQUIRE(w.size() == 3);
  CHECK(w[1].first == "%b[1]");
  CHECK(w.back().second == 0);
  w.pop_back();
  Witness copy = w;
  CHECK(copy == w);
  copy[0].second = 5; // a deep copy: `w` keeps its value
  CHECK(w[0].second == 2);
  CHECK(copy != w);
  std::vector<std::pair<std::string, int64_t>> seen(w.begin(), w.end());
  CHECK(seen == std::vector<std::pair<std::string, int64_t>>{{"%a[0]", 2},
                                                             {"%b[1]", 3}});
  Witness moved = std::move(copy);
  CHECK(moved.size() == 2);
  moved.clear();
  CHECK(moved.empty());
  CHECK(moved == none);
  CHECK(sizeof(Finding) <= 32);
}

TEST_CASE("A lazy vector converts to a vector and gives its elements up",
          "[verdicts]") {
  LazyVector<int> v;
  const std::vector<int> &empty = v;
  CHECK(empty.empty());
  v = std::vector<int>{1, 2, 3};
  const std::vector<int> &full = v;
  CHECK(full == std::vector<int>{1, 2, 3});
  CHECK(v.release() == std::vector<int>{1, 2, 3});
  CHECK(v.empty());
  v = std::vector<int>();
  CHECK(v.begin() == nullptr); // nothing allocated for no elements
  CHECK(sizeof(v) == sizeof(void *));
}

TEST_CASE("Facts that bound sizes and equate them hold or fail as a whole",
          "[verdicts]") {
  // torch.symbolic_int ranges with torch's strict broadcasting (s0 == s1):
  // judged without a solver (Judge::partition), with the same verdicts.
  auto judgeRanges = [](int64_t low1, int64_t high1, bool equal,
                        std::optional<int64_t> fixed) {
    Builder b;
    TermId s0 = b.problem.graph.symbol("s0", SymbolOrigin::SizeSymbol);
    TermId s1 = b.problem.graph.symbol("s1", SymbolOrigin::SizeSymbol);
    b.problem.addFact(b.problem.formulas.mkLe(b.c(2), s0));
    b.problem.addFact(b.problem.formulas.mkLe(s0, b.c(3)));
    b.problem.addFact(b.problem.formulas.mkLe(b.c(low1), s1));
    b.problem.addFact(b.problem.formulas.mkLe(s1, b.c(high1)));
    if (equal)
      b.problem.addFact(b.problem.formulas.mkEq(s0, s1));
    if (fixed)
      b.problem.addFact(b.problem.formulas.mkEq(s1, b.c(*fixed)));
    b.broadcast({s0, b.c(4)});
    std::vector<Verdict> verdicts;
    for (bool fast : {true, false})
      verdicts.push_back(b.judge(fast).findings[0].verdict);
    return verdicts;
  };
  using V = std::vector<Verdict>;
  // s0 in [2, 3], s1 in [5, 6]: apart they hold, equal they cannot.
  CHECK(judgeRanges(5, 6, false, std::nullopt) ==
        V{Verdict::UbGuaranteed, Verdict::UbGuaranteed});
  CHECK(judgeRanges(5, 6, true, std::nullopt) ==
        V{Verdict::Unreachable, Verdict::Unreachable});
  // s1 in [3, 6] and equal: s0 = s1 = 3, which 4 does not broadcast with.
  CHECK(judgeRanges(3, 6, true, std::nullopt) ==
        V{Verdict::UbGuaranteed, Verdict::UbGuaranteed});
  // s1 == 7 is outside its range [3, 6]; s1 == 6 is inside.
  CHECK(judgeRanges(3, 6, false, 7) ==
        V{Verdict::Unreachable, Verdict::Unreachable});
  CHECK(judgeRanges(3, 6, false, 6) ==
        V{Verdict::UbGuaranteed, Verdict::UbGuaranteed});
}
