//===- ParseTypes.cpp - Types, dimension lists, function types ------------===//
//
//   tensor<2x?x4xf32>  tensor<*xf32>  tensor<f32>  tensor<4xf32, #enc>
//   vector<4x8xf32>    vector<[4]xf32> (scalable: kind Other)
//   index  i32  si8  ui64  f16  bf16  f8E5M2  f4E2M1FN  none
//   !shape.shape  !shape.size  !alias  !dialect.type<...>
//   memref<..>  complex<..>  tuple<..>  (T) -> R      (kind Other, as text,
//                                                   checked as MLIR reads it)
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include <array>
#include <cstdint>
#include <limits>

namespace symshape::frontend {

static bool isDigitChar(char c) { return c >= '0' && c <= '9'; }

/// i1, si8, ui64, ...
static bool isIntegerTypeName(std::string_view name) {
  if (name.substr(0, 2) == "si" || name.substr(0, 2) == "ui")
    name.remove_prefix(2);
  else if (!name.empty() && name.front() == 'i')
    name.remove_prefix(1);
  else
    return false;
  if (name.empty() || name.size() > 8 || name.front() == '0')
    return false;
  for (char c : name)
    if (!isDigitChar(c))
      return false;
  return true;
}

/// Every builtin float type of current MLIR (BuiltinTypes.td), including
/// the 4-, 6- and 8-bit formats of the OCP/MX and Graphcore proposals.
static bool isFloatTypeName(std::string_view name) {
  static constexpr std::array<std::string_view, 18> names = {
      "f16",    "bf16",       "f32",      "f64",        "f80",
      "f128",   "tf32",       "f4E2M1FN", "f6E2M3FN",   "f6E3M2FN",
      "f8E3M4", "f8E4M3",     "f8E4M3FN", "f8E4M3FNUZ", "f8E4M3B11FNUZ",
      "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU"};
  for (std::string_view known : names)
    if (name == known)
      return true;
  return false;
}

Type builtinType(std::string_view spelling) {
  Type type;
  if (spelling == "index")
    return Type::index();
  if (spelling == "!shape.shape") {
    type.kind = TypeKind::Shape;
  } else if (spelling == "!shape.size") {
    type.kind = TypeKind::Size;
  } else if (spelling == "!shape.witness") {
    type.kind = TypeKind::Witness;
  } else if (spelling == "!shape.value_shape") {
    type.kind = TypeKind::ValueShape;
  } else {
    type.kind = isIntegerTypeName(spelling) ? TypeKind::Integer
                : isFloatTypeName(spelling) ? TypeKind::Float
                                            : TypeKind::Other;
    type.spelling = std::string(spelling);
  }
  return type;
}

std::optional<Type> parseTypeText(std::string_view text) {
  SourceManager sources;
  uint32_t buffer = sources.addBuffer("<type>", std::string(text));
  DiagnosticEngine diags(sources);
  Parser parser(sources, buffer, diags);
  std::optional<Type> type = parser.parseType();
  if (!type || parser.failed || !parser.tok.is(TokenKind::Eof))
    return std::nullopt;
  return type;
}

std::optional<Type> Parser::parseType() {
  uint32_t start = tok.offset;
  if (!enterNesting(tokLoc()))
    return std::nullopt;
  if (tok.is(TokenKind::BangIdent)) {
    // Straight into the value returned (every `!torch.vtensor` of an FX
    // export comes this way): one move of the type fewer.
    std::optional<Type> type = parseDialectType(start);
    exitNesting();
    return type;
  }
  std::optional<Type> result;
  if (tok.is(TokenKind::LParen)) {
    std::vector<Type> inputs, results;
    if (parseFunctionType(inputs, results)) {
      result = Type();
      result->spelling = std::string(textFrom(start));
    }
  } else if (tok.is(TokenKind::BareIdent)) {
    std::string_view name = tok.spelling;
    if (name == "tensor" || name == "vector") {
      // Large modules repeat a handful of types: reuse the parse of the
      // same text. The key is always a complete type text, so a hit reads
      // exactly what parsing would.
      if (std::optional<uint32_t> end = scanShapedType(tok.end())) {
        auto it = typeCache.find(buf.substr(start, *end - start));
        if (it != typeCache.end()) {
          resetTo(*end);
          prevEnd = *end;
          exitNesting();
          return it->second;
        }
      }
      consume();
      result = parseShapedType(name, start);
      if (result)
        typeCache.emplace(textFrom(start), *result);
    } else if (name == "memref" || name == "complex" || name == "tuple") {
      // Kept as text, but read as MLIR reads them: garbage inside is an
      // error, not an opaque type.
      std::string keyword(name);
      consume();
      if (parseOtherTypeBody(keyword, start)) {
        result = Type();
        result->spelling = std::string(textFrom(start));
      }
    } else if (name == "opaque") {
      consume();
      if (!tok.is(TokenKind::Less)) {
        emitWrongToken("expected '<'");
      } else if (std::optional<uint32_t> end = skipBalanced(tok.offset)) {
        resetTo(*end);
        result = Type();
        result->spelling = std::string(textFrom(start));
      }
    } else if (name == "index" || name == "none" || isIntegerTypeName(name) ||
               isFloatTypeName(name)) {
      result = builtinType(name);
      consume();
    } else {
      emitWrongToken("expected type");
    }
  } else {
    emitWrongToken("expected type");
  }
  exitNesting();
  return result;
}

std::optional<uint32_t> Parser::scanShapedType(uint32_t open) const {
  if (open >= buf.size() || buf[open] != '<')
    return std::nullopt;
  unsigned depth = 0;
  for (uint32_t p = open; p < buf.size() && p - open < 512; ++p) {
    char c = buf[p];
    if (c == '<')
      ++depth;
    else if (c == '>' && buf[p - 1] != '-' && --depth == 0)
      return p + 1;
    else if (c == '"' || c == '\n')
      return std::nullopt; // strings and line breaks: parse it properly
  }
  return std::nullopt;
}

/// `!shape.shape`, `!dialect.type<...>`, `!dialect<...>`, `!alias`.
std::optional<Type> Parser::parseDialectType(uint32_t start) {
  if (tok.spelling == "!torch.vtensor") // ParseTorchTypes.cpp
    return parseTorchType(start);
  std::string name(tok.spelling.substr(1));
  SourceLoc loc = tokLoc();
  bool hasBody = tok.end() < buf.size() && buf[tok.end()] == '<';
  consume();
  if (hasBody) {
    std::optional<uint32_t> end = skipBalanced(tok.offset);
    if (!end)
      return std::nullopt;
    resetTo(*end);
    Type type;
    type.spelling = std::string(textFrom(start));
    return type;
  }
  if (name.find('.') != std::string::npos) {
    if (name == "shape.type")
      return builtinType("!shape.shape");
    return builtinType("!" + name);
  }
  auto alias = typeAliases.find(name);
  if (alias == typeAliases.end()) {
    emitError(loc, "undefined symbol alias id '" + name + "'");
    return std::nullopt;
  }
  return alias->second;
}

/// After `memref` / `complex` / `tuple`: `<dims x element [, layout [,
/// memory space]]>`, `<element>`, `<T, ...>` or `<>`.
bool Parser::parseOtherTypeBody(const std::string &keyword, uint32_t start) {
  if (!tok.is(TokenKind::Less))
    return emitWrongToken("expected '<' in " + keyword + " type");
  consume();
  if (keyword == "tuple") {
    std::vector<Type> elements;
    if (!tok.is(TokenKind::Greater) && !parseTypeList(elements))
      return false;
  } else if (keyword == "complex") {
    if (!parseType())
      return false;
  } else {
    std::vector<int64_t> dims;
    bool unranked = false, scalable = false;
    if (!parseDimensionList(dims, /*isTensor=*/true, unranked, scalable) ||
        !checkElementCount(dims, start) || !parseType())
      return false;
    while (consumeIf(TokenKind::Comma))
      if (!parseAttribute())
        return false;
    // mlir-opt's words.
    if (!tok.is(TokenKind::Greater))
      return emitWrongToken("expected ',' or '>' in memref type");
  }
  return expect(TokenKind::Greater, "'>'");
}

bool Parser::checkElementCount(const std::vector<int64_t> &dims,
                               uint32_t start) {
  int64_t count = 1;
  bool overflow = false;
  for (int64_t dim : dims) {
    if (dim == 0)
      return true; // no elements, whatever the other sizes
    if (dim != kDynamic && __builtin_mul_overflow(count, dim, &count))
      overflow = true;
  }
  if (!overflow)
    return true;
  return emitError(locAt(start), "the static sizes of this type multiply "
                                 "beyond 2^63 - 1 elements");
}

/// After `tensor` / `vector`: `<dims x element [, encoding]>`.
std::optional<Type> Parser::parseShapedType(std::string_view keyword,
                                            uint32_t start) {
  bool isTensor = keyword == "tensor";
  if (!tok.is(TokenKind::Less)) {
    emitWrongToken("expected '<' in " + std::string(keyword) + " type");
    return std::nullopt;
  }
  consume();
  Type type;
  bool unranked = false, scalable = false;
  if (!parseDimensionList(type.dims, isTensor, unranked, scalable) ||
      !checkElementCount(type.dims, start))
    return std::nullopt;
  std::optional<Type> element = parseType();
  if (!element)
    return std::nullopt;
  // Every copy of a cached type copies its element: on two threads, a
  // counted one would be written by both at each copy.
  type.element = solver::Text::shared(element->str());
  if (isTensor && tok.is(TokenKind::Comma)) {
    consume();
    uint32_t encodingStart = tok.offset;
    if (!parseAttribute())
      return std::nullopt;
    type.encoding = std::string(textFrom(encodingStart));
  }
  if (!expect(TokenKind::Greater, "'>'"))
    return std::nullopt;
  if (scalable) {
    Type other;
    other.spelling = std::string(textFrom(start));
    return other;
  }
  type.kind = !isTensor  ? TypeKind::Vector
              : unranked ? TypeKind::UnrankedTensor
                         : TypeKind::RankedTensor;
  if (unranked)
    type.dims.clear();
  return type;
}

/// Reads `2x?x4x` character by character (the lexer would read `x4xf32` as
/// one identifier) and leaves the lexer on the element type.
bool Parser::parseDimensionList(std::vector<int64_t> &dims, bool isTensor,
                                bool &unranked, bool &scalable) {
  uint32_t p = tok.offset;
  auto skipSpace = [&] {
    while (p < buf.size() && (buf[p] == ' ' || buf[p] == '\t' ||
                              buf[p] == '\n' || buf[p] == '\r'))
      ++p;
  };
  while (true) {
    skipSpace();
    char c = p < buf.size() ? buf[p] : '\0';
    uint32_t dimStart = p;
    if (c == '?' && isTensor) {
      dims.push_back(kDynamic);
      ++p;
    } else if (c == '*' && isTensor && dims.empty()) {
      unranked = true;
      ++p;
    } else if (c == '[' && !isTensor) {
      scalable = true;
      ++p;
      skipSpace();
      if (p >= buf.size() || !isDigitChar(buf[p]))
        return emitError(locAt(p), "expected dimension");
      while (p < buf.size() && isDigitChar(buf[p]))
        ++p;
      skipSpace();
      if (p >= buf.size() || buf[p] != ']')
        return emitError(locAt(p), "expected ']'");
      ++p;
      dims.push_back(0);
    } else if (isDigitChar(c)) {
      uint64_t value = 0;
      for (; p < buf.size() && isDigitChar(buf[p]); ++p) {
        uint64_t digit = static_cast<uint64_t>(buf[p] - '0');
        if (value >
            (uint64_t(std::numeric_limits<int64_t>::max()) - digit) / 10)
          return emitError(locAt(dimStart), "integer too large");
        value = value * 10 + digit;
      }
      dims.push_back(static_cast<int64_t>(value));
    } else if (c == '-' || c == '?' || c == '*') {
      return emitError(locAt(p), "expected dimension");
    } else {
      break; // the element type
    }
    skipSpace();
    if (p >= buf.size() || buf[p] != 'x')
      return emitError(locAt(p), "expected 'x' in dimension list");
    ++p;
    if (unranked)
      break;
  }
  resetTo(p);
  return true;
}

bool Parser::parseTypeList(std::vector<Type> &types,
                           std::vector<SourceRange> *ranges) {
  // Most lists are one or two types (a binary op's operands): room for two
  // spares the move of the first when the second is read.
  if (types.empty())
    types.reserve(2);
  if (ranges && ranges->empty())
    ranges->reserve(2);
  do {
    uint32_t start = tok.offset;
    std::optional<Type> type = parseType();
    if (!type)
      return false;
    types.push_back(std::move(*type));
    if (ranges)
      ranges->push_back(rangeFrom(start));
  } while (consumeIf(TokenKind::Comma));
  return true;
}

bool Parser::parseOperandTypes(const std::vector<OperandUse> &uses,
                               std::vector<Type> &types,
                               std::vector<char> &sameAsValue,
                               std::vector<SourceRange> *ranges) {
  types.reserve(uses.size());
  sameAsValue.reserve(uses.size());
  if (ranges)
    ranges->reserve(uses.size());
  // Where a type's text may end: what parseTypeList reads after a type.
  auto endsType = [&](uint32_t p) {
    if (p >= buf.size())
      return true;
    char c = buf[p];
    return c == ',' || c == ' ' || c == '\n' || c == '\t' || c == '\r' ||
           c == ')' || (c == '-' && p + 1 < buf.size() && buf[p + 1] == '>');
  };
  size_t i = 0;
  do {
    uint32_t start = tok.offset;
    if (i < uses.size()) {
      const Value &val = value(uses[i].id);
      // The text the value's type was written with; a torch scalar type
      // (`!torch.int` of a torch.constant.int) is its own spelling.
      std::string_view own =
          buf.substr(val.typeBegin, val.typeEnd - val.typeBegin);
      if (own.empty() && val.type->kind == TypeKind::Other &&
          val.type->spelling.rfind("!torch.", 0) == 0)
        own = val.type->spelling;
      if (val.typeKnown && !own.empty() &&
          buf.substr(start, own.size()) == own &&
          endsType(start + uint32_t(own.size()))) {
        resetTo(start + uint32_t(own.size()));
        types.emplace_back();
        sameAsValue.push_back(1);
        if (ranges)
          ranges->push_back(rangeFrom(start));
        ++i;
        continue;
      }
    }
    std::optional<Type> type = parseType();
    if (!type)
      return false;
    types.push_back(std::move(*type));
    sameAsValue.push_back(0);
    if (ranges)
      ranges->push_back(rangeFrom(start));
    ++i;
  } while (consumeIf(TokenKind::Comma));
  return true;
}

bool Parser::parseFunctionType(std::vector<Type> &inputs,
                               std::vector<Type> &results,
                               std::vector<SourceRange> *resultRanges,
                               std::vector<SourceRange> *inputRanges,
                               const std::vector<OperandUse> *uses,
                               std::vector<char> *sameAsValue) {
  if (!expect(TokenKind::LParen, "'('"))
    return false;
  if (!tok.is(TokenKind::RParen) &&
      !(uses ? parseOperandTypes(*uses, inputs, *sameAsValue, inputRanges)
             : parseTypeList(inputs, inputRanges)))
    return false;
  if (!expect(TokenKind::RParen, "')'") || !expect(TokenKind::Arrow, "'->'"))
    return false;
  return parseFunctionResults(results, resultRanges);
}

bool Parser::parseFunctionResults(std::vector<Type> &results,
                                  std::vector<SourceRange> *ranges) {
  if (!consumeIf(TokenKind::LParen)) {
    uint32_t start = tok.offset;
    std::optional<Type> type = parseType();
    if (!type)
      return false;
    results.push_back(std::move(*type));
    if (ranges)
      ranges->push_back(rangeFrom(start));
    return true;
  }
  if (consumeIf(TokenKind::RParen))
    return true;
  return parseTypeList(results, ranges) && expect(TokenKind::RParen, "')'");
}

/// `text` with the parameters of every dialect type or attribute dropped:
/// `tensor<2x!quant.uniform<i8:f32, 2.0:15>>` becomes
/// `tensor<2x!quant.uniform<>>`.
static std::string withoutDialectParameters(std::string_view text) {
  std::string out;
  for (size_t p = 0; p < text.size(); ++p) {
    out += text[p];
    if (text[p] != '!' && text[p] != '#')
      continue;
    while (p + 1 < text.size() &&
           (isSuffixIdChar(text[p + 1]) || text[p + 1] == '.'))
      out += text[++p];
    if (p + 1 >= text.size() || text[p + 1] != '<')
      continue;
    unsigned depth = 0;
    for (++p; p < text.size(); ++p) {
      if (text[p] == '<')
        ++depth;
      else if (text[p] == '>' && text[p - 1] != '-' && --depth == 0)
        break;
    }
    out += "<>";
  }
  return out;
}

bool sameTypeUpToDialectSpelling(const Type &a, const Type &b) {
  if (a == b)
    return true;
  if (a.kind != b.kind || a.dims != b.dims)
    return false;
  return withoutDialectParameters(a.str()) == withoutDialectParameters(b.str());
}

} // namespace symshape::frontend
