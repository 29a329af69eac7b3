//===- Json.cpp - A small JSON reader -------------------------------------===//

#include "Json.h"

#include <cstdlib>

namespace symshape::exporters {

const Json *Json::get(const std::string &key) const {
  if (kind != Kind::Object)
    return nullptr;
  for (const auto &[k, v] : members)
    if (k == key)
      return &v;
  return nullptr;
}

namespace {

class Reader {
public:
  explicit Reader(const std::string &text) : text(text) {}

  std::optional<Json> document(std::string &error) {
    Json out;
    space();
    if (value(out, 0)) {
      space();
      if (at == text.size())
        return out;
      fail("text after the value");
    }
    error = why;
    return std::nullopt;
  }

private:
  const std::string &text;
  size_t at = 0;
  std::string why;

  bool fail(const std::string &what) {
    if (why.empty())
      why = "offset " + std::to_string(at) + ": " + what;
    return false;
  }
  char peek() const { return at < text.size() ? text[at] : '\0'; }
  void space() {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\n' ||
                                text[at] == '\t' || text[at] == '\r'))
      ++at;
  }
  bool word(const char *w) {
    std::string s(w);
    if (text.compare(at, s.size(), s) != 0)
      return fail("expected " + s);
    at += s.size();
    return true;
  }

  bool value(Json &out, int depth) {
    if (depth > 64)
      return fail("nested too deep");
    switch (peek()) {
    case '{':
      return object(out, depth);
    case '[':
      return array(out, depth);
    case '"':
      out.kind = Json::Kind::String;
      return string(out.string);
    case 't':
      out.kind = Json::Kind::Bool;
      out.boolean = true;
      return word("true");
    case 'f':
      out.kind = Json::Kind::Bool;
      return word("false");
    case 'n':
      return word("null");
    default:
      return number(out);
    }
  }

  bool object(Json &out, int depth) {
    out.kind = Json::Kind::Object;
    ++at;
    space();
    if (peek() == '}') {
      ++at;
      return true;
    }
    while (true) {
      std::string key;
      space();
      if (peek() != '"' || !string(key))
        return fail("expected a key");
      space();
      if (peek() != ':')
        return fail("expected ':'");
      ++at;
      space();
      Json v;
      if (!value(v, depth + 1))
        return false;
      out.members.emplace_back(std::move(key), std::move(v));
      space();
      if (peek() == ',') {
        ++at;
        continue;
      }
      if (peek() == '}') {
        ++at;
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  bool array(Json &out, int depth) {
    out.kind = Json::Kind::Array;
    ++at;
    space();
    if (peek() == ']') {
      ++at;
      return true;
    }
    while (true) {
      space();
      Json v;
      if (!value(v, depth + 1))
        return false;
      out.items.push_back(std::move(v));
      space();
      if (peek() == ',') {
        ++at;
        continue;
      }
      if (peek() == ']') {
        ++at;
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  static void utf8(uint32_t c, std::string &out) {
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += char(0xE0 | (c >> 12));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    } else {
      out += char(0xF0 | (c >> 18));
      out += char(0x80 | ((c >> 12) & 0x3F));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    }
  }

  bool hex4(uint32_t &c) {
    if (at + 4 > text.size())
      return fail("short \\u escape");
    c = 0;
    for (int i = 0; i < 4; ++i) {
      char h = text[at++];
      c <<= 4;
      if (h >= '0' && h <= '9')
        c |= uint32_t(h - '0');
      else if (h >= 'a' && h <= 'f')
        c |= uint32_t(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        c |= uint32_t(h - 'A' + 10);
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  bool string(std::string &out) {
    ++at; // "
    while (at < text.size()) {
      char c = text[at++];
      if (c == '"')
        return true;
      if ((unsigned char)c < 0x20)
        return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at >= text.size())
        break;
      char e = text[at++];
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t cp;
        if (!hex4(cp))
          return false;
        if (cp >= 0xD800 && cp < 0xDC00 && text.compare(at, 2, "\\u") == 0) {
          at += 2;
          uint32_t low;
          if (!hex4(low))
            return false;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        utf8(cp, out);
        break;
      }
      default:
        return fail("bad escape");
      }
    }
    return fail("unterminated string");
  }

  bool number(Json &out) {
    size_t start = at;
    if (peek() == '-')
      ++at;
    bool integral = true;
    while (at < text.size()) {
      char c = text[at];
      if (c >= '0' && c <= '9') {
        ++at;
      } else if (c == '.' || c == 'e' || c == 'E' || c == '+' ||
                 (c == '-' && at > start)) {
        integral = false;
        ++at;
      } else {
        break;
      }
    }
    std::string lit = text.substr(start, at - start);
    if (lit.empty() || lit == "-")
      return fail("expected a value");
    out.kind = Json::Kind::Number;
    out.number = std::strtod(lit.c_str(), nullptr);
    out.integral = integral;
    if (integral)
      out.integer = std::strtoll(lit.c_str(), nullptr, 10);
    return true;
  }
};

} // namespace

std::optional<Json> Json::parse(const std::string &text, std::string &error) {
  return Reader(text).document(error);
}

} // namespace symshape::exporters
