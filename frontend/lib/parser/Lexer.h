//===- Lexer.h - Tokenizer for the MLIR textual IR --------------*- C++ -*-===//
//
// Splits one buffer into Tokens on demand. Whitespace and `//` comments are
// skipped. The parser may move the lexer (`resetTo`) to read a construct
// character by character, as MLIR does for dimension lists: in
// `tensor<2x?xf32>` the text `x?xf32` is not a sequence of tokens.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LIB_LEXER_H
#define SYMSHAPE_FRONTEND_LIB_LEXER_H

#include "Token.h"

#include <array>
#include <string>
#include <string_view>

namespace symshape::frontend {

class Lexer {
public:
  /// A UTF-8 byte order mark at the start (invisible in editors) is
  /// skipped like whitespace.
  explicit Lexer(std::string_view buffer)
      : buf(buffer), pos(buffer.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0) {}

  /// Returns the next token; an Error token (with `errorMessage()`) when the
  /// text at the current position is not a token.
  Token lex();

  /// Continues lexing at `offset`.
  void resetTo(uint32_t offset) { pos = offset; }
  uint32_t position() const { return pos; }
  std::string_view buffer() const { return buf; }

  /// Why the last Error token was produced ("unexpected character", ...).
  const char *errorMessage() const { return error; }

private:
  /// The token from `start` to here (start <= pos <= buf.size(): no
  /// bounds check, so that it inlines into every lexing path).
  Token make(TokenKind kind, uint32_t start) const {
    return Token{kind, std::string_view(buf.data() + start, pos - start),
                 start};
  }
  Token fail(const char *message, uint32_t start);
  void skipWhitespaceAndComments();
  Token lexIdentifier(uint32_t start);
  Token lexPrefixed(TokenKind kind, uint32_t start);
  Token lexNumber(uint32_t start);
  Token lexString(uint32_t start);

  std::string_view buf;
  uint32_t pos = 0;
  const char *error = "";
};

namespace detail {
/// isSuffixIdChar by byte: the lexer asks it for every character of every
/// name (a table, not a call, per character).
inline constexpr std::array<bool, 256> kSuffixIdChars = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               (c >= '0' && c <= '9') || c == '$' || c == '.' || c == '_' ||
               c == '-';
  return table;
}();
} // namespace detail

/// Letters, digits and `$ . _ -`: the characters of an SSA / block / symbol
/// name after its sigil.
inline bool isSuffixIdChar(char c) {
  return detail::kSuffixIdChars[static_cast<unsigned char>(c)];
}

/// The value of a String token (quotes removed, escapes decoded). The lexer
/// has already checked the escapes.
std::string decodeStringToken(std::string_view spelling);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_LIB_LEXER_H
