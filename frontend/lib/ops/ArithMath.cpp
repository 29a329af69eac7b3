//===- ArithMath.cpp - Shape functions of arith and math ------------------===//
//
// On tensors and vectors, arith and math ops are elementwise: every operand
// and the result have one shape (the verifiers compare the static types;
// two `?` sizes that differ at runtime are UB, an `equal` obligation).
//
//   %0 = arith.addf %a, %b : tensor<?xf32>     equal: %a[0] == %b[0]
//
// On index values, addi / subi / muli compute the integer (and floordivsi /
// ceildivsi by a positive constant, maxsi / minsi), so sizes flow through
// size arithmetic:
//
//   %m = arith.addi %n, %c1 : index            %m = %n + 1
//
//===----------------------------------------------------------------------===//

#include "OpRules.h"
#include "TensorRules.h"

namespace symshape::frontend {

static bool anyShaped(OpContext &c) {
  for (size_t i = 0; i < c.numOperands(); ++i)
    if (c.operandType(i).isShaped())
      return true;
  for (size_t r = 0; r < c.numResults(); ++r)
    if (c.resultType(r).isShaped())
      return true;
  return false;
}

static bool anySizeResult(OpContext &c) {
  for (size_t r = 0; r < c.numResults(); ++r)
    if (c.resultType(r).isSizeLike())
      return true;
  return false;
}

void lowerElementwise(OpContext &c) {
  if (anyShaped(c)) {
    lowerSameShape(c);
    return;
  }
  // Scalars: nothing to check. An index result nobody computes is a size
  // symshape cannot relate to its operands.
  if (anySizeResult(c))
    c.opaque("'" + c.op().name + "' on index values is not modelled");
}

void lowerElementCast(OpContext &c) { lowerSameShape(c); }

void lowerIndexBinary(OpContext &c) {
  if (anyShaped(c) || !anySizeResult(c) || c.numOperands() != 2) {
    lowerElementwise(c);
    return;
  }
  const std::string &name = c.op().name;
  TermId a = c.scalar(0), b = c.scalar(1);
  if (name == "arith.addi") {
    c.setScalarResult(0, c.add(a, b));
  } else if (name == "arith.subi") {
    c.setScalarResult(0, c.sub(a, b));
  } else if (name == "arith.muli") {
    c.setScalarResult(0, c.mul(a, b));
  } else if (name == "arith.maxsi" || name == "arith.minsi" ||
             ((name == "arith.maxui" || name == "arith.minui") &&
              c.graph().provablyNonNegative(a) &&
              c.graph().provablyNonNegative(b))) {
    // Unsigned order is the signed one for values that are never negative.
    bool isMax = name == "arith.maxsi" || name == "arith.maxui";
    c.setScalarResult(0, isMax ? c.graph().max(a, b) : c.graph().min(a, b));
  } else if (std::optional<int64_t> divisor = c.graph().constantValue(b);
             divisor && *divisor > 0 &&
             (name == "arith.floordivsi" || name == "arith.ceildivsi")) {
    // ceil(a / d) = floor((a + d - 1) / d) for d > 0.
    TermId top =
        name == "arith.floordivsi" ? a : c.add(a, c.constant(*divisor - 1));
    c.setScalarResult(0, c.floorDiv(top, b));
  } else {
    lowerElementwise(c);
  }
}

void lowerIndexCast(OpContext &c) {
  if (c.numOperands() != 1 || c.numResults() != 1)
    return;
  if (anyShaped(c)) {
    lowerSameShape(c);
    const ValueState &s = c.lowerer().state(c.op().operands[0]);
    if (!c.failed() && s.hasExtents)
      setExtents(c, 0, s.extents);
    return;
  }
  const ValueState &s = c.lowerer().state(c.op().operands[0]);
  if (s.scalar != solver::kNoTerm)
    c.setScalarResult(0, s.scalar);
  else if (c.operandType(0).isSizeLike() && c.resultType(0).isSizeLike())
    c.setScalarResult(0, c.scalar(0));
  else if (anySizeResult(c))
    c.opaque("an integer cast to index whose value is not known");
}

} // namespace symshape::frontend
