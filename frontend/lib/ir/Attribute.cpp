//===- Attribute.cpp - Attribute values -----------------------------------===//

#include "symshape/frontend/Attribute.h"

namespace symshape::frontend {

const Attribute *findAttr(const std::vector<NamedAttribute> &attrs,
                          const std::string &name) {
  for (const NamedAttribute &attr : attrs)
    if (attr.name == name)
      return &attr.value;
  return nullptr;
}

} // namespace symshape::frontend
