//===- SessionJudgeTest.cpp - What a session's judging shares ------------===//
//
// The judge's side work and what lanes share: contracts and refinements
// of functions built alike, shapes refined after the judge, explanations
// that need no Z3 context. Each is checked against what a function gets
// on its own, and on any number of threads.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Rewrite.h"
#include "symshape/driver/Session.h"

#include "symshape/solver/Explain.h"
#include "symshape/solver/Smt.h"

#include "SessionTestInputs.h"

#include <catch2/catch.hpp>

#include <optional>
#include <thread>

using namespace symshape;
using namespace symshape::frontend;
using namespace symshape::frontend::testing;

TEST_CASE("functions alike share their contracts' answers on any number of "
          "threads",
          "[session]") {
  // Twelve functions that differ in their names and in one static size
  // (two keys of the contract memo), long enough to be judged in several
  // lanes: each contract is its own function's, and every output is the
  // same on 1, 2 and 4 threads, whichever lane asks a key first (of the
  // contracts' and the shapes' memos). Two runtime checks, the second
  // implied by the first, are explained in each function.
  std::string program;
  for (int f = 0; f < 12; ++f) {
    std::string size = f % 2 ? "8" : "16",
                type = "tensor<?x?x" + size + "xf32>";
    program += "func.func @layer" + std::to_string(f) + "(%x: " + type +
               ", %m: " + type + ", %s: tensor<4x1x" + size + "xf32>) -> " +
               type + " {\n";
    program += "  %sx = shape.shape_of %x : " + type +
               " -> tensor<3xindex>\n  %sm = shape.shape_of %m : " + type +
               " -> tensor<3xindex>\n";
    for (const char *w : {"%w0", "%w1"})
      program += std::string("  ") + w +
                 " = shape.cstr_broadcastable %sx, %sm : tensor<3xindex>, "
                 "tensor<3xindex>\n";
    std::string last = "%x";
    for (int i = 0; i < 400; ++i) {
      std::string name = "%v" + std::to_string(i);
      program += "  " + name + " = \"test.broadcastable\"(" + last + ", " +
                 (i == 0 ? "%m" : "%x") + ") : (" + type + ", " + type +
                 ") -> " + type + "\n";
      last = name;
    }
    program += "  %r = \"test.broadcastable\"(" + last + ", %s) : (" + type +
               ", tensor<4x1x" + size + "xf32>) -> " + type +
               "\n  return %r : " + type + "\n}\n";
  }
  auto run = [&](unsigned jobs, std::vector<std::string> *contracts) {
    SessionOptions options = withShapes();
    options.explainChecks = true;
    options.jobs = jobs;
    Session session(options);
    REQUIRE(session.addFile("layers.mlir", program));
    REQUIRE(session.analyze());
    if (contracts)
      for (const FunctionAnalysis &fn : session.files().at(0)->functions)
        contracts->push_back(fn.contract.requires.str());
    return session.text() + session.json();
  };
  std::vector<std::string> contracts;
  std::string one = run(1, &contracts);
  REQUIRE(contracts.size() == 12);
  CHECK(one.find("\"implied_by\": [\"layers.mlir:") != std::string::npos);
  for (const std::string &contract : contracts) {
    INFO(contract);
    // Each names its own function's arguments, and asks the broadcasts
    // with %s (4 or 1 on dim 0) of its own rows.
    CHECK(contract.find("%x[0]") != std::string::npos);
    CHECK(contract.find("%m[0]") != std::string::npos);
    CHECK(contract == contracts.front());
  }
  CHECK(run(2, nullptr) == one);
  CHECK(run(4, nullptr) == one);
}

TEST_CASE("a session without contracts gives the same verdicts, shapes and "
          "refined text",
          "[session]") {
  // Three functions alike (contractsOfAlike would judge their contracts)
  // and one on its own, each with a runtime check that can fail, so every
  // contract asks something (the broadcast it guards is then safe). `refine`
  // and `graph` show no contract: without them the rest is the same, on any
  // number of threads.
  std::string program;
  for (int f = 0; f < 4; ++f) {
    std::string type = f == 3 ? "tensor<?x8xf32>" : "tensor<?x16xf32>";
    program += "func.func @f" + std::to_string(f) + "(%x: " + type +
               ", %m: " + type + ") -> " + type + " {\n" +
               "  %sx = shape.shape_of %x : " + type +
               " -> tensor<2xindex>\n  %sm = shape.shape_of %m : " + type +
               " -> tensor<2xindex>\n  %w = shape.cstr_broadcastable %sx, "
               "%sm : tensor<2xindex>, tensor<2xindex>\n  %r = "
               "\"test.broadcastable\"(%x, %m) : (" +
               type + ", " + type + ") -> " + type + "\n  return %r : " + type +
               "\n}\n";
  }
  auto run = [&](bool contracts, unsigned jobs) {
    SessionOptions options = withShapes();
    options.computeContracts = contracts;
    options.jobs = jobs;
    Session session(options);
    REQUIRE(session.addFile("f.mlir", program));
    REQUIRE(session.analyze());
    std::string seen;
    for (const FunctionAnalysis &fn : session.files().at(0)->functions) {
      if (contracts) {
        INFO(fn.contract.checked.str());
        CHECK(fn.contract.checked.str().find("%x[0]") != std::string::npos);
      } else {
        CHECK(fn.contract.requires.str() == "true");
        CHECK(fn.contract.checked.str() == "true");
        CHECK(fn.contract.requiresParts.empty());
        CHECK(fn.contract.checkedParts.empty());
      }
      for (const solver::Finding &finding : fn.verdicts.findings)
        seen += std::string(solver::verdictName(finding.verdict)) + " ";
      REQUIRE(fn.shapes);
      for (const solver::ValueInfo &value : fn.problem->values)
        for (solver::TermId dim : value.dims)
          seen += fn.shapes->dimText(dim) + " ";
      seen += "\n";
    }
    CHECK(seen.find("ub-possible") != std::string::npos);
    CHECK(seen.find("safe") != std::string::npos);
    return seen + rewriteRefined(session, *session.files().at(0));
  };
  std::string with = run(true, 1);
  CHECK(run(false, 1) == with);
  CHECK(run(false, 2) == with);
}

TEST_CASE("a session judges in the Z3 context its caller gives", "[session]") {
  // Two functions with a runtime check that can fail and a cast to a
  // static size: their verdicts and contracts ask Z3. Given a context, a
  // session makes it and judges in it (on one thread, whatever its jobs):
  // the same report as in contexts of its own while the given one is
  // fresh, and the same verdicts once it was asked other things before.
  std::string program;
  for (int f = 0; f < 2; ++f)
    program += "func.func @f" + std::to_string(f) +
               "(%x: tensor<?x16xf32>, %m: tensor<?x16xf32>) -> "
               "tensor<?x16xf32> {\n"
               "  %sx = shape.shape_of %x : tensor<?x16xf32> -> "
               "tensor<2xindex>\n"
               "  %sm = shape.shape_of %m : tensor<?x16xf32> -> "
               "tensor<2xindex>\n"
               "  %w = shape.cstr_broadcastable %sx, %sm : tensor<2xindex>, "
               "tensor<2xindex>\n"
               "  %r = \"test.broadcastable\"(%x, %m) : (tensor<?x16xf32>, "
               "tensor<?x16xf32>) -> tensor<?x16xf32>\n"
               "  %c = tensor.cast %r : tensor<?x16xf32> to tensor<" +
               std::to_string(4 + f) +
               "x16xf32>\n"
               "  %d = tensor.cast %c : tensor<" +
               std::to_string(4 + f) +
               "x16xf32> to tensor<?x16xf32>\n"
               "  return %d : tensor<?x16xf32>\n}\n";
  auto run = [&](solver::SmtEnvironment *environment, unsigned jobs,
                 std::string &verdicts) {
    SessionOptions options = withShapes();
    options.jobs = jobs;
    options.judge.environment = environment;
    Session session(options);
    REQUIRE(session.addFile("f.mlir", program));
    REQUIRE(session.analyze());
    verdicts.clear();
    for (const FunctionAnalysis &fn : session.files().at(0)->functions)
      for (const solver::Finding &finding : fn.verdicts.findings)
        verdicts += std::string(solver::verdictName(finding.verdict)) + " ";
    return session.json();
  };
  std::string ownVerdicts, givenVerdicts, againVerdicts;
  std::string own = run(nullptr, 2, ownVerdicts);
  CHECK(ownVerdicts.find("ub-possible") != std::string::npos);
  solver::SmtEnvironment given;
  CHECK_FALSE(given.hasContext());
  CHECK(run(&given, 2, givenVerdicts) == own);
  CHECK(given.hasContext());
  run(&given, 1, againVerdicts);
  CHECK(againVerdicts == ownVerdicts);
}

TEST_CASE("shapes are refined from the verdicts, the same on any number of "
          "threads",
          "[session]") {
  // W leaves out what the verdicts say fails or is never reached: %e's
  // cast fails for every size that reaches it (ub-guaranteed, not a
  // static error), so no execution is well defined; the assumption that
  // contradicts %b's type is judged `error` and left out of W, which it
  // would empty. The session's shapes, refined in its lane's Z3 context
  // after the judge, are the ones a fresh context gives.
  const char *casts =
      R"mlir(func.func @f(%a: tensor<?xi32>) -> tensor<5xi32> {
  %c = tensor.cast %a : tensor<?xi32> to tensor<4xi32>
  %d = tensor.cast %c : tensor<4xi32> to tensor<?xi32>
  %e = tensor.cast %d : tensor<?xi32> to tensor<5xi32>
  return %e : tensor<5xi32>
}
)mlir";
  const char *assumed =
      R"mlir(func.func @f(%a: tensor<?xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
)mlir";
  struct Case {
    const char *program, *assumption;
    bool wellDefined;
    const char *firstDim; ///< the first argument's dim 0, as refined
  };
  for (Case c : {Case{kTwoFindings, nullptr, true, "%a[0]"},
                 Case{casts, nullptr, false, "?"},
                 Case{assumed, "%b[0] == 3", true, "%a[0]"}}) {
    INFO(c.program);
    std::string outputs[2];
    for (unsigned jobs : {1u, 2u}) {
      SessionOptions options = withShapes();
      options.jobs = jobs;
      Session session(options);
      REQUIRE(session.addFile("f.mlir", c.program));
      if (c.assumption)
        REQUIRE(session.addAssumption(c.assumption));
      REQUIRE(session.analyze());
      const FunctionAnalysis &fn = session.files().at(0)->functions.at(0);
      const solver::Problem &problem = *fn.problem;
      solver::ShapeRefinement fresh =
          solver::refineShapes(problem, fn.verdicts, options.judge.limits);
      REQUIRE(fn.shapes);
      CHECK(fn.shapes->wellDefined() == c.wellDefined);
      CHECK(fresh.wellDefined() == c.wellDefined);
      CHECK(fn.shapes->dimText(problem.values.at(0).dims.at(0)) == c.firstDim);
      for (const solver::ValueInfo &value : problem.values)
        for (solver::TermId dim : value.dims)
          CHECK(fn.shapes->dimText(dim) == fresh.dimText(dim));
      outputs[jobs - 1] = session.text() + session.json();
    }
    CHECK(outputs[0] == outputs[1]);
  }
}

TEST_CASE("a function built like an earlier one gets its refinement from the "
          "memo",
          "[session]") {
  // Two layers built alike (other names): the second one's shapes come
  // from what the first one's refinement proved, without a query, and are
  // the ones it would prove itself. A third one with another size is
  // asked anew.
  auto layer = [](const std::string &name, const std::string &size) {
    std::string type = "tensor<?x" + size + "xf32>";
    return "func.func @" + name + "(%x: " + type + ", %y: " + type +
           ") -> tensor<4x" + size + "xf32> {\n  %0 = \"test.broadcastable\"(" +
           "%x, %y) : (" + type + ", " + type + ") -> tensor<4x" + size +
           "xf32>\n  return %0 : tensor<4x" + size + "xf32>\n}\n";
  };
  Session session(withShapes());
  REQUIRE(session.addFile("layers.mlir", layer("a", "8") + layer("b", "8") +
                                             layer("c", "16")));
  REQUIRE(session.analyze());
  const auto &fns = session.files().at(0)->functions;
  REQUIRE(fns.size() == 3);
  solver::SmtLimits limits = SessionOptions().judge.limits;
  solver::RefinementMemo memo;
  std::vector<size_t> checks;
  for (const FunctionAnalysis &fn : fns) {
    const solver::Problem &problem = *fn.problem;
    solver::ShapeRefinement shared =
        solver::refineShapes(problem, fn.verdicts, limits, nullptr, &memo);
    solver::ShapeRefinement own =
        solver::refineShapes(problem, fn.verdicts, limits);
    checks.push_back(shared.stats().checks);
    CHECK(own.stats().checks > 0);
    CHECK(shared.wellDefined() == own.wellDefined());
    for (const solver::ValueInfo &value : problem.values)
      for (solver::TermId dim : value.dims)
        CHECK(shared.dimText(dim) == own.dimText(dim));
  }
  CHECK(checks[0] > 0);
  CHECK(checks[1] == 0); // from the memo
  CHECK(checks[2] > 0);  // another size: other questions
}

TEST_CASE("the refinement memo keeps exact answers only and serves threads "
          "at once",
          "[session]") {
  // Layers built alike, refined on two threads in environments of their
  // own with one memo: each gets what it would prove alone. An answer
  // the solver left unknown (a tiny resource limit) is not kept.
  auto layer = [](const std::string &name) {
    const std::string type = "tensor<?x8xf32>";
    return "func.func @" + name + "(%x: " + type + ", %y: " + type +
           ") -> tensor<4x8xf32> {\n  %0 = \"test.broadcastable\"(%x, %y) : (" +
           type + ", " + type +
           ") -> tensor<4x8xf32>\n  return %0 : " + "tensor<4x8xf32>\n}\n";
  };
  Session session(withShapes());
  std::string text;
  for (int i = 0; i < 8; ++i)
    text += layer("l" + std::to_string(i));
  REQUIRE(session.addFile("layers.mlir", text));
  REQUIRE(session.analyze());
  const auto &fns = session.files().at(0)->functions;
  REQUIRE(fns.size() == 8);
  solver::SmtLimits limits = SessionOptions().judge.limits;
  std::vector<solver::ShapeRefinement> alone;
  for (const FunctionAnalysis &fn : fns)
    alone.push_back(solver::refineShapes(*fn.problem, fn.verdicts, limits));
  REQUIRE(alone[0].stats().checks > 0);
  CHECK(alone[0].stats().exact);

  solver::RefinementMemo memo;
  std::vector<std::optional<solver::ShapeRefinement>> shared(fns.size());
  std::vector<std::thread> threads;
  for (size_t t = 0; t < 2; ++t)
    threads.emplace_back([&, t] {
      solver::SmtEnvironment environment;
      for (size_t i = t; i < fns.size(); i += 2)
        shared[i] = solver::refineShapes(*fns[i].problem, fns[i].verdicts,
                                         limits, &environment, &memo);
    });
  for (std::thread &thread : threads)
    thread.join();
  size_t asked = 0;
  for (size_t i = 0; i < fns.size(); ++i) {
    REQUIRE(shared[i]);
    asked += shared[i]->stats().checks > 0;
    for (const solver::ValueInfo &value : fns[i].problem->values)
      for (solver::TermId dim : value.dims)
        CHECK(shared[i]->dimText(dim) == alone[i].dimText(dim));
  }
  CHECK(asked >= 1);
  CHECK(asked <= 2); // at most one per thread before the memo has it

  solver::SmtLimits tiny;
  tiny.rlimit = 1;
  solver::RefinementMemo unkept;
  solver::ShapeRefinement first = solver::refineShapes(
      *fns[0].problem, fns[0].verdicts, tiny, nullptr, &unkept);
  REQUIRE(first.stats().checks > 0);
  CHECK_FALSE(first.stats().exact);
  solver::ShapeRefinement second = solver::refineShapes(
      *fns[1].problem, fns[1].verdicts, tiny, nullptr, &unkept);
  CHECK(second.stats().checks > 0); // asked again, not replayed
}

TEST_CASE("a check that no size can violate is explained without a Z3 "
          "context",
          "[session]") {
  // Extents of constants only (64 with 1 and with 64) broadcast whatever
  // the sizes: each check is implied by the types alone (no earlier
  // obligation), as the solver would say, but none is asked. The check
  // on a size (%x[0] with %y[0]) needs the solver.
  const std::string head =
      "func.func @f(%x: tensor<?x64xf32>, %y: tensor<?x64xf32>, "
      "%b: tensor<1x64xf32>) -> !shape.witness {\n"
      "  %sb = shape.shape_of %b : tensor<1x64xf32> -> tensor<2xindex>\n"
      "  %sx = shape.shape_of %x : tensor<?x64xf32> -> tensor<2xindex>\n"
      "  %sy = shape.shape_of %y : tensor<?x64xf32> -> tensor<2xindex>\n"
      "  %w0 = shape.cstr_broadcastable %sb, %sb : tensor<2xindex>, "
      "tensor<2xindex>\n";
  const std::string sized =
      "  %w1 = shape.cstr_broadcastable %sx, %sy : tensor<2xindex>, "
      "tensor<2xindex>\n"
      "  %w2 = shape.cstr_broadcastable %sx, %sy : tensor<2xindex>, "
      "tensor<2xindex>\n";
  const std::string tail = "  return %w0 : !shape.witness\n}\n";
  for (bool withSized : {false, true}) {
    CAPTURE(withSized);
    Session session(withShapes());
    REQUIRE(
        session.addFile("ground.mlir", head + (withSized ? sized : "") + tail));
    REQUIRE(session.analyze());
    const FunctionAnalysis &fn = session.files().at(0)->functions.at(0);
    const solver::Problem &problem = *fn.problem;
    std::vector<size_t> safeChecks;
    for (size_t k = 0; k < problem.obligations.size(); ++k)
      if (solver::isRuntimeCheck(problem.obligations[k].kind) &&
          fn.verdicts.findings[k].verdict == solver::Verdict::Safe)
        safeChecks.push_back(k);
    REQUIRE(!safeChecks.empty());
    solver::SmtEnvironment environment;
    auto explained =
        solver::explainSafe(problem, fn.verdicts, safeChecks,
                            SessionOptions().judge.limits, &environment);
    // What the session's own explanations (asked of Z3 as well) say.
    CHECK(explained == fn.impliedBy);
    size_t byTypes = 0;
    for (size_t k : safeChecks)
      byTypes += explained.count(k) && explained.at(k).empty();
    CHECK(byTypes >= 2); // the two extents of %w0
    CHECK(environment.hasContext() == withSized);
  }
}

TEST_CASE("a chain of reshapes keeping equal element counts is told apart "
          "by balanced trials, not by the solver",
          "[session]") {
  // Each dynamic_reshape keeps the element count: W holds equalities of
  // products, which only trials of equal sizes satisfy, and those leave
  // every dim alike; the solver, asked to tell the dims apart under the
  // products, met its time-out several times (8 s for 8 reshapes under
  // `check --json`). The balanced trials (one size 2, each equality made
  // to hold again by a size of its smaller side) are models of W: the
  // dims come apart with no query, and none is called a constant or a
  // class that W does not imply.
  std::string program = "func.func @f(%a: tensor<?x?x?xf32>";
  for (int i = 0; i < 6; ++i)
    program += ", %s" + std::to_string(i) + ": tensor<3xindex>";
  program += ") -> tensor<?x?x?xf32> {\n";
  std::string prev = "%a";
  for (int i = 0; i < 6; ++i) {
    std::string r = "%r" + std::to_string(i), u = "%u" + std::to_string(i);
    program += "  " + r + " = stablehlo.dynamic_reshape " + prev + ", %s" +
               std::to_string(i % 5) +
               " : (tensor<?x?x?xf32>, tensor<3xindex>) -> "
               "tensor<?x?x?xf32>\n  " +
               u + " = stablehlo.add " + r + ", " + r +
               " : tensor<?x?x?xf32>\n";
    prev = u;
  }
  program += "  return " + prev + " : tensor<?x?x?xf32>\n}\n";
  Session session(withShapes());
  REQUIRE(session.addFile("reshapes.mlir", program));
  REQUIRE(session.analyze());
  const FunctionAnalysis &fn = session.files().at(0)->functions.at(0);
  solver::SmtLimits limits = SessionOptions().judge.limits;
  solver::ShapeRefinement shapes =
      solver::refineShapes(*fn.problem, fn.verdicts, limits);
  // Every size is independent of the others but for the products: no
  // constant, no class, each dim named by its own symbol. Without the
  // balanced trials the same answers took 5 queries.
  CHECK(shapes.stats().exact);
  CHECK(shapes.stats().checks == 0);
  CHECK(shapes.stats().candidates == 18); // %a's 3 and %s0 to %s4's 15
  CHECK(shapes.stats().constants == 0);
  CHECK(shapes.stats().classes == 0);
  const solver::DimGraph &graph = fn.problem->graph;
  size_t symbols = 0;
  for (const solver::ValueInfo &value : fn.problem->values)
    for (solver::TermId dim : value.dims)
      if (graph.isSymbol(dim)) { // not the shape operands' static 3
        ++symbols;
        CHECK(shapes.dimText(dim) == graph.symbolOf(dim).name);
      }
  CHECK(symbols > 18); // each of the 18 sizes is some value's dim
}

namespace {

/// The refinement of the only function of `program`, with its session.
solver::ShapeRefinement refineOnly(Session &session,
                                   const std::string &program) {
  REQUIRE(session.addFile("chain.mlir", program));
  REQUIRE(session.analyze());
  const FunctionAnalysis &fn = session.files().at(0)->functions.at(0);
  return solver::refineShapes(*fn.problem, fn.verdicts,
                              SessionOptions().judge.limits);
}

} // namespace

TEST_CASE("broadcasts chained through reshapes and over a concatenation are "
          "told apart by trials around the least sizes, not by the solver",
          "[session]") {
  // Issue 46's cliff hunt under `check --json`: a chain of adds over
  // independent sizes stays apart from the broadcast-only shortcut when a
  // reshape to the product (4 * size) or a concatenation (a sum of sizes)
  // sits in it. The fixed trials give the chain's dims one value, and the
  // solver's models split it one dim at a time: 60 queries for 49 ops, a
  // time-out for 125. Every size at its least but one (and, against a
  // sum, the sum at 1) is a model of W that splits the chain at once.
  SECTION("reshapes to the product and back") {
    std::string program = "func.func @f(%a0: tensor<?x4xf32>";
    for (int i = 1; i < 9; ++i)
      program += ", %a" + std::to_string(i) + ": tensor<?x4xf32>";
    program += ") -> tensor<?x4xf32> {\n";
    std::string prev = "%a0", t = "tensor<?x4xf32>";
    for (int i = 1; i < 9; ++i) {
      std::string k = std::to_string(i);
      program += "  %v" + k + " = \"tosa.add\"(" + prev + ", %a" + k + ") : (" +
                 t + ", " + t + ") -> " + t + "\n";
      program += "  %f" + k + " = \"tosa.reshape\"(%v" + k +
                 ") {new_shape = array<i64: -1>} : (" + t +
                 ") -> tensor<?xf32>\n";
      program += "  %r" + k + " = \"tosa.reshape\"(%f" + k +
                 ") {new_shape = array<i64: -1, 4>} : (tensor<?xf32>) -> " + t +
                 "\n";
      prev = "%r" + k;
    }
    program += "  return " + prev + " : " + t + "\n}\n";
    Session session(withShapes());
    solver::ShapeRefinement shapes = refineOnly(session, program);
    // %a0..%a8, the 8 broadcasts and their 8 products with 4 (the reshape
    // back gives the broadcast's own term): W lets every broadcast be 1
    // but one size, so no two of them are equal, and no size is constant.
    CHECK(shapes.stats().exact);
    CHECK(shapes.stats().checks == 0);
    CHECK(shapes.stats().candidates == 25);
    CHECK(shapes.stats().constants == 0);
    CHECK(shapes.stats().classes == 0);
  }
  SECTION("a concatenation's sum against a chain of sizes") {
    std::string t = "tensor<?x2xf32>";
    std::string program = "func.func @f(";
    for (int i = 0; i < 4; ++i)
      program += "%c" + std::to_string(i) + ": " + t + ", ";
    for (int i = 0; i < 8; ++i)
      program += "%b" + std::to_string(i) + ": " + t + (i < 7 ? ", " : "");
    program += ") -> " + t +
               " {\n  %v0 = \"stablehlo.concatenate\"(%c0, "
               "%c1, %c2, %c3) {dimension = 0 : i64} : (" +
               t + ", " + t + ", " + t + ", " + t + ") -> " + t + "\n";
    for (int i = 0; i < 8; ++i) {
      std::string k = std::to_string(i);
      program += "  %v" + std::to_string(i + 1) + " = \"tosa.add\"(%v" + k +
                 ", %b" + k + ") : (" + t + ", " + t + ") -> " + t + "\n";
    }
    program += "  return %v8 : " + t + "\n}\n";
    Session session(withShapes());
    solver::ShapeRefinement shapes = refineOnly(session, program);
    // 4 + 8 sizes, the sum and 8 broadcasts of it. With the sum at 1 (one
    // part 1, the others 0) each broadcast takes the first %b above 1:
    // all apart. Were the sizes at least 1, the sum (at least 4) would be
    // every broadcast's value, and they would form one class.
    CHECK(shapes.stats().exact);
    CHECK(shapes.stats().checks == 0);
    CHECK(shapes.stats().candidates == 21);
    CHECK(shapes.stats().constants == 0);
    CHECK(shapes.stats().classes == 0);
  }
}
