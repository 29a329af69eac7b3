//===- RewriteAgainTest.cpp - refine on a session that kept no ops --------===//
//
// `symshape refine` analyses like `check`, freeing each function's ops once
// it is lowered, and reads the file again to rewrite it: each function's ops
// as the parser hands them on, or, for a function it cannot hand on whole
// (a CFG, a use before its definition), from a second reading. Either way
// the text must be the one a session that kept every op writes.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Rewrite.h"
#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace symshape;
using namespace symshape::frontend;

namespace {

/// rewriteRefined of `text` in a session that keeps its functions' ops or
/// not, after Session::dropFindings when `dropFindings` (as `refine` does
/// without --drop-redundant-checks); nullopt when the text has no analysis.
std::optional<std::string> refinedAgain(const std::string &text, bool keep,
                                        unsigned jobs, bool drop,
                                        RewriteStats *stats = nullptr,
                                        bool dropFindings = false) {
  SessionOptions options;
  options.computeShapes = true;
  options.keepFunctionBodies = keep;
  options.keepFunctionValues = keep;
  options.jobs = jobs;
  Session session(options);
  if (!session.addFile("input.mlir", text) || !session.analyze())
    return std::nullopt;
  if (dropFindings) {
    const solver::Summary before = session.summary();
    session.dropFindings();
    for (const FunctionAnalysis &f : session.files().front()->functions) {
      CHECK(f.problem->obligations.empty());
      CHECK(f.verdicts.findings.empty());
    }
    CHECK(session.summary().noUb() == before.noUb());
  }
  std::string out;
  bool read = rewriteRefined(
      session, *session.files().front(),
      [&](std::string_view piece) { out.append(piece); }, stats, "", drop);
  REQUIRE(read);
  return out;
}

/// The two sessions write the same text; returns it.
std::string sameBothWays(const std::string &text, bool drop = false) {
  RewriteStats keptStats, againStats;
  std::optional<std::string> kept =
      refinedAgain(text, true, 1, drop, &keptStats);
  REQUIRE(kept);
  CHECK(refinedAgain(text, false, 1, drop, &againStats) == kept);
  CHECK(refinedAgain(text, false, 2, drop) == kept);
  if (!drop) { // what `refine` does: the findings go first
    CHECK(refinedAgain(text, false, 2, drop, nullptr, true) == kept);
    CHECK(refinedAgain(text, true, 1, drop, nullptr, true) == kept);
  }
  CHECK(againStats.refinedValues == keptStats.refinedValues);
  CHECK(againStats.castsInserted == keptStats.castsInserted);
  CHECK(againStats.checksDropped == keptStats.checksDropped);
  return *kept;
}

const char *kStraightLine =
    R"(func.func @f(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<?x4xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  %s = shape.shape_of %0 : tensor<?x4xf32> -> tensor<2xindex>
  %c = tensor.cast %0 : tensor<?x4xf32> to tensor<3x4xf32>
  %cast0 = "test.broadcastable"(%c, %b) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  return %cast0 : tensor<?x4xf32>
}
)";

} // namespace

TEST_CASE("refine read again: casts named once the function is read",
          "[rewrite]") {
  std::string out = sameBothWays(kStraightLine);
  // %0 is 3x4 once %a[0] is 1 or 3; the shape_of reads a cast back, named
  // past the %cast0 defined after it; the identity cast goes.
  CHECK(out.find("-> tensor<3x4xf32>\n") != std::string::npos);
  CHECK(out.find("%cast1 = tensor.cast %0 : tensor<3x4xf32> to "
                 "tensor<?x4xf32>\n  %s = shape.shape_of %cast1") !=
        std::string::npos);
  CHECK(out.find("tensor.cast %0 : tensor<?x4xf32> to tensor<3x4xf32>") ==
        std::string::npos);
}

TEST_CASE("refine read again: a CFG, a nested module, a region, a check",
          "[rewrite]") {
  // A second block stops the parser handing the function on: it is read
  // once more, whole.
  std::string cfg = sameBothWays(
      R"(func.func @g(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<?x4xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  cf.br ^bb1
^bb1:
  return %0 : tensor<?x4xf32>
}
)");
  CHECK(cfg.find("-> tensor<3x4xf32>\n") != std::string::npos);
  std::string nested =
      sameBothWays(std::string("module {\n  module @inner {\n") +
                   kStraightLine + "  }\n" + kStraightLine + "}\n");
  CHECK(nested.find("%cast1") != std::string::npos);
  // A region's ops use values defined before their op.
  std::string region = sameBothWays(
      R"(func.func @r(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>, %p: i1) -> tensor<?x4xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  %1 = scf.if %p -> (tensor<?x4xf32>) {
    %2 = "test.broadcastable"(%0, %b) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
    scf.yield %2 : tensor<?x4xf32>
  } else {
    scf.yield %0 : tensor<?x4xf32>
  }
  return %1 : tensor<?x4xf32>
}
)");
  CHECK(region.find("(tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>") !=
        std::string::npos);
  // --drop-redundant-checks reads every op first.
  std::string checks = sameBothWays(
      R"(func.func @k(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>) -> tensor<?x4xf32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
  %sa = shape.shape_of %0 : tensor<?x4xf32> -> tensor<2xindex>
  %sb = shape.shape_of %b : tensor<3x4xf32> -> tensor<2xindex>
  %w = shape.cstr_broadcastable %sa, %sb : tensor<2xindex>, tensor<2xindex>
  return %0 : tensor<?x4xf32>
}
)",
      true);
  CHECK(checks.find("cstr_broadcastable") == std::string::npos);
}

TEST_CASE("refine read again: every golden, op and example input",
          "[rewrite]") {
  namespace fs = std::filesystem;
  fs::path source(SYMSHAPE_SOURCE_DIR);
  size_t compared = 0, changed = 0;
  for (const char *dir : {"tests/golden/seeds", "tests/golden/semantics",
                          "tests/golden/output", "tests/ops", "examples"})
    for (const fs::directory_entry &entry :
         fs::recursive_directory_iterator(source / dir)) {
      if (entry.path().extension() != ".mlir")
        continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      // Split files are refined piece by piece (SplitInputTest).
      if (text.str().find("// -----") != std::string::npos)
        continue;
      INFO(entry.path().string());
      std::optional<std::string> kept =
          refinedAgain(text.str(), true, 1, false);
      if (!kept)
        continue; // an input that is meant to fail
      CHECK(refinedAgain(text.str(), false, 1, false) == kept);
      ++compared;
      changed += *kept != text.str();
    }
  // Enough inputs, and enough of them rewritten, to mean something.
  CHECK(compared > 100);
  CHECK(changed > 20);
}
