//===- TorchFacts.cpp - PyTorch's own symbolic sizes ----------------------===//
//
// torch-mlir's FX importer states what torch.export knows of sizes (SPEC §2):
//
//   %s = torch.symbolic_int "s1" {min_val = 2, max_val = 3} : !torch.int
//        a size symbol `$s1` with that range (facts);
//   torch.bind_symbolic_shape %v, [%s], affine_map<()[s0] -> (1, s0 * 32)>
//        %v's dims equal those expressions from there on: a fact for a dim
//        no op determines (an argument's or opaque op's free size), an
//        obligation where the ops determine it (the exporter's claim, which
//        the program can contradict; later ops assume it).
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

#include <cctype>
#include <cstdint>

namespace symshape::frontend {

void lowerSymbolicInt(OpContext &c) {
  const Attribute *name = c.attr("symbol_name");
  if (!name || name->kind != AttrKind::String || c.numResults() != 1)
    return c.opaque("no `symbol_name`");
  TermId symbol =
      c.graph().symbol("$" + name->str, solver::SymbolOrigin::Scalar);
  if (std::optional<int64_t> low = c.integer("min_val"))
    c.fact(c.formulas().mkLe(c.constant(*low), symbol));
  if (std::optional<int64_t> high = c.integer("max_val"))
    c.fact(c.formulas().mkLe(symbol, c.constant(*high)));
  c.setScalarResult(0, symbol);
}

namespace {

/// Reads the results of `affine_map<()[s0, ...] -> (e0, e1, ...)>` as
/// terms of the symbols' values (MLIR's affine expression grammar: `+`,
/// `-`, `*`, `floordiv`, `ceildiv`, `mod`, parentheses, integers, `sN`).
class AffineReader {
public:
  AffineReader(OpContext &c, std::string_view text,
               const std::vector<TermId> &symbols)
      : c(c), text(text), symbols(symbols) {}

  std::optional<std::vector<TermId>> results() {
    size_t arrow = text.find("->");
    if (text.rfind("affine_map<()", 0) != 0 || arrow == std::string_view::npos)
      return std::nullopt; // dims (d0) or another attribute
    p = arrow + 2;
    if (!eat('('))
      return std::nullopt;
    std::vector<TermId> out;
    if (eat(')'))
      return finish(out);
    while (true) {
      std::optional<TermId> e = sum();
      if (!e)
        return std::nullopt;
      out.push_back(*e);
      if (eat(')'))
        return finish(out);
      if (!eat(','))
        return std::nullopt;
    }
  }

private:
  std::optional<std::vector<TermId>> finish(std::vector<TermId> out) {
    skip();
    if (!eat('>'))
      return std::nullopt;
    skip();
    return p == text.size() ? std::optional(out) : std::nullopt;
  }
  void skip() {
    while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p])))
      ++p;
  }
  bool eat(char ch) {
    skip();
    if (p < text.size() && text[p] == ch) {
      ++p;
      return true;
    }
    return false;
  }
  bool keyword(std::string_view word) {
    skip();
    if (text.substr(p, word.size()) != word)
      return false;
    p += word.size();
    return true;
  }
  std::optional<TermId> sum() {
    std::optional<TermId> lhs = product();
    while (lhs) {
      if (eat('+')) {
        std::optional<TermId> rhs = product();
        lhs = rhs ? std::optional(c.add(*lhs, *rhs)) : std::nullopt;
      } else if (eat('-')) {
        std::optional<TermId> rhs = product();
        lhs = rhs ? std::optional(c.sub(*lhs, *rhs)) : std::nullopt;
      } else {
        break;
      }
    }
    return lhs;
  }
  std::optional<TermId> product() {
    std::optional<TermId> lhs = atom();
    while (lhs) {
      if (eat('*')) {
        std::optional<TermId> rhs = atom();
        lhs = rhs ? std::optional(c.mul(*lhs, *rhs)) : std::nullopt;
        continue;
      }
      bool floorDiv = keyword("floordiv"),
           ceilDiv = !floorDiv && keyword("ceildiv");
      bool mod = !floorDiv && !ceilDiv && keyword("mod");
      if (!floorDiv && !ceilDiv && !mod)
        break;
      // MLIR requires a positive constant divisor.
      std::optional<TermId> rhs = atom();
      std::optional<int64_t> divisor =
          rhs ? c.constantValue(*rhs) : std::nullopt;
      if (!divisor || *divisor <= 0)
        return std::nullopt;
      if (floorDiv)
        lhs = c.floorDiv(*lhs, *rhs);
      else if (ceilDiv)
        lhs = c.floorDiv(c.add(*lhs, c.constant(*divisor - 1)), *rhs);
      else
        lhs = c.sub(*lhs, c.mul(*rhs, c.floorDiv(*lhs, *rhs)));
    }
    return lhs;
  }
  std::optional<TermId> atom() {
    skip();
    if (eat('(')) {
      std::optional<TermId> inner = sum();
      return inner && eat(')') ? inner : std::nullopt;
    }
    if (eat('-')) {
      std::optional<TermId> inner = atom();
      return inner ? std::optional(c.sub(c.constant(0), *inner)) : std::nullopt;
    }
    bool symbol = p < text.size() && text[p] == 's';
    if (symbol)
      ++p;
    size_t start = p;
    int64_t value = 0;
    while (p < text.size() &&
           std::isdigit(static_cast<unsigned char>(text[p]))) {
      if (value > (INT64_MAX - 9) / 10)
        return std::nullopt;
      value = value * 10 + (text[p++] - '0');
    }
    if (p == start)
      return std::nullopt;
    if (!symbol)
      return c.constant(value);
    if (size_t(value) >= symbols.size())
      return std::nullopt;
    return symbols[size_t(value)];
  }

  OpContext &c;
  std::string_view text;
  const std::vector<TermId> &symbols;
  size_t p = 0;
};

} // namespace

void lowerBindSymbolicShape(OpContext &c) {
  if (c.numOperands() < 1 || !c.expectRanked() || !c.ranked(0))
    return c.opaque("the bound value is not a ranked tensor");
  const Attribute *map = c.attr("shape_expressions");
  if (!map)
    return c.opaque("no `shape_expressions`");
  std::vector<TermId> symbols;
  for (size_t i = 1; i < c.numOperands(); ++i)
    symbols.push_back(c.scalar(i));
  std::optional<std::vector<TermId>> bound =
      AffineReader(c, map->text, symbols).results();
  if (!bound)
    return c.opaque("shape expressions not read: " + map->text);
  if (bound->size() != c.rank(0))
    return c.opaque("binds " + std::to_string(bound->size()) +
                    " dims of a value of rank " + std::to_string(c.rank(0)));
  for (size_t d = 0; d < bound->size(); ++d) {
    TermId size = c.dim(0, d);
    // The value's own free size (an argument's, an opaque op's): a fact.
    if (c.graph().isSymbol(size) &&
        c.graph().symbolOf(size).name == c.dimName(0, d)) {
      c.fact(c.formulas().mkEq(size, (*bound)[d]));
      continue;
    }
    c.require(solver::ObligationKind::Equal, int(d),
              c.formulas().mkNe(size, (*bound)[d]),
              "the size " + c.dimName(0, d) +
                  " and the one torch.bind_symbolic_shape binds it to");
  }
}

} // namespace symshape::frontend
