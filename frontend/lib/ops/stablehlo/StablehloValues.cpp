//===- StablehloValues.cpp - Attributes and integer values of the family ===//
//
// Helpers the stablehlo family's shape functions share: integer-list and
// struct attributes in their generic and pretty spellings, and the values
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

std::optional<std::vector<int64_t>> intsAttr(const OpContext &ctx,
                                             std::string_view name) {
  const Attribute *a = ctx.attr(name);
  if (!a)
    return std::nullopt;
  if (a->kind == AttrKind::DenseInt || a->kind == AttrKind::DenseArray) {
    if (!a->splat || a->ints.size() != 1 || !a->hasType || !a->type.hasRank())
      return a->ints;
    int64_t count = 1;
    for (int64_t d : a->type.dims) {
      if (d == kDynamic)
        return std::nullopt;
      count *= d;
    }
    return std::vector<int64_t>(size_t(count), a->ints[0]);
  }
  if (a->kind != AttrKind::Array)
    return std::nullopt;
  std::vector<int64_t> out; // [1, 2] or [[0, 0], [1, 1]]
  for (const Attribute &e : a->elements) {
    if (e.kind == AttrKind::Integer) {
      out.push_back(e.intValue);
      continue;
    }
    if (e.kind != AttrKind::Array)
      return std::nullopt;
    for (const Attribute &x : e.elements) {
      if (x.kind != AttrKind::Integer)
        return std::nullopt;
      out.push_back(x.intValue);
    }
  }
  return out;
}

std::optional<std::vector<int64_t>> windowAttr(const OpContext &ctx,
                                               std::string_view name,
                                               std::vector<int64_t> defaults) {
  if (!ctx.attr(name))
    return defaults;
  std::optional<std::vector<int64_t>> list = intsAttr(ctx, name);
  if (list && list->empty()) // `stride = []`: the verifier's default
    return defaults;
  return list;
}

std::optional<Fields> structFields(const Attribute &attr) {
  const std::string &t = attr.text;
  size_t p = t.find('<');
  if (p == std::string::npos)
    return std::nullopt;
  ++p;
  Fields fields;
  auto isSpace = [&](char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == ',';
  };
  auto skip = [&] {
    while (p < t.size() && isSpace(t[p]))
      ++p;
  };
  auto readInt = [&](int64_t &v) {
    size_t q = p;
    if (q < t.size() && t[q] == '-')
      ++q;
    if (q >= t.size() || !isdigit(static_cast<unsigned char>(t[q])))
      return false;
    size_t used = 0;
    v = std::stoll(t.substr(p), &used);
    p += used;
    return true;
  };
  if (t.compare(p, 3, "raw") == 0 && p + 3 < t.size() &&
      (t[p + 3] == ' ' || t[p + 3] == '\n'))
    p += 3;
  while (true) {
    skip();
    if (p >= t.size())
      return std::nullopt;
    if (t[p] == '>')
      return fields;
    size_t start = p;
    while (p < t.size() &&
           (isalnum(static_cast<unsigned char>(t[p])) || t[p] == '_'))
      ++p;
    std::string key = t.substr(start, p - start);
    while (p < t.size() && t[p] == ' ')
      ++p;
    if (key.empty() || p >= t.size() || t[p] != '=')
      return std::nullopt;
    ++p;
    while (p < t.size() && t[p] == ' ')
      ++p;
    std::vector<int64_t> values;
    int64_t v = 0;
    if (p < t.size() && t[p] == '[') {
      ++p;
      while (true) {
        skip();
        if (p < t.size() && t[p] == ']') {
          ++p;
          break;
        }
        if (!readInt(v))
          return std::nullopt;
        values.push_back(v);
      }
    } else if (readInt(v)) {
      values.push_back(v);
    } else {
      return std::nullopt;
    }
    fields[key] = std::move(values);
  }
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

std::string listText(const std::vector<int64_t> &values) {
  std::string out = "(";
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? ", " : "") + std::to_string(values[i]);
  return out + ")";
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
