//===- TorchFacts.cpp - PyTorch's own symbolic sizes ----------------------===//
//
// torch-mlir's FX importer states what torch.export knows of sizes (SPEC §2):
//
//   %s = torch.symbolic_int "s1" {min_val = 2, max_val = 3} : !torch.int
//        a size symbol `$s1` with that range (facts);
//   torch.bind_symbolic_shape %v, [%s], affine_map<()[s0] -> (1, s0 * 32)>
//        %v's dims equal those expressions from there on: a fact for a dim
//        no op determines (an argument's or opaque op's free size), an
//        obligation of kind `bind` where the ops determine it (the
//        exporter's claim, which the program can contradict; later ops
//        assume it);
//   func.func @f(...) attributes {torch.assume_strict_symbolic_shapes}
//        no `?` dim of the function is expanded by a broadcast (facts).
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace symshape::frontend {

std::string symbolName(std::string_view name) {
  // torch.export names a size by its sympy expression: "s1", but also
  // derived ones such as "16*s1" (IREE's sharktank exports print
  // `torch.symbolic_int "16*s1"`). SPEC §6's `$NAME` takes letters,
  // digits, `_` and `.`: an operator becomes a word between underscores
  // ("16*s1" is `$16_mul_s1`), a space is dropped and any other character
  // becomes `_`, so that every printed condition and witness parses.
  std::string out = "$";
  for (char ch : name) {
    unsigned char u = static_cast<unsigned char>(ch);
    if (std::isalnum(u) || ch == '_' || ch == '.')
      out += ch;
    else if (ch == '*')
      out += "_mul_";
    else if (ch == '+')
      out += "_add_";
    else if (ch == '-')
      out += "_sub_";
    else if (ch == '/')
      out += "_div_";
    else if (!std::isspace(u))
      out += '_';
  }
  return out.size() == 1 ? "$_" : out;
}

void lowerSymbolicInt(OpContext &c) {
  const Attribute *name = c.attr("symbol_name");
  if (!name || name->kind != AttrKind::String || c.numResults() != 1)
    return c.opaque("no `symbol_name`");
  // A size symbol (SPEC 2): never negative when its range says so, like a
  // dim, so that rules reading sizes (a view's -1) know it is not -1.
  std::optional<int64_t> low = c.integer("min_val");
  TermId symbol = c.graph().symbol(
      symbolName(name->str), low && *low >= 0 ? solver::SymbolOrigin::SizeSymbol
                                              : solver::SymbolOrigin::Scalar);
  if (low)
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
  std::vector<TermId> dims = c.dims(0);
  bool renamed = false;
  for (size_t d = 0; d < bound->size(); ++d) {
    TermId size = c.dim(0, d);
    // The value's own free size (an argument's, an opaque op's): a fact,
    // and from here on the value's dim is the bound expression, so that
    // what follows speaks PyTorch's symbols (`$s0`, `2*$s0`: conditions,
    // contracts and products such as a view's element count read in them).
    if (c.graph().isSymbol(size) &&
        c.graph().symbolOf(size).name == c.dimName(0, d)) {
      c.fact(c.formulas().mkEq(size, (*bound)[d]));
      dims[d] = (*bound)[d];
      renamed = true;
      continue;
    }
    c.require(solver::ObligationKind::Bind, int(d),
              c.formulas().mkNe(size, (*bound)[d]),
              "the size " + c.dimName(0, d) +
                  " and the one torch.bind_symbolic_shape binds it to");
  }
  if (renamed)
    c.defineValueDims(c.op().operands[0], std::move(dims));
}

std::vector<BroadcastSize> broadcastSizes(OpContext &c, size_t i, size_t first,
                                          size_t count) {
  std::vector<BroadcastSize> out;
  for (size_t d = first; d < first + count && d < c.rank(i); ++d)
    out.push_back({c.dim(i, d), c.staticDim(i, d)});
  return out;
}

std::vector<BroadcastSize> broadcastSizes(OpContext &c, size_t i) {
  return broadcastSizes(c, i, 0, c.rank(i));
}

void assumeStrictBroadcast(
    OpContext &c, const std::vector<std::vector<BroadcastSize>> &shapes) {
  // torch-mlir (Dialect/Torch/Utils/Utils.h, isAssumingStrictSymbolicShapes):
  // "dynamic dimensions are strictly quantities and are not ambiguous with
  // '1' symbols that can be interpreted to signal an expansion in various
  // broadcasting scenarios" (torch.export's shape solver guarantees it); its
  // elementwise lowering then iterates every operand dim that is not a
  // static 1 over the whole result dim, with no check that they are equal.
  // So in a column, the sizes not declared 1 are equal. This is the
  // exporter's promise about the function's inputs, like --assume: a fact,
  // not an obligation (the broadcast's own requirement is still judged, and
  // holds under it). Two different static sizes are a static error of
  // their own, so a column without a `?` among them states nothing.
  // torch-mlir reads the attribute on the op's own function; its promise
  // is about the inputs of the function judged, so an inlined callee's
  // broadcasts are facts only when its caller makes the promise too (a
  // callee's promise never narrows a caller that does not).
  const char *strict = "torch.assume_strict_symbolic_shapes";
  if (!c.functionAttr(strict) || !c.judgedFunctionAttr(strict))
    return;
  size_t rank = 0;
  for (const std::vector<BroadcastSize> &shape : shapes)
    rank = std::max(rank, shape.size());
  for (size_t d = 0; d < rank; ++d) {
    std::vector<BroadcastSize> column;
    bool dynamic = false;
    for (const std::vector<BroadcastSize> &shape : shapes) {
      if (d + shape.size() < rank)
        continue; // a missing dim is a 1
      const BroadcastSize &s = shape[d + shape.size() - rank];
      if (s.declared && *s.declared == 1)
        continue;
      dynamic = dynamic || !s.declared;
      column.push_back(s);
    }
    if (!dynamic)
      continue;
    for (size_t k = 1; k < column.size(); ++k)
      if (!column[0].declared || !column[k].declared)
        c.fact(c.formulas().mkEq(column[0].size, column[k].size));
  }
}

} // namespace symshape::frontend
