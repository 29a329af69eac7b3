//===- JsonCheck.cpp - Is a document well-formed JSON? --------------------===//

#include "JsonCheck.h"

#include <set>

namespace symshape::fuzz {

namespace {

/// Reports are nested a few levels deep; anything deeper is an error here
/// rather than a stack overflow in the checker.
constexpr unsigned kMaxDepth = 256;

class JsonReader {
public:
  explicit JsonReader(std::string_view text) : text(text) {}

  std::string run() {
    skipSpace();
    if (!value(0))
      return error;
    skipSpace();
    if (pos != text.size())
      fail("text after the value");
    return error;
  }

private:
  bool fail(std::string why) {
    if (error.empty())
      error = "offset " + std::to_string(pos) + ": " + why;
    return false;
  }
  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }
  void skipSpace() {
    while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' ||
                        peek() == '\r'))
      ++pos;
  }
  bool literal(std::string_view word) {
    if (text.substr(pos, word.size()) != word)
      return fail("invalid literal");
    pos += word.size();
    return true;
  }

  bool value(unsigned depth) {
    if (depth > kMaxDepth)
      return fail("nested too deep");
    switch (peek()) {
    case '{':
      return object(depth);
    case '[':
      return array(depth);
    case '"': {
      std::string ignored;
      return string(ignored);
    }
    case 't':
      return literal("true");
    case 'f':
      return literal("false");
    case 'n':
      return literal("null");
    default:
      return number();
    }
  }

  bool object(unsigned depth) {
    ++pos; // '{'
    skipSpace();
    if (peek() == '}') {
      ++pos;
      return true;
    }
    std::set<std::string> keys;
    while (true) {
      skipSpace();
      size_t keyAt = pos;
      std::string key;
      if (peek() != '"')
        return fail("expected a key string");
      if (!string(key))
        return false;
      if (!keys.insert(key).second) {
        pos = keyAt;
        return fail("duplicate key \"" + key + "\"");
      }
      skipSpace();
      if (peek() != ':')
        return fail("expected ':'");
      ++pos;
      skipSpace();
      if (!value(depth + 1))
        return false;
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() == '}') {
        ++pos;
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  bool array(unsigned depth) {
    ++pos; // '['
    skipSpace();
    if (peek() == ']') {
      ++pos;
      return true;
    }
    while (true) {
      skipSpace();
      if (!value(depth + 1))
        return false;
      skipSpace();
      if (peek() == ',') {
        ++pos;
        continue;
      }
      if (peek() == ']') {
        ++pos;
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  static bool isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
           (c >= 'A' && c <= 'F');
  }

  /// Appends the raw (still escaped) bytes to `out`, enough to compare keys.
  bool string(std::string &out) {
    ++pos; // '"'
    while (true) {
      if (atEnd())
        return fail("unterminated string");
      unsigned char c = static_cast<unsigned char>(text[pos]);
      if (c == '"') {
        ++pos;
        return true;
      }
      if (c < 0x20)
        return fail("unescaped control character in a string");
      if (c == '\\') {
        char e = pos + 1 < text.size() ? text[pos + 1] : '\0';
        if (e == 'u') {
          for (size_t i = 2; i < 6; ++i)
            if (pos + i >= text.size() || !isHex(text[pos + i]))
              return fail("bad \\u escape");
          out.append(text.substr(pos, 6));
          pos += 6;
          continue;
        }
        if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos ||
            e == '\0')
          return fail("bad escape");
        out.append(text.substr(pos, 2));
        pos += 2;
        continue;
      }
      size_t length = utf8Length(c);
      if (length == 0 || pos + length > text.size())
        return fail("invalid UTF-8 in a string");
      for (size_t i = 1; i < length; ++i)
        if ((static_cast<unsigned char>(text[pos + i]) & 0xC0) != 0x80)
          return fail("invalid UTF-8 in a string");
      out.append(text.substr(pos, length));
      pos += length;
    }
  }

  /// Length of the UTF-8 sequence a lead byte starts; 0 if it starts none.
  /// (Overlong forms of 3 and 4 bytes are not rejected; they do not occur.)
  static size_t utf8Length(unsigned char c) {
    if (c < 0x80)
      return 1;
    if (c >= 0xC2 && c <= 0xDF)
      return 2;
    if (c >= 0xE0 && c <= 0xEF)
      return 3;
    if (c >= 0xF0 && c <= 0xF4)
      return 4;
    return 0;
  }

  bool digits() {
    if (!(peek() >= '0' && peek() <= '9'))
      return fail("expected a digit");
    while (peek() >= '0' && peek() <= '9')
      ++pos;
    return true;
  }

  bool number() {
    if (peek() == '-')
      ++pos;
    if (peek() == '0') {
      ++pos;
    } else if (!digits()) {
      return fail("expected a value");
    }
    if (peek() == '.') {
      ++pos;
      if (!digits())
        return false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos;
      if (peek() == '+' || peek() == '-')
        ++pos;
      if (!digits())
        return false;
    }
    return true;
  }

  std::string_view text;
  size_t pos = 0;
  std::string error;
};

} // namespace

std::string checkJson(std::string_view text) { return JsonReader(text).run(); }

} // namespace symshape::fuzz
