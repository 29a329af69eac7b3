//===- ExprLexer.cpp - Tokens of the expression language ------------------===//

#include "ExprLexer.h"

namespace symshape::frontend::expr {

static bool isNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '.';
}
static bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// The operator `c` `next` spells (`==`, `!=`, `<=`, `>=`, `&&`, `||`),
/// End when the two characters are none.
static Tok twoCharToken(char c, char next) {
  if (c == '=' && next == '=')
    return Tok::Eq;
  if (c == '!' && next == '=')
    return Tok::Ne;
  if (c == '<' && next == '=')
    return Tok::Le;
  if (c == '>' && next == '=')
    return Tok::Ge;
  if (c == '&' && next == '&')
    return Tok::And;
  if (c == '|' && next == '|')
    return Tok::Or;
  return Tok::End;
}

/// The one-character token `c` starts (Error when none).
static Tok oneCharToken(char c) {
  switch (c) {
  case '(':
    return Tok::LParen;
  case ')':
    return Tok::RParen;
  case '{':
    return Tok::LBrace;
  case '}':
    return Tok::RBrace;
  case '[':
    return Tok::LSquare;
  case ']':
    return Tok::RSquare;
  case ',':
    return Tok::Comma;
  case '<':
    return Tok::Lt;
  case '>':
    return Tok::Gt;
  case '!':
    return Tok::Not;
  case '+':
    return Tok::Plus;
  case '-':
    return Tok::Minus;
  case '*':
    return Tok::Star;
  default:
    return Tok::Error;
  }
}

/// The end of a reference `%name` or `%name#N` whose name starts at `end`.
static uint32_t refEnd(std::string_view text, uint32_t end) {
  while (end < text.size() && isNameChar(text[end]))
    ++end;
  if (end + 1 < text.size() && text[end] == '#' && isDigit(text[end + 1])) {
    ++end;
    while (end < text.size() && isDigit(text[end]))
      ++end;
  }
  return end;
}

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
  if (isDigit(c)) {
    tok.kind = Tok::Int;
    while (end < text.size() && isDigit(text[end]))
      ++end;
  } else if (c == '%' || c == '$') {
    // `%name`, `%name[0]`; `$name`: a size the exporter named (SPEC 6).
    tok.kind =
        end < text.size() && isNameChar(text[end]) ? Tok::Ref : Tok::Error;
    end = refEnd(text, end);
  } else if (c >= 'a' && c <= 'z') {
    tok.kind = Tok::Word;
    while (end < text.size() && isNameChar(text[end]))
      ++end;
  } else if (Tok two = twoCharToken(c, next); two != Tok::End) {
    tok.kind = two;
    end = pos + 2;
  } else {
    tok.kind = oneCharToken(c);
  }
  tok.text = text.substr(pos, end - pos);
  return tok;
}

} // namespace symshape::frontend::expr
