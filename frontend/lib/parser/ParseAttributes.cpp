//===- ParseAttributes.cpp - Attributes and dictionaries ------------------===//
//
//   4 : index   -3   1.5 : f32   true   "str"   unit   @sym   i32
//   [1, ?, *]   {a = 1, b}   array<i64: 1, 2>   dense<[[1, 2], [3, 4]]> : T
//   affine_map<(d0) -> (d0)>   #alias   #dialect<...>   loc(...)
//
//===----------------------------------------------------------------------===//

#include "AttrReaders.h"
#include "ParserImpl.h"
#include "StructAttrs.h"

#include <cctype>

#include <limits>

namespace symshape::frontend {

std::optional<Attribute> Parser::parseAttribute(bool allowType) {
  if (!enterNesting(tokLoc()))
    return std::nullopt;
  uint32_t start = tok.offset;
  std::optional<Attribute> attr = parseAttributeImpl(allowType);
  exitNesting();
  if (!attr)
    return std::nullopt;
  attr->text = std::string(textFrom(start));
  if (attr->kind == AttrKind::Other && attr->text.rfind("affine_map<", 0) == 0)
    attr->affineMap = readAffineMap(attr->text);
  return attr;
}

static bool isTypeKeyword(std::string_view word) {
  return word == "tensor" || word == "vector" || word == "memref" ||
         word == "complex" || word == "tuple" || word == "index" ||
         word == "none" || word == "opaque" ||
         builtinType(word).kind != TypeKind::Other;
}

std::optional<Attribute> Parser::parseAttributeImpl(bool allowType) {
  Attribute attr;
  attr.loc = tokLoc();
  bool ok = true;
  switch (tok.kind) {
  case TokenKind::Minus:
  case TokenKind::Integer:
  case TokenKind::Float:
    ok = parseNumberAttr(attr, allowType);
    break;
  case TokenKind::String:
    ok = parseStringAttr(attr, allowType);
    break;
  case TokenKind::LSquare:
    ok = parseArrayAttr(attr);
    break;
  case TokenKind::LBrace:
    attr.kind = AttrKind::Dictionary;
    ok = parseAttrDict(attr.entries);
    break;
  case TokenKind::AtIdent:
    parseSymbolRefAttr(attr);
    break;
  case TokenKind::HashIdent:
    ok = parseHashAttr(attr, allowType);
    break;
  case TokenKind::BangIdent:
  case TokenKind::LParen:
    ok = parseTypeAttr(attr);
    break;
  case TokenKind::BareIdent:
    ok = parseKeywordAttr(attr, allowType);
    break;
  default:
    ok = emitWrongToken("expected attribute value");
    break;
  }
  if (!ok)
    return std::nullopt;
  return attr;
}

bool Parser::parseAttrTrailingType(Attribute &attr) {
  std::optional<Type> type = parseType();
  if (!type)
    return false;
  attr.type = *type;
  attr.hasType = true;
  return true;
}

bool Parser::parseStringAttr(Attribute &attr, bool allowType) {
  attr.kind = AttrKind::String;
  attr.str = decodeStringToken(tok.spelling);
  consume();
  if (allowType && consumeIf(TokenKind::Colon))
    return parseAttrTrailingType(attr);
  return true;
}

void Parser::parseSymbolRefAttr(Attribute &attr) {
  attr.kind = AttrKind::SymbolRef;
  std::string_view name = tok.spelling.substr(1);
  attr.str = !name.empty() && name.front() == '"' ? decodeStringToken(name)
                                                  : std::string(name);
  consume();
  // Nested references @a::@b.
  while (tok.is(TokenKind::Colon) && buf.substr(tok.offset, 3) == "::@") {
    consume();
    consume();
    consume();
  }
}

bool Parser::parseTypeAttr(Attribute &attr) {
  std::optional<Type> type = parseType();
  if (!type)
    return false;
  attr.kind = AttrKind::TypeAttr;
  attr.type = *type;
  return true;
}

bool Parser::parseKeywordAttr(Attribute &attr, bool allowType) {
  std::string_view word = tok.spelling;
  if (word == "true" || word == "false") {
    attr.kind = AttrKind::Bool;
    attr.boolValue = word == "true";
    consume();
    return true;
  }
  if (word == "unit") {
    attr.kind = AttrKind::Unit;
    consume();
    return true;
  }
  if (word == "dense")
    return parseDenseAttr(attr);
  if (word == "array")
    return parseDenseArrayAttr(attr);
  if (isTypeKeyword(word))
    return parseTypeAttr(attr);
  if (word == "affine_map" || word == "affine_set" || word == "sparse" ||
      word == "dense_resource" || word == "strided" || word == "loc" ||
      word == "distinct") {
    bool ok = parseOpaqueAttr(attr);
    // `dense_resource<blob> : tensor<4xf32>`, `sparse<...> : T`.
    bool typed = word == "dense_resource" || word == "sparse";
    if (ok && typed && allowType && consumeIf(TokenKind::Colon))
      ok = parseAttrTrailingType(attr);
    return ok;
  }
  return emitWrongToken("expected attribute value");
}

/// Magnitudes up to 2^63 (INT64_MIN needs the extra one).
static constexpr uint64_t kMagnitudeLimit =
    uint64_t(std::numeric_limits<int64_t>::max()) + 1;

/// The magnitude an integer token spells (decimal or 0x hex), nullopt past
/// kMagnitudeLimit.
static std::optional<uint64_t> literalMagnitude(std::string_view digits) {
  unsigned base = 10;
  if (digits.size() > 2 && digits[1] == 'x') {
    base = 16;
    digits.remove_prefix(2);
  }
  uint64_t value = 0;
  for (char c : digits) {
    uint64_t digit = c <= '9'   ? uint64_t(c - '0')
                     : c <= 'F' ? uint64_t(c - 'A' + 10)
                                : uint64_t(c - 'a' + 10);
    if (value > (kMagnitudeLimit - digit) / base)
      return std::nullopt;
    value = value * base + digit;
  }
  return value;
}

bool Parser::integerLiteralFits() const {
  bool negative = tok.is(TokenKind::Minus);
  Token t = negative ? peek() : tok;
  if (!t.is(TokenKind::Integer))
    return true; // not a literal: parseIntegerLiteral reports it
  std::optional<uint64_t> value = literalMagnitude(t.spelling);
  return value && (negative || *value < kMagnitudeLimit);
}

std::optional<int64_t> Parser::parseIntegerLiteral() {
  SourceLoc loc = tokLoc();
  bool negative = consumeIf(TokenKind::Minus);
  if (!tok.is(TokenKind::Integer)) {
    emitWrongToken("expected integer");
    return std::nullopt;
  }
  std::optional<uint64_t> value = literalMagnitude(tok.spelling);
  if (!value || (!negative && *value == kMagnitudeLimit)) {
    emitHardError(loc, "integer too large");
    return std::nullopt;
  }
  consume();
  if (negative)
    return *value == kMagnitudeLimit ? std::numeric_limits<int64_t>::min()
                                     : -static_cast<int64_t>(*value);
  return static_cast<int64_t>(*value);
}

/// `-?INT (: type)?` or `-?FLOAT (: type)?`.
bool Parser::parseNumberAttr(Attribute &attr, bool allowType) {
  bool isFloat = tok.is(TokenKind::Float) ||
                 (tok.is(TokenKind::Minus) && peek().is(TokenKind::Float));
  if (isFloat) {
    consumeIf(TokenKind::Minus);
    attr.kind = AttrKind::Float;
    consume();
  } else {
    std::optional<int64_t> value = parseIntegerLiteral();
    if (!value)
      return false;
    attr.kind = AttrKind::Integer;
    attr.intValue = *value;
  }
  if (allowType && consumeIf(TokenKind::Colon)) {
    std::optional<Type> type = parseType();
    if (!type)
      return false;
    attr.type = *type;
    attr.hasType = true;
  }
  return true;
}

/// `[a, b, ...]`; `?` and `*` elements for extent lists.
bool Parser::parseArrayAttr(Attribute &attr) {
  attr.kind = AttrKind::Array;
  consume(); // '['
  if (consumeIf(TokenKind::RSquare))
    return true;
  do {
    if (tok.is(TokenKind::Question) || tok.is(TokenKind::Star)) {
      Attribute marker;
      marker.kind =
          tok.is(TokenKind::Question) ? AttrKind::Dynamic : AttrKind::Star;
      marker.loc = tokLoc();
      marker.text = std::string(tok.spelling);
      consume();
      attr.elements.push_back(std::move(marker));
      continue;
    }
    std::optional<Attribute> element = parseAttribute();
    if (!element)
      return false;
    attr.elements.push_back(std::move(*element));
  } while (consumeIf(TokenKind::Comma));
  return expect(TokenKind::RSquare, "']'");
}

bool Parser::parseOptionalAttrDict(std::vector<NamedAttribute> &attrs) {
  return !tok.is(TokenKind::LBrace) || parseAttrDict(attrs);
}

/// `{name = value, unit_name, "quoted" = value}`.
bool Parser::parseAttrDict(std::vector<NamedAttribute> &attrs) {
  if (!expect(TokenKind::LBrace, "'{'"))
    return false;
  if (consumeIf(TokenKind::RBrace))
    return true;
  do {
    NamedAttribute named;
    named.loc = tokLoc();
    if (tok.is(TokenKind::BareIdent))
      named.name = std::string(tok.spelling);
    else if (tok.is(TokenKind::String))
      named.name = decodeStringToken(tok.spelling);
    else
      return emitWrongToken("expected attribute name");
    consume();
    if (consumeIf(TokenKind::Equal)) {
      if (parseEnumKeyword(named.value)) {
        setEnumCase(named.value, enumOfAttrName(named.name), named.value.text);
        attrs.push_back(std::move(named));
        continue;
      }
      std::optional<Attribute> value = parseAttribute();
      if (!value)
        return false;
      named.value = std::move(*value);
      readHloShardingAttr(named.name, named.value);
    } else {
      named.value.kind = AttrKind::Unit;
      named.value.loc = named.loc;
    }
    attrs.push_back(std::move(named));
  } while (consumeIf(TokenKind::Comma));
  return expect(TokenKind::RBrace, "'}'");
}

/// An enum case printed as a bare upper-case word, as ops whose properties
/// hold an enum print it in their attribute dictionary (TOSA 1.0:
/// `rounding_mode = SINGLE_ROUND`, `mode = BILINEAR`, `nan_mode = IGNORE`):
/// kept as text (AttrKind::Other), like `#tosa.rounding_mode<SINGLE_ROUND>`.
/// Only a whole value: the word is followed by ',' or '}'.
bool Parser::parseEnumKeyword(Attribute &attr) {
  if (!tok.is(TokenKind::BareIdent) || tok.spelling.empty() ||
      !std::isupper(static_cast<unsigned char>(tok.spelling[0])))
    return false;
  for (char c : tok.spelling)
    if (!std::isupper(static_cast<unsigned char>(c)) &&
        !std::isdigit(static_cast<unsigned char>(c)) && c != '_')
      return false;
  size_t after = tok.end();
  while (after < buf.size() && (buf[after] == ' ' || buf[after] == '\t' ||
                                buf[after] == '\n' || buf[after] == '\r'))
    ++after;
  if (after >= buf.size() || (buf[after] != ',' && buf[after] != '}'))
    return false;
  attr.kind = AttrKind::Other;
  attr.loc = tokLoc();
  attr.text = std::string(tok.spelling);
  consume();
  return true;
}

/// `#alias`, `#dialect.attr`, `#dialect<...>`, `#dialect.attr<...>`; a
/// dialect attribute may carry a type, as MLIR reads it:
/// `#hal.device.target<"local"> : !hal.device`.
bool Parser::parseHashAttr(Attribute &attr, bool allowType) {
  std::string name(tok.spelling.substr(1));
  SourceLoc loc = tokLoc();
  bool hasBody = tok.end() < buf.size() && buf[tok.end()] == '<';
  consume();
  if (hasBody || name.find('.') != std::string::npos) {
    attr.kind = AttrKind::Other;
    if (hasBody) {
      uint32_t bodyStart = tok.offset;
      std::optional<uint32_t> end = skipBalanced(bodyStart);
      if (!end)
        return false;
      std::string_view body = buf.substr(bodyStart, *end - bodyStart);
      readStructBody(attr, name, body);
      readEnumBody(attr, name, body);
      readShardyBody(attr, name, body);
      if (name == "util.int.assumption")
        readIntAssumptionBody(attr, body);
      resetTo(*end);
    }
    if (allowType && consumeIf(TokenKind::Colon)) {
      std::optional<Type> type = parseType();
      if (!type)
        return false;
      attr.type = *type;
      attr.hasType = true;
    }
    return true;
  }
  auto alias = attrAliases.find(name);
  if (alias == attrAliases.end())
    return emitError(loc, "undefined symbol alias id '" + name + "'");
  attr = alias->second;
  return true;
}

/// `affine_map<...>`, `loc(...)` and other attributes kept as text.
bool Parser::parseOpaqueAttr(Attribute &attr) {
  consume();
  if (!tok.is(TokenKind::Less) && !tok.is(TokenKind::LParen) &&
      !tok.is(TokenKind::LSquare))
    return emitWrongToken("expected '<'");
  std::optional<uint32_t> end = skipBalanced(tok.offset);
  if (!end)
    return false;
  resetTo(*end);
  // distinct[0]<...>
  if (tok.is(TokenKind::Less) && tok.offset == *end) {
    end = skipBalanced(tok.offset);
    if (!end)
      return false;
    resetTo(*end);
  }
  attr.kind = AttrKind::Other;
  return true;
}

} // namespace symshape::frontend
