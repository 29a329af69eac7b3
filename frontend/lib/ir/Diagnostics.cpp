//===- Diagnostics.cpp - Positioned compiler-style messages ---------------===//

#include "symshape/frontend/Diagnostics.h"

#include <cstdint>
#include <cstring>

#include <algorithm>
#include <utility>
#include <vector>

namespace symshape::frontend {

/// Source lines longer than this are shown as a window around the column.
static constexpr size_t kMaxShownLine = 200;

const char *severityName(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

/// The length of the printable character that starts at text[i] (1 for
/// printable ASCII, 2 to 4 for a well-formed UTF-8 sequence), or 0 when the
/// byte there must be escaped: a control character, DEL, a byte that does
/// not start a well-formed sequence, a C1 control (U+0080..U+009F, which
/// some terminals obey) or a bidirectional override (U+202A..U+202E,
/// U+2066..U+2069, which reorder what is shown).
static size_t printableLength(std::string_view text, size_t i) {
  auto byte = [&](size_t k) -> unsigned {
    return k < text.size() ? static_cast<unsigned char>(text[k]) : 0;
  };
  unsigned c = byte(i);
  if (c < 0x80)
    return c >= 0x20 && c != 0x7f ? 1 : 0;
  auto cont = [&](size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
    unsigned b = byte(k);
    return b >= lo && b <= hi;
  };
  if (c >= 0xC2 && c <= 0xDF) {
    if (!cont(i + 1) || (c == 0xC2 && byte(i + 1) <= 0x9F))
      return 0;
    return 2;
  }
  if (c >= 0xE0 && c <= 0xEF) {
    unsigned lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    if (!cont(i + 1, lo, hi) || !cont(i + 2))
      return 0;
    unsigned point =
        ((c & 0x0F) << 12) | ((byte(i + 1) & 0x3F) << 6) | (byte(i + 2) & 0x3F);
    if ((point >= 0x202A && point <= 0x202E) ||
        (point >= 0x2066 && point <= 0x2069))
      return 0;
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    unsigned lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

/// `\xNN` for one byte.
static void appendEscapedByte(std::string &out, unsigned char c) {
  static const char digits[] = "0123456789abcdef";
  out += "\\x";
  out += digits[c >> 4];
  out += digits[c & 15];
}

std::string escapeNonPrintable(std::string_view text, bool keepTabs) {
  std::string out;
  out.reserve(text.size());
  appendEscaped(out, text, keepTabs);
  return out;
}

/// Where the run of printable ASCII (0x20-0x7e) that starts at `i` ends,
/// read eight bytes at a time: a report is megabytes of it.
static size_t printableRunEnd(std::string_view text, size_t i) {
  constexpr uint64_t kOnes = 0x0101010101010101, kHighs = 0x8080808080808080;
  for (uint64_t word; i + 8 <= text.size(); i += 8) {
    std::memcpy(&word, text.data() + i, 8);
    // A byte below 0x20, or above 0x7e (bit twiddling's "hasless" and
    // "hasmore", exact for these bounds): then the run ends in this word.
    if ((((word - kOnes * 0x20) & ~word) | ((word + kOnes) | word)) & kHighs)
      break;
  }
  while (i < text.size() && text[i] >= 0x20 && text[i] < 0x7f)
    ++i;
  return i;
}

bool isPlainText(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    i = printableRunEnd(text, i);
    if (i < text.size() && text[i] != '\n' && text[i] != '\t')
      return false;
  }
  return true;
}

void appendEscaped(std::string &out, std::string_view text, bool keepTabs) {
  for (size_t i = 0; i < text.size();) {
    // Runs of printable ASCII (nearly every message) are copied whole.
    size_t run = printableRunEnd(text, i);
    if (run > i) {
      out.append(text.substr(i, run - i));
      i = run;
      continue;
    }
    char c = text[i];
    if (c == '\n' || (keepTabs && c == '\t')) {
      out += c;
      ++i;
      continue;
    }
    size_t n = printableLength(text, i);
    if (n == 0) {
      appendEscapedByte(out, static_cast<unsigned char>(c));
      ++i;
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
}

/// Error messages quote source text (a type, a token); a quote of a
/// malformed type can run over many lines. One line per message, and
/// errors longer than this keep their head and tail around " ... ".
static constexpr size_t kMaxErrorMessage = 320;

/// Where to cut `text` at or before `at` without splitting a UTF-8 sequence.
static size_t cutPoint(const std::string &text, size_t at) {
  while (at > 0 && at < text.size() &&
         (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80)
    --at;
  return at;
}

void DiagnosticEngine::emit(SourceLoc loc, Severity severity,
                            std::string message, bool showSource) {
  for (char &c : message)
    if (c == '\n' || c == '\r' || c == '\t' || c == '\v' || c == '\f')
      c = ' ';
  if (severity == Severity::Error && message.size() > kMaxErrorMessage) {
    size_t head = cutPoint(message, 200);
    size_t tail = cutPoint(message, message.size() - 100);
    message = message.substr(0, head) + " ... " + message.substr(tail);
  }
  message = escapeNonPrintable(message, /*keepTabs=*/false);
  if (severity == Severity::Error)
    ++numErrors;
  diags.push_back(Diagnostic{loc, severity, std::move(message), showSource});
}

void DiagnosticEngine::clear() {
  diags.clear();
  numErrors = 0;
}

/// How far before the column, in bytes, shownWindow looks at the line: a
/// character is at most 4 bytes and takes at least one place, so this many
/// bytes hold more than kMaxShownLine + 4 places.
static constexpr size_t kWindowReach = 4 * (kMaxShownLine + 8);

/// The bytes [begin, end) of `line` to show: the whole line when it takes
/// at most kMaxShownLine places once escaped, else a window of that many
/// places around `col`, cut between characters.
///
/// Only the bytes from kWindowReach before `col` to a window's width after
/// it are decoded (a long line can carry thousands of diagnostics): the
/// decoding starts at an ASCII byte,
/// which always starts a character, so the characters seen are the ones a
/// decoding from the start of the line sees, and the window, which spans
/// fewer places than there are on either side, is the same.
static std::pair<size_t, size_t> shownWindow(std::string_view line,
                                             size_t col) {
  size_t places = 0;
  for (size_t i = 0; i < line.size() && places <= kMaxShownLine;) {
    // Printable ASCII takes a place a byte (read no further than needed).
    size_t run = printableRunEnd(
        line.substr(0, std::min(line.size(), i + kMaxShownLine + 1 - places)),
        i);
    if (run > i) {
      places += run - i;
      i = run;
      continue;
    }
    size_t n = printableLength(line, i);
    places += n == 0 ? 4 : 1;
    i += n == 0 ? 1 : n;
  }
  if (places <= kMaxShownLine)
    return {0, line.size()};
  size_t start = col > kWindowReach ? col - kWindowReach : 0;
  while (start > 0 && static_cast<unsigned char>(line[start]) >= 0x80)
    --start;
  // After the column, as soon as the characters there take more places
  // than the window: the window ends before them.
  std::vector<std::pair<size_t, size_t>> chars; // (offset, places)
  size_t after = 0;
  for (size_t i = start; i < line.size() && after <= kMaxShownLine + 4;) {
    size_t n = printableLength(line, i);
    chars.push_back({i, n == 0 ? 4 : 1});
    if (i >= col)
      after += chars.back().second;
    i += n == 0 ? 1 : n;
  }
  size_t at = size_t(std::lower_bound(chars.begin(), chars.end(),
                                      std::make_pair(col, size_t(0))) -
                     chars.begin());
  size_t first = at, last = at, width = 0;
  while (first > 0 && width + chars[first - 1].second <= kMaxShownLine / 2)
    width += chars[--first].second;
  while (last < chars.size() && width + chars[last].second <= kMaxShownLine)
    width += chars[last++].second;
  while (first > 0 && width + chars[first - 1].second <= kMaxShownLine)
    width += chars[--first].second; // the line ended early: show more before
  return {first < chars.size() ? chars[first].first : line.size(),
          last < chars.size() ? chars[last].first : line.size()};
}

std::string DiagnosticEngine::render(const Diagnostic &diag) const {
  RenderCache cache;
  std::string out;
  render(out, diag, cache);
  return out;
}

void DiagnosticEngine::render(std::string &out, const Diagnostic &diag,
                              RenderCache &cache) const {
  bool same = cache.valid && cache.loc.buffer == diag.loc.buffer &&
              cache.loc.offset == diag.loc.offset;
  if (!same) {
    cache.valid = true;
    cache.loc = diag.loc;
    cache.position = escapeNonPrintable(sources.format(diag.loc), false);
    cache.snippet.clear();
  }
  out += cache.position;
  out += ": ";
  out += severityName(diag.severity);
  out += ": ";
  appendEscaped(out, diag.message, false);
  out += '\n';
  if (!diag.showSource)
    return;
  if (cache.snippet.empty())
    cache.snippet = sourceSnippet(diag.loc);
  out += cache.snippet;
}

std::string DiagnosticEngine::sourceSnippet(SourceLoc loc) const {
  std::string_view line;
  size_t col = sources.lineCol(loc, &line).col - 1;
  if (col > line.size())
    col = line.size();
  auto [begin, end] = shownWindow(line, col);
  std::string shown, caret;
  if (begin > 0) {
    shown += "...";
    caret += "   ";
  }
  appendEscaped(shown, line.substr(begin, end - begin));
  if (end < line.size())
    shown += "...";
  // The caret stands under the column's character: a tab for a tab, four
  // places for an escaped byte, one for any other character.
  for (size_t i = begin; i < col;) {
    if (size_t run = printableRunEnd(line.substr(0, col), i); run > i) {
      caret.append(run - i, ' ');
      i = run;
      continue;
    }
    if (line[i] == '\t') {
      caret += '\t';
      ++i;
      continue;
    }
    size_t n = printableLength(line, i);
    caret += n == 0 ? "    " : " ";
    i += n == 0 ? 1 : n;
  }
  caret += '^';
  return shown + "\n" + caret + "\n";
}

std::string DiagnosticEngine::renderAll() const {
  std::string out;
  RenderCache cache;
  for (const Diagnostic &diag : diags)
    render(out, diag, cache);
  return out;
}

} // namespace symshape::frontend
