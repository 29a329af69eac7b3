//===- ParseTorchTypes.cpp - The tensor types of torch-mlir's torch dialect
//===//
//
// torch-mlir prints a value tensor with its sizes in brackets and its dtype
// after a comma (TorchTypes.cpp, `printTensorType`):
//
//   !torch.vtensor<[2,?,4],f32>   RankedTensor dims {2, kDynamic, 4}
//   !torch.vtensor<[],si64>       RankedTensor of rank 0
//   !torch.vtensor<*,f32>         UnrankedTensor (sizes unknown)
//   !torch.vtensor                UnrankedTensor, dtype unknown
//   !torch.vtensor<[2],unk>       dtype unknown, sizes known
//
// Such a value behaves as a ranked tensor everywhere; the type keeps the
// torch spelling (`spelling` is "!torch.vtensor", see Type.h) so that it
// prints as written. The mutable `!torch.tensor<...>`, `!torch.int`,
// `!torch.list<int>`, ... stay types of kind Other, kept as text.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>

namespace symshape::frontend {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// Reads the body between `<` and `>` of a value tensor type into `type`;
/// false for any form it does not know (the type then stays Other).
bool readVtensorBody(std::string_view body, Type &type) {
  size_t p = 0;
  auto skipSpace = [&] {
    while (p < body.size() && isSpace(body[p]))
      ++p;
  };
  skipSpace();
  if (p < body.size() && body[p] == '*') {
    type.kind = TypeKind::UnrankedTensor;
    ++p;
  } else if (p < body.size() && body[p] == '[') {
    type.kind = TypeKind::RankedTensor;
    ++p;
    skipSpace();
    if (p < body.size() && body[p] == ']') {
      ++p;
    } else {
      // One allocation for the dims (a profile of a 100k-op file spent a
      // fifth of this reader in growing the vector one dim at a time).
      std::string_view sizes = body.substr(p, body.find(']', p) - p);
      type.dims.reserve(1 +
                        size_t(std::count(sizes.begin(), sizes.end(), ',')));
      while (true) {
        skipSpace();
        if (p < body.size() && body[p] == '?') {
          type.dims.push_back(kDynamic);
          ++p;
        } else {
          size_t start = p;
          int64_t value = 0;
          while (p < body.size() && body[p] >= '0' && body[p] <= '9') {
            if (value > (INT64_MAX - 9) / 10)
              return false;
            value = value * 10 + (body[p] - '0');
            ++p;
          }
          if (p == start)
            return false;
          type.dims.push_back(value);
        }
        skipSpace();
        if (p < body.size() && body[p] == ',') {
          ++p;
          continue;
        }
        if (p < body.size() && body[p] == ']') {
          ++p;
          break;
        }
        return false;
      }
    }
  } else {
    return false;
  }
  skipSpace();
  if (p >= body.size() || body[p] != ',')
    return false;
  ++p;
  std::string_view dtype = body.substr(p);
  while (!dtype.empty() && isSpace(dtype.front()))
    dtype.remove_prefix(1);
  while (!dtype.empty() && isSpace(dtype.back()))
    dtype.remove_suffix(1);
  if (dtype.empty())
    return false;
  // Shared like a builtin tensor's element (parseShapedType).
  type.element = dtype == "unk" ? solver::Text() : solver::Text::shared(dtype);
  return true;
}

/// The offset just past the `>` that closes the `<` at `open`, when the
/// body is the common form (sizes in one pair of brackets, a plain dtype):
/// the offset skipBalanced returns, found without its stack (a profile of a
/// 100k-op torch file spent 1.4% of the time in skipBalanced). Nullopt for
/// anything else (another bracket, `-`, a string, a newline, unbalanced
/// `[`, no `>`): the caller then runs skipBalanced, which also reports the
/// errors.
std::optional<uint32_t> plainBodyEnd(std::string_view buf, uint32_t open) {
  int brackets = 0;
  for (uint32_t p = open + 1; p < buf.size(); ++p) {
    switch (buf[p]) {
    case '>':
      if (brackets != 0)
        return std::nullopt;
      return p + 1;
    case '[':
      if (++brackets > 1)
        return std::nullopt;
      break;
    case ']':
      if (--brackets < 0)
        return std::nullopt;
      break;
    case '<':
    case '(':
    case ')':
    case '{':
    case '}':
    case '"':
    case '-':
    case '\n':
      return std::nullopt;
    default:
      break;
    }
  }
  return std::nullopt;
}

} // namespace

/// `!torch.vtensor<...>` (the lexer is on the `!torch.vtensor` token), or
/// nullopt with the lexer unmoved when this is not a value tensor type.
std::optional<Type> Parser::parseTorchType(uint32_t start) {
  if (tok.spelling != "!torch.vtensor")
    return std::nullopt;
  Type type;
  uint32_t open = tok.end();
  if (open >= buf.size() || buf[open] != '<') {
    consume();
    type.spelling = "!torch.vtensor";
    type.kind = TypeKind::UnrankedTensor;
    return type;
  }
  std::optional<uint32_t> end = plainBodyEnd(buf, open);
  if (!end)
    end = skipBalanced(open);
  if (!end)
    return std::nullopt;
  // Large modules repeat a handful of types: reuse the read of the same
  // text, as parseType does for builtin tensors (a 100k-op FX-style file
  // spent most of its extra parsing time over StableHLO's reading these).
  std::string_view text = buf.substr(start, *end - start);
  if (auto it = typeCache.find(text); it != typeCache.end()) {
    resetTo(*end);
    return it->second;
  }
  type.spelling = solver::Text::shared("!torch.vtensor");
  if (!readVtensorBody(buf.substr(open + 1, *end - open - 2), type)) {
    // A form this reader does not know: kept as text (an Other type).
    resetTo(*end);
    Type other;
    other.spelling = std::string(textFrom(start));
    return other;
  }
  resetTo(*end);
  typeCache.emplace(text, type);
  return type;
}

} // namespace symshape::frontend
