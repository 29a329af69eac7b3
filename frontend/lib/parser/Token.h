//===- Token.h - Tokens of the MLIR textual IR ------------------*- C++ -*-===//
//
// A token is a kind and a view into the source buffer; its location is the
// offset of its first byte.
//
//   %r#1 = "d.op"(%a) : (tensor<?xf32>) -> i32
//   ^^^^ PercentIdent "%r#1"    ^^ LParen
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LIB_TOKEN_H
#define SYMSHAPE_FRONTEND_LIB_TOKEN_H

#include <cstdint>
#include <string_view>

namespace symshape::frontend {

enum class TokenKind {
  Eof,
  Error,
  BareIdent,    ///< func.func, tensor, f32, x
  AtIdent,      ///< @name, @"quoted name"
  HashIdent,    ///< #alias, #dialect.attr
  BangIdent,    ///< !alias, !dialect.type
  PercentIdent, ///< %0, %arg0, %r#1
  CaretIdent,   ///< ^bb0
  Integer,      ///< 42, 0x2A
  Float,        ///< 1.5, 2.0e-3
  String,       ///< "text" (spelling keeps the quotes and escapes)
  Arrow,        ///< ->
  Colon,
  Comma,
  Equal,
  LParen,
  RParen,
  LBrace,
  RBrace,
  LSquare,
  RSquare,
  Less,
  Greater,
  Question,
  Star,
  Plus,
  Minus,
  VerticalBar,
  Ellipsis,
};

struct Token {
  TokenKind kind = TokenKind::Eof;
  std::string_view spelling;
  uint32_t offset = 0; ///< offset of the first byte in the buffer

  bool is(TokenKind k) const { return kind == k; }
  bool isKeyword(std::string_view word) const {
    return kind == TokenKind::BareIdent && spelling == word;
  }
  uint32_t end() const {
    return offset + static_cast<uint32_t>(spelling.size());
  }
};

/// A short human name for a token kind, used in "expected ..." messages.
const char *tokenKindName(TokenKind kind);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_LIB_TOKEN_H
