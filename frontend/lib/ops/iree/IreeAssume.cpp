//===- IreeAssume.cpp - util.assume.int: facts on index values ------------===//
//
//   %n = util.assume.int %m<umin = 1, umax = 1024, udiv = 16> : index
//   %a:2 = util.assume.int %x[<umin = 0>, <udiv = 5>], %y<umax = 10>
//              : index, i64
//
// Each result is its operand. Each operand's row is an assumption the
// author states, IREE's `#util.int.assumption<umin, umax, udiv>` (all
// optional): as an unsigned value of the operand's width, the operand lies
// in [umin, umax] and is a multiple of udiv. Several rows for one operand
// are alternatives (IREE's analyses take their union: the bounding range,
// the gcd of the divisors), so the operand satisfies one of them. A
// violated assumption is undefined behaviour that IREE's own analyses build
// on; symshape takes the rows as a fact from the op on: an `assume` finding
// (consistent, or an error when no size can satisfy it), never a
// requirement. In code that may not run (a branch, a region of an unknown
// op) the results are fresh sizes satisfying the rows instead, equal to the
// operands whenever the operands satisfy them, so nothing is assumed of the
// operands where the op does not run. A row symshape cannot read makes the
// op opaque.
//
// Signed reading of an unsigned bound: a negative value of width w is
// 2^w + x as unsigned, so umax < 2^(w-1) also excludes negative values; a
// larger (or absent) umax says nothing of them, and a row then reads
// `x < 0 || (bounds)`.
//
//===----------------------------------------------------------------------===//

#include "ops/OpContext.h"

namespace symshape::frontend {

using solver::ObligationKind;

namespace {

/// Decimal digits that fit uint64 (a type's width), nullopt otherwise.
std::optional<uint64_t> readUnsigned(std::string_view digits) {
  if (digits.empty() || digits.size() > 20)
    return std::nullopt;
  uint64_t value = 0;
  for (char ch : digits) {
    if (ch < '0' || ch > '9')
      return std::nullopt;
    uint64_t digit = uint64_t(ch - '0');
    if (value > (UINT64_MAX - digit) / 10)
      return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

/// The width of an index / signless integer type, 0 for another type.
unsigned widthOf(const Type &type) {
  if (type.kind == TypeKind::Index)
    return 64;
  if (type.kind != TypeKind::Integer || type.spelling.size() < 2 ||
      type.spelling[0] != 'i')
    return 0;
  std::optional<uint64_t> bits = readUnsigned(type.spelling.substr(1));
  return bits && *bits >= 1 && *bits <= 64 ? unsigned(*bits) : 0;
}

/// One row as a formula on `x`; nullopt when a bound is out of symshape's
/// range (a divisor of 0 or past 2^63).
std::optional<FormulaId> rowHolds(OpContext &c, TermId x,
                                  const IntAssumption &a, unsigned width) {
  solver::FormulaStore &f = c.formulas();
  const uint64_t half = uint64_t(1)
                        << (width - 1); // 2^(w-1): negative as unsigned
  std::vector<FormulaId> nonNegative = {f.mkLe(c.constant(0), x)};
  if (a.umin && *a.umin >= half)
    nonNegative = {f.mkFalse()};
  else if (a.umin && *a.umin > 0)
    nonNegative.push_back(f.mkLe(c.constant(int64_t(*a.umin)), x));
  bool boundsNegatives = a.umax && *a.umax < half;
  if (boundsNegatives)
    nonNegative.push_back(f.mkLe(x, c.constant(int64_t(*a.umax))));
  if (a.udiv) {
    if (*a.udiv == 0 || *a.udiv >= (uint64_t(1) << 62))
      return std::nullopt;
    TermId d = c.constant(int64_t(*a.udiv));
    if (*a.udiv > 1)
      nonNegative.push_back(f.mkEq(x, c.mul(d, c.floorDiv(x, d))));
  }
  if (!boundsNegatives && nonNegative.size() == 1)
    return f.mkTrue(); // nothing said of any value
  FormulaId holds = f.mkAnd(nonNegative);
  if (boundsNegatives)
    return holds;
  return f.mkOr({f.mkLt(x, c.constant(0)), holds});
}

/// Whether some value of the width satisfies the row.
bool satisfiable(const IntAssumption &a, unsigned width) {
  const uint64_t half = uint64_t(1) << (width - 1);
  if (!(a.umax && *a.umax < half))
    return true; // a negative value does
  uint64_t lo = a.umin ? *a.umin : 0, d = a.udiv ? *a.udiv : 1;
  uint64_t first = (lo + d - 1) / d * d;
  return first <= *a.umax;
}

/// The row as rowHolds reads it: "%x in [1, 64] && %x mod 16 == 0", or
/// "%x < 0 || %x >= 1" when negative values are not excluded.
std::string describe(const std::string &x, const IntAssumption &a,
                     unsigned width) {
  const uint64_t half = uint64_t(1) << (width - 1);
  std::vector<std::string> parts;
  bool boundsNegatives = a.umax && *a.umax < half;
  uint64_t lo = a.umin ? *a.umin : 0;
  if (boundsNegatives)
    parts.push_back(x + " in [" + std::to_string(lo) + ", " +
                    std::to_string(*a.umax) + "]");
  else if (lo >= half)
    parts.push_back("false");
  else if (lo > 0)
    parts.push_back(x + " >= " + std::to_string(lo));
  if (a.udiv && *a.udiv > 1)
    parts.push_back(x + " mod " + std::to_string(*a.udiv) + " == 0");
  if (parts.empty())
    return "true";
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? " && " : "") + parts[i];
  if (boundsNegatives)
    return out;
  return x + " < 0 || " + (parts.size() > 1 ? "(" + out + ")" : out);
}

/// The rows of operand `i`, into `read`; false (the op made opaque) when
/// they are not a list of understood rows or the operand not an integer.
bool readOperandRows(OpContext &c, size_t i, const Attribute &rows,
                     unsigned width, std::vector<IntAssumption> &read) {
  if (rows.kind != AttrKind::Array) {
    c.opaque("its assumptions are not one list per operand");
    return false;
  }
  if (width == 0) {
    c.opaque("operand " + c.operandName(i) +
             " is not an index or signless integer");
    return false;
  }
  for (const Attribute &row : rows.elements) {
    // The parser read `#util.int.assumption<...>` (IntAssumption).
    const IntAssumption *a = row.intAssumption.get();
    if (!a) {
      c.opaque("the assumption '" + row.text + "' is not understood");
      return false;
    }
    read.push_back(*a);
  }
  return true;
}

/// The value the rows speak of: the operand `x` itself (then also the
/// result), or (in code that may not run) a fresh size that equals it
/// where the rows hold. Nullopt (the op made opaque) when no value
/// satisfies the rows there.
std::optional<TermId> assumedValue(OpContext &c, size_t i, TermId x,
                                   const std::vector<IntAssumption> &read,
                                   unsigned width, bool conditional) {
  if (conditional && !read.empty()) {
    bool any = false;
    for (const IntAssumption &a : read)
      any = any || satisfiable(a, width);
    if (!any) {
      c.opaque("no value satisfies its assumptions");
      return std::nullopt;
    }
    return c.resultScalar(i);
  }
  c.setScalarResult(i, x);
  return x;
}

} // namespace

void lowerAssumeInt(OpContext &c) {
  const Attribute *all = c.attr("assumptions");
  if (!all || all->kind != AttrKind::Array ||
      all->elements.size() != c.numOperands() ||
      c.numResults() != c.numOperands()) {
    c.opaque("its assumptions are not one list per operand");
    return;
  }
  bool conditional = c.inConditionalCode();
  std::vector<FormulaId> facts;
  std::string text;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    unsigned width = widthOf(c.operandType(i));
    const Attribute &rows = all->elements[i];
    std::vector<IntAssumption> read;
    if (!readOperandRows(c, i, rows, width, read))
      return;
    TermId x = c.scalar(i);
    std::optional<TermId> assumed =
        assumedValue(c, i, x, read, width, conditional);
    if (!assumed)
      return;
    TermId y = *assumed;
    std::vector<FormulaId> onY, onX;
    std::string alternatives;
    for (const IntAssumption &a : read) {
      std::optional<FormulaId> holdsY = rowHolds(c, y, a, width);
      std::optional<FormulaId> holdsX = rowHolds(c, x, a, width);
      if (!holdsY || !holdsX) {
        c.opaque("an assumption of " + c.operandName(i) +
                 " is out of range (a divisor of 0 or past 2^62)");
        return;
      }
      onY.push_back(*holdsY);
      onX.push_back(*holdsX);
      alternatives += std::string(alternatives.empty() ? "" : " || ") + "(" +
                      describe(c.operandName(i), a, width) + ")";
    }
    if (read.empty())
      continue; // `%x[]`: nothing is assumed
    FormulaId fact = c.formulas().mkOr(onY);
    if (conditional) {
      // The rows hold of the result; it is the operand when the operand
      // satisfies them (always, where the op runs without UB).
      c.addFact(c.formulas().mkAnd(
          {fact, c.formulas().mkImplies(c.formulas().mkOr(onX),
                                        c.formulas().mkEq(x, y))}));
      continue;
    }
    if (c.formulas().isTrue(fact))
      continue;
    facts.push_back(fact);
    text += std::string(text.empty() ? "" : " && ") +
            (read.size() > 1 ? "(" + alternatives + ")"
                             : alternatives.substr(1, alternatives.size() - 2));
  }
  if (conditional || facts.empty())
    return;
  c.requireAlways(ObligationKind::Assume, -1,
                  c.formulas().mkNot(c.formulas().mkAnd(facts)),
                  "the util.assume.int assumption '" + text + "'");
}

} // namespace symshape::frontend
