//===- Attribute.cpp - Attribute values -----------------------------------===//

#include "symshape/frontend/Attribute.h"

namespace symshape::frontend {

std::optional<std::vector<int64_t>> intList(const Attribute &attr,
                                            bool flattenRows) {
  if (attr.kind == AttrKind::DenseInt || attr.kind == AttrKind::DenseArray) {
    if (!attr.splat || attr.ints.size() != 1 || !attr.hasType ||
        !attr.type.hasRank())
      return attr.ints;
    int64_t count = 1;
    for (int64_t d : attr.type.dims) {
      if (d == kDynamic)
        return std::nullopt;
      count *= d;
    }
    return std::vector<int64_t>(size_t(count), attr.ints[0]);
  }
  if (attr.kind != AttrKind::Array)
    return std::nullopt;
  std::vector<int64_t> out;
  for (const Attribute &e : attr.elements) {
    if (e.kind == AttrKind::Integer) {
      out.push_back(e.intValue);
      continue;
    }
    if (!flattenRows || e.kind != AttrKind::Array)
      return std::nullopt;
    for (const Attribute &x : e.elements) {
      if (x.kind != AttrKind::Integer)
        return std::nullopt;
      out.push_back(x.intValue);
    }
  }
  return out;
}

const Attribute *findAttr(const std::vector<NamedAttribute> &attrs,
                          const std::string &name) {
  for (const NamedAttribute &attr : attrs)
    if (attr.name == name)
      return &attr.value;
  return nullptr;
}

} // namespace symshape::frontend
