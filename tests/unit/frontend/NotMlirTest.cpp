//===- NotMlirTest.cpp - Input that is not MLIR text, through Session ----===//
//
// SPEC 1: text that is not MLIR (no op, no function, a bare word) is bad
// input, never an empty module that passes as safe; only an empty file or
// a module without ops is empty. MLIR bytecode is one error saying how to
// print it as text. The library (Session) says so as the CLI does.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <string>

using namespace symshape::frontend;

namespace {

/// The first error of adding `text`, or "" when it was accepted.
std::string addError(const std::string &text, const std::string &name = "x") {
  Session session{SessionOptions()};
  if (session.addFile(name, text) && session.analyze())
    return "";
  return session.diagnostics().renderAll();
}

} // namespace

TEST_CASE("text that is not MLIR is an error", "[not-mlir]") {
  const std::string notMlir =
      "': this is not MLIR text (an operation here is 'module', "
      "'func.func' or 'dialect.op')\n";
  CHECK(addError("hello world\n") ==
        "x:1:1: error: expected an operation, found 'hello" + notMlir +
            "hello world\n^\n");
  CHECK(addError("xxxx") == "x:1:1: error: expected an operation, found "
                            "'xxxx" +
                                notMlir + "xxxx\n^\n");
  // Inside a module, and after a result list.
  CHECK(addError("module {\n  %0 = hello\n}\n") ==
        "x:2:8: error: expected an operation, found 'hello" + notMlir +
            "  %0 = hello\n       ^\n");
  // A word that only looks qualified.
  CHECK(addError("Hello. world") != "");
  CHECK(addError(".x y") != "");
  // A dotted first word followed by words alone (or by nothing) is prose
  // too: no op of any dialect looks like that (mlir-opt: "Dialect `foo'
  // not found for custom op").
  const std::string wordsAlone =
      "': this is not MLIR text (an op has operands, a symbol, types, "
      "attributes or a region, not words alone)\n";
  CHECK(addError("foo.bar baz\n") ==
        "x:1:1: error: expected an operation, found 'foo.bar baz" + wordsAlone +
            "foo.bar baz\n^\n");
  CHECK(addError("hello.world") ==
        "x:1:1: error: expected an operation, found 'hello.world" + wordsAlone +
            "hello.world\n^\n");
  CHECK(addError("the.quick brown fox jumps\n") ==
        "x:1:1: error: expected an operation, found 'the.quick brown fox "
        "jumps" +
            wordsAlone + "the.quick brown fox jumps\n^\n");
  CHECK(addError("module { foo.bar baz }\n") ==
        "x:1:10: error: expected an operation, found 'foo.bar baz" +
            wordsAlone + "module { foo.bar baz }\n         ^\n");
  CHECK(addError("// prose\nthe.quick brown fox\njumps over\n") ==
        "x:2:1: error: expected an operation, found 'the.quick brown fox" +
            wordsAlone + "the.quick brown fox\n^\n");
  // A long word is quoted in part.
  std::string word(1 << 20, 'x');
  std::string error = addError(word);
  CHECK(error.rfind("x:1:1: error: expected an operation, found '" +
                        std::string(40, 'x') + "...'",
                    0) == 0);
}

TEST_CASE("an empty file or a module without ops is empty", "[not-mlir]") {
  for (const char *text : {"", "\n\n", "// a comment\n", "module {\n}\n",
                           "module @m attributes {x.y = 1} {}\n",
                           "#map = affine_map<(d0) -> (d0)>\n"}) {
    Session session{SessionOptions()};
    INFO(text);
    REQUIRE(session.addFile("x", text));
    REQUIRE(session.analyze());
    CHECK(session.files()[0]->functions.empty());
  }
}

TEST_CASE("an op outside any function is listed as opaque, not dropped",
          "[not-mlir]") {
  // Ops of a dialect outside a function are read, not mistaken for prose;
  // symshape does not analyse them, so the file's report lists them (a
  // util.global is read: its type is the type of its loads).
  Session session{SessionOptions()};
  REQUIRE(session.addFile("x", "foo.bar @x {\n  \"foo.op\"() : () -> ()\n}\n"
                               "foo.baz @y : tensor<4xf32>\n"
                               "util.global private @g : tensor<4xf32>\n"
                               "func.func @f() {\n  return\n}\n"));
  REQUIRE(session.analyze());
  const std::vector<SkippedOp> &opaque = session.files()[0]->module.skipped;
  REQUIRE(opaque.size() == 2);
  CHECK(opaque[0].op == "foo.bar");
  CHECK(opaque[0].reason.rfind("a function-like op", 0) == 0);
  CHECK(opaque[1].op == "foo.baz");
  CHECK(session.sources().format(opaque[1].loc) == "x:4:1");
  CHECK(opaque[1].reason == "an op outside any function: not analysed "
                            "(symshape reads func.func, util.func and "
                            "util.global there)");
  // Reported as coverage; --require-coverage makes each an error.
  CHECK(session.text() == "symshape: 2 ops opaque: foo.bar (1), foo.baz "
                          "(1)\nsymshape: 0 obligations: 0 safe, 0 "
                          "ub-possible, 0 ub-guaranteed, 0 error, 0 "
                          "unreachable, 0 unknown\n");
  symshape::solver::ReportOptions coverage;
  coverage.requireCoverage = true;
  CHECK(session.reportSummary(coverage).total() == 2);
}

TEST_CASE("MLIR bytecode is one error that says how to print text",
          "[not-mlir]") {
  std::string bytecode("ML\xefR\x01MLIR16.0.6\x00\x01\x1b[2J", 20);
  CHECK(addError(bytecode, "model.mlirbc") ==
        "model.mlirbc:1:1: error: this is MLIR bytecode, not text: print it "
        "as text with 'mlir-opt model.mlirbc -o model.mlir', then check "
        "model.mlir\n");
  CHECK(addError(bytecode, "<stdin>") ==
        "<stdin>:1:1: error: this is MLIR bytecode, not text: print it as "
        "text with 'mlir-opt FILE.mlirbc -o FILE.mlir', then check "
        "FILE.mlir\n");
}

TEST_CASE("progress is reported inside one function", "[progress]") {
  // One function, many obligations: the "obligations judged" count rises
  // to the total while the function count is still 0 of 1.
  std::string text = "func.func @f(%a: tensor<?xf32>";
  for (int k = 0; k < 20; ++k)
    text += ", %b" + std::to_string(k) + ": tensor<?xf32>";
  text += ") {\n";
  for (int k = 0; k < 20; ++k)
    text += "  %" + std::to_string(k) + " = \"tosa.add\"(%a, %b" +
            std::to_string(k) +
            ") : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>\n";
  text += "  return\n}\n";
  SessionOptions options;
  size_t calls = 0, last = 0, total = 0, functionsJudged = 0;
  bool insideFunction = false;
  options.progress = [&](const char *phase, size_t done, size_t of) {
    std::string name = phase;
    if (name == "judging")
      functionsJudged = done;
    if (name != "obligations judged")
      return;
    ++calls;
    CHECK(done > last);
    last = done;
    total = of;
    insideFunction = insideFunction || (functionsJudged == 0 && done < of);
  };
  Session session(options);
  REQUIRE(session.addFile("x", text));
  REQUIRE(session.analyze());
  size_t obligations =
      session.files()[0]->functions[0].problem->obligations.size();
  CHECK(obligations >= 40);
  CHECK(total == obligations);
  CHECK(last == obligations);
  CHECK(calls >= 20); // once per op at least
  CHECK(insideFunction);
  CHECK(functionsJudged == 1);
}

TEST_CASE("progress names the step a function is in", "[progress]") {
  // A function can spend seconds past its last obligation (its contract,
  // its shapes): each step is reported as it starts.
  std::string text = "func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) {\n"
                     "  %0 = \"tosa.add\"(%a, %b) : (tensor<?xf32>, "
                     "tensor<?xf32>) -> tensor<?xf32>\n  return\n}\n";
  SessionOptions options;
  options.computeShapes = true;
  options.jobs = 1;
  std::vector<std::string> steps;
  options.progress = [&](const char *phase, size_t done, size_t of) {
    std::string name = phase;
    if (name.rfind("step: ", 0) != 0)
      return;
    CHECK(done == 0);
    CHECK(of == 0);
    steps.push_back(name.substr(6));
  };
  Session session(options);
  REQUIRE(session.addFile("x", text));
  REQUIRE(session.analyze());
  CHECK(steps == std::vector<std::string>{"verdicts", "contract", "shapes"});
}
