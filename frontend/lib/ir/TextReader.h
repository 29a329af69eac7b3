//===- TextReader.h - A cursor over a small attribute text ------*- C++ -*-===//
//
// The one reader of the small text formats symshape reads in one piece:
// the body of a struct attribute (`offset_dims = [1], index_vector_dim =
// 1`, parser/StructAttrs.cpp), XLA's GSPMD `mhlo.sharding` strings
// (`{devices=[2,1]0,1}`, parser/HloShardingAttrs.cpp) and Shardy's
// `#sdy.sharding<@mesh, [{"x"}, {}]>` (parser/ShardyAttrs.cpp). Every read
// skips white space first; a failed read leaves the cursor where it was
// only where said.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_IR_TEXTREADER_H
#define SYMSHAPE_FRONTEND_IR_TEXTREADER_H

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend {

class TextReader {
public:
  explicit TextReader(std::string_view text, size_t at = 0)
      : text(text), pos(at) {}

  size_t position() const { return pos; }

  void skipSpaces() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }
  /// `word` next (after spaces): consumed, true.
  bool eat(std::string_view word) {
    skipSpaces();
    if (text.substr(pos, word.size()) != word)
      return false;
    pos += word.size();
    return true;
  }
  /// The next character (after spaces) is `c`; nothing consumed.
  bool peek(char c) {
    skipSpaces();
    return pos < text.size() && text[pos] == c;
  }
  bool atEnd() {
    skipSpaces();
    return pos == text.size();
  }
  /// Decimal digits that fit int64; nullopt (nothing consumed when no
  /// digit) otherwise.
  std::optional<int64_t> integer() {
    skipSpaces();
    size_t start = pos;
    int64_t value = 0;
    while (pos < text.size() && std::isdigit((unsigned char)text[pos])) {
      if (value > (INT64_MAX - 9) / 10)
        return std::nullopt;
      value = value * 10 + (text[pos++] - '0');
    }
    if (pos == start)
      return std::nullopt;
    return value;
  }
  /// `-`? then digits.
  std::optional<int64_t> signedInteger() {
    bool negative = eat("-");
    if (negative &&
        (pos >= text.size() || !std::isdigit((unsigned char)text[pos])))
      return std::nullopt;
    std::optional<int64_t> value = integer();
    if (value && negative)
      return -*value;
    return value;
  }
  /// `OPEN item, item, ... CLOSE`, possibly empty: `item()` reads each
  /// item and returns false when it cannot. False when an item or a
  /// bracket is missing.
  template <typename Item>
  bool list(std::string_view open, std::string_view close, Item item) {
    if (!eat(open))
      return false;
    if (eat(close))
      return true;
    do {
      if (!item())
        return false;
    } while (eat(","));
    return eat(close);
  }
  /// `n, n, ...` (at least one).
  std::optional<std::vector<int64_t>> integers() {
    std::vector<int64_t> out;
    do {
      std::optional<int64_t> n = integer();
      if (!n)
        return std::nullopt;
      out.push_back(*n);
    } while (eat(","));
    return out;
  }
  /// Letters, digits and `_` (at least one).
  std::optional<std::string> word() {
    skipSpaces();
    size_t start = pos;
    while (pos < text.size() &&
           (std::isalnum((unsigned char)text[pos]) || text[pos] == '_'))
      ++pos;
    if (pos == start)
      return std::nullopt;
    return std::string(text.substr(start, pos - start));
  }
  /// `"text"` without escapes.
  std::optional<std::string> string() {
    skipSpaces();
    if (pos >= text.size() || text[pos] != '"')
      return std::nullopt;
    std::string out;
    for (++pos; pos < text.size() && text[pos] != '"'; ++pos) {
      if (text[pos] == '\\')
        return std::nullopt; // escaped names are not read
      out += text[pos];
    }
    if (pos >= text.size())
      return std::nullopt;
    ++pos;
    return out;
  }
  /// The characters of `allowed` (at least one) from here, no spaces
  /// skipped.
  template <typename Pred> std::string_view takeWhile(Pred allowed) {
    size_t start = pos;
    while (pos < text.size() && allowed(text[pos]))
      ++pos;
    return text.substr(start, pos - start);
  }

private:
  std::string_view text;
  size_t pos = 0;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_IR_TEXTREADER_H
