//===- AffineMaps.cpp - Affine maps read once -----------------------------===//
//
// MLIR's affine map syntax (Builtin dialect, AffineMap):
//
//   affine_map<(d0, d1)[s0] -> (d1, 0, d0 + s0)>
//       2 dims, 1 symbol; results: dim 1, the constant 0, another
//       expression (Add(d0, s0))
//   affine_map<()[s0] -> (1, s0 * 32)>
//       no dim, 1 symbol (torch.bind_symbolic_shape's maps)
//
// Each result is a dim alone, an integer alone or `Other`; rules that
// need more than that (a projected permutation with zeros, linalg) make
// the op opaque on `Other`. Each result's whole expression is read too
// (AffineExprs.cpp), for rules that compute with it.
//
//===----------------------------------------------------------------------===//

#include "AttrReaders.h"

#include <cctype>
#include <optional>
#include <vector>

namespace symshape::frontend {

namespace {

std::string_view trimSpaces(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

/// The comma-separated items between `open` and its matching closer at
/// `text[pos]` (after spaces); advances `pos` past the closer.
std::optional<std::vector<std::string_view>>
splitMapList(std::string_view text, size_t &pos, char open, char close) {
  while (pos < text.size() &&
         std::isspace(static_cast<unsigned char>(text[pos])))
    ++pos;
  if (pos >= text.size() || text[pos] != open)
    return std::nullopt;
  size_t start = ++pos;
  std::vector<std::string_view> items;
  int depth = 0;
  for (; pos < text.size(); ++pos) {
    char ch = text[pos];
    if (ch == '(' || ch == '[')
      ++depth;
    else if ((ch == ')' || ch == ']') && depth > 0)
      --depth;
    else if (depth == 0 && (ch == ',' || ch == close)) {
      std::string_view item = trimSpaces(text.substr(start, pos - start));
      if (!item.empty() || ch == ',')
        items.push_back(item);
      start = pos + 1;
      if (ch == close) {
        ++pos;
        return items;
      }
    }
  }
  return std::nullopt;
}

/// An integer written alone as MLIR prints one: `0`, `-3`, `12` (no sign
/// but `-`, no leading zero); nullopt otherwise or past int64.
std::optional<int64_t> integerAlone(std::string_view s) {
  bool negative = !s.empty() && s.front() == '-';
  if (negative)
    s.remove_prefix(1);
  if (s.empty() || (s.size() > 1 && s.front() == '0') || (negative && s == "0"))
    return std::nullopt;
  int64_t value = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c)) ||
        value > (INT64_MAX - 9) / 10)
      return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return negative ? -value : value;
}

} // namespace

std::shared_ptr<const AffineMapValue> readAffineMap(std::string_view text) {
  text = trimSpaces(text);
  constexpr std::string_view prefix = "affine_map<";
  if (text.substr(0, prefix.size()) != prefix || text.back() != '>')
    return nullptr;
  text = text.substr(prefix.size(), text.size() - prefix.size() - 1);
  size_t pos = 0;
  std::optional<std::vector<std::string_view>> dims =
      splitMapList(text, pos, '(', ')');
  if (!dims)
    return nullptr;
  size_t save = pos;
  std::vector<std::string_view> symbols;
  while (pos < text.size() && text[pos] == ' ')
    ++pos;
  if (pos < text.size() && text[pos] == '[') {
    std::optional<std::vector<std::string_view>> list =
        splitMapList(text, pos, '[', ']');
    if (!list)
      return nullptr;
    symbols = std::move(*list);
  } else {
    pos = save;
  }
  while (pos < text.size() && text[pos] == ' ')
    ++pos;
  if (text.substr(pos, 2) != "->")
    return nullptr;
  pos += 2;
  std::optional<std::vector<std::string_view>> results =
      splitMapList(text, pos, '(', ')');
  if (!results || !trimSpaces(text.substr(pos)).empty())
    return nullptr;
  auto map = std::make_shared<AffineMapValue>();
  map->numDims = dims->size();
  map->numSymbols = symbols.size();
  for (std::string_view result : *results) {
    AffineResult out;
    if (std::optional<int64_t> constant = integerAlone(result)) {
      out.kind = AffineResult::Kind::Constant;
      out.value = *constant;
    } else {
      for (size_t d = 0; d < dims->size(); ++d)
        if ((*dims)[d] == result) {
          out.kind = AffineResult::Kind::Dim;
          out.value = int64_t(d);
          break;
        }
    }
    out.expr = readAffineExpr(result, *dims, symbols);
    map->results.push_back(std::move(out));
  }
  return map;
}

} // namespace symshape::frontend
