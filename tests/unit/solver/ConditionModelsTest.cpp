//===- ConditionModelsTest.cpp - Models of P found by evaluation
//-----------===//
//
// addModelsByEvaluation seeds a cover's enumeration with assignments the
// evaluator finds to be models of P. Each must be one for Z3 too, on the
// side of the violation it is filed under, and the cover must come out
// the same as from the queries alone, after fewer of them.
//
//===----------------------------------------------------------------------===//

#include "symshape/solver/Problem.h"
#include "symshape/solver/Smt.h"

#include "ConditionsInternal.h"

#include <catch2/catch.hpp>

using namespace symshape::solver;

namespace {

/// Three sizes under facts that rule some values out, and the violation of
/// a broadcast of the first two beside a cast of the third to 64 that the
/// first also reaches.
struct Scene {
  Problem problem;
  TermId x, y, z;
  std::vector<FormulaId> facts;
  FormulaId violation;

  Scene() {
    DimGraph &g = problem.graph;
    FormulaStore &f = problem.formulas;
    x = g.symbol("%x[0]", SymbolOrigin::ArgumentDim);
    y = g.symbol("%y[0]", SymbolOrigin::ArgumentDim);
    z = g.symbol("%z[0]", SymbolOrigin::ArgumentDim);
    for (TermId s : {x, y, z})
      facts.push_back(f.mkGe(s, g.constant(0)));
    facts.push_back(f.mkNe(x, g.constant(3))); // x is never 3
    facts.push_back(f.mkLe(z, g.add(x, y)));   // z <= x + y
    TermId one = g.constant(1);
    FormulaId broadcast =
        f.mkAnd({f.mkNe(x, one), f.mkNe(y, one), f.mkNe(x, y)});
    FormulaId cast = f.mkAnd({f.mkNe(z, g.constant(64)), f.mkEq(x, z)});
    violation = f.mkOr({broadcast, cast});
  }
};

std::optional<std::vector<Cube>> coverOf(Scene &scene, bool evaluate,
                                         size_t &checks) {
  SmtContext context(scene.problem.graph, scene.problem.formulas);
  SmtSolver solver(context, SmtLimits{5000, 0});
  for (FormulaId fact : scene.facts)
    solver.add(fact);
  std::string whyNot;
  return coverOfViolation(solver, scene.problem.graph, scene.problem.formulas,
                          scene.violation, {}, whyNot, checks,
                          evaluate ? &scene.facts : nullptr);
}

} // namespace

TEST_CASE("models found by evaluation are models of P for Z3 too",
          "[conditions]") {
  Scene scene;
  const DimGraph &g = scene.problem.graph;
  FormulaStore &f = scene.problem.formulas;
  SmtContext context(g, f);
  SmtSolver solver(context, SmtLimits{5000, 0});
  for (FormulaId fact : scene.facts)
    solver.add(fact);
  REQUIRE(solver.check({solver.track(scene.violation)}) == SatResult::Sat);
  KnownModels models;
  addModelsByEvaluation(solver, g, f, scene.facts, scene.violation,
                        {scene.x, scene.y, scene.z}, models);
  CHECK(models.violating.size() > 1);
  CHECK(models.holding.size() > 1);
  for (bool violating : {true, false})
    for (const SymbolValues &model :
         violating ? models.violating : models.holding) {
      REQUIRE(model.size() == 3);
      // x is never 3 in P: no model may say it is.
      CHECK(model.at(scene.x) != 3);
      std::vector<FormulaId> at;
      for (const auto &[symbol, value] : model)
        at.push_back(f.mkEq(symbol, scene.problem.graph.constant(value)));
      SmtSolver replay(context, SmtLimits{5000, 0});
      for (FormulaId fact : scene.facts)
        replay.add(fact);
      replay.add(f.mkAnd(at));
      replay.add(scene.violation, /*negated=*/!violating);
      CHECK(replay.check() == SatResult::Sat);
    }
}

TEST_CASE("a cover seeded by evaluation is the cover of the queries alone",
          "[conditions]") {
  Scene plain, seeded;
  size_t plainChecks = 0, seededChecks = 0;
  std::optional<std::vector<Cube>> expected =
      coverOf(plain, false, plainChecks);
  std::optional<std::vector<Cube>> found = coverOf(seeded, true, seededChecks);
  REQUIRE(expected);
  REQUIRE(found);
  CHECK(renderCover(seeded.problem.graph, *found) ==
        renderCover(plain.problem.graph, *expected));
  CHECK(seededChecks < plainChecks);
}

TEST_CASE("models found by evaluation avoid what P avoids", "[conditions]") {
  // P also avoids %y[0] == 2 (an obligation judged before): with it given
  // as failing, no model found by evaluation says %y[0] is 2.
  Scene scene;
  const DimGraph &g = scene.problem.graph;
  FormulaStore &f = scene.problem.formulas;
  const FormulaId yIsTwo = f.mkEq(scene.y, scene.problem.graph.constant(2));
  SmtContext context(g, f);
  SmtSolver solver(context, SmtLimits{5000, 0});
  for (FormulaId fact : scene.facts)
    solver.add(fact);
  solver.add(yIsTwo, /*negated=*/true);
  REQUIRE(solver.check({solver.track(scene.violation)}) == SatResult::Sat);
  auto saysTwo = [&](const KnownModels &models) {
    size_t n = 0;
    for (const auto *side : {&models.violating, &models.holding})
      for (const SymbolValues &model : *side)
        n += model.at(scene.y) == 2;
    return n;
  };
  KnownModels factsOnly, avoiding;
  addModelsByEvaluation(solver, g, f, scene.facts, scene.violation,
                        {scene.x, scene.y, scene.z}, factsOnly);
  const std::vector<FormulaId> failing{yIsTwo};
  addModelsByEvaluation(solver, g, f, scene.facts, scene.violation,
                        {scene.x, scene.y, scene.z}, avoiding, &failing);
  CHECK(saysTwo(factsOnly) > 0); // the trials do try 2
  CHECK(saysTwo(avoiding) == 0);
  CHECK(avoiding.violating.size() > 1);
  CHECK(avoiding.holding.size() > 1);
}

TEST_CASE("an enumeration given a model seeds itself by evaluation",
          "[conditions]") {
  // With a model of the violation already known (as the judge passes
  // one), coverOfViolation does not evaluate at first; the enumeration
  // then evaluates around the kEvaluateAfter-th model it queried, once.
  // The cover is the same, after fewer queries.
  auto cover = [](Scene &scene, bool evaluate, size_t &checks) {
    SmtContext context(scene.problem.graph, scene.problem.formulas);
    SmtSolver solver(context, SmtLimits{5000, 0});
    for (FormulaId fact : scene.facts)
      solver.add(fact);
    KnownModels known;
    known.violating.push_back({{scene.x, 2}, {scene.y, 4}, {scene.z, 0}});
    std::string whyNot;
    return coverOfViolation(solver, scene.problem.graph, scene.problem.formulas,
                            scene.violation, known, whyNot, checks,
                            evaluate ? &scene.facts : nullptr);
  };
  Scene plain, seeded;
  size_t plainChecks = 0, seededChecks = 0;
  std::optional<std::vector<Cube>> expected = cover(plain, false, plainChecks);
  std::optional<std::vector<Cube>> found = cover(seeded, true, seededChecks);
  REQUIRE(expected);
  REQUIRE(found);
  CHECK(renderCover(seeded.problem.graph, *found) ==
        renderCover(plain.problem.graph, *expected));
  CHECK(plainChecks > CoverFinder::kEvaluateAfter + 2);
  CHECK(seededChecks < plainChecks);
}
