//===- ExprLexer.h - Tokens of the expression language ----------*- C++ -*-===//
//
// Splits an expression of SEMANTICS.md §6 into tokens: `%a[0] == 8 && ...`
// gives Ref "%a", LSquare, Int "0", RSquare, Eq, Int "8", And, ...
// Positions are offsets into the expression text.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LIB_EXPRLEXER_H
#define SYMSHAPE_FRONTEND_LIB_EXPRLEXER_H

#include <cstdint>
#include <string_view>

namespace symshape::frontend::expr {

enum class Tok {
  End,
  Int,
  Ref,
  Word,
  LParen,
  RParen,
  LBrace,
  RBrace,
  LSquare,
  RSquare,
  Comma,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Not,
  And,
  Or,
  Plus,
  Minus,
  Star,
  Error, ///< a character that starts no token
};

struct ExprToken {
  Tok kind = Tok::End;
  std::string_view text;
  uint32_t pos = 0; ///< offset in the expression text
};

/// The token starting at or after `pos` (whitespace is skipped).
ExprToken lexAt(std::string_view text, uint32_t pos);

} // namespace symshape::frontend::expr

#endif // SYMSHAPE_FRONTEND_LIB_EXPRLEXER_H
