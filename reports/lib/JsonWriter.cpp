//===- JsonWriter.cpp - JSON string literals ------------------------------===//
//
// Escaping for the JSON report: names and numbers are copied eight bytes at
// a time until a byte needs escaping; text that is not well-formed UTF-8
// (source text is copied into names as it is) gets U+FFFD.
//
//===----------------------------------------------------------------------===//

#include "JsonInternal.h"

#include <cstdint>
#include <cstring>

namespace symshape::solver {

namespace json {

namespace {

/// Bytes that appendEscaped cannot copy as they are: control characters,
/// `"`, `\`, and (for the caller to check) everything beyond ASCII.
struct EscapeTable {
  bool special[256] = {};
  constexpr EscapeTable() {
    for (int c = 0; c < 0x20; ++c)
      special[c] = true;
    special[int('"')] = true;
    special[int('\\')] = true;
    for (int c = 0x80; c < 0x100; ++c)
      special[c] = true;
  }
};
constexpr EscapeTable kSpecial;

/// Whether one of the 8 bytes at `p` is special (kSpecial): a byte >= 0x80,
/// one < 0x20, a '"' or a '\\' (the classic zero-byte test on v, v - 0x20
/// and v xor each quote).
bool anySpecial(const char *p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  constexpr uint64_t ones = 0x0101010101010101ULL;
  constexpr uint64_t high = 0x8080808080808080ULL;
  auto hasZero = [](uint64_t x) { return (x - ones) & ~x & high; };
  uint64_t below20 = (v - 0x20 * ones) & ~v & high;
  return ((v & high) | below20 | hasZero(v ^ ('"' * ones)) |
          hasZero(v ^ ('\\' * ones))) != 0;
}

/// Appends `s` as the body of a JSON string: `"` and `\` escaped, control
/// characters as \b \t \n \f \r or \u00xx, everything else as it is.
/// Returns false, having appended a prefix, at the first non-ASCII byte
/// when `asciiOnly`.
bool appendEscaped(std::string &out, std::string_view s, bool asciiOnly) {
  static const char hex[] = "0123456789abcdef";
  size_t plain = 0; // start of the run of bytes not yet copied
  for (size_t i = 0; i < s.size(); ++i) {
    // Eight bytes at a time while none of them is special: most text is
    // names and numbers.
    while (i + 8 <= s.size() && !anySpecial(s.data() + i))
      i += 8;
    if (i >= s.size())
      break;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (!kSpecial.special[c])
      continue;
    if (c >= 0x80) {
      if (asciiOnly)
        return false;
      continue;
    }
    out.append(s.data() + plain, i - plain);
    plain = i + 1;
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\b':
      out += "\\b";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\f':
      out += "\\f";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  out.append(s.data() + plain, s.size() - plain);
  return true;
}

} // namespace

/// Appends `s` as a JSON string literal; bytes that are not well-formed
/// UTF-8 (source text is copied into names as it is) become U+FFFD.
void appendQuoted(std::string &out, std::string_view s) {
  out += '"';
  size_t start = out.size();
  if (!appendEscaped(out, s, true)) {
    out.resize(start);
    appendEscaped(out, validUtf8(std::string(s)), false);
  }
  out += '"';
}

void escapeFrom(std::string &out, size_t start, std::string &scratch) {
  size_t i = start;
  while (i + 8 <= out.size() && !anySpecial(out.data() + i))
    i += 8;
  while (i < out.size() &&
         !kSpecial.special[static_cast<unsigned char>(out[i])])
    ++i;
  if (i == out.size())
    return;
  scratch.assign(out, start, std::string::npos);
  out.resize(start);
  if (!appendEscaped(out, scratch, true)) {
    out.resize(start);
    appendEscaped(out, validUtf8(scratch), false);
  }
}

} // namespace json

std::string jsonQuote(const std::string &s) {
  std::string out;
  json::appendQuoted(out, s);
  return out;
}

} // namespace symshape::solver
