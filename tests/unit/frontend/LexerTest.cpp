//===- LexerTest.cpp - Tokens of the MLIR textual IR ----------------------===//

#include "parser/Lexer.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace symshape::frontend;

namespace {

struct Lexed {
  TokenKind kind;
  std::string spelling;
};

std::vector<Lexed> lexAll(std::string_view text) {
  Lexer lexer(text);
  std::vector<Lexed> out;
  while (true) {
    Token tok = lexer.lex();
    if (tok.is(TokenKind::Eof))
      return out;
    out.push_back({tok.kind, std::string(tok.spelling)});
    if (tok.is(TokenKind::Error))
      return out;
  }
}

} // namespace

TEST_CASE("lexer reads identifiers and sigils", "[lexer]") {
  auto toks = lexAll("func.func @f %arg0 %0 %r#1 %a_b %c-3 ^bb0 #map "
                     "#dialect.attr !alias !shape.shape @\"quoted name\" $x");
  REQUIRE(toks.size() == 14);
  CHECK(toks[0].kind == TokenKind::BareIdent);
  CHECK(toks[0].spelling == "func.func");
  CHECK(toks[1].kind == TokenKind::AtIdent);
  CHECK(toks[2].kind == TokenKind::PercentIdent);
  CHECK(toks[2].spelling == "%arg0");
  CHECK(toks[4].spelling == "%r#1");
  CHECK(toks[5].spelling == "%a_b");
  CHECK(toks[6].spelling == "%c-3");
  CHECK(toks[7].kind == TokenKind::CaretIdent);
  CHECK(toks[8].kind == TokenKind::HashIdent);
  CHECK(toks[9].spelling == "#dialect.attr");
  CHECK(toks[10].kind == TokenKind::BangIdent);
  CHECK(toks[11].spelling == "!shape.shape");
  CHECK(toks[12].kind == TokenKind::AtIdent);
  CHECK(toks[12].spelling == "@\"quoted name\"");
  CHECK(toks[13].kind == TokenKind::Error);
}

TEST_CASE("lexer reads numbers, strings and punctuation", "[lexer]") {
  auto toks = lexAll("42 0x2A 1.5 2.0e-3 3. \"a\\\"b\\n\\0A\" ( ) { } [ ] < > "
                     ", : = -> ? * + - | ...");
  std::vector<TokenKind> kinds;
  for (const Lexed &tok : toks)
    kinds.push_back(tok.kind);
  using K = TokenKind;
  CHECK(kinds ==
        std::vector<K>{K::Integer, K::Integer, K::Float,       K::Float,
                       K::Float,   K::String,  K::LParen,      K::RParen,
                       K::LBrace,  K::RBrace,  K::LSquare,     K::RSquare,
                       K::Less,    K::Greater, K::Comma,       K::Colon,
                       K::Equal,   K::Arrow,   K::Question,    K::Star,
                       K::Plus,    K::Minus,   K::VerticalBar, K::Ellipsis});
  CHECK(toks[1].spelling == "0x2A");
  CHECK(toks[3].spelling == "2.0e-3");
  CHECK(decodeStringToken(toks[5].spelling) == "a\"b\n\n");
}

TEST_CASE("lexer keeps 0x followed by a non-hex digit apart", "[lexer]") {
  auto toks = lexAll("0xf32");
  REQUIRE(toks.size() == 1);
  CHECK(toks[0].spelling == "0xf32"); // hex digits f, 3, 2
  toks = lexAll("0xg");
  REQUIRE(toks.size() == 2);
  CHECK(toks[0].spelling == "0");
  CHECK(toks[1].spelling == "xg");
}

TEST_CASE("lexer skips comments", "[lexer]") {
  auto toks = lexAll("a // b c\n// whole line\nd");
  REQUIRE(toks.size() == 2);
  CHECK(toks[0].spelling == "a");
  CHECK(toks[1].spelling == "d");
}

TEST_CASE("lexer errors carry a message and a position", "[lexer]") {
  struct Case {
    const char *text;
    uint32_t offset;
    const char *message;
  };
  const Case cases[] = {
      {"a \x01", 2, "unexpected character"},
      {"a ;", 2, "unexpected character"},
      {"\"abc", 0, "expected '\"' in string literal"},
      {"\"ab\ncd\"", 0, "expected '\"' in string literal"},
      {"\"a\\qb\"", 2, "unknown escape in string literal"},
      {"% x", 0, "invalid SSA name"},
      {"^ x", 0, "invalid block name"},
      {"@ x", 0, "invalid symbol name"},
      {"# x", 0, "invalid attribute name"},
      {"! x", 0, "invalid type name"},
      {"a . b", 2, "unexpected character"},
      {"\xff", 0, "unexpected character"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    Lexer lexer(c.text);
    Token tok = lexer.lex();
    while (!tok.is(TokenKind::Error) && !tok.is(TokenKind::Eof))
      tok = lexer.lex();
    REQUIRE(tok.is(TokenKind::Error));
    CHECK(tok.offset == c.offset);
    CHECK(std::string(lexer.errorMessage()) == c.message);
  }
}

TEST_CASE("lexer can be moved to an offset", "[lexer]") {
  Lexer lexer("tensor<2x?xf32>");
  lexer.resetTo(11);
  Token tok = lexer.lex();
  CHECK(tok.spelling == "f32");
  CHECK(tok.offset == 11);
}
