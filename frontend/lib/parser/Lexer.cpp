//===- Lexer.cpp - Tokenizer for the MLIR textual IR ----------------------===//

#include "Lexer.h"

#include <cassert>

namespace symshape::frontend {

static bool isDigit(char c) { return c >= '0' && c <= '9'; }
static bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static bool isLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

const char *tokenKindName(TokenKind kind) {
  switch (kind) {
  case TokenKind::Eof:
    return "end of file";
  case TokenKind::Error:
    return "invalid token";
  case TokenKind::BareIdent:
    return "identifier";
  case TokenKind::AtIdent:
    return "symbol name";
  case TokenKind::HashIdent:
    return "attribute alias";
  case TokenKind::BangIdent:
    return "type alias";
  case TokenKind::PercentIdent:
    return "SSA value";
  case TokenKind::CaretIdent:
    return "block name";
  case TokenKind::Integer:
    return "integer";
  case TokenKind::Float:
    return "float";
  case TokenKind::String:
    return "string";
  case TokenKind::Arrow:
    return "'->'";
  case TokenKind::Colon:
    return "':'";
  case TokenKind::Comma:
    return "','";
  case TokenKind::Equal:
    return "'='";
  case TokenKind::LParen:
    return "'('";
  case TokenKind::RParen:
    return "')'";
  case TokenKind::LBrace:
    return "'{'";
  case TokenKind::RBrace:
    return "'}'";
  case TokenKind::LSquare:
    return "'['";
  case TokenKind::RSquare:
    return "']'";
  case TokenKind::Less:
    return "'<'";
  case TokenKind::Greater:
    return "'>'";
  case TokenKind::Question:
    return "'?'";
  case TokenKind::Star:
    return "'*'";
  case TokenKind::Plus:
    return "'+'";
  case TokenKind::Minus:
    return "'-'";
  case TokenKind::VerticalBar:
    return "'|'";
  case TokenKind::Ellipsis:
    return "'...'";
  }
  return "token";
}

Token Lexer::fail(const char *message, uint32_t start) {
  error = message;
  if (pos <= start)
    pos = start + 1 <= buf.size() ? start + 1 : start;
  return Token{TokenKind::Error, buf.substr(start, pos - start), start};
}

void Lexer::skipWhitespaceAndComments() {
  while (pos < buf.size()) {
    char c = buf[pos];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++pos;
    } else if (c == '/' && pos + 1 < buf.size() && buf[pos + 1] == '/') {
      while (pos < buf.size() && buf[pos] != '\n')
        ++pos;
    } else {
      return;
    }
  }
}

Token Lexer::lex() {
  skipWhitespaceAndComments();
  uint32_t start = pos;
  if (pos >= buf.size())
    return make(TokenKind::Eof, start);
  char c = buf[pos++];
  if (isLetter(c) || c == '_')
    return lexIdentifier(start);
  if (isDigit(c))
    return lexNumber(start);
  switch (c) {
  case '"':
    return lexString(start);
  case '@':
    return lexPrefixed(TokenKind::AtIdent, start);
  case '#':
    return lexPrefixed(TokenKind::HashIdent, start);
  case '!':
    return lexPrefixed(TokenKind::BangIdent, start);
  case '%':
    return lexPrefixed(TokenKind::PercentIdent, start);
  case '^':
    return lexPrefixed(TokenKind::CaretIdent, start);
  case ':':
    return make(TokenKind::Colon, start);
  case ',':
    return make(TokenKind::Comma, start);
  case '=':
    return make(TokenKind::Equal, start);
  case '(':
    return make(TokenKind::LParen, start);
  case ')':
    return make(TokenKind::RParen, start);
  case '{':
    return make(TokenKind::LBrace, start);
  case '}':
    return make(TokenKind::RBrace, start);
  case '[':
    return make(TokenKind::LSquare, start);
  case ']':
    return make(TokenKind::RSquare, start);
  case '<':
    return make(TokenKind::Less, start);
  case '>':
    return make(TokenKind::Greater, start);
  case '?':
    return make(TokenKind::Question, start);
  case '*':
    return make(TokenKind::Star, start);
  case '+':
    return make(TokenKind::Plus, start);
  case '|':
    return make(TokenKind::VerticalBar, start);
  case '-':
    if (pos < buf.size() && buf[pos] == '>') {
      ++pos;
      return make(TokenKind::Arrow, start);
    }
    return make(TokenKind::Minus, start);
  case '.':
    if (buf.substr(start, 3) == "...") {
      pos = start + 3;
      return make(TokenKind::Ellipsis, start);
    }
    break;
  default:
    break;
  }
  return fail("unexpected character", start);
}

Token Lexer::lexIdentifier(uint32_t start) {
  while (pos < buf.size()) {
    char c = buf[pos];
    if (!isLetter(c) && !isDigit(c) && c != '_' && c != '$' && c != '.')
      break;
    ++pos;
  }
  return make(TokenKind::BareIdent, start);
}

/// `@name`, `@"quoted"`, `#name`, `!name`, `%name`, `%name#N`, `^name`.
Token Lexer::lexPrefixed(TokenKind kind, uint32_t start) {
  if (kind == TokenKind::AtIdent && pos < buf.size() && buf[pos] == '"') {
    ++pos;
    Token str = lexString(pos - 1);
    if (str.is(TokenKind::Error))
      return str;
    return make(TokenKind::AtIdent, start);
  }
  if (pos >= buf.size() || !isSuffixIdChar(buf[pos])) {
    switch (kind) {
    case TokenKind::AtIdent:
      return fail("invalid symbol name", start);
    case TokenKind::HashIdent:
      return fail("invalid attribute name", start);
    case TokenKind::BangIdent:
      return fail("invalid type name", start);
    case TokenKind::PercentIdent:
      return fail("invalid SSA name", start);
    default:
      return fail("invalid block name", start);
    }
  }
  if (isDigit(buf[pos])) {
    while (pos < buf.size() && isDigit(buf[pos]))
      ++pos;
  } else {
    while (pos < buf.size() && isSuffixIdChar(buf[pos]))
      ++pos;
  }
  // `%r#1` names result 1 of the multi-result value `%r`.
  if (kind == TokenKind::PercentIdent && pos + 1 < buf.size() &&
      buf[pos] == '#' && isDigit(buf[pos + 1])) {
    ++pos;
    while (pos < buf.size() && isDigit(buf[pos]))
      ++pos;
  }
  return make(kind, start);
}

Token Lexer::lexNumber(uint32_t start) {
  if (buf[start] == '0' && pos + 1 < buf.size() && buf[pos] == 'x' &&
      isHexDigit(buf[pos + 1])) {
    pos += 1;
    while (pos < buf.size() && isHexDigit(buf[pos]))
      ++pos;
    return make(TokenKind::Integer, start);
  }
  while (pos < buf.size() && isDigit(buf[pos]))
    ++pos;
  if (pos >= buf.size() || buf[pos] != '.')
    return make(TokenKind::Integer, start);
  ++pos;
  while (pos < buf.size() && isDigit(buf[pos]))
    ++pos;
  if (pos < buf.size() && (buf[pos] == 'e' || buf[pos] == 'E')) {
    uint32_t digits = pos + 1;
    if (digits < buf.size() && (buf[digits] == '+' || buf[digits] == '-'))
      ++digits;
    if (digits < buf.size() && isDigit(buf[digits])) {
      pos = digits;
      while (pos < buf.size() && isDigit(buf[pos]))
        ++pos;
    }
  }
  return make(TokenKind::Float, start);
}

Token Lexer::lexString(uint32_t start) {
  while (true) {
    if (pos >= buf.size() || buf[pos] == '\n' || buf[pos] == '\r')
      return fail("expected '\"' in string literal", start);
    char c = buf[pos++];
    if (c == '"')
      return make(TokenKind::String, start);
    if (c != '\\')
      continue;
    if (pos < buf.size() && (buf[pos] == '"' || buf[pos] == '\\' ||
                             buf[pos] == 'n' || buf[pos] == 't')) {
      ++pos;
      continue;
    }
    if (pos + 1 < buf.size() && isHexDigit(buf[pos]) &&
        isHexDigit(buf[pos + 1])) {
      pos += 2;
      continue;
    }
    uint32_t escape = pos - 1;
    Token tok = fail("unknown escape in string literal", escape);
    return tok;
  }
}

static unsigned hexValue(char c) {
  if (isDigit(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return c - 'A' + 10;
}

std::string decodeStringToken(std::string_view spelling) {
  assert(spelling.size() >= 2 && spelling.front() == '"' &&
         "not a string token");
  std::string out;
  std::string_view body = spelling.substr(1, spelling.size() - 2);
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out.push_back(c);
      continue;
    }
    char e = body[++i];
    if (e == 'n') {
      out.push_back('\n');
    } else if (e == 't') {
      out.push_back('\t');
    } else if (e == '"' || e == '\\') {
      out.push_back(e);
    } else if (i + 1 < body.size()) {
      out.push_back(
          static_cast<char>(hexValue(e) * 16 + hexValue(body[i + 1])));
      ++i;
    }
  }
  return out;
}

} // namespace symshape::frontend
