//===- Program.cpp - Printing generated programs as MLIR ------------------===//

#include "Program.h"

#include <sstream>

namespace symshape::property {

std::string TensorType::str() const {
  if (scalar)
    return element;
  if (!ranked)
    return "tensor<*x" + element + ">";
  std::string out = "tensor<";
  for (int64_t dim : dims)
    out += (dim == kDynamic ? std::string("?") : std::to_string(dim)) + "x";
  return out + element + ">";
}

std::string Value::typeText() const {
  switch (kind) {
  case ValueKind::Tensor:
    return type.str();
  case ValueKind::Index:
    return "index";
  case ValueKind::Size:
    return "!shape.size";
  case ValueKind::Shape:
    return shapeType ? "!shape.shape" : type.str();
  case ValueKind::Witness:
    return "!shape.witness";
  }
  return "?";
}

const char *opFamily(OpKind kind) {
  switch (kind) {
  case OpKind::Broadcast:
    return "implicit";
  case OpKind::Opaque:
    return "opaque";
  case OpKind::Constant:
  case OpKind::Arith:
  case OpKind::Dim:
  case OpKind::Empty:
  case OpKind::Cast:
    return "glue";
  case OpKind::Linalg:
    return "linalg";
  case OpKind::XlaBinary:
  case OpKind::BroadcastInDim:
  case OpKind::DynamicBroadcastInDim:
    return "xla";
  default:
    return "shape";
  }
}

std::string Program::print(DimRef ref) const {
  if (ref.dim < 0)
    return "%" + values[ref.value].name;
  return "%" + values[ref.value].name + "[" + std::to_string(ref.dim) + "]";
}

static const char *cmpSpelling(CmpOp op) {
  switch (op) {
  case CmpOp::Eq:
    return "==";
  case CmpOp::Ne:
    return "!=";
  case CmpOp::Lt:
    return "<";
  case CmpOp::Le:
    return "<=";
  case CmpOp::Gt:
    return ">";
  case CmpOp::Ge:
    return ">=";
  }
  return "?";
}

static std::string joinInts(const std::vector<int64_t> &set) {
  std::string out;
  for (size_t i = 0; i < set.size(); ++i)
    out += (i ? ", " : "") + std::to_string(set[i]);
  return out;
}

std::string Program::print(const Assume &assume) const {
  switch (assume.kind) {
  case Assume::Kind::Cmp:
    return print(assume.lhs) + " " + cmpSpelling(assume.cmp) + " " +
           (assume.rhsIsRef ? print(assume.rhsRef)
                            : std::to_string(assume.rhs));
  case Assume::Kind::In:
    return print(assume.lhs) + " in {" + joinInts(assume.set) + "}";
  case Assume::Kind::NotIn:
    return print(assume.lhs) + " not in {" + joinInts(assume.set) + "}";
  case Assume::Kind::InRange:
    return print(assume.lhs) + " in [" + joinInts(assume.set) + "]";
  case Assume::Kind::Not:
    return "!(" + print(assume.kids[0]) + ")";
  case Assume::Kind::And:
    return "(" + print(assume.kids[0]) + ") && (" + print(assume.kids[1]) + ")";
  case Assume::Kind::Or:
    return "(" + print(assume.kids[0]) + ") || (" + print(assume.kids[1]) + ")";
  }
  return "";
}

std::string Program::text() const {
  std::ostringstream os;
  os << "func.func @f(";
  for (int i = 0; i < numArgs; ++i)
    os << (i ? ", " : "") << "%" << values[i].name << ": "
       << values[i].typeText();
  os << ")";
  if (!attrAssumes.empty()) {
    os << " attributes {symshape.assume = [";
    for (size_t i = 0; i < attrAssumes.size(); ++i)
      os << (i ? ", " : "") << "\"" << print(attrAssumes[i]) << "\"";
    os << "]}";
  }
  os << " {\n";
  for (const Op &op : ops)
    os << "  " << opText(op) << "\n";
  os << "  return\n}\n";
  return os.str();
}

std::string Program::opText(const Op &op) const {
  auto name = [&](int value) { return "%" + values[value].name; };
  auto type = [&](int value) { return values[value].typeText(); };
  auto list = [&](auto item) {
    std::string out;
    for (size_t i = 0; i < op.operands.size(); ++i)
      out += (i ? ", " : "") + item(op.operands[i]);
    return out;
  };
  std::string out = name(op.result) + " = ";
  const std::string result = type(op.result);
  switch (op.kind) {
  case OpKind::Broadcast:
  case OpKind::Opaque:
    return out + "\"" + op.name + "\"(" + list(name) + ") : (" + list(type) +
           ") -> " + result;
  case OpKind::XlaBinary:
  case OpKind::BroadcastInDim:
  case OpKind::DynamicBroadcastInDim: {
    std::string dims;
    if (op.dense)
      dims = op.attr.size() == 1 ? "dense<" + std::to_string(op.attr[0]) + ">"
                                 : "dense<[" + joinInts(op.attr) + "]>";
    else
      dims = "array<i64" + std::string(op.attr.empty() ? "" : ": ") +
             joinInts(op.attr) + ">";
    if (op.dense)
      dims += " : tensor<" + std::to_string(op.attr.size()) + "xi64>";
    if (op.dense && op.attr.empty())
      dims = "dense<> : tensor<0xi64>";
    return out + "\"" + op.name + "\"(" + list(name) +
           ") {broadcast_dimensions = " + dims + "} : (" + list(type) +
           ") -> " + result;
  }
  case OpKind::Constant:
    return out + "arith.constant " + std::to_string(op.attr[0]) + " : index";
  case OpKind::ConstSize:
    return out + "shape.const_size " + std::to_string(op.attr[0]);
  case OpKind::Arith:
    return out + op.name + " " + list(name) + " : index";
  case OpKind::Dim:
    return out + "tensor.dim " + list(name) + " : " + type(op.operands[0]);
  case OpKind::Empty:
    return out + "tensor.empty(" + list(name) + ") : " + result;
  case OpKind::Cast:
    return out + "tensor.cast " + name(op.operands[0]) + " : " +
           type(op.operands[0]) + " to " + result;
  case OpKind::Linalg:
    return out + "linalg.broadcast ins(" + name(op.operands[0]) + " : " +
           type(op.operands[0]) + ") " + (op.rfc ? "inits(" : "outs(") +
           name(op.operands[1]) + " : " + type(op.operands[1]) +
           ") dimensions = [" + joinInts(op.attr) + "]";
  case OpKind::ShapeOf:
    return out + "shape.shape_of " + name(op.operands[0]) + " : " +
           type(op.operands[0]) + " -> " + result;
  case OpKind::ConstShape:
    return out + "shape.const_shape [" + joinInts(op.attr) + "] : " + result;
  case OpKind::ShapeBroadcast:
    return out + "shape.broadcast " + list(name) +
           (op.error.empty() ? "" : " {error = \"" + op.error + "\"}") + " : " +
           list(type) + " -> " + result;
  case OpKind::Meet:
    return out + "shape.meet " + list(name) +
           (op.error.empty() ? "" : ", error = \"" + op.error + "\"") + " : " +
           list(type) + " -> " + result;
  case OpKind::CstrBroadcastable:
  case OpKind::CstrEq:
    return out + op.name + " " + list(name) + " : " + list(type);
  case OpKind::GetExtent:
    return out + "shape.get_extent " + list(name) + " : " + list(type) +
           " -> " + result;
  case OpKind::ShapeRank:
  case OpKind::NumElements:
  case OpKind::ToExtentTensor:
    return out + op.name + " " + name(op.operands[0]) + " : " +
           type(op.operands[0]) + " -> " + result;
  case OpKind::FromExtents:
    return out + "shape.from_extents " + list(name) + " : " + list(type);
  case OpKind::IndexToSize:
    return out + "shape.index_to_size " + name(op.operands[0]);
  case OpKind::SizeToIndex:
    return out + "shape.size_to_index " + name(op.operands[0]) + " : " +
           type(op.operands[0]);
  }
  return out + "?";
}

std::string Program::options() const {
  std::string out = label.empty() ? "seed " + std::to_string(seed) : label;
  if (minDim != 0)
    out += ", --min-dim " + std::to_string(minDim);
  if (strict)
    out += ", --strict";
  for (const Assume &assume : sessionAssumes)
    out += ", --assume \"" + print(assume) + "\"";
  return out;
}

} // namespace symshape::property
