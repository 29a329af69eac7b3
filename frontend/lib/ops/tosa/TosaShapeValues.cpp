//===- TosaShapeValues.cpp - tosa's `!tosa.shape` ops ---------------------===//
//
// Current MLIR passes shapes to reshape, tile, slice and pad as
// `!tosa.shape<N>` values. Their elements are tracked like a shape
// dialect value's extents (OpContext::setElementsResult), so a reshape to
// `concat_shape(dim(%x, 0), const_shape [4])` reads `[%x[0], 4]`:
//
//   %d = tosa.dim %x {axis = 0 : i32} : (tensor<?x8xf32>) -> !tosa.shape<1>
//   %s = tosa.concat_shape %d, %c4 : (!tosa.shape<1>, !tosa.shape<1>)
//          -> !tosa.shape<2>                        elements [%x[0], 4]
//
//===----------------------------------------------------------------------===//

#include "TosaInternal.h"

namespace symshape::frontend::tosa {

namespace {

/// The elements of shape operand `i`, or opaque.
std::optional<std::vector<TermId>> shapeOperand(OpContext &c, size_t i) {
  std::optional<std::vector<TermId>> elements = c.elements(i);
  if (!elements)
    c.opaque("the elements of " + c.operandName(i) + " are not known");
  return elements;
}

/// add_shape, sub_shape, ...: `combine` applied elementwise to two shapes
/// of one length.
template <typename Combine>
void lowerElementwiseShape(OpContext &c, Combine combine) {
  if (c.numOperands() != 2) {
    c.error("expects two operands");
    return;
  }
  std::optional<std::vector<TermId>> a = shapeOperand(c, 0);
  std::optional<std::vector<TermId>> b = a ? shapeOperand(c, 1) : std::nullopt;
  if (!b)
    return;
  if (a->size() != b->size()) {
    c.error("expects shapes of one length, got " + termsText(c, *a) + " and " +
            termsText(c, *b));
    return;
  }
  std::vector<TermId> out;
  for (size_t i = 0; i < a->size(); ++i)
    out.push_back(combine((*a)[i], (*b)[i], i));
  c.setElementsResult(0, std::move(out));
}

} // namespace

/// tosa.const_shape: a `!tosa.shape<N>` of known values.
void lowerConstShape(OpContext &c) {
  const Attribute *value =
      c.attr("values") ? c.attr("values") : c.attr("value");
  std::optional<std::vector<int64_t>> ints =
      value ? Lowerer::intList(*value) : std::nullopt;
  if (!ints) {
    c.opaque("values is not an integer elements attribute");
    return;
  }
  std::vector<TermId> elements;
  for (int64_t v : *ints)
    elements.push_back(c.constant(v));
  c.setElementsResult(0, std::move(elements));
}

/// tosa.dim: the one-element shape [input[axis]].
void lowerDim(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  std::optional<int64_t> axis = c.integer("axis");
  if (!axis) {
    c.opaque("axis is not an integer attribute");
    return;
  }
  if (*axis < 0 || size_t(*axis) >= c.rank(0)) {
    c.error("expects an axis in [0, " + std::to_string(c.rank(0)) + "), got " +
            std::to_string(*axis));
    return;
  }
  c.setElementsResult(0, {c.dim(0, size_t(*axis))});
}

/// tosa.concat_shape: the operands' elements one after the other.
void lowerConcatShape(OpContext &c) {
  std::vector<TermId> out;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    std::optional<std::vector<TermId>> elements = shapeOperand(c, i);
    if (!elements)
      return;
    out.insert(out.end(), elements->begin(), elements->end());
  }
  c.setElementsResult(0, std::move(out));
}

void lowerAddShape(OpContext &c) {
  lowerElementwiseShape(
      c, [&](TermId a, TermId b, size_t) { return c.add(a, b); });
}

void lowerSubShape(OpContext &c) {
  lowerElementwiseShape(
      c, [&](TermId a, TermId b, size_t) { return c.sub(a, b); });
}

void lowerMulShape(OpContext &c) {
  lowerElementwiseShape(
      c, [&](TermId a, TermId b, size_t) { return c.mul(a, b); });
}

/// tosa.div_floor_shape: floor division; a 0 divisor is UB.
void lowerDivFloorShape(OpContext &c) {
  lowerElementwiseShape(c, [&](TermId a, TermId b, size_t i) {
    c.requireInBounds(c.formulas().mkNe(b, c.constant(0)),
                      "the divisor " + c.operandName(1) + "[" +
                          std::to_string(i) + "] (must not be 0)");
    return c.floorDiv(a, b);
  });
}

} // namespace symshape::frontend::tosa
