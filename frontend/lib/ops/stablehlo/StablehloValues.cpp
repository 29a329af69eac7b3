//===- StablehloValues.cpp - Attributes and integer values of the family ===//
//
// Helpers the stablehlo family's shape functions share: window and struct
// attributes (read by the parser: Attribute::structured), and the values
// of small integer tensors (rank 0: the value's scalar; rank 1: its
// extents), which carry shape computations such as
// get_dimension_size -> reshape -> concatenate -> dynamic_reshape.
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "lowering/IntTypes.h"

#include <algorithm>
#include <cctype>

namespace symshape::frontend::hlo {

//===--- Attributes and values ------------------------------------------===//

std::optional<std::vector<int64_t>> windowAttr(const OpContext &ctx,
                                               std::string_view name,
                                               std::vector<int64_t> defaults) {
  if (!ctx.attr(name))
    return defaults;
  // The padding: one [lo, hi] row per dim.
  std::optional<std::vector<int64_t>> list = ctx.ints(name, name == "padding");
  if (list && list->empty()) // `stride = []`: the verifier's default
    return defaults;
  return list;
}

std::optional<Fields> structFields(const Attribute &attr) {
  if (!attr.structured)
    return std::nullopt;
  Fields fields;
  for (const NamedAttribute &field : attr.entries) {
    if (field.value.kind == AttrKind::Integer)
      fields[field.name] = {field.value.intValue};
    else if (std::optional<std::vector<int64_t>> list = intList(field.value))
      fields[field.name] = std::move(*list);
    else
      return std::nullopt;
  }
  return fields;
}

std::optional<std::vector<TermId>> shapeOperand(OpContext &ctx, size_t i) {
  return ctx.shapeOperand(i);
}

void requireShapeSizes(OpContext &ctx, const std::vector<TermId> &shape,
                       size_t i) {
  for (size_t t = 0; t < shape.size(); ++t)
    if (!ctx.graph().provablyNonNegative(shape[t]))
      ctx.requireInBounds(ctx.formulas().mkLe(ctx.constant(0), shape[t]),
                          "element " + std::to_string(t) +
                              " of the shape operand " + ctx.operandName(i) +
                              " (a size: not negative)");
}

void attachValues(OpContext &ctx, size_t r, std::vector<TermId> elements) {
  if (ctx.failed() || !ctx.resultType(r).hasRank())
    return;
  ctx.setIntElements(r, std::move(elements));
}

void setIntValues(OpContext &ctx, size_t r, std::vector<TermId> elements) {
  const Type &type = ctx.resultType(r);
  if (type.hasRank() && type.dims.size() == 1)
    ctx.setResult(r, {ctx.constant(int64_t(elements.size()))});
  else if (type.hasRank() && type.dims.empty())
    ctx.setResult(r, {});
  attachValues(ctx, r, std::move(elements));
}

std::optional<std::vector<TermId>> intValues(OpContext &ctx, size_t i) {
  const Type &type = ctx.operandType(i);
  if (!type.hasRank() || type.dims.size() > 1)
    return std::nullopt;
  return ctx.intElements(i);
}

/// Entries of a 1-D integer tensor followed element by element (as
/// Lowerer::intElements does); a longer tensor is data, not a size.
static constexpr int64_t kMaxTrackedElements = 4096;

std::optional<int64_t> valueLength(OpContext &ctx, size_t i) {
  const Type &type = ctx.operandType(i);
  if (!type.hasRank() || type.dims.size() > 1)
    return std::nullopt;
  if (type.dims.empty())
    return 1;
  if (type.dims[0] != kDynamic)
    return type.dims[0];
  return ctx.graph().constantValue(ctx.dim(i, 0));
}

std::optional<std::vector<TermId>> valuesOrFresh(OpContext &ctx, size_t i) {
  if (std::optional<std::vector<TermId>> known = intValues(ctx, i))
    return known;
  std::optional<int64_t> length = valueLength(ctx, i);
  std::optional<IntType> element = intType(ctx.operandType(i).element);
  if (!length || *length > kMaxTrackedElements || !element || element->isBool())
    return std::nullopt;
  // SEMANTICS.md §2: one unknown element never makes its known neighbours
  // unknown. The fresh integers are kept with the operand, so every use of
  // it sees the same ones.
  return ctx.freshOperandElements(i, size_t(*length), element->isUnsigned);
}

TermId dilated(OpContext &ctx, TermId size, int64_t gap) {
  if (gap == 0)
    return size;
  if (std::optional<int64_t> s = ctx.graph().constantValue(size))
    return ctx.constant(*s + std::max<int64_t>(*s - 1, 0) * gap);
  // max(size - 1, 0) = size - 1 + floor(1 / (size + 1)) for size >= 0.
  TermId one = ctx.constant(1);
  TermId gaps =
      ctx.add(ctx.sub(size, one), ctx.floorDiv(one, ctx.add(size, one)));
  return ctx.add(size, ctx.mul(gaps, ctx.constant(gap)));
}

bool isDimList(const std::vector<int64_t> &dims, size_t limit) {
  std::vector<bool> seen(limit, false);
  for (int64_t d : dims) {
    if (d < 0 || size_t(d) >= limit || seen[size_t(d)])
      return false;
    seen[size_t(d)] = true;
  }
  return true;
}

} // namespace symshape::frontend::hlo
