//===- SplitInputTest.cpp - `// -----` chunks keep their line numbers -----===//

#include "symshape/driver/SplitInput.h"
#include "../frontend/ParseHelpers.h"
#include "symshape/driver/Session.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;
using namespace symshape::frontend::test;

TEST_CASE("a file splits at every line holding the marker", "[split]") {
  std::vector<InputChunk> chunks =
      splitInputFile("a\nb\n// -----\nc\n  // -----  trailing\n\n// ----- \n");
  REQUIRE(chunks.size() == 4);
  CHECK(chunks[0].text == "a\nb\n");
  CHECK(chunks[0].firstLine == 1);
  CHECK(chunks[1].text == "c\n");
  CHECK(chunks[1].firstLine == 4);
  CHECK(chunks[2].text == "\n");
  CHECK(chunks[2].firstLine == 6);
  CHECK(chunks[3].text.empty());
  CHECK(chunks[3].firstLine == 8);

  chunks = splitInputFile("no marker, no newline");
  REQUIRE(chunks.size() == 1);
  CHECK(chunks[0].text == "no marker, no newline");
  CHECK(splitInputFile("").size() == 1);
  // Near misses are ordinary comments.
  CHECK(splitInputFile("// ----\n//-----\n").size() == 1);
}

TEST_CASE("a buffer's first line number shifts every location",
          "[split][diagnostics]") {
  SourceManager sources;
  uint32_t id = sources.addBuffer("x.mlir", "ab\ncd", 40);
  CHECK(sources.format(SourceLoc{id, 0}) == "x.mlir:40:1");
  CHECK(sources.format(SourceLoc{id, 4}) == "x.mlir:41:2");
  CHECK(sources.lineText(SourceLoc{id, 4}) == "cd");
  DiagnosticEngine diags(sources);
  diags.error(SourceLoc{id, 3}, "bad");
  CHECK(diags.renderAll() == "x.mlir:41:1: error: bad\ncd\n^\n");
}

TEST_CASE("errors in a chunk point at the file's lines", "[split][parser]") {
  std::string file = "func.func @a() {\n  return\n}\n"
                     "// -----\n"
                     "func.func @b() {\n  %0 = \"x\"(\n}\n";
  std::vector<InputChunk> chunks = splitInputFile(file);
  REQUIRE(chunks.size() == 2);
  SourceManager sources;
  DiagnosticEngine diags(sources);
  uint32_t first = sources.addBuffer("f.mlir", chunks[0].text, 1);
  CHECK(parseModule(sources, first, diags));
  uint32_t second =
      sources.addBuffer("f.mlir", chunks[1].text, chunks[1].firstLine);
  CHECK_FALSE(parseModule(sources, second, diags));
  REQUIRE(diags.diagnostics().size() == 1);
  CHECK(sources.format(diags.diagnostics()[0].loc) == "f.mlir:6:12");
}

TEST_CASE("a session reads the chunks that parse and reports the others",
          "[split][session]") {
  Session session{SessionOptions()};
  std::string errors;
  CHECK_FALSE(addSplitFile(session, "f.mlir",
                           "func.func @a() {\n  return\n}\n"
                           "// -----\n"
                           "func.func @b() {\n  %0 = \"x\"(\n}\n"
                           "// -----\n"
                           "func.func @a() {\n  return\n}\n",
                           errors));
  CHECK(errors == "f.mlir:6:12: error: expected ')'\n  %0 = \"x\"(\n"
                  "           ^\n");
  CHECK(session.files().size() == 2); // @a twice: one per chunk
  CHECK_FALSE(session.diagnostics().hadError());
  CHECK(session.analyze());
}
