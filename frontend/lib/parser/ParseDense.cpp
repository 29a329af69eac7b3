//===- ParseDense.cpp - dense<...> and array<...> attributes --------------===//
//
//   dense<[1, 2]> : tensor<2xi64>      DenseInt {1, 2}
//   dense<3> : tensor<2xi64>           DenseInt {3}, splat
//   dense<[[1, 2], [3, 4]]> : T        DenseInt {1, 2, 3, 4}
//   dense<1.5> : tensor<2xf32>         Other (float elements are kept as text)
//   array<i64: 1, 2>                   DenseArray {1, 2}, type i64
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace symshape::frontend {

/// Element types whose literals may exceed int64: unsigned 64-bit and any
/// integer wider than 64 bits (and non-integers, which reject them anyway).
static bool holdsBeyondInt64(const Type &type) {
  std::string_view e = type.element.empty() ? std::string_view(type.spelling)
                                            : std::string_view(type.element);
  if (e == "index")
    return false;
  size_t p = e.rfind('i');
  if (p == std::string_view::npos || p + 1 >= e.size())
    return true;
  std::string_view prefix = e.substr(0, p), width = e.substr(p + 1);
  if (prefix != "" && prefix != "s" && prefix != "u")
    return true;
  if (width.find_first_not_of("0123456789") != std::string_view::npos)
    return true;
  unsigned bits = unsigned(std::stoul(std::string(width)));
  return bits > 64 || (bits == 64 && prefix == "u");
}

bool Parser::parseDenseAttr(Attribute &attr) {
  consume(); // dense
  if (!expect(TokenKind::Less, "'<'"))
    return false;
  bool onlyInts = true, nested = false;
  std::optional<SourceLoc> outerTooLarge = tooLargeLiteral;
  tooLargeLiteral.reset();
  if (tok.is(TokenKind::String)) {
    consume(); // hex blob "0x..."
    onlyInts = false;
  } else if (!tok.is(TokenKind::Greater) &&
             !parseDenseElements(attr, onlyInts, nested)) {
    return false;
  }
  if (!expect(TokenKind::Greater, "'>'") || !expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parseType();
  if (!type)
    return false;
  std::optional<SourceLoc> tooLarge = tooLargeLiteral;
  tooLargeLiteral = outerTooLarge;
  if (tooLarge && !holdsBeyondInt64(*type))
    return emitHardError(*tooLarge, "integer too large");
  attr.type = *type;
  attr.hasType = true;
  attr.kind = onlyInts ? AttrKind::DenseInt : AttrKind::Other;
  attr.splat = onlyInts && !nested && !attr.ints.empty();
  if (!onlyInts)
    attr.ints.clear();
  return true;
}

/// One element or a nested `[...]` list; integers and booleans go to
/// `attr.ints`, anything else clears `onlyInts`.
bool Parser::parseDenseElements(Attribute &attr, bool &onlyInts, bool &nested) {
  if (tok.is(TokenKind::LSquare)) {
    nested = true;
    if (!enterNesting(tokLoc()))
      return false;
    consume();
    if (!tok.is(TokenKind::RSquare)) {
      do {
        if (!parseDenseElements(attr, onlyInts, nested))
          return false;
      } while (consumeIf(TokenKind::Comma));
    }
    exitNesting();
    return expect(TokenKind::RSquare, "']'");
  }
  if (tok.isKeyword("true") || tok.isKeyword("false")) {
    attr.ints.push_back(tok.isKeyword("true") ? 1 : 0);
    consume();
    return true;
  }
  if (tok.is(TokenKind::Float) ||
      (tok.is(TokenKind::Minus) && peek().is(TokenKind::Float))) {
    consumeIf(TokenKind::Minus);
    consume();
    onlyInts = false;
    return true;
  }
  if (tok.is(TokenKind::Minus) || tok.is(TokenKind::Integer)) {
    if (!integerLiteralFits()) {
      // A valid literal of a wider type (ui64, i128): kept as text only;
      // parseDenseAttr checks the element type.
      if (!tooLargeLiteral)
        tooLargeLiteral = tokLoc();
      consumeIf(TokenKind::Minus);
      if (!expect(TokenKind::Integer, "integer"))
        return false;
      onlyInts = false;
      return true;
    }
    std::optional<int64_t> value = parseIntegerLiteral();
    if (!value)
      return false;
    attr.ints.push_back(*value);
    return true;
  }
  if (tok.is(TokenKind::String)) {
    consume();
    onlyInts = false;
    return true;
  }
  if (tok.is(TokenKind::LParen)) { // complex (re, im)
    consume();
    bool ignored = false;
    Attribute parts;
    if (!parseDenseElements(parts, ignored, ignored) ||
        !expect(TokenKind::Comma, "','") ||
        !parseDenseElements(parts, ignored, ignored) ||
        !expect(TokenKind::RParen, "')'"))
      return false;
    onlyInts = false;
    return true;
  }
  return emitWrongToken("expected element literal of primitive type");
}

/// `array<i64: 1, 2>` or `array<i64>`.
bool Parser::parseDenseArrayAttr(Attribute &attr) {
  consume(); // array
  if (!expect(TokenKind::Less, "'<'"))
    return false;
  std::optional<Type> element = parseType();
  if (!element)
    return false;
  attr.kind = AttrKind::DenseArray;
  attr.type = *element;
  attr.hasType = true;
  bool isFloat = element->kind == TypeKind::Float;
  if (consumeIf(TokenKind::Colon)) {
    do {
      if (isFloat) {
        consumeIf(TokenKind::Minus);
        if (!tok.is(TokenKind::Float) && !tok.is(TokenKind::Integer))
          return emitWrongToken("expected floating point literal");
        consume();
      } else if (tok.isKeyword("true") || tok.isKeyword("false")) {
        attr.ints.push_back(tok.isKeyword("true") ? 1 : 0);
        consume();
      } else if (!integerLiteralFits()) {
        consumeIf(TokenKind::Minus); // wider than i64: kept as text only
        if (!expect(TokenKind::Integer, "integer"))
          return false;
        isFloat = true; // not read as integers below
      } else {
        std::optional<int64_t> value = parseIntegerLiteral();
        if (!value)
          return false;
        attr.ints.push_back(*value);
      }
    } while (consumeIf(TokenKind::Comma));
  }
  if (!expect(TokenKind::Greater, "'>'"))
    return false;
  if (isFloat) {
    attr.kind = AttrKind::Other;
    attr.ints.clear();
  }
  return true;
}

} // namespace symshape::frontend
