//===- IntValues.cpp - Integer and i1 values, element by element ----------===//
//
// Size computations run on integers: index values, integer scalars, and the
// small integer tensors exporters build shapes from (JAX's dimension
// variables `tensor<i64>`, `tensor<2xi32>` shape operands). Each element is
// a term of the dim graph; an element no op computed is a fresh integer, so
//
//   %s = stablehlo.concatenate %n1, %c4, %c6, dim = 0     // [%n, 4, 6]
//
// keeps its known 4 and 6 whatever %n is. i1 values (the predicates of
// runtime checks) are formulas over those terms.
//
//===----------------------------------------------------------------------===//

#include "IntTypes.h"
#include "LoweringImpl.h"

namespace symshape::frontend {

using solver::SymbolOrigin;

/// Entries of a 1-D integer tensor followed element by element; a longer
/// tensor is data, not a size computation.
static constexpr int64_t kMaxTrackedElements = 4096;

std::optional<std::vector<TermId>> Lowerer::intElements(ValueId id) {
  const Value &v = value(id);
  if (!v.typeKnown)
    return std::nullopt;
  const Type &type = v.type;
  ValueState &s = states[id];
  std::optional<IntType> element =
      type.isSizeLike()                ? IntType::index()
      : type.kind == TypeKind::Integer ? intType(type.spelling)
      : type.kind == TypeKind::RankedTensor && type.dims.size() <= 1
          ? intType(type.element)
          : std::nullopt;
  if (!element || element->isBool())
    return std::nullopt;
  // A value no modelled op computed is an unknown integer only where it is
  // an input: a block argument, or the result of an opaque op (listed in
  // the coverage report). A value some modelled op left unknown (an
  // element read from data) stays unknown: its uses decide what that means.
  bool input = v.isBlockArgument || s.opaque;
  if (type.kind != TypeKind::RankedTensor || type.dims.empty()) {
    if (s.scalar == solver::kNoTerm) {
      if (!input)
        return std::nullopt;
      TermId symbol = newSymbol(refName(id), SymbolOrigin::Scalar);
      // A !shape.size is a non-negative integer (shape dialect), and so is an
      // unsigned integer.
      if (type.kind == TypeKind::Size || element->isUnsigned)
        prob->addFact(formulas().mkLe(graph().constant(0), symbol));
      s.defined = true;
      s.scalar = symbol;
      label(symbol, refName(id));
    }
    return std::vector<TermId>{s.scalar};
  }
  if (s.hasExtents)
    return s.extents;
  int64_t length = type.dims[0];
  if (!input || length == kDynamic || length > kMaxTrackedElements)
    return std::nullopt;
  std::vector<TermId> elements;
  for (int64_t i = 0; i < length; ++i) {
    TermId symbol = newSymbol(dimName(id, size_t(i)), SymbolOrigin::Scalar);
    if (element->isUnsigned)
      prob->addFact(formulas().mkLe(graph().constant(0), symbol));
    elements.push_back(symbol);
  }
  setIntElements(id, elements);
  return elements;
}

/// The element count of a rank-2 integer tensor of static shape, or 0.
static size_t matrixCount(const Value &v) {
  const Type &type = v.type;
  std::optional<IntType> element = intType(type.element);
  if (!v.typeKnown || type.kind != TypeKind::RankedTensor ||
      type.dims.size() != 2 || type.dims[0] < 0 || type.dims[1] < 0 ||
      !element || element->isBool() ||
      type.dims[0] * type.dims[1] > kMaxTrackedElements)
    return 0;
  return size_t(type.dims[0] * type.dims[1]);
}

std::optional<std::vector<TermId>> Lowerer::matrixElements(ValueId id) {
  const ValueState &s = states[id];
  size_t count = matrixCount(value(id));
  if (count == 0 || s.matrix.size() != count)
    return std::nullopt;
  return s.matrix;
}

void Lowerer::setMatrixElements(ValueId id, std::vector<TermId> elements) {
  size_t count = matrixCount(value(id));
  if (count != 0 && elements.size() == count)
    states[id].matrix = std::move(elements);
}

void Lowerer::setIntElements(ValueId id, std::vector<TermId> elements) {
  const Type &type = value(id).type;
  ValueState &s = states[id];
  s.defined = true;
  if (type.kind != TypeKind::RankedTensor || type.dims.empty()) {
    if (elements.size() == 1)
      defineScalar(id, elements[0]);
    return;
  }
  if (type.dims.size() != 1 ||
      (type.dims[0] != kDynamic && size_t(type.dims[0]) != elements.size()))
    return;
  if (!s.ranked) {
    s.ranked = true;
    s.dims = {graph().constant(int64_t(elements.size()))};
  }
  for (size_t i = 0; i < elements.size(); ++i)
    labelDim(elements[i], id, i);
  s.hasExtents = true;
  s.extents = std::move(elements);
}

std::optional<std::vector<FormulaId>> Lowerer::boolElements(ValueId id) {
  const ValueState &s = states[id];
  if (!s.hasBools)
    return std::nullopt;
  return s.bools;
}

void Lowerer::setBoolElements(ValueId id, std::vector<FormulaId> elements) {
  const Type &type = value(id).type;
  size_t expected = 1;
  if (type.kind == TypeKind::RankedTensor && type.dims.size() == 1)
    expected =
        type.dims[0] == kDynamic ? elements.size() : size_t(type.dims[0]);
  else if (type.kind == TypeKind::RankedTensor && !type.dims.empty())
    return;
  if (elements.size() != expected)
    return;
  ValueState &s = states[id];
  s.defined = true;
  s.hasBools = true;
  s.bools = std::move(elements);
}

} // namespace symshape::frontend
