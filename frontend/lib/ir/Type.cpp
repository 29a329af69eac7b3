//===- Type.cpp - Types of the MLIR subset --------------------------------===//

#include "symshape/frontend/Type.h"

namespace symshape::frontend {

/// "2x?x4x" for dims {2, kDynamic, 4}; "" for rank 0.
static std::string dimsPrefix(const std::vector<int64_t> &dims) {
  std::string out;
  for (int64_t dim : dims) {
    out += dim == kDynamic ? std::string("?") : std::to_string(dim);
    out += 'x';
  }
  return out;
}

std::string Type::str() const {
  switch (kind) {
  case TypeKind::RankedTensor: {
    std::string out = "tensor<" + dimsPrefix(dims) + element;
    if (!encoding.empty())
      out += ", " + encoding;
    return out + ">";
  }
  case TypeKind::UnrankedTensor:
    return "tensor<*x" + element + ">";
  case TypeKind::Vector:
    return "vector<" + dimsPrefix(dims) + element + ">";
  case TypeKind::Index:
    return "index";
  case TypeKind::Integer:
  case TypeKind::Float:
  case TypeKind::Other:
    return spelling;
  case TypeKind::Shape:
    return "!shape.shape";
  case TypeKind::Size:
    return "!shape.size";
  case TypeKind::Witness:
    return "!shape.witness";
  case TypeKind::ValueShape:
    return "!shape.value_shape";
  }
  return spelling;
}

Type Type::rankedTensor(std::vector<int64_t> dims, std::string element) {
  Type type;
  type.kind = TypeKind::RankedTensor;
  type.dims = std::move(dims);
  type.element = std::move(element);
  return type;
}

Type Type::index() {
  Type type;
  type.kind = TypeKind::Index;
  return type;
}

} // namespace symshape::frontend
