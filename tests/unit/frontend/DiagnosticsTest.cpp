//===- DiagnosticsTest.cpp - Source locations and rendering ---------------===//

#include "symshape/frontend/Diagnostics.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <unistd.h>

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
  // lineCol gives the line's text too, from the same search.
  for (uint32_t offset = 0; offset <= 10; ++offset) {
    std::string_view line = "unset";
    LineCol both = sources.lineCol(SourceLoc{id, offset}, &line);
    CHECK(line == sources.lineText(SourceLoc{id, offset}));
    CHECK(both.line == lc(offset).first);
    CHECK(both.col == lc(offset).second);
  }
  CHECK(sources.format(SourceLoc{id, 8}) == "x.mlir:4:2");
  CHECK(sources.name(id) == "x.mlir");
  CHECK(sources.numBuffers() == 1);
}

TEST_CASE("line and column of offsets asked in any order, of two buffers",
          "[diagnostics]") {
  // lineCol tries the line of its last answer first: forward, backward,
  // skipping and alternating buffers must all give the plain count.
  SourceManager sources;
  std::string a, b;
  for (int i = 0; i < 40; ++i)
    a += std::string(size_t(i % 5), 'x') + "\n";
  for (int i = 0; i < 7; ++i)
    b += std::string(size_t(i * 3), 'y') + "\n";
  uint32_t ia = sources.addBuffer("a.mlir", a), ib = sources.addBuffer("b", b);
  auto expected = [](const std::string &text, uint32_t offset) {
    uint32_t line = 1, col = 1;
    for (uint32_t k = 0; k < offset; ++k)
      if (text[k] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    return std::make_pair(line, col);
  };
  std::vector<std::pair<uint32_t, uint32_t>> asks; // (buffer, offset)
  for (uint32_t o = 0; o <= a.size(); ++o)
    asks.push_back({ia, o});
  for (uint32_t o = uint32_t(a.size()) + 1; o-- > 0;)
    asks.push_back({ia, o});
  for (uint32_t o = 0; o <= a.size(); o += 7) {
    asks.push_back({ia, o});
    asks.push_back({ib, uint32_t(o % (b.size() + 1))});
  }
  for (auto [buffer, offset] : asks) {
    LineCol got = sources.lineCol(SourceLoc{buffer, offset});
    INFO("buffer " << buffer << ", offset " << offset);
    CHECK(std::make_pair(got.line, got.col) ==
          expected(buffer == ia ? a : b, offset));
  }
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

TEST_CASE("bytes a terminal would act on are escaped", "[diagnostics]") {
  // Control characters, DEL, bytes that are not UTF-8, a C1 control and a
  // bidirectional override; printable UTF-8 stays as it is.
  CHECK(escapeNonPrintable("a\x1b[2Jb") == "a\\x1b[2Jb");
  CHECK(escapeNonPrintable(std::string("n\0l", 3)) == "n\\x00l");
  CHECK(escapeNonPrintable("\x7f"
                           "ELF\x02") == "\\x7fELF\\x02");
  CHECK(escapeNonPrintable("ML\xefR") == "ML\\xefR");
  CHECK(escapeNonPrintable("\xc2\x9b"
                           "1m") == "\\xc2\\x9b1m");
  CHECK(escapeNonPrintable("x\xe2\x80\xaey") == "x\\xe2\\x80\\xaey");
  CHECK(escapeNonPrintable("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80") ==
        "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80");
  CHECK(escapeNonPrintable("\xed\xa0\x80") == "\\xed\\xa0\\x80"); // surrogate
  CHECK(escapeNonPrintable("\xc3") == "\\xc3");                   // cut short
  CHECK(escapeNonPrintable("a\tb\nc") == "a\tb\nc");
  CHECK(escapeNonPrintable("a\tb", /*keepTabs=*/false) == "a\\x09b");
  // Escaping twice changes nothing.
  std::string once = escapeNonPrintable("\x01\x80\xff");
  CHECK(escapeNonPrintable(once) == once);
}

TEST_CASE("escaping reads eight bytes at a time as it would read one",
          "[diagnostics]") {
  // Every length to 40 and every position of one byte of each kind in a
  // printable text, against a byte-by-byte reading of the same rule.
  auto plainByte = [](unsigned char c) { return c >= 0x20 && c < 0x7f; };
  const unsigned char odd[] = {0x00, 0x09, 0x0a, 0x1f, 0x7f,
                               0x80, 0xc3, 0xff, 0x20, 0x7e};
  size_t wrong = 0, cases = 0;
  for (size_t length = 0; length <= 40; ++length)
    for (size_t at = 0; at <= length; ++at)
      for (unsigned char c : odd) {
        std::string text(length, 'a');
        for (size_t k = 0; k < length; ++k)
          text[k] = char(0x20 + (k * 7) % 0x5f); // printable, all kinds
        if (at < length)
          text[at] = char(c);
        bool plain = true;
        for (unsigned char b : text)
          plain = plain && (plainByte(b) || b == '\n' || b == '\t');
        std::string escaped;
        for (size_t k = 0; k < text.size(); ++k) {
          auto b = static_cast<unsigned char>(text[k]);
          if (plainByte(b) || b == '\n' || b == '\t') {
            escaped += text[k];
          } else { // no UTF-8 here: a lone byte of 0x80 and more is escaped
            static const char digits[] = "0123456789abcdef";
            escaped += "\\x";
            escaped += digits[b >> 4];
            escaped += digits[b & 15];
          }
        }
        ++cases;
        wrong += isPlainText(text) != plain;
        wrong += escapeNonPrintable(text) != escaped;
        std::string appended = "head ";
        appendEscaped(appended, text);
        wrong += appended != "head " + escaped;
      }
  CHECK(cases > 8000);
  CHECK(wrong == 0);
  // UTF-8 is not plain text, though escaping keeps it.
  CHECK_FALSE(isPlainText("caf\xc3\xa9"));
  CHECK(isPlainText("a\tb\nc"));
  CHECK(isPlainText(""));
}

TEST_CASE("diagnostics escape the source line and keep the caret under the "
          "column",
          "[diagnostics]") {
  SourceManager sources;
  uint32_t id = sources.addBuffer("b\x1b.mlir", std::string("\x7f"
                                                            "E\0\xc3\xa9x",
                                                            6));
  DiagnosticEngine diags(sources);
  diags.error(SourceLoc{id, 5}, "unexpected \x1b[31m");
  // DEL and NUL take four places each, the two-byte 'é' one.
  CHECK(diags.renderAll() == "b\\x1b.mlir:1:6: error: unexpected \\x1b[31m\n"
                             "\\x7fE\\x00\xc3\xa9x\n"
                             "          ^\n");
}

TEST_CASE("a diagnostic without its source line", "[diagnostics]") {
  SourceManager sources;
  uint32_t id = sources.addBuffer("m.mlirbc", "ML\xefR\x00\x01");
  DiagnosticEngine diags(sources);
  diags.emit(SourceLoc{id, 0}, Severity::Error, "bytecode", false);
  CHECK(diags.renderAll() == "m.mlirbc:1:1: error: bytecode\n");
}

TEST_CASE("a mapped file reads the same once its pages are forgotten",
          "[diagnostics]") {
  // Three pages and more of numbered lines, in a file of its own.
  std::string text;
  for (int k = 0; text.size() < 3 * 4096 + 100; ++k)
    text += "line " + std::to_string(k) + "\n";
  char path[] = "/tmp/symshape-mapped-XXXXXX";
  int fd = ::mkstemp(path);
  REQUIRE(fd >= 0);
  REQUIRE(::write(fd, text.data(), text.size()) == ssize_t(text.size()));
  std::optional<SourceText> mapped = SourceText::mapFile(fd, text.size());
  ::close(fd);
  ::unlink(path); // the mapping keeps the bytes
  REQUIRE(mapped);
  CHECK(mapped->mapped());
  CHECK_FALSE(SourceText(text).mapped());
  CHECK_FALSE(SourceText::mapFile(-1, 10));

  SourceManager sources;
  uint32_t id = sources.addBuffer("m.mlir", *mapped);
  CHECK(sources.buffer(id) == text);
  SourceLoc last{id, uint32_t(text.size() - 2)};
  std::string lastLine(sources.lineText(last));
  CHECK(lastLine.rfind("line ", 0) == 0);
  sources.forgetBefore(id, text.size()); // every page goes back
  CHECK(sources.buffer(id) == text);
  CHECK(sources.lineText(last) == lastLine);
  size_t at = 4096 + 7, lineStart = text.rfind('\n', at - 1) + 1;
  std::string expected =
      "m.mlir:" +
      std::to_string(std::count(text.begin(), text.begin() + at, '\n') + 1) +
      ":" + std::to_string(at - lineStart + 1);
  CHECK(sources.format(SourceLoc{id, uint32_t(at)}) == expected);
  // A copy shares the mapping, which outlives the manager.
  SourceText copy = sources.text(id);
  sources = SourceManager();
  CHECK(copy.view() == text);
}
