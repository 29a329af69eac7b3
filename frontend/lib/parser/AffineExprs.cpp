//===- AffineExprs.cpp - Affine expressions read once ---------------------===//
//
// MLIR's affine expression grammar (Builtin dialect, AffineExpr; the
// parser's AffineParser):
//
//   expr  ::= term (('+' | '-') term)*
//   term  ::= atom (('*' | 'floordiv' | 'ceildiv' | 'mod') atom)*
//   atom  ::= '(' expr ')' | '-' atom | integer | dim-id | symbol-id
//
//   s0 * 32 + 1         Add(Mul(s0, 32), 1)
//   (d0 + 1) mod 4      Mod(Add(d0, 1), 4)
//   -s0                 Neg(s0)
//
// Ids are the names of the map's dim and symbol lists (`d0`, `s1`); any
// other name, a missing operand or an integer past int64 reads as nothing.
// What an operator means (MLIR wants a positive constant divisor) is for
// the reader of the expression to judge.
//
//===----------------------------------------------------------------------===//

#include "AttrReaders.h"
#include "ir/TextReader.h"

#include <cctype>

namespace symshape::frontend {

namespace {

class ExprReader {
public:
  using Kind = AffineExpr::Kind;

  ExprReader(std::string_view text, const std::vector<std::string_view> &dims,
             const std::vector<std::string_view> &symbols)
      : r(text), dims(dims), symbols(symbols) {}

  std::optional<AffineExpr> whole() {
    std::optional<AffineExpr> e = sum(0);
    if (!e || !r.atEnd())
      return std::nullopt;
    return e;
  }

private:
  static AffineExpr binary(Kind kind, AffineExpr lhs, AffineExpr rhs) {
    AffineExpr out;
    out.kind = kind;
    out.operands.push_back(std::move(lhs));
    out.operands.push_back(std::move(rhs));
    return out;
  }

  std::optional<AffineExpr> sum(unsigned depth) {
    std::optional<AffineExpr> lhs = product(depth);
    while (lhs) {
      Kind kind;
      if (r.eat("+"))
        kind = Kind::Add;
      else if (r.eat("-"))
        kind = Kind::Sub;
      else
        break;
      std::optional<AffineExpr> rhs = product(depth);
      if (!rhs)
        return std::nullopt;
      lhs = binary(kind, std::move(*lhs), std::move(*rhs));
    }
    return lhs;
  }

  std::optional<AffineExpr> product(unsigned depth) {
    std::optional<AffineExpr> lhs = atom(depth);
    while (lhs) {
      Kind kind;
      if (r.eat("*"))
        kind = Kind::Mul;
      else if (r.eat("floordiv"))
        kind = Kind::FloorDiv;
      else if (r.eat("ceildiv"))
        kind = Kind::CeilDiv;
      else if (r.eat("mod"))
        kind = Kind::Mod;
      else
        break;
      std::optional<AffineExpr> rhs = atom(depth);
      if (!rhs)
        return std::nullopt;
      lhs = binary(kind, std::move(*lhs), std::move(*rhs));
    }
    return lhs;
  }

  std::optional<AffineExpr> atom(unsigned depth) {
    if (depth > 64) // deeper nesting than any printed map
      return std::nullopt;
    if (r.eat("(")) {
      std::optional<AffineExpr> inner = sum(depth + 1);
      return inner && r.eat(")") ? inner : std::nullopt;
    }
    if (r.eat("-")) {
      std::optional<AffineExpr> inner = atom(depth + 1);
      if (!inner)
        return std::nullopt;
      AffineExpr out;
      out.kind = Kind::Neg;
      out.operands.push_back(std::move(*inner));
      return out;
    }
    AffineExpr out;
    if (std::optional<int64_t> value = r.integer()) {
      out.value = *value;
      return out;
    }
    std::optional<std::string> name = r.word();
    if (!name || std::isdigit(static_cast<unsigned char>((*name)[0])))
      return std::nullopt;
    for (size_t k = 0; k < dims.size(); ++k)
      if (dims[k] == *name) {
        out.kind = Kind::Dim;
        out.value = int64_t(k);
        return out;
      }
    for (size_t k = 0; k < symbols.size(); ++k)
      if (symbols[k] == *name) {
        out.kind = Kind::Symbol;
        out.value = int64_t(k);
        return out;
      }
    return std::nullopt;
  }

  TextReader r;
  const std::vector<std::string_view> &dims;
  const std::vector<std::string_view> &symbols;
};

} // namespace

std::optional<AffineExpr>
readAffineExpr(std::string_view text, const std::vector<std::string_view> &dims,
               const std::vector<std::string_view> &symbols) {
  return ExprReader(text, dims, symbols).whole();
}

} // namespace symshape::frontend
