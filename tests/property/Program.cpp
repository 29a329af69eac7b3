//===- Program.cpp - Printing generated programs as MLIR ------------------===//

#include "Program.h"

#include <sstream>

namespace symshape::property {

std::string TensorType::str() const {
  if (scalar)
    return "i32";
  if (!ranked)
    return "tensor<*xi32>";
  std::string out = "tensor<";
  for (int64_t dim : dims)
    out += (dim == kDynamic ? std::string("?") : std::to_string(dim)) + "x";
  return out + "i32>";
}

std::string Program::print(DimRef ref) const {
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
       << values[i].type.str();
  os << ")";
  if (!attrAssumes.empty()) {
    os << " attributes {symshape.assume = [";
    for (size_t i = 0; i < attrAssumes.size(); ++i)
      os << (i ? ", " : "") << "\"" << print(attrAssumes[i]) << "\"";
    os << "]}";
  }
  os << " {\n";
  for (const Op &op : ops) {
    os << "  %" << values[op.result].name << " = \"" << op.name << "\"(";
    for (size_t i = 0; i < op.operands.size(); ++i)
      os << (i ? ", " : "") << "%" << values[op.operands[i]].name;
    os << ") : (";
    for (size_t i = 0; i < op.operands.size(); ++i)
      os << (i ? ", " : "") << values[op.operands[i]].type.str();
    os << ") -> " << values[op.result].type.str() << "\n";
  }
  os << "  return\n}\n";
  return os.str();
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
