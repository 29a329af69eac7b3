//===- Type.cpp - Types of the MLIR subset --------------------------------===//

#include "symshape/frontend/Type.h"

#include <string>

namespace symshape::frontend {

/// Appends "2x?x4x" for dims {2, kDynamic, 4}; nothing for rank 0.
static void appendDims(std::string &out, const std::vector<int64_t> &dims) {
  for (int64_t dim : dims) {
    if (dim == kDynamic)
      out += '?';
    else
      out += std::to_string(dim);
    out += 'x';
  }
}

std::string Type::str() const {
  std::string out;
  appendTo(out);
  return out;
}

/// torch-mlir's `!torch.vtensor<[2,?],f32>`, `!torch.vtensor<*,f32>`,
/// `!torch.vtensor`.
static void appendTorchTensor(std::string &out, const Type &type) {
  out += type.spelling;
  if (type.kind == TypeKind::UnrankedTensor && type.element.empty())
    return;
  if (type.kind == TypeKind::UnrankedTensor) {
    out += "<*";
  } else {
    out += "<[";
    for (size_t d = 0; d < type.dims.size(); ++d) {
      if (d)
        out += ',';
      if (type.dims[d] == kDynamic)
        out += '?';
      else
        out += std::to_string(type.dims[d]);
    }
    out += ']';
  }
  out += ',';
  out += type.element.empty() ? "unk" : type.element;
  out += '>';
}

void Type::appendTo(std::string &out) const {
  if (isTensor() && !spelling.empty()) {
    appendTorchTensor(out, *this);
    return;
  }
  switch (kind) {
  case TypeKind::RankedTensor:
    out += "tensor<";
    appendDims(out, dims);
    out += element;
    if (!encoding.empty()) {
      out += ", ";
      out += encoding;
    }
    out += '>';
    return;
  case TypeKind::UnrankedTensor:
    out += "tensor<*x";
    out += element;
    out += '>';
    return;
  case TypeKind::Vector:
    out += "vector<";
    appendDims(out, dims);
    out += element;
    out += '>';
    return;
  case TypeKind::Index:
    out += "index";
    return;
  case TypeKind::Integer:
  case TypeKind::Float:
  case TypeKind::Other:
    break;
  case TypeKind::Shape:
    out += "!shape.shape";
    return;
  case TypeKind::Size:
    out += "!shape.size";
    return;
  case TypeKind::Witness:
    out += "!shape.witness";
    return;
  case TypeKind::ValueShape:
    out += "!shape.value_shape";
    return;
  }
  out += spelling;
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
