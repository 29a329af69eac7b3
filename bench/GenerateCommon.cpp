//===- GenerateCommon.cpp - The shape model's helpers ---------------------===//
//
// The benchmark generator's shape-model helpers: exact tensors, the
// model of a broadcast and its declared types, and the text of operand
// lists and attributes.
//
//===----------------------------------------------------------------------===//

#include "GenerateCommon.h"

namespace symshape_bench::generate {

Tensor exactTensor(std::string name, std::vector<Dim> dims) {
  Tensor t{std::move(name), std::move(dims), {}};
  for (const Dim &d : t.dims)
    t.dynamic.push_back(d.isSymbol());
  return t;
}

std::optional<std::vector<Dim>>
broadcastModel(const std::vector<const Tensor *> &operands) {
  size_t rank = 0;
  for (const Tensor *t : operands)
    rank = std::max(rank, t->rank());
  std::vector<Dim> result(rank, Dim::fixed(1));
  for (const Tensor *t : operands) {
    size_t offset = rank - t->rank();
    for (size_t i = 0; i < t->rank(); ++i) {
      const Dim &d = t->dims[i];
      Dim &r = result[offset + i];
      if (d.isOne())
        continue;
      if (r.isOne())
        r = d;
      else if (r != d)
        return std::nullopt;
    }
  }
  return result;
}

std::vector<bool> broadcastDeclared(const std::vector<const Tensor *> &operands,
                                    size_t rank) {
  std::vector<int64_t> column(rank, 1); // 1, a static size > 1, or -1
  for (const Tensor *t : operands) {
    size_t offset = rank - t->rank();
    for (size_t i = 0; i < t->rank(); ++i) {
      int64_t d = t->declared(i);
      int64_t &c = column[offset + i];
      if (d == 1)
        continue;
      if (d > 1)
        c = d;
      else if (c == 1)
        c = -1;
    }
  }
  std::vector<bool> dynamic;
  for (int64_t c : column)
    dynamic.push_back(c < 0);
  return dynamic;
}

bool declaredBroadcastable(const std::vector<const Tensor *> &operands) {
  size_t rank = 0;
  for (const Tensor *t : operands)
    rank = std::max(rank, t->rank());
  std::vector<int64_t> column(rank, 1);
  for (const Tensor *t : operands) {
    size_t offset = rank - t->rank();
    for (size_t i = 0; i < t->rank(); ++i) {
      int64_t d = t->declared(i);
      int64_t &c = column[offset + i];
      if (d <= 1)
        continue;
      if (c > 1 && c != d)
        return false;
      c = d;
    }
  }
  return true;
}

Tensor declaredBroadcast(std::string name,
                         const std::vector<const Tensor *> &operands) {
  size_t rank = 0;
  for (const Tensor *t : operands)
    rank = std::max(rank, t->rank());
  Tensor result{std::move(name), {}, broadcastDeclared(operands, rank)};
  std::vector<int64_t> column(rank, 1);
  for (const Tensor *t : operands)
    for (size_t i = 0; i < t->rank(); ++i)
      if (t->declared(i) > 1)
        column[rank - t->rank() + i] = t->declared(i);
  for (size_t i = 0; i < rank; ++i)
    result.dims.push_back(result.dynamic[i] ? Dim::symbol(0)
                                            : Dim::fixed(column[i]));
  return result;
}

std::string joinTypes(const std::vector<const Tensor *> &operands) {
  std::string text;
  for (size_t i = 0; i < operands.size(); ++i)
    text += (i ? ", " : "") + operands[i]->type();
  return text;
}

std::string joinNames(const std::vector<const Tensor *> &operands) {
  std::string text;
  for (size_t i = 0; i < operands.size(); ++i)
    text += (i ? ", " : "") + operands[i]->name;
  return text;
}

std::string intList(const std::vector<int64_t> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text;
}

std::string denseI64(const std::vector<int64_t> &values) {
  std::string n = std::to_string(values.size());
  if (values.empty())
    return "dense<> : tensor<0xi64>";
  if (values.size() == 1)
    return "dense<" + std::to_string(values[0]) + "> : tensor<1xi64>";
  return "dense<[" + intList(values) + "]> : tensor<" + n + "xi64>";
}

} // namespace symshape_bench::generate
