//===- LocationReportTest.cpp - Findings at the exporter's positions ------===//
//
// The reports of ops whose loc(...) names the exporter's source: text,
// JSON and SARIF under each --loc mode, opaque ops, calls into a private
// function, several files, and names that a terminal would act on.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

#include <memory>

using namespace symshape;
using namespace symshape::frontend;

namespace {

std::unique_ptr<Session> analyse(const std::string &text,
                                 const std::string &name = "x.mlir") {
  auto session = std::make_unique<Session>(SessionOptions());
  REQUIRE(session->addFile(name, text));
  REQUIRE(session->analyze());
  return session;
}

solver::ReportOptions mode(solver::LocationMode locations) {
  solver::ReportOptions options;
  options.locations = locations;
  return options;
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

// A private function called from @main; the cast inside it and the call
// carry torch-mlir-style positions, the opaque op a name only.
const char *kCalls =
    R"mlir(func.func @main(%a: tensor<?xf32>) -> tensor<4xf32> {
  %0 = call @g(%a) : (tensor<?xf32>) -> tensor<4xf32> loc("model.py":30:4)
  %1 = "foo.bar"(%a) : (tensor<?xf32>) -> tensor<?xf32> loc("opaque.py":7:1)
  %2 = "foo.baz"(%a) : (tensor<?xf32>) -> tensor<?xf32> loc("just_a_name")
  return %0 : tensor<4xf32>
}
func.func private @g(%x: tensor<?xf32>) -> tensor<4xf32> {
  %0 = tensor.cast %x : tensor<?xf32> to tensor<4xf32> loc(callsite("layers.py":12:8 at "model.py":20:0))
  return %0 : tensor<4xf32>
}
)mlir";

} // namespace

TEST_CASE("text: the exporter's position, the MLIR op, the callers",
          "[locations]") {
  auto session = analyse(kCalls);
  std::string both = session->text();
  INFO(both);
  CHECK(contains(
      both, "layers.py:12:8: warning: the cast of %x[0] to 4 "
            "(dim 0) can fail at runtime [cast, ub-possible, tensor.cast]\n"
            "x.mlir:8:8: note: MLIR op 'tensor.cast'\n"
            "  %0 = tensor.cast %x"));
  CHECK(contains(both, "       ^\n"
                       "model.py:20:0: note: called from\n"
                       "layers.py:12:8: note: UB exactly when %a[0] != 4\n"));
  // The call from @main at its MLIR position, with its own loc(...).
  CHECK(contains(both, "x.mlir:2:8: note: called from @main at "
                       "model.py:30:4\n"));

  std::string source = session->text(mode(solver::LocationMode::Source));
  INFO(source);
  CHECK(contains(
      source, "[cast, ub-possible, tensor.cast]\nmodel.py:20:0: note: called "
              "from\nlayers.py:12:8: note: UB exactly when"));
  CHECK(contains(source, "model.py:30:4: note: called from @main\n"));
  CHECK(!contains(source, "MLIR op"));

  std::string mlir = session->text(mode(solver::LocationMode::Mlir));
  INFO(mlir);
  CHECK(contains(mlir, "x.mlir:8:8: warning: the cast of"));
  CHECK(contains(mlir, "x.mlir:2:8: note: called from @main\n"));
  CHECK(!contains(mlir, "layers.py:"));
  CHECK(!contains(mlir, "model.py:"));
}

TEST_CASE("JSON: source fields on findings and opaque ops, none under "
          "--loc=mlir",
          "[locations]") {
  auto session = analyse(kCalls);
  std::string json = session->json();
  INFO(json);
  CHECK(contains(json, "{\"loc\": \"x.mlir:8:8\", \"source_loc\": "
                       "\"layers.py:12:8\", \"source_stack\": "
                       "[\"model.py:20:0\"], \"op\": \"tensor.cast\""));
  CHECK(contains(json, "{\"loc\": \"x.mlir:3:8\", \"source_loc\": "
                       "\"opaque.py:7:1\", \"op\": \"foo.bar\""));
  // A name alone places nothing: a name, no position.
  CHECK(contains(json, "{\"loc\": \"x.mlir:4:8\", \"source_name\": "
                       "\"just_a_name\", \"op\": \"foo.baz\""));
  std::string plain = session->json(mode(solver::LocationMode::Mlir));
  CHECK(!contains(plain, "source_"));
}

TEST_CASE("SARIF: a column 0 or line 0 of the exporter is left out",
          "[locations]") {
  auto session =
      analyse(R"mlir(func.func @f(%a: tensor<?xf32>) -> tensor<4xf32> {
  %0 = tensor.cast %a : tensor<?xf32> to tensor<4xf32> loc("/abs/model.py":20:0)
  return %0 : tensor<4xf32>
}
func.func @g(%a: tensor<?xf32>) -> tensor<4xf32> {
  %0 = tensor.cast %a : tensor<?xf32> to tensor<4xf32> loc("m.py":0:0)
  return %0 : tensor<4xf32>
}
)mlir");
  std::string sarif = session->sarif();
  INFO(sarif);
  CHECK(contains(sarif, R"("uri": "file:///abs/model.py"
                },
                "region": {
                  "startLine": 20
                })"));
  CHECK(contains(sarif, R"("uri": "m.py"
                }
              })"));
  std::string plain = session->sarif(mode(solver::LocationMode::Mlir));
  CHECK(!contains(plain, "model.py"));
  CHECK(!contains(plain, "relatedLocations"));
}

TEST_CASE("each file resolves its own locations", "[locations]") {
  auto session = std::make_unique<Session>(SessionOptions());
  // The same alias name in two files means two positions.
  for (const char *name : {"a.mlir", "b.mlir"})
    REQUIRE(session->addFile(
        name, std::string("func.func @") + name[0] +
                  "(%a: tensor<?xf32>) -> tensor<4xf32> {\n"
                  "  %0 = tensor.cast %a : tensor<?xf32> to tensor<4xf32> "
                  "loc(#loc1)\n"
                  "  return %0 : tensor<4xf32>\n}\n#loc1 = loc(\"" +
                  name[0] + ".py\":1:1)\n"));
  REQUIRE(session->analyze());
  std::string text = session->text(mode(solver::LocationMode::Source));
  INFO(text);
  CHECK(contains(text, "a.py:1:1: warning"));
  CHECK(contains(text, "b.py:1:1: warning"));
}

TEST_CASE("names a terminal would act on are escaped", "[locations]") {
  auto session =
      analyse("func.func @f(%a: tensor<?xf32>) -> tensor<4xf32> {\n"
              "  %0 = tensor.cast %a : tensor<?xf32> to "
              "tensor<4xf32> loc(\"\\1B[2Jm.py\"(\"\\1B]0;x\":1:1))\n"
              "  return %0 : tensor<4xf32>\n}\n");
  std::string text = session->text();
  INFO(text);
  CHECK(!contains(text, "\x1b"));
  CHECK(contains(text, "\\x1b]0;x:1:1: warning"));
  CHECK(contains(text, "MLIR op 'tensor.cast' (\\x1b[2Jm.py)"));
}
