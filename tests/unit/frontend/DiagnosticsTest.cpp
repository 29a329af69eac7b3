//===- DiagnosticsTest.cpp - Source locations and rendering ---------------===//

#include "symshape/frontend/Diagnostics.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;

TEST_CASE("line and column of offsets", "[diagnostics]") {
  SourceManager sources;
  uint32_t id = sources.addBuffer("x.mlir", "ab\ncd\n\nefg");
  auto lc = [&](uint32_t offset) {
    LineCol result = sources.lineCol(SourceLoc{id, offset});
    return std::make_pair(result.line, result.col);
  };
  CHECK(lc(0) == std::make_pair(1u, 1u));
  CHECK(lc(2) == std::make_pair(1u, 3u)); // the newline itself
  CHECK(lc(3) == std::make_pair(2u, 1u));
  CHECK(lc(6) == std::make_pair(3u, 1u));
  CHECK(lc(9) == std::make_pair(4u, 3u));
  CHECK(lc(10) == std::make_pair(4u, 4u)); // end of buffer
  CHECK(sources.lineText(SourceLoc{id, 4}) == "cd");
  CHECK(sources.lineText(SourceLoc{id, 6}) == "");
  CHECK(sources.format(SourceLoc{id, 8}) == "x.mlir:4:2");
  CHECK(sources.name(id) == "x.mlir");
  CHECK(sources.numBuffers() == 1);
}

TEST_CASE("diagnostics render with the source line and a caret",
          "[diagnostics]") {
  SourceManager sources;
  uint32_t id = sources.addBuffer("x.mlir", "module {\n  %0 = foo\n}\n");
  DiagnosticEngine diags(sources);
  CHECK_FALSE(diags.hadError());
  diags.error(SourceLoc{id, 16}, "expected ')'");
  diags.emit(SourceLoc{id, 11}, Severity::Note, "see here");
  CHECK(diags.hadError());
  CHECK(diags.renderAll() == "x.mlir:2:8: error: expected ')'\n"
                             "  %0 = foo\n"
                             "       ^\n"
                             "x.mlir:2:3: note: see here\n"
                             "  %0 = foo\n"
                             "  ^\n");
  diags.clear();
  CHECK_FALSE(diags.hadError());
  CHECK(diags.diagnostics().empty());
  CHECK(std::string(severityName(Severity::Warning)) == "warning");
}

TEST_CASE("the caret line keeps tabs so the caret aligns", "[diagnostics]") {
  SourceManager sources;
  uint32_t id = sources.addBuffer("t.mlir", "\t  \tx");
  DiagnosticEngine diags(sources);
  diags.error(SourceLoc{id, 4}, "bad");
  CHECK(diags.render(diags.diagnostics()[0]) ==
        "t.mlir:1:5: error: bad\n\t  \tx\n\t  \t^\n");
}

TEST_CASE("very long lines are shown as a window around the column",
          "[diagnostics]") {
  SourceManager sources;
  std::string line(1000000, 'a');
  line[500000] = 'X';
  uint32_t id = sources.addBuffer("long.mlir", line + "\n");
  DiagnosticEngine diags(sources);
  diags.error(SourceLoc{id, 500000}, "here");
  std::string out = diags.renderAll();
  CHECK(out.size() < 600);
  CHECK(out.rfind("long.mlir:1:500001: error: here\n...", 0) == 0);
  // The caret sits under the X.
  size_t lineStart = out.find('\n') + 1;
  size_t caretStart = out.find('\n', lineStart) + 1;
  size_t xCol = out.find('X', lineStart) - lineStart;
  size_t caretCol = out.find('^', caretStart) - caretStart;
  CHECK(xCol == caretCol);
}

TEST_CASE("a location at the end of a buffer renders", "[diagnostics]") {
  SourceManager sources;
  uint32_t id = sources.addBuffer("e.mlir", "");
  DiagnosticEngine diags(sources);
  diags.error(SourceLoc{id, 0}, "empty");
  CHECK(diags.renderAll() == "e.mlir:1:1: error: empty\n\n^\n");
}
