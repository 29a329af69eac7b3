//===- TorchFacts.cpp - PyTorch's own symbolic sizes ----------------------===//
//
// torch-mlir's FX importer states what torch.export knows of sizes (SPEC §2):
//
//   %s = torch.symbolic_int "s1" {min_val = 2, max_val = 3} : !torch.int
//        a size symbol `$s1` with that range (facts);
//   torch.bind_symbolic_shape %v, [%s], affine_map<()[s0] -> (1, s0 * 32)>
//        %v's dims equal those expressions (the map as the parser read
//        it) from there on: a fact for a dim no op determines (an
//        argument's or opaque op's free size), an obligation of kind
//        `bind` where the ops determine it (the exporter's claim, which
//        the program can contradict; later ops assume it);
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

using ExprKind = AffineExpr::Kind;

/// `e` (a result of a map without dims, as the parser read it) as a term
/// of the symbols' values; nullopt for a divisor that is not a positive
/// constant (MLIR's affine maps require one) or a symbol past `symbols`.
std::optional<TermId> affineTerm(OpContext &c, const AffineExpr &e,
                                 const std::vector<TermId> &symbols) {
  switch (e.kind) {
  case ExprKind::Constant:
    return c.constant(e.value);
  case ExprKind::Symbol:
    if (size_t(e.value) >= symbols.size())
      return std::nullopt;
    return symbols[size_t(e.value)];
  case ExprKind::Dim:
    return std::nullopt;
  case ExprKind::Neg: {
    std::optional<TermId> inner = affineTerm(c, e.operands[0], symbols);
    return inner ? std::optional(c.sub(c.constant(0), *inner)) : std::nullopt;
  }
  default:
    break;
  }
  std::optional<TermId> lhs = affineTerm(c, e.operands[0], symbols);
  if (!lhs)
    return std::nullopt;
  std::optional<TermId> rhs = affineTerm(c, e.operands[1], symbols);
  if (!rhs)
    return std::nullopt;
  switch (e.kind) {
  case ExprKind::Add:
    return c.add(*lhs, *rhs);
  case ExprKind::Sub:
    return c.sub(*lhs, *rhs);
  case ExprKind::Mul:
    return c.mul(*lhs, *rhs);
  default:
    break;
  }
  std::optional<int64_t> divisor = c.constantValue(*rhs);
  if (!divisor || *divisor <= 0)
    return std::nullopt;
  if (e.kind == ExprKind::FloorDiv)
    return c.floorDiv(*lhs, *rhs);
  if (e.kind == ExprKind::CeilDiv)
    return c.floorDiv(c.add(*lhs, c.constant(*divisor - 1)), *rhs);
  return c.sub(*lhs, c.mul(*rhs, c.floorDiv(*lhs, *rhs))); // Mod
}

/// The results of `affine_map<()[s0, ...] -> (e0, e1, ...)>` as terms of
/// the symbols' values; nullopt for a map with dims or not read.
std::optional<std::vector<TermId>>
boundSizes(OpContext &c, const Attribute &map,
           const std::vector<TermId> &symbols) {
  if (!map.affineMap || map.affineMap->numDims != 0)
    return std::nullopt;
  std::vector<TermId> out;
  for (const AffineResult &result : map.affineMap->results) {
    std::optional<TermId> term =
        result.expr ? affineTerm(c, *result.expr, symbols) : std::nullopt;
    if (!term)
      return std::nullopt;
    out.push_back(*term);
  }
  return out;
}

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
  std::optional<std::vector<TermId>> bound = boundSizes(c, *map, symbols);
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
  out.reserve(std::min(count, c.rank(i) - std::min(first, c.rank(i))));
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
  std::vector<BroadcastSize> column; // one column, reused
  column.reserve(shapes.size());
  for (size_t d = 0; d < rank; ++d) {
    column.clear();
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
