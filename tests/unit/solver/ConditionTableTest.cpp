//===- ConditionTableTest.cpp - A condition's minterms by evaluation ------===//
//
// coverOfViolation finds the minterms of a condition by evaluation when
// every atom compares one size with a constant (tableOfViolation), and
// checks the cover by two queries. The covers must be exact: each is
// compared here, point by point, with the semantics written out in plain
// C++ (an ONNX Unsqueeze with axes given at runtime), and must equal the
// cover from the queries alone where both come from complete minterms.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Problem.h"
#include "symshape/solver/Smt.h"

#include "ConditionsInternal.h"

#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <unordered_map>

using namespace symshape::solver;

namespace {

/// Unsqueeze of a tensor<3x4xf32> by `axes.size()` axes given at runtime,
/// into rank r = 2 + axes: axis a names output dim a (a >= 0) or a + r.
/// P: every axis in [-r, r - 1] (the in-bounds violations, avoided). The
/// violation: some output dim below `dims` is not the declared
/// 1-or-input size `declared`.
struct Unsqueeze {
  Problem problem;
  std::vector<TermId> axes;
  std::vector<FormulaId> facts, avoided;
  FormulaId violation;
  int64_t rank;
  std::vector<int64_t> declared;

  Unsqueeze(size_t count, std::vector<int64_t> declaredDims)
      : rank(int64_t(2 + count)), declared(std::move(declaredDims)) {
    DimGraph &g = problem.graph;
    FormulaStore &f = problem.formulas;
    std::vector<TermId> normal;
    for (size_t i = 0; i < count; ++i) {
      TermId a =
          g.symbol("%axes[" + std::to_string(i) + "]", SymbolOrigin::Scalar);
      axes.push_back(a);
      avoided.push_back(f.mkOr(
          {f.mkLt(a, g.constant(-rank)), f.mkGt(a, g.constant(rank - 1))}));
      normal.push_back(
          g.selectLe(a, g.constant(-1), g.add(a, g.constant(rank)), a));
    }
    // Output dim j: 1 when an axis names it, else the input dim at j less
    // the axes before j (3, then 4).
    std::vector<FormulaId> wrong;
    for (size_t j = 0; j < declared.size(); ++j) {
      TermId before = g.constant(0);
      TermId named = g.constant(0);
      for (TermId n : normal) {
        before = g.add(before, g.selectLe(n, g.constant(int64_t(j) - 1),
                                          g.constant(1), g.constant(0)));
        named = g.add(named, g.selectEq(n, g.constant(int64_t(j)),
                                        g.constant(1), g.constant(0)));
      }
      TermId input = g.selectEq(g.sub(g.constant(int64_t(j)), before),
                                g.constant(0), g.constant(3), g.constant(4));
      TermId dim = g.selectLe(g.constant(1), named, g.constant(1), input);
      wrong.push_back(f.mkNe(dim, g.constant(declared[j])));
    }
    violation = f.mkOr(wrong);
  }

  /// The same semantics in plain C++: whether P holds at `values`.
  bool inP(const std::vector<int64_t> &values) const {
    for (int64_t a : values)
      if (a < -rank || a > rank - 1)
        return false;
    return true;
  }
  /// And whether the violation does.
  bool violated(const std::vector<int64_t> &values) const {
    std::vector<int64_t> normal;
    for (int64_t a : values)
      normal.push_back(a < 0 ? a + rank : a);
    for (size_t j = 0; j < declared.size(); ++j) {
      int64_t before = 0, named = 0;
      for (int64_t n : normal) {
        before += n < int64_t(j);
        named += n == int64_t(j);
      }
      int64_t dim = named >= 1 ? 1 : (int64_t(j) - before == 0 ? 3 : 4);
      if (dim != declared[j])
        return true;
    }
    return false;
  }
};

/// The value of `p` at the symbols' values.
int64_t valueOf(const Polynomial &p, const std::map<TermId, int64_t> &at) {
  int64_t sum = 0;
  for (const auto &[monomial, coefficient] : p.terms()) {
    int64_t product = coefficient;
    for (TermId s : monomial)
      product *= at.at(s);
    sum += product;
  }
  return sum;
}

bool coverHolds(const std::vector<Cube> &cover,
                const std::map<TermId, int64_t> &at) {
  for (const Cube &cube : cover) {
    bool all = true;
    for (const auto &[atom, holds] : cube) {
      int64_t v = valueOf(atom.poly, at);
      all &= (atom.rel == AtomRel::Eq ? v == 0 : v <= 0) == holds;
    }
    if (all)
      return true;
  }
  return false;
}

/// Every assignment of the axes in [-rank - 2, rank + 1] where P holds:
/// the cover holds exactly where the violation does.
void requireExact(const Unsqueeze &scene, const std::vector<Cube> &cover) {
  std::vector<int64_t> values(scene.axes.size(), -scene.rank - 2);
  while (true) {
    std::map<TermId, int64_t> at;
    for (size_t i = 0; i < values.size(); ++i)
      at[scene.axes[i]] = values[i];
    if (scene.inP(values)) {
      INFO("axes " << values[0] << ", " << values[1]);
      REQUIRE(coverHolds(cover, at) == scene.violated(values));
    }
    size_t k = 0;
    for (; k < values.size() && ++values[k] > scene.rank + 1; ++k)
      values[k] = -scene.rank - 2;
    if (k == values.size())
      break;
  }
}

/// The cover under P, with the minterms found by evaluation (`table`) or
/// asked for.
std::optional<std::vector<Cube>> coverOf(Unsqueeze &scene, bool table,
                                         size_t &checks) {
  SmtContext context(scene.problem.graph, scene.problem.formulas);
  SmtSolver solver(context, SmtLimits{5000, 0});
  for (FormulaId v : scene.avoided)
    solver.add(v, /*negated=*/true);
  std::string whyNot;
  std::optional<std::vector<Cube>> cover = coverOfViolation(
      solver, scene.problem.graph, scene.problem.formulas, scene.violation, {},
      whyNot, checks, table ? &scene.facts : nullptr,
      table ? &scene.avoided : nullptr);
  INFO(whyNot);
  REQUIRE(cover);
  return cover;
}

} // namespace

TEST_CASE("minterms by evaluation give the exact cover the queries give",
          "[conditions]") {
  // Two axes into rank 4, dims 0 and 1 declared 3 and 1: six atoms, the
  // exact cover of every minterm either way.
  Unsqueeze scene(2, {3, 1});
  size_t tableChecks = 0, queryChecks = 0;
  std::optional<std::vector<Cube>> byTable = coverOf(scene, true, tableChecks);
  std::optional<std::vector<Cube>> byQueries =
      coverOf(scene, false, queryChecks);
  requireExact(scene, *byTable);
  CHECK(*byTable == *byQueries);
  CHECK(tableChecks == 3); // a model of the violation, the cover's check
  CHECK(queryChecks > tableChecks);
}

TEST_CASE("minterms by evaluation: a cover of many atoms, grown without a "
          "query",
          "[conditions]") {
  // Three axes into rank 5, dim 1 declared 1: more atoms than the exact
  // method takes; both covers must be exact.
  Unsqueeze scene(3, {3, 1});
  std::unordered_map<TermId, int64_t> noneFixed;
  AtomCollector collector(scene.problem.graph, scene.problem.formulas,
                          noneFixed);
  REQUIRE(collector.collect(scene.violation));
  REQUIRE(collector.atoms.size() > kMaxExactAtoms);
  size_t tableChecks = 0, queryChecks = 0;
  std::optional<std::vector<Cube>> byTable = coverOf(scene, true, tableChecks);
  std::optional<std::vector<Cube>> byQueries =
      coverOf(scene, false, queryChecks);
  requireExact(scene, *byTable);
  requireExact(scene, *byQueries);
  CHECK(tableChecks == 3);
  CHECK(queryChecks > 10 * tableChecks);
}

TEST_CASE("minterms by evaluation that miss a case fail the cover's check, "
          "and the queries find it",
          "[conditions]") {
  // 5 * a == b with 1 <= a <= 10 and 0 <= b <= 20: the points around the
  // bounds hold no a, b with 5 * a == b, so the table's cover is false;
  // its check fails, and the queries give the exact cover.
  Problem problem;
  DimGraph &g = problem.graph;
  FormulaStore &f = problem.formulas;
  TermId a = g.symbol("%a", SymbolOrigin::Scalar);
  TermId b = g.symbol("%b", SymbolOrigin::Scalar);
  std::vector<FormulaId> facts{
      f.mkGe(a, g.constant(1)), f.mkLe(a, g.constant(10)),
      f.mkGe(b, g.constant(0)), f.mkLe(b, g.constant(20))};
  FormulaId violation = f.mkEq(g.mul(g.constant(5), a), b);
  SmtContext context(g, f);
  SmtSolver solver(context, SmtLimits{5000, 0});
  for (FormulaId fact : facts)
    solver.add(fact);
  std::vector<FormulaId> none;
  std::string whyNot;
  size_t checks = 0;
  std::optional<std::vector<Cube>> cover = coverOfViolation(
      solver, g, f, violation, {}, whyNot, checks, &facts, &none);
  INFO(whyNot);
  REQUIRE(cover);
  for (int64_t x = -2; x <= 12; ++x)
    for (int64_t y = -2; y <= 22; ++y) {
      if (x < 1 || x > 10 || y < 0 || y > 20)
        continue;
      INFO("a = " << x << ", b = " << y);
      CHECK(coverHolds(*cover, {{a, x}, {b, y}}) == (5 * x == y));
    }
  CHECK(checks > 2); // the failed check, then the queries
}
