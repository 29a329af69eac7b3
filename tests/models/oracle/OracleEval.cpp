//===- OracleEval.cpp - The op rules' view of an op: operands, attributes,
//                       results, and the helpers several rules share
//===----------------------------------------------------------------------===//
//
// `Eval` is what a family's rule reads (operand tensors and their contents,
// attributes as integers) and writes (result shapes and scalars, requirement
// failures); below it, the shape arithmetic the rules of several families
// use (products, windows, permutations, integer lists in attribute text).
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <cctype>

namespace symshape::models {

using frontend::Attribute;
using frontend::AttrKind;
using frontend::Function;
using frontend::Operation;
using frontend::Type;
using frontend::TypeKind;
using namespace oracle;

namespace oracle {
//===-- Eval
//---------------------------------------------------------------===//

const RtValue *Eval::tensor(size_t i) {
  if (i >= op.operands.size()) {
    unsupported("missing operand #" + std::to_string(i));
    return nullptr;
  }
  const RtValue &v = values[op.operands[i]];
  if (v.kind != RtValue::Kind::Tensor) {
    unsupported("operand #" + std::to_string(i) + " is not a ranked tensor");
    return nullptr;
  }
  return &v;
}

std::optional<std::vector<int64_t>> Eval::contents(size_t i) {
  if (i >= op.operands.size())
    return std::nullopt;
  const RtValue &v = values[op.operands[i]];
  if (v.kind == RtValue::Kind::Scalar && v.scalar)
    return std::vector<int64_t>{*v.scalar};
  if (v.kind == RtValue::Kind::Tensor)
    return v.data;
  return std::nullopt;
}

std::optional<int64_t> Eval::scalar(size_t i) {
  std::optional<std::vector<int64_t>> c = contents(i);
  if (c && c->size() == 1)
    return c->front();
  return std::nullopt;
}

const Operation *Eval::definingOp(size_t i) const {
  return i < op.operands.size() ? defs[op.operands[i]] : nullptr;
}

const Attribute *Eval::attr(const std::string &name) const {
  return frontend::findAttr(op.attributes, name);
}

static std::optional<std::vector<int64_t>> attrInts(const Attribute &a,
                                                    size_t count) {
  switch (a.kind) {
  case AttrKind::Integer:
    return std::vector<int64_t>{a.intValue};
  case AttrKind::DenseArray:
    return a.ints;
  case AttrKind::DenseInt:
    if (a.splat && count > 0)
      return std::vector<int64_t>(count, a.ints.front());
    return a.ints;
  case AttrKind::Array: {
    std::vector<int64_t> out;
    for (const Attribute &el : a.elements) {
      std::optional<std::vector<int64_t>> sub = attrInts(el, 0);
      if (!sub)
        return std::nullopt;
      out.insert(out.end(), sub->begin(), sub->end());
    }
    return out;
  }
  default:
    return std::nullopt;
  }
}

std::optional<std::vector<int64_t>> Eval::ints(const std::string &name,
                                               size_t count) const {
  const Attribute *a = attr(name);
  if (!a)
    return std::nullopt;
  return attrInts(*a, count);
}

std::optional<int64_t> Eval::integer(const std::string &name) const {
  const Attribute *a = attr(name);
  if (!a || a->kind != AttrKind::Integer)
    return std::nullopt;
  return a->intValue;
}

bool Eval::require(bool ok, const std::string &rule) {
  if (!ok && status == Status::Ok) {
    status = Status::Ub;
    message = op.name + ": " + rule;
  }
  return ok;
}

bool Eval::check(bool ok, const std::string &why) {
  if (!ok && status == Status::Ok) {
    status = Status::Stop;
    message = op.name + ": " + why;
  }
  return ok;
}

bool Eval::runRegion(size_t r, std::vector<RtValue> &yielded,
                     const std::vector<RtValue> *args) {
  if (r >= op.regions.size())
    return unsupported("region #" + std::to_string(r) + " missing");
  if (!ctx || !ctx->runRegion)
    return unsupported("regions are not run here");
  if (args) {
    const frontend::Region &region = op.regions[r];
    if (region.blocks.empty() ||
        region.blocks.front().arguments.size() != args->size())
      return unsupported("region #" + std::to_string(r) + " takes " +
                         "other arguments than the op passes");
    for (size_t i = 0; i < args->size(); ++i)
      values[region.blocks.front().arguments[i]] = (*args)[i];
  }
  return ctx->runRegion(*this, op.regions[r], yielded);
}

bool Eval::unsupported(const std::string &why) {
  if (status == Status::Ok) {
    status = Status::Unsupported;
    message = op.name + ": " + why;
  }
  return false;
}

bool Eval::setResult(size_t r, Shape shape,
                     std::optional<std::vector<int64_t>> data) {
  if (r >= op.results.size())
    return unsupported("result #" + std::to_string(r) + " missing");
  for (size_t d = 0; d < shape.size(); ++d)
    if (!require(shape[d] >= 0, "result dim " + std::to_string(d) +
                                    " would be negative (" +
                                    std::to_string(shape[d]) + ")"))
      return false;
  RtValue &v = values[op.results[r]];
  v.kind = RtValue::Kind::Tensor;
  v.shape = std::move(shape);
  v.data = std::move(data);
  return true;
}

bool Eval::setScalar(size_t r, std::optional<int64_t> value) {
  if (r >= op.results.size())
    return unsupported("result #" + std::to_string(r) + " missing");
  RtValue &v = values[op.results[r]];
  v.kind = RtValue::Kind::Scalar;
  v.scalar = value;
  return true;
}

bool Eval::setValue(size_t r, RtValue value) {
  if (r >= op.results.size())
    return unsupported("result #" + std::to_string(r) + " missing");
  if (value.kind == RtValue::Kind::Tensor)
    return setResult(r, value.shape, value.data);
  values[op.results[r]] = std::move(value);
  return true;
}

bool Eval::setDeclaredResults() {
  for (size_t r = 0; r < op.results.size(); ++r) {
    const Type &t = declaredResult(r);
    if (t.kind == TypeKind::RankedTensor) {
      for (int64_t d : t.dims)
        if (d == frontend::kDynamic)
          return unsupported("dynamic result of a source op");
      setResult(r, t.dims);
    } else if (t.kind == TypeKind::Index || t.kind == TypeKind::Integer) {
      setScalar(r, std::nullopt);
    } else {
      values[op.results[r]] = RtValue{};
    }
  }
  return true;
}

std::string str(const Shape &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

int64_t product(const Shape &shape) {
  int64_t p = 1;
  for (int64_t d : shape)
    p *= d;
  return p;
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

int64_t windowOut(int64_t in, int64_t k, int64_t s, int64_t d, int64_t lo,
                  int64_t hi) {
  return floorDiv(in + lo + hi - d * (k - 1) - 1, s) + 1;
}

bool isPermutation(const std::vector<int64_t> &perm, size_t rank) {
  if (perm.size() != rank)
    return false;
  std::vector<bool> seen(rank, false);
  for (int64_t p : perm) {
    if (p < 0 || size_t(p) >= rank || seen[p])
      return false;
    seen[p] = true;
  }
  return true;
}

std::optional<std::vector<int64_t>> intListAfter(const std::string &text,
                                                 const std::string &key) {
  size_t at = text.find(key);
  while (at != std::string::npos) {
    // Whole word only: "lhs_batching_dimensions" must not match inside
    // another key.
    bool startOk = at == 0 || !(std::isalnum((unsigned char)text[at - 1]) ||
                                text[at - 1] == '_');
    size_t p = at + key.size();
    while (p < text.size() && text[p] == ' ')
      ++p;
    if (startOk && p < text.size() && text[p] == '=') {
      size_t open = text.find('[', p);
      size_t close = text.find(']', open);
      if (open == std::string::npos || close == std::string::npos)
        return std::nullopt;
      std::vector<int64_t> out;
      std::string body = text.substr(open + 1, close - open - 1);
      size_t q = 0;
      while (q < body.size()) {
        if (std::isdigit((unsigned char)body[q]) || body[q] == '-') {
          size_t used = 0;
          out.push_back(std::stoll(body.substr(q), &used));
          q += used;
        } else {
          ++q;
        }
      }
      return out;
    }
    at = text.find(key, at + 1);
  }
  return std::nullopt;
}

bool sameShapeElementwise(Eval &e) {
  const Shape *first = nullptr;
  for (size_t i = 0; i < e.numOperands(); ++i) {
    const Shape *s = e.shape(i);
    if (!s)
      return false;
    if (!first)
      first = s;
    else if (!e.require(*s == *first, "operand #" + std::to_string(i) + " " +
                                          str(*s) + " != operand #0 " +
                                          str(*first)))
      return false;
  }
  if (!first)
    return e.unsupported("no tensor operand");
  for (size_t r = 0; r < e.numResults(); ++r)
    e.setResult(r, *first);
  return true;
}

} // namespace oracle

} // namespace symshape::models
