//===- SessionTest.cpp - The library entry point as a value ---------------===//
//
// A Session stays where it was built: its diagnostics hold a reference to
// its source manager, and its modules and analyses point into its buffers.
// A moved Session used to leave its diagnostics pointing at the moved-from
// manager (an ASan use-after-free once that one died); copying and moving
// are now compile errors, checked here. analyze() runs once: a second call
// returns the first result without appending the findings again.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include "symshape/driver/RefinedType.h"
#include "symshape/frontend/Lowering.h"
#include "symshape/frontend/Parser.h"

#include "SessionTestInputs.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <type_traits>

using namespace symshape;
using namespace symshape::frontend;

// The moved-Session crash cannot happen: the move does not compile.
static_assert(!std::is_copy_constructible_v<Session>,
              "a copied Session's diagnostics would read the original's "
              "source buffers");
static_assert(!std::is_copy_assignable_v<Session>, "see above");
static_assert(!std::is_move_constructible_v<Session>,
              "a moved Session's diagnostics would read the moved-from "
              "source manager");
static_assert(!std::is_move_assignable_v<Session>, "see above");

using namespace symshape::frontend::testing;

TEST_CASE("a session handed around by unique_ptr keeps its diagnostics",
          "[session]") {
  // What a caller does instead of moving: the session stays put.
  auto make = [] {
    auto session = std::make_unique<Session>(withShapes());
    session->addFile("bad.mlir", "func.func @f(%a: tensor<?xi32>) {\n"
                                 "  %0 = \"test.broadcastable\"(%a\n");
    return session;
  };
  std::unique_ptr<Session> session = make();
  REQUIRE(session->diagnostics().hadError());
  std::string rendered = session->diagnostics().renderAll();
  CHECK(rendered.rfind("bad.mlir:", 0) == 0);
  CHECK(rendered.find("error:") != std::string::npos);
}

TEST_CASE("analyze() twice gives the findings once", "[session]") {
  Session session(withShapes());
  REQUIRE(session.addFile("f.mlir", kTwoFindings));
  REQUIRE(session.analyze());
  const FunctionAnalysis *fn = session.function("f");
  REQUIRE(fn);
  size_t findings = fn->verdicts.findings.size();
  size_t total = session.summary().total();
  std::string json = session.json(), text = session.text();
  REQUIRE(findings > 0);

  REQUIRE(session.analyze());
  CHECK(session.function("f") == fn); // nothing was rebuilt
  CHECK(session.files().size() == 1);
  CHECK(session.files()[0]->functions.size() == 1);
  CHECK(fn->verdicts.findings.size() == findings);
  CHECK(session.summary().total() == total);
  CHECK(session.json() == json);
  CHECK(session.text() == text);
}

TEST_CASE("a failed analyze() fails again without repeating its error",
          "[session]") {
  Session session(withShapes());
  REQUIRE(session.addAssumption("%nowhere[0] == 2"));
  REQUIRE(session.addFile("f.mlir", kTwoFindings));
  REQUIRE_FALSE(session.analyze());
  size_t errors = session.diagnostics().diagnostics().size();
  REQUIRE(errors == 1);
  CHECK_FALSE(session.analyze());
  CHECK(session.diagnostics().diagnostics().size() == errors);
}

TEST_CASE("input added after analyze() is refused with a located error",
          "[session]") {
  Session session(withShapes());
  REQUIRE(session.addFile("f.mlir", kTwoFindings));
  REQUIRE(session.analyze());
  size_t total = session.summary().total();

  CHECK_FALSE(session.addFile("late.mlir", kTwoFindings));
  CHECK(session.diagnostics().renderAll().rfind(
            "late.mlir:1:1: error: input added after analyze()", 0) == 0);
  CHECK_FALSE(session.addAssumption("%a[0] == 4"));
  CHECK_FALSE(session.addModule("built", Module()));
  CHECK(session.files().size() == 1);
  CHECK(session.analyze());
  CHECK(session.summary().total() == total);
}

TEST_CASE("the JSON of long findings and values lists is the same on any "
          "number of threads",
          "[session][json]") {
  // 17000 ops of rank 3: more findings and values than the two chunks of
  // 2048 members from which JsonReport.cpp renders a list on threads, and
  // than a chunk of 8192 (its size before).
  std::string program = "func.func @long(%a: tensor<?x4x?xf32>, %b: "
                        "tensor<1x4x?xf32>) -> tensor<?x4x?xf32> {\n";
  std::string last = "%a";
  for (int i = 0; i < 17000; ++i) {
    std::string name = "%v" + std::to_string(i);
    program += "  " + name + " = \"test.broadcastable\"(" + last +
               ", %b) : (tensor<?x4x?xf32>, tensor<1x4x?xf32>) -> "
               "tensor<?x4x?xf32>\n";
    last = name;
  }
  program += "  return " + last + " : tensor<?x4x?xf32>\n}\n";
  auto render = [&](unsigned jobs, bool pieces) {
    SessionOptions options = withShapes();
    options.jobs = jobs;
    Session session(options);
    REQUIRE(session.addFile("long.mlir", program));
    REQUIRE(session.analyze());
    if (!pieces)
      return session.json();
    std::string joined;
    session.json([&](std::string_view piece) { joined += piece; });
    return joined;
  };
  std::string one = render(1, false);
  auto count = [&](const std::string &needle) {
    size_t n = 0;
    for (size_t at = one.find(needle); at != std::string::npos;
         at = one.find(needle, at + 1))
      ++n;
    return n;
  };
  CHECK(count("{\"loc\": ") > 2 * 8192);    // findings
  CHECK(count(": {\"type\": ") > 2 * 8192); // values
  CHECK(render(2, false) == one);
  CHECK(render(3, true) == one);
}

TEST_CASE("a JSON values list of megabytes, each value its own shape, is "
          "the same on any number of threads",
          "[session][json]") {
  // The writer hands the text over in pieces of a megabyte, which may
  // start in the middle of a value's shape list (one thread); the text a
  // value shares with the next is kept apart from those pieces. Values of
  // sizes 1..5000 (no two alike) with names of 400 bytes: a megabyte
  // mostly ends within a name, before its shape.
  const std::string pad(400, 'n');
  std::string program = "func.func @sizes() {\n";
  for (int i = 1; i <= 5000; ++i)
    program += "  %" + pad + std::to_string(i) +
               " = tensor.empty() : " + "tensor<" + std::to_string(i) +
               "xf32>\n";
  program += "  return\n}\n";
  auto render = [&](unsigned jobs) {
    SessionOptions options = withShapes();
    options.jobs = jobs;
    Session session(options);
    REQUIRE(session.addFile("sizes.mlir", program));
    REQUIRE(session.analyze());
    return session.json();
  };
  std::string one = render(1);
  CHECK(one.size() > (size_t(1) << 21));
  CHECK(one.find(pad + "5000\": {\"type\": \"tensor<5000xf32>\", "
                       "\"shape\": [\"5000\"]") != std::string::npos);
  CHECK(render(2) == one);
}

TEST_CASE("freeing ops as they are lowered changes no output", "[session]") {
  // @helper and @priv (over 4096 ops each, so whole blocks of ops can be
  // freed) are called after they are lowered: their bodies must stay. The
  // bodies of @caller and @alone, which no call names, are freed when
  // keepFunctionBodies is off.
  auto chain = [](const std::string &from, int n, const std::string &tag) {
    std::string text, last = from;
    for (int i = 0; i < n; ++i) {
      std::string name = "%" + tag + std::to_string(i);
      text += "  " + name + " = \"test.broadcastable\"(" + last +
              ", %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n";
      last = name;
    }
    return std::make_pair(text, last);
  };
  std::string program;
  for (const char *head : {"func.func @helper", "func.func private @priv"}) {
    auto [body, last] = chain("%a", 5000, "h");
    program += std::string(head) +
               "(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> "
               "tensor<?x4xf32> {\n" +
               body + "  return " + last + " : tensor<?x4xf32>\n}\n";
  }
  for (const char *name : {"caller", "alone"}) {
    auto [body, last] = chain("%a", 9000, "v");
    program += std::string("func.func @") + name +
               "(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: "
               "tensor<7x4xf32>) -> tensor<?x4xf32> {\n" +
               body;
    if (std::string(name) == "caller")
      program += "  %r = func.call @helper(" + last +
                 ", %c) : (tensor<?x4xf32>, tensor<7x4xf32>) -> "
                 "tensor<?x4xf32>\n  %s = func.call @priv(%r, %b) : "
                 "(tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n";
    else
      program += "  %s = \"test.broadcastable\"(" + last +
                 ", %c) : (tensor<?x4xf32>, tensor<7x4xf32>) -> "
                 "tensor<?x4xf32>\n";
    program += "  return %s : tensor<?x4xf32>\n}\n";
  }
  auto run = [&](bool keep, unsigned jobs) {
    SessionOptions options = withShapes();
    options.keepFunctionBodies = keep;
    options.jobs = jobs;
    Session session(options);
    REQUIRE(session.addFile("calls.mlir", program));
    REQUIRE(session.analyze());
    CHECK_FALSE(session.summary().noUb()); // %a[0] not in {1, 7}
    return session.text() + session.json();
  };
  std::string kept = run(true, 1);
  CHECK(run(false, 1) == kept);
  CHECK(run(false, 2) == kept);
}

TEST_CASE("freeing the values after lowering changes no text output",
          "[session]") {
  // The text of `check` reads the lowered problems only: names, conditions
  // and witnesses come from them, not from the parsed values.
  const std::string program =
      "func.func @f(%a: tensor<?x4xf32>, %b: tensor<3x?xf32>) -> "
      "tensor<?x?xf32> {\n"
      "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<?x4xf32>, "
      "tensor<3x?xf32>) -> tensor<?x?xf32>\n"
      "  return %0 : tensor<?x?xf32>\n}\n";
  auto run = [&](bool keepValues, bool &freed) {
    SessionOptions options;
    options.keepFunctionBodies = false;
    options.keepFunctionValues = keepValues;
    Session session(options);
    REQUIRE(session.addFile("f.mlir", program));
    REQUIRE(session.analyze());
    CHECK_FALSE(session.summary().noUb());
    const FunctionAnalysis *f = session.function("f");
    REQUIRE(f);
    freed = f->function->values.empty();
    solver::ReportOptions explain;
    explain.explain = true;
    return session.text() + session.text(explain);
  };
  bool freed = false;
  std::string kept = run(true, freed);
  CHECK_FALSE(freed);
  CHECK(run(false, freed) == kept);
  CHECK(freed);
}

TEST_CASE("the JSON's refined types read the types kept when the values go",
          "[session]") {
  // `check --format json` frees the values' names and records as `check`
  // does, keeping each declared type (Function::dropValues); the refined
  // types come out the same, whether the function was freed while it was
  // parsed (two threads) or after its lowering.
  const std::string program =
      "func.func @f(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>, %u: "
      "tensor<*xf32>) -> tensor<?x4xf32> {\n"
      "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<?x4xf32>, "
      "tensor<3x4xf32>) -> tensor<?x4xf32>\n"
      "  %1 = \"test.broadcastable\"(%u, %0) : (tensor<*xf32>, "
      "tensor<?x4xf32>) -> tensor<*xf32>\n"
      "  return %0 : tensor<?x4xf32>\n}\n";
  auto run = [&](bool keepValues, unsigned jobs, bool &dropped) {
    SessionOptions options = withShapes();
    options.keepFunctionBodies = false;
    options.keepFunctionValues = keepValues;
    options.jobs = jobs;
    Session session(options);
    REQUIRE(session.addFile("f.mlir", program));
    REQUIRE(session.analyze());
    const FunctionAnalysis *f = session.function("f");
    REQUIRE(f);
    dropped = f->function->values.empty();
    if (dropped) {
      CHECK(f->function->valueTypes.size() == f->problem->values.size());
      REQUIRE(f->function->declaredType(0));
      CHECK(f->function->declaredType(0)->str() == "tensor<?x4xf32>");
    }
    return session.json();
  };
  bool dropped = false;
  std::string kept = run(true, 1, dropped);
  CHECK_FALSE(dropped);
  CHECK(kept.find("\"tensor<3x4xf32>\"") != std::string::npos); // %0
  CHECK(run(false, 1, dropped) == kept);
  CHECK(dropped);
  CHECK(run(false, 2, dropped) == kept);
  CHECK(dropped);
}

TEST_CASE("static sizes are labelled only when the DOT graph asks",
          "[session]") {
  auto labels = [](bool constants, size_t dim) {
    SessionOptions options;
    options.lowering.labelConstants = constants;
    Session session(options);
    REQUIRE(session.addFile("f.mlir", "func.func @f(%a: tensor<?x4xi32>) {\n"
                                      "  return\n}\n"));
    REQUIRE(session.analyze());
    const solver::Problem &problem = *session.function("f")->problem;
    const solver::ValueInfo &a = problem.values.at(0);
    REQUIRE(a.name.view() == "%a");
    return problem.graph.labels(a.dims.at(dim));
  };
  using Names = std::vector<std::string>;
  CHECK(labels(false, 0) == Names{"%a[0]"}); // a symbol: always
  CHECK(labels(true, 0) == Names{"%a[0]"});
  CHECK(labels(false, 1).empty()); // the constant 4
  CHECK(labels(true, 1) == Names{"%a[1]"});
}

TEST_CASE("a dim keeps its first two names unless every name is asked for",
          "[session]") {
  // What verdicts, shapes and messages read of a dim's names is the first
  // and whether there is another; the DOT graph draws them all.
  auto labels = [](bool all) {
    SessionOptions options;
    options.lowering.allLabels = all;
    Session session(options);
    REQUIRE(session.addFile(
        "f.mlir", "func.func @f(%a: tensor<?x4xi32>) -> tensor<?x4xi32> {\n"
                  "  %0 = \"test.broadcastable\"(%a) : (tensor<?x4xi32>) -> "
                  "tensor<?x4xi32>\n"
                  "  %1 = \"test.broadcastable\"(%0) : (tensor<?x4xi32>) -> "
                  "tensor<?x4xi32>\n"
                  "  return %1 : tensor<?x4xi32>\n}\n"));
    REQUIRE(session.analyze());
    const solver::Problem &problem = *session.function("f")->problem;
    const solver::ValueInfo &a = problem.values.at(0);
    REQUIRE(a.name.view() == "%a");
    REQUIRE(problem.values.at(2).dims.at(0) == a.dims.at(0)); // %1[0]
    return problem.graph.labels(a.dims.at(0));
  };
  using Names = std::vector<std::string>;
  CHECK(labels(true) == Names{"%a[0]", "%0[0]", "%1[0]"});
  CHECK(labels(false) == Names{"%a[0]", "%0[0]"});
}

TEST_CASE("a type mayRefine leaves out is its own refined type", "[session]") {
  // Static tensors, vectors and scalars beside dynamic and unranked
  // tensors whose sizes the program fixes: each value's refined type is
  // its declared one unless mayRefine says it may not be.
  const char *program = R"mlir(
func.func @f(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>, %u: tensor<*xf32>,
             %i: index, %v: vector<4xf32>) -> tensor<?x4xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  %1 = "test.broadcastable"(%0, %b) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = "test.broadcastable"(%u, %b) : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  %3 = "test.broadcastable"(%1, %b) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x4xf32>
}
)mlir";
  Session session(withShapes());
  REQUIRE(session.addFile("f.mlir", program));
  REQUIRE(session.analyze());
  const FunctionAnalysis &fn = session.files().at(0)->functions.at(0);
  REQUIRE(fn.shapes);
  size_t refined = 0, kept = 0;
  for (size_t v = 0; v < fn.function->values.size(); ++v) {
    const Type &declared = fn.function->values[v].type;
    Type type =
        refinedType(declared, fn.problem->values[v], *fn.problem, &*fn.shapes);
    if (!mayRefine(declared)) {
      CHECK(type == declared);
      ++kept;
    } else {
      refined += type != declared;
    }
  }
  CHECK(kept >= 4);    // %b, %i, %v, %1
  CHECK(refined >= 2); // %a and %0 are 3x4, %3 too
}

namespace {
/// A chain of `n` broadcasts of %a with %b, named %<tag>0.. (the last
/// one's name in `last`).
std::string broadcastChain(int n, const std::string &tag, std::string &last) {
  std::string text;
  last = "%a";
  for (int i = 0; i < n; ++i) {
    std::string name = "%" + tag + std::to_string(i);
    text += "  " + name + " = \"test.broadcastable\"(" + last +
            ", %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n";
    last = name;
  }
  return text;
}

const char *kHead = "func.func @f(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, "
                    "%c: tensor<7x4xf32>) -> tensor<?x4xf32> {\n";

/// @f: `before` broadcasts, then `middle`, then `after` broadcasts, a last
/// one against %c (a finding) and the return.
std::string streamProgram(int before, const std::string &middle, int after) {
  std::string last, last2;
  std::string text = kHead + broadcastChain(before, "p", last) + middle;
  std::string rest = broadcastChain(after, "q", last2);
  if (after > 0) {
    rest.replace(rest.find("(%a,"), 4, "(" + last + ",");
    last = last2;
  }
  return text + rest + "  %z = \"test.broadcastable\"(" + last +
         ", %c) : (tensor<?x4xf32>, tensor<7x4xf32>) -> tensor<?x4xf32>\n"
         "  return %z : tensor<?x4xf32>\n}\n";
}

struct StreamRun {
  bool parsed = false, analysed = false;
  std::string output; ///< text, JSON and diagnostics
  size_t streamed = 0;
};

/// Analyses `program` on one thread, or on two with every first function
/// lowered while it is parsed; `lateAssumption` is added after the file.
StreamRun analyseStreamed(const std::string &program, unsigned jobs,
                          const std::string &lateAssumption = "",
                          bool keepValues = true) {
  SessionOptions options = withShapes();
  options.keepFunctionBodies = false;
  options.keepFunctionValues = keepValues;
  options.jobs = jobs;
  options.streamFrom = 0;
  Session session(options);
  StreamRun run;
  run.parsed = session.addFile("stream.mlir", program);
  if (!lateAssumption.empty())
    REQUIRE(session.addAssumption(lateAssumption));
  run.analysed = run.parsed && session.analyze();
  if (run.analysed)
    run.output = session.text() + session.json();
  run.output += session.diagnostics().renderAll();
  run.streamed = session.loweredWhileParsed();
  return run;
}
} // namespace

TEST_CASE("a function lowered while it is parsed gives the output of "
          "lowering it after",
          "[session][stream]") {
  // Over 4096 ops before what stops the stream: whole blocks of ops are
  // freed by then, and the file is parsed again.
  for (int before : {3, 5000}) {
    struct Case {
      const char *what;
      std::string middle;
      std::string tail; ///< after @f
      /// Functions lowered while parsed, on one thread (each whole once it
      /// is parsed) and on two (the first op by op, or whole when that
      /// stopped before any op was freed).
      size_t streamedOne, streamedTwo;
    };
    // Stopped after 5000 ops: whether the lowering had freed a block of
    // them by then (the file is parsed again) depends on timing.
    const size_t eitherWay = SIZE_MAX;
    const size_t unlessFreed = before > 4096 ? eitherWay : 1;
    const std::string op =
        " : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n";
    std::vector<Case> cases = {
        {"nothing stops it", "", "", 1, 1},
        {"a second block",
         "  cf.br ^bb1\n^bb1:\n  %m = \"test.broadcastable\"(%a, %b)" + op, "",
         1, unlessFreed},
        {"a call of a function defined later",
         "  %m = func.call @g(%a, %b)" + op,
         "func.func private @g(%x: "
         "tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {\n"
         "  %0 = \"test.broadcastable\"(%x, %y)" +
             op + "  return %0 : tensor<?x4xf32>\n}\n",
         0, 0},
        {"a value whose type a later use gives",
         "  %u = foo.bar %a\n  %m = \"test.broadcastable\"(%u, %b)" + op, "", 1,
         unlessFreed},
        {"two values of one name in sibling regions",
         "  \"foo.op\"() ({\n  ^bb0(%x: i32):\n    \"foo.yield\"() : () -> ()\n"
         "  }, {\n  ^bb0(%x: i32):\n    \"foo.yield\"() : () -> ()\n  }) : "
         "() -> ()\n",
         "", 1, unlessFreed},
        {"a call of it from a later function", "",
         "func.func @h(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %c: "
         "tensor<7x4xf32>) -> tensor<?x4xf32> {\n  %r = func.call @f(%a, %b, "
         "%c) : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<7x4xf32>) -> "
         "tensor<?x4xf32>\n  return %r : tensor<?x4xf32>\n}\n",
         0, before > 4096 ? 0u : 1u},
    };
    for (const Case &c : cases) {
      INFO(c.what << ", " << before << " ops before");
      std::string program = streamProgram(before, c.middle, 2) + c.tail;
      StreamRun one = analyseStreamed(program, 1);
      StreamRun two = analyseStreamed(program, 2);
      REQUIRE(one.analysed);
      CHECK(one.output.find("ub-possible") != std::string::npos);
      CHECK(two.output == one.output);
      CHECK(one.streamed == c.streamedOne);
      if (c.streamedTwo == eitherWay)
        CHECK(two.streamed <= 1);
      else
        CHECK(two.streamed == c.streamedTwo);
    }
  }
}

namespace {
std::atomic<int> bigRecords{0};
void countBigRecord() { ++bigRecords; }
} // namespace

TEST_CASE("the hook before a big function's values are recorded runs once "
          "per big function, streamed or not",
          "[session][stream]") {
  setBeforeBigRecord(&countBigRecord);
  const size_t big = kBigFunctionValues; // and the arguments, the last op
  for (unsigned jobs : {1u, 2u}) {
    INFO(jobs << " threads");
    bigRecords = 0;
    StreamRun small = analyseStreamed(streamProgram(1000, "", 2), jobs);
    REQUIRE(small.analysed);
    CHECK(bigRecords == 0);
    StreamRun large = analyseStreamed(streamProgram(int(big), "", 2), jobs);
    REQUIRE(large.analysed);
    CHECK(bigRecords == 1);
  }
  setBeforeBigRecord(nullptr);
}

TEST_CASE("values freed before their records, while their function is "
          "parsed or after, change no output",
          "[session][stream]") {
  // The JSON's refined types and the text read the records and the
  // declared types kept (Function::dropValues), not the values.
  for (int before : {3, 5000}) {
    const std::string program = streamProgram(before, "", 2);
    for (unsigned jobs : {1u, 2u}) {
      INFO(before << " ops before, " << jobs << " threads");
      StreamRun kept = analyseStreamed(program, jobs);
      StreamRun freed = analyseStreamed(program, jobs, "", false);
      REQUIRE(kept.analysed);
      CHECK(kept.output.find("ub-possible") != std::string::npos);
      CHECK(freed.output == kept.output);
      CHECK(freed.streamed == kept.streamed);
    }
  }
}

namespace {
/// The function the hook below looks at, and what it saw.
std::atomic<const Function *> watched{nullptr};
std::atomic<int> valuesAtBigRecord{-1};
void watchValues() {
  if (const Function *f = watched.load())
    valuesAtBigRecord = int(f->values.size());
}
} // namespace

TEST_CASE("a released function's values go before its records are made, "
          "which read the types kept",
          "[session][stream]") {
  // The peak of a big function's lowering held its parsed values (72 bytes
  // each) and their new records (56) at once: with releaseValues the
  // values are dropped first, and the records are the same.
  const std::string program =
      streamProgram(int(kBigFunctionValues), "", 2) +
      "func.func @g(%u: tensor<*xf32>, %s: tensor<2x?xf32>) -> "
      "tensor<*xf32> {\n"
      "  %0 = \"test.broadcastable\"(%u, %s) : (tensor<*xf32>, "
      "tensor<2x?xf32>) -> tensor<*xf32>\n"
      "  %n = shape.shape_of %s : tensor<2x?xf32> -> tensor<2xindex>\n"
      "  return %0 : tensor<*xf32>\n}\n";
  SourceManager sources;
  DiagnosticEngine diags(sources);
  uint32_t buffer = sources.addBuffer("big.mlir", program);
  std::optional<Module> kept = parseModule(sources, buffer, diags);
  std::optional<Module> released = parseModule(sources, buffer, diags);
  REQUIRE(kept);
  REQUIRE(released);
  LoweringOptions options;
  setBeforeBigRecord(&watchValues);
  for (size_t k = 0; k < kept->functions.size(); ++k) {
    Function &keep = kept->functions[k];
    Function &release = released->functions[k];
    INFO("@" << keep.name);
    const size_t n = keep.values.size();
    std::vector<bool> used;
    auto plain = lowerFunction(keep, options, diags, used, nullptr, &keep);
    watched = &release;
    valuesAtBigRecord = -1;
    auto early =
        lowerFunction(release, options, diags, used, nullptr, &release, true);
    watched = nullptr;
    REQUIRE(plain);
    REQUIRE(early);
    CHECK(keep.values.size() == n);
    CHECK(release.values.empty());
    CHECK(release.valueTypes.size() == n);
    CHECK(valuesAtBigRecord == (n >= kBigFunctionValues ? 0 : -1));
    REQUIRE(early->values.size() == plain->values.size());
    for (size_t v = 0; v < n; ++v) {
      const solver::ValueInfo &a = plain->values[v], &b = early->values[v];
      INFO(a.name.view());
      CHECK(b.name.view() == a.name.view());
      CHECK(b.type.view() == a.type.view());
      CHECK(b.kind == a.kind);
      CHECK(b.ranked == a.ranked);
      CHECK(b.typeRanked == a.typeRanked);
      CHECK(b.dims == a.dims);
      CHECK(b.scalar == a.scalar);
      using Dims = std::vector<int64_t>;
      CHECK(static_cast<const Dims &>(b.typeDims) ==
            static_cast<const Dims &>(a.typeDims));
    }
  }
  setBeforeBigRecord(nullptr);
  CHECK(kept->functions.size() == 2);
}

TEST_CASE("a stream stopped by a parse error or a late assumption changes no "
          "output",
          "[session][stream]") {
  std::string bad =
      streamProgram(5000, "  %m = \"test.broadcastable\"(%a\n", 2);
  StreamRun one = analyseStreamed(bad, 1), two = analyseStreamed(bad, 2);
  CHECK_FALSE(one.parsed);
  CHECK(one.output.find("stream.mlir:5002:31: error: expected ')'") !=
        std::string::npos);
  CHECK(two.output == one.output);
  // The assumption came after the function was lowered without it.
  std::string good = streamProgram(5000, "", 2);
  StreamRun late = analyseStreamed(good, 2, "%a[0] == 7");
  CHECK(late.streamed == 0);
  CHECK(late.output == analyseStreamed(good, 1, "%a[0] == 7").output);
  CHECK(late.output.find("for example %a[0] = 7,") != std::string::npos);
}

namespace {
/// A public function with one broadcast of its arguments `x` and `y`,
/// whose types are `tx` and `ty`, and `extra` ops before it.
std::string broadcastFunction(const std::string &name, const std::string &tx,
                              const std::string &ty,
                              const std::string &extra = "") {
  return "func.func @" + name + "(%x: " + tx + ", %y: " + ty + ") -> " + tx +
         " {\n" + extra + "  %0 = \"test.broadcastable\"(%x, %y) : (" + tx +
         ", " + ty + ") -> " + tx + "\n  return %0 : " + tx + "\n}\n";
}
} // namespace

TEST_CASE("functions lowered whole once parsed give the output of lowering "
          "them after",
          "[session][stream]") {
  const std::string v = "tensor<?xf32>", seven = "tensor<7xf32>";
  std::string alone = broadcastFunction("a", v, v) +
                      broadcastFunction("b", v, seven) +
                      broadcastFunction("c", seven, v);
  std::string callee = "func.func private @p(%x: tensor<?xf32>) -> "
                       "tensor<?xf32> {\n  return %x : tensor<?xf32>\n}\n";
  std::string callsP = broadcastFunction(
      "d", v, v,
      "  %p = func.call @p(%y) : (tensor<?xf32>) -> tensor<?xf32>\n");
  // A global's load, the global declared after it: its type comes late.
  std::string global =
      "util.func public @e(%x: tensor<?xf32>) -> tensor<?xf32> {\n"
      "  %g = util.global.load @w : tensor<?xf32>\n"
      "  %0 = \"test.broadcastable\"(%x, %g) : (tensor<?xf32>, "
      "tensor<?xf32>) -> tensor<?xf32>\n  util.return %0 : tensor<?xf32>\n}\n"
      "util.global private @w : tensor<5xf32>\n";
  // @f calls @c, lowered (and freed) before the call is read.
  std::string callsLater = broadcastFunction(
      "f", v, seven,
      "  %c = func.call @c(%y, %x) : (tensor<7xf32>, tensor<?xf32>) -> "
      "tensor<7xf32>\n");
  // @g calls @h, parsed after it: @h is not lowered alone.
  std::string callsEarlier =
      broadcastFunction(
          "g", v, v,
          "  %h = func.call @h(%x, %y) : (tensor<?xf32>, tensor<?xf32>) -> "
          "tensor<?xf32>\n") +
      broadcastFunction("h", v, v);
  struct Case {
    const char *what;
    std::string program;
    size_t streamed; ///< lowered while parsed, on one thread
  };
  std::vector<Case> cases = {
      {"functions that lower alone", alone, 3},
      {"a call of a private function", alone + callee + callsP, 3},
      {"a global declared after its load", alone + global, 3},
      {"a call of a function lowered before", alone + callsLater, 0},
      {"a call of a function parsed after", alone + callsEarlier, 3},
  };
  for (const Case &c : cases) {
    INFO(c.what);
    // Bodies kept: nothing is lowered before the parse is over.
    SessionOptions options = withShapes();
    options.keepFunctionBodies = true;
    Session reference(options);
    REQUIRE(reference.addFile("stream.mlir", c.program));
    REQUIRE(reference.analyze());
    CHECK(reference.loweredWhileParsed() == 0);
    std::string expected = reference.text() + reference.json() +
                           reference.diagnostics().renderAll();
    CHECK(expected.find("ub-possible") != std::string::npos);
    StreamRun one = analyseStreamed(c.program, 1);
    StreamRun two = analyseStreamed(c.program, 2);
    CHECK(one.output == expected);
    CHECK(two.output == expected);
    CHECK(one.streamed == c.streamed);
    // On two threads the first is streamed op by op: the count is the same.
    CHECK(two.streamed == c.streamed);
    // Bodies kept (refine), on two threads: lowered while parsed when the
    // file has streamFrom bytes, nothing freed, so no call makes the file
    // parsed again; a smaller file is parsed first, then lowered, as on
    // one thread (a lowering thread beside the parser does not pay there).
    options.jobs = 2;
    REQUIRE(c.program.size() < options.streamFrom);
    for (size_t streamFrom : {options.streamFrom, size_t(0)}) {
      INFO("streamFrom " << streamFrom);
      options.streamFrom = streamFrom;
      Session kept(options);
      REQUIRE(kept.addFile("stream.mlir", c.program));
      REQUIRE(kept.analyze());
      CHECK(kept.text() + kept.json() + kept.diagnostics().renderAll() ==
            expected);
      CHECK(kept.loweredWhileParsed() == (streamFrom == 0 ? 3u : 0u));
    }
  }
}

TEST_CASE("an assumption added after a file whose values were freed as it "
          "was lowered still finds them",
          "[session][stream]") {
  const std::string v = "tensor<?xf32>";
  std::string program =
      broadcastFunction("a", v, v) + broadcastFunction("b", v, v);
  auto run = [&](bool keepValues, unsigned jobs, const std::string &fact) {
    SessionOptions options;
    options.keepFunctionBodies = false;
    options.keepFunctionValues = keepValues;
    options.jobs = jobs;
    Session session(options);
    REQUIRE(session.addFile("late.mlir", program));
    REQUIRE(session.addAssumption(fact));
    bool ok = session.analyze();
    return std::make_pair(ok, session.diagnostics().renderAll() +
                                  (ok ? session.text() : ""));
  };
  // Its error names the values of a function: "has no dim".
  for (const char *fact : {"%x[3] == 2", "%x[0] == 2"})
    for (unsigned jobs : {1u, 2u}) {
      INFO(fact << " on " << jobs << " threads");
      auto kept = run(true, jobs, fact), freed = run(false, jobs, fact);
      CHECK(freed == kept);
      CHECK(kept.first == (std::string(fact) == "%x[0] == 2"));
    }
  CHECK(run(false, 1, "%x[3] == 2").second.find("'%x' has no dim 3") !=
        std::string::npos);
}
