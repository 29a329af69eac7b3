//===- IntRules.cpp - Integer and i1 arithmetic of size computations ------===//
//
// Operands and results, arithmetic, conversions, runtime checks and
// constants of IntRules.h; comparisons and selects are in IntCompare.cpp.
//
//===----------------------------------------------------------------------===//

#include "IntRules.h"

#include <string>

namespace symshape::frontend {

static std::optional<IntType> intTypeOf(const Type &type) {
  if (type.isSizeLike())
    return IntType::index();
  if (type.kind == TypeKind::Integer)
    return intType(type.spelling);
  if (type.kind == TypeKind::RankedTensor && type.dims.size() <= 1)
    return intType(type.element);
  return std::nullopt;
}

std::optional<IntType> operandIntType(const OpContext &c, size_t i) {
  return intTypeOf(c.operandType(i));
}

std::optional<IntType> resultIntType(const OpContext &c, size_t r) {
  return intTypeOf(c.resultType(r));
}

std::optional<std::vector<TermId>> intOperand(OpContext &c, size_t i) {
  return c.intElements(i);
}

std::optional<std::vector<FormulaId>> boolOperand(OpContext &c, size_t i) {
  return c.boolElements(i);
}

/// Gives a tensor result its dims (rank 0, or rank 1 of `length`).
static void setTensorDims(OpContext &c, size_t r, size_t length) {
  const Type &type = c.resultType(r);
  if (type.kind != TypeKind::RankedTensor)
    return;
  if (type.dims.empty())
    c.setResult(r, {});
  else if (type.dims.size() == 1)
    c.setResult(r, {c.constant(int64_t(length))});
}

void setIntResult(OpContext &c, size_t r, std::vector<TermId> elements) {
  if (r >= c.numResults())
    return;
  const Type &type = c.resultType(r);
  if (type.kind != TypeKind::RankedTensor) {
    if (elements.size() == 1 &&
        (type.isSizeLike() || type.kind == TypeKind::Integer))
      c.setScalarResult(r, elements[0]);
    return;
  }
  setTensorDims(c, r, elements.size());
  if (!c.failed())
    c.setIntElements(r, std::move(elements));
}

void setBoolResult(OpContext &c, size_t r, std::vector<FormulaId> elements) {
  if (r >= c.numResults())
    return;
  setTensorDims(c, r, elements.size());
  if (!c.failed())
    c.setBoolElements(r, std::move(elements));
}

//===--- Arithmetic -------------------------------------------------------===//

/// trunc(a / d) for a divisor d > 0: floor for a >= 0, else -floor(-a/d).
static TermId truncDivPositive(OpContext &c, TermId a, TermId d) {
  solver::DimGraph &g = c.graph();
  TermId down = c.floorDiv(a, d);
  if (g.provablyNonNegative(a))
    return down;
  TermId up = c.sub(c.constant(0), c.floorDiv(c.sub(c.constant(0), a), d));
  return g.selectLe(c.constant(0), a, down, up);
}

/// trunc(a / d) for a constant d != 0.
static TermId truncDiv(OpContext &c, TermId a, int64_t d) {
  if (d < 0)
    return c.sub(c.constant(0), truncDivPositive(c, a, c.constant(-d)));
  return truncDivPositive(c, a, c.constant(d));
}

/// Whether `t` is at least 1 whatever its symbols are, from its terms
/// alone: JAX divides by `max(size, 1)` and by `select(d == 0, 1, d)` of
/// such a value (its `floordiv` / `remainder` helpers), never by a size
/// that may be 0.
static bool provablyPositive(const solver::DimGraph &g, TermId t) {
  const solver::TermNode &node = g.term(t);
  auto positive = [&](size_t i) {
    return provablyPositive(g, node.operands[i]);
  };
  auto nonNegative = [&](size_t i) {
    return g.provablyNonNegative(node.operands[i]);
  };
  switch (node.kind) {
  case solver::TermKind::Const:
    return node.value >= 1;
  case solver::TermKind::Max:
    return positive(0) || positive(1);
  case solver::TermKind::Min:
  case solver::TermKind::Mul:
    return positive(0) && positive(1);
  case solver::TermKind::Add:
    return (positive(0) && nonNegative(1)) || (nonNegative(0) && positive(1));
  case solver::TermKind::SelectEq:
  case solver::TermKind::SelectLe:
    return positive(2) && positive(3);
  default:
    return false;
  }
}

std::optional<TermId> intBinary(OpContext &c, IntOp op, TermId a, TermId b) {
  solver::DimGraph &g = c.graph();
  std::optional<int64_t> divisor = g.constantValue(b);
  bool nonNegative = g.provablyNonNegative(a) && g.provablyNonNegative(b);
  // A divisor that is not a constant but provably >= 1 divides exactly
  // (Div terms floor; no division by zero to model).
  if (!divisor && provablyPositive(g, b)) {
    switch (op) {
    case IntOp::DivFloor:
      return c.floorDiv(a, b);
    case IntOp::DivCeil: // ceil(a / b) = -floor(-a / b)
      return c.sub(c.constant(0), c.floorDiv(c.sub(c.constant(0), a), b));
    case IntOp::DivTrunc:
      return truncDivPositive(c, a, b);
    case IntOp::RemTrunc:
      return c.sub(a, c.mul(b, truncDivPositive(c, a, b)));
    case IntOp::DivU:
    case IntOp::RemU:
    case IntOp::CeilDivU:
      if (!g.provablyNonNegative(a))
        return std::nullopt;
      if (op == IntOp::DivU)
        return c.floorDiv(a, b);
      if (op == IntOp::RemU)
        return c.sub(a, c.mul(b, c.floorDiv(a, b)));
      return c.sub(c.constant(0), c.floorDiv(c.sub(c.constant(0), a), b));
    default:
      break;
    }
  }
  switch (op) {
  case IntOp::Add:
    return c.add(a, b);
  case IntOp::Sub:
    return c.sub(a, b);
  case IntOp::Mul:
    return c.mul(a, b);
  case IntOp::Max:
    return g.max(a, b);
  case IntOp::Min:
    return g.min(a, b);
  case IntOp::MaxU:
  case IntOp::MinU:
    // Unsigned order is the signed one for values that are never negative.
    if (!nonNegative)
      return std::nullopt;
    return op == IntOp::MaxU ? g.max(a, b) : g.min(a, b);
  case IntOp::DivFloor:
    if (!divisor || *divisor == 0)
      return std::nullopt;
    return c.floorDiv(a, b);
  case IntOp::DivCeil:
    if (!divisor || *divisor == 0)
      return std::nullopt;
    if (*divisor > 0) // ceil(a / d) = floor((a + d - 1) / d)
      return c.floorDiv(c.add(a, c.constant(*divisor - 1)), b);
    return c.sub(c.constant(0), c.floorDiv(c.sub(c.constant(0), a), b));
  case IntOp::DivTrunc:
    if (!divisor || *divisor == 0)
      return std::nullopt;
    return truncDiv(c, a, *divisor);
  case IntOp::RemTrunc:
    if (!divisor || *divisor == 0)
      return std::nullopt;
    return c.sub(a, c.mul(b, truncDiv(c, a, *divisor)));
  case IntOp::DivU:
  case IntOp::RemU:
  case IntOp::CeilDivU:
    if (!divisor || *divisor <= 0 || !g.provablyNonNegative(a))
      return std::nullopt;
    if (op == IntOp::DivU)
      return c.floorDiv(a, b);
    if (op == IntOp::CeilDivU)
      return c.floorDiv(c.add(a, c.constant(*divisor - 1)), b);
    return c.sub(a, c.mul(b, c.floorDiv(a, b)));
  }
  return std::nullopt;
}

static __int128 floorDiv128(__int128 a, __int128 b) {
  __int128 q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

std::optional<__int128> foldInt(IntOp op, int64_t x, int64_t y) {
  __int128 a = x, b = y;
  switch (op) {
  case IntOp::Add:
    return a + b;
  case IntOp::Sub:
    return a - b;
  case IntOp::Mul:
    return a * b;
  case IntOp::Max:
  case IntOp::MaxU:
    return a > b ? a : b;
  case IntOp::Min:
  case IntOp::MinU:
    return a < b ? a : b;
  case IntOp::DivFloor:
  case IntOp::DivU:
    return b == 0 ? std::nullopt : std::optional(floorDiv128(a, b));
  case IntOp::DivCeil:
  case IntOp::CeilDivU:
    return b == 0 ? std::nullopt : std::optional(-floorDiv128(-a, b));
  case IntOp::DivTrunc:
    return b == 0 ? std::nullopt : std::optional(a / b);
  case IntOp::RemTrunc:
    return b == 0 ? std::nullopt : std::optional(a % b);
  case IntOp::RemU:
    return b == 0 ? std::nullopt : std::optional(a - b * floorDiv128(a, b));
  }
  return std::nullopt;
}

static std::string text128(__int128 v) {
  if (v == 0)
    return "0";
  bool negative = v < 0;
  std::string digits;
  while (v != 0) {
    int d = int(v % 10);
    digits.insert(digits.begin(), char('0' + (d < 0 ? -d : d)));
    v /= 10;
  }
  return negative ? "-" + digits : digits;
}

static std::string typeName(const IntType &t) {
  return t.width == 64 && !t.isUnsigned
             ? "64-bit integers"
             : (t.isUnsigned ? "ui" : "i") + std::to_string(t.width);
}

bool lowerIntPairs(OpContext &c, IntOp op) {
  if (c.numOperands() != 2 || c.numResults() != 1)
    return false;
  std::optional<std::vector<TermId>> a = intOperand(c, 0), b = intOperand(c, 1);
  std::optional<IntType> type = resultIntType(c, 0);
  if (!a || !b || !type || type->isBool() ||
      (a->size() != b->size() && a->size() != 1 && b->size() != 1))
    return false;
  size_t n = std::max(a->size(), b->size());
  std::vector<TermId> out;
  for (size_t k = 0; k < n; ++k) {
    TermId x = (*a)[a->size() == 1 ? 0 : k], y = (*b)[b->size() == 1 ? 0 : k];
    std::optional<int64_t> cx = c.graph().constantValue(x),
                           cy = c.graph().constantValue(y);
    if (cx && cy) {
      std::optional<__int128> exact = foldInt(op, *cx, *cy);
      if (exact && !type->holds(*exact)) {
        c.overflow("computes " + text128(*exact) + " from " +
                   std::to_string(*cx) + " and " + std::to_string(*cy) +
                   ", which wraps: it does not fit in " + typeName(*type));
        return true;
      }
      if (exact) {
        out.push_back(c.constant(int64_t(*exact)));
        continue;
      }
    }
    std::optional<TermId> term = intBinary(c, op, x, y);
    if (!term)
      return false;
    out.push_back(*term);
  }
  setIntResult(c, 0, std::move(out));
  return true;
}

bool lowerIntConvert(OpContext &c, IntExtension extension) {
  if (c.numOperands() != 1 || c.numResults() != 1)
    return false;
  std::optional<IntType> from = operandIntType(c, 0), to = resultIntType(c, 0);
  if (!from || !to)
    return false;
  bool zeroExtend = extension == IntExtension::Zero;
  if (from->isBool()) {
    std::optional<std::vector<FormulaId>> bits = boolOperand(c, 0);
    if (!bits)
      return false;
    if (to->isBool()) {
      setBoolResult(c, 0, *bits);
      return true;
    }
    // true is 1 as unsigned; sign-extended (extsi) it is -1.
    int64_t one = extension == IntExtension::Sign ? -1 : 1;
    std::vector<TermId> out;
    for (FormulaId bit : *bits) {
      std::optional<TermId> v =
          selectInt(c, bit, c.constant(one), c.constant(0));
      if (!v)
        return false;
      out.push_back(*v);
    }
    setIntResult(c, 0, std::move(out));
    return true;
  }
  std::optional<std::vector<TermId>> values = intOperand(c, 0);
  if (!values)
    return false;
  if (to->isBool()) { // stablehlo.convert to i1: nonzero is true
    std::vector<FormulaId> out;
    for (TermId v : *values)
      out.push_back(c.formulas().mkNe(v, c.constant(0)));
    setBoolResult(c, 0, std::move(out));
    return true;
  }
  std::vector<TermId> out;
  for (TermId v : *values) {
    std::optional<int64_t> k = c.graph().constantValue(v);
    if (k) {
      __int128 exact = *k;
      if (zeroExtend && exact < 0 && from->width < 64)
        exact += __int128(1) << from->width;
      if (!to->holds(exact) || (zeroExtend && exact < 0)) {
        c.overflow("converts " + text128(exact) + ", which does not fit in " +
                   typeName(*to));
        return true;
      }
      out.push_back(c.constant(int64_t(exact)));
      continue;
    }
    // A zero extension of a value that may be negative is not that value.
    if (zeroExtend && !from->isUnsigned && !c.graph().provablyNonNegative(v))
      return false;
    out.push_back(v);
  }
  setIntResult(c, 0, std::move(out));
  return true;
}

void lowerRuntimeCheck(OpContext &c, size_t i, const std::string &message,
                       solver::ObligationKind kind) {
  std::optional<std::vector<FormulaId>> holds;
  if (i < c.numOperands())
    holds = boolOperand(c, i);
  if (!holds || holds->size() != 1) {
    c.opaqueCheck("the check's predicate is not a size computation symshape "
                  "reads exactly");
    return;
  }
  // A long message (JAX's explain the whole specification) is cut for the
  // finding's subject.
  constexpr size_t kShown = 100;
  std::string shown = message;
  if (shown.size() > kShown) {
    size_t cut = kShown - 3;
    while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80)
      --cut; // not inside a UTF-8 sequence
    shown = shown.substr(0, cut) + "...";
  }
  const char *what = kind == solver::ObligationKind::Cstr ? "the constraint"
                                                          : "the runtime check";
  c.check((*holds)[0],
          shown.empty() ? what : std::string(what) + " \"" + shown + "\"",
          kind);
}

void setExtents(OpContext &c, size_t r, std::vector<TermId> extents) {
  c.setResultExtents(r, std::move(extents));
}

/// arith.constant: an integer, or a 1-D integer tensor's elements.
void lowerArithConstant(OpContext &c) {
  const Attribute *value = c.attr("value");
  const Type &type = c.resultType(0);
  if (!value || c.numResults() != 1)
    return;
  std::optional<IntType> integer = resultIntType(c, 0);
  if (integer && integer->isBool() && !type.isShaped()) {
    // `true`, `false`, or `1 : i1`
    if (value->kind == AttrKind::Bool || value->kind == AttrKind::Integer)
      setBoolResult(c, 0,
                    {c.formulas().mkBool(value->kind == AttrKind::Bool
                                             ? value->boolValue
                                             : value->intValue != 0)});
    return;
  }
  if (value->kind == AttrKind::Integer &&
      (type.isSizeLike() || type.kind == TypeKind::Integer)) {
    c.setScalarResult(0, c.constant(value->intValue));
    return;
  }
  c.setResultFromType(0);
  if (value->kind == AttrKind::DenseInt && type.hasRank() &&
      type.dims.size() <= 1 && integer && integer->isBool()) {
    std::optional<std::vector<int64_t>> ints = Lowerer::intList(*value);
    std::vector<FormulaId> bits;
    for (int64_t v : ints ? *ints : std::vector<int64_t>())
      bits.push_back(c.formulas().mkBool(v != 0));
    c.setBoolElements(0, std::move(bits));
    return;
  }
  if (value->kind == AttrKind::DenseInt && type.hasRank() &&
      type.dims.size() == 1)
    if (std::optional<std::vector<int64_t>> ints = Lowerer::intList(*value)) {
      std::vector<TermId> extents;
      for (int64_t v : *ints)
        extents.push_back(c.constant(v));
      setExtents(c, 0, std::move(extents));
    }
}

} // namespace symshape::frontend
