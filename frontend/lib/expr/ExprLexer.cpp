//===- ExprLexer.cpp - Tokens of the expression language ------------------===//

#include "ExprLexer.h"

namespace symshape::frontend::expr {

static bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
}
static bool isDigit(char c) { return c >= '0' && c <= '9'; }

ExprToken lexAt(std::string_view text, uint32_t pos) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' ||
                               text[pos] == '\n' || text[pos] == '\r'))
    ++pos;
  ExprToken tok;
  tok.pos = pos;
  if (pos >= text.size())
    return tok;
  uint32_t end = pos + 1;
  char c = text[pos];
  char next = end < text.size() ? text[end] : '\0';
  auto two = [&](Tok kind) {
    tok.kind = kind;
    end = pos + 2;
  };
  if (isDigit(c)) {
    tok.kind = Tok::Int;
    while (end < text.size() && isDigit(text[end]))
      ++end;
  } else if (c == '%') {
    tok.kind =
        end < text.size() && isNameChar(text[end]) ? Tok::Ref : Tok::Error;
    while (end < text.size() && isNameChar(text[end]))
      ++end;
    if (end + 1 < text.size() && text[end] == '#' && isDigit(text[end + 1])) {
      ++end;
      while (end < text.size() && isDigit(text[end]))
        ++end;
    }
  } else if (c >= 'a' && c <= 'z') {
    tok.kind = Tok::Word;
    while (end < text.size() && isNameChar(text[end]))
      ++end;
  } else if (c == '=' && next == '=') {
    two(Tok::Eq);
  } else if (c == '!' && next == '=') {
    two(Tok::Ne);
  } else if (c == '<' && next == '=') {
    two(Tok::Le);
  } else if (c == '>' && next == '=') {
    two(Tok::Ge);
  } else if (c == '&' && next == '&') {
    two(Tok::And);
  } else if (c == '|' && next == '|') {
    two(Tok::Or);
  } else {
    switch (c) {
    case '(':
      tok.kind = Tok::LParen;
      break;
    case ')':
      tok.kind = Tok::RParen;
      break;
    case '{':
      tok.kind = Tok::LBrace;
      break;
    case '}':
      tok.kind = Tok::RBrace;
      break;
    case '[':
      tok.kind = Tok::LSquare;
      break;
    case ']':
      tok.kind = Tok::RSquare;
      break;
    case ',':
      tok.kind = Tok::Comma;
      break;
    case '<':
      tok.kind = Tok::Lt;
      break;
    case '>':
      tok.kind = Tok::Gt;
      break;
    case '!':
      tok.kind = Tok::Not;
      break;
    case '+':
      tok.kind = Tok::Plus;
      break;
    case '-':
      tok.kind = Tok::Minus;
      break;
    case '*':
      tok.kind = Tok::Star;
      break;
    default:
      tok.kind = Tok::Error;
      break;
    }
  }
  tok.text = text.substr(pos, end - pos);
  return tok;
}

} // namespace symshape::frontend::expr
