//===- BroadcastTables.cpp - Static rules of the Broadcastable trait ------===//

#include "symshape/solver/BroadcastTables.h"

#include <algorithm>

namespace symshape::solver {

std::optional<int64_t> inferDim(int64_t dim0, int64_t dim1) {
  if (dim0 == dim1)
    return dim0; // (?, ?), (1, 1), equal statics
  // (?, >1) -> dim1; (?, 1) and (?, 0) -> ?.
  if (dim0 == kDynamicDim)
    return dim1 > 1 ? dim1 : kDynamicDim;
  if (dim1 == kDynamicDim)
    return dim0 > 1 ? dim0 : kDynamicDim;
  // (1, n) -> n.
  if (dim0 == 1)
    return dim1;
  if (dim1 == 1)
    return dim0;
  return std::nullopt; // two unequal static sizes, neither 1
}

StaticShape expandRank(StaticShape shape, size_t rank) {
  if (shape.size() < rank)
    shape.insert(shape.begin(), rank - shape.size(), 1);
  return shape;
}

ShapeInference inferShape(const StaticShape &shape0,
                          const StaticShape &shape1) {
  size_t rank = std::max(shape0.size(), shape1.size());
  StaticShape lhs = expandRank(shape0, rank);
  StaticShape rhs = expandRank(shape1, rank);
  ShapeInference result;
  result.shape.reserve(rank);
  for (size_t i = 0; i < rank; ++i) {
    std::optional<int64_t> dim = inferDim(lhs[i], rhs[i]);
    if (!dim)
      result.errorDims.push_back(i);
    result.shape.push_back(dim.value_or(kDynamicDim));
  }
  return result;
}

std::optional<ShapeInference>
inferResultShape(const std::vector<std::optional<StaticShape>> &operands) {
  std::optional<ShapeInference> inferred;
  for (const std::optional<StaticShape> &operand : operands) {
    if (!operand)
      continue; // unranked operands are discarded
    if (!inferred) {
      inferred = ShapeInference{*operand, {}};
      continue;
    }
    ShapeInference step = inferShape(inferred->shape, *operand);
    // Earlier error dims keep their column index counted from the right.
    size_t grown = step.shape.size() - inferred->shape.size();
    for (size_t dim : inferred->errorDims)
      step.errorDims.push_back(dim + grown);
    std::sort(step.errorDims.begin(), step.errorDims.end());
    step.errorDims.erase(
        std::unique(step.errorDims.begin(), step.errorDims.end()),
        step.errorDims.end());
    inferred = std::move(step);
  }
  return inferred;
}

ResultDimCheck checkResultDim(int64_t inferred, int64_t actual, bool strict) {
  if (actual == kDynamicDim)
    return ResultDimCheck::Ok;
  if (inferred == kDynamicDim)
    return strict ? ResultDimCheck::Error : ResultDimCheck::RuntimeCheck;
  return inferred == actual ? ResultDimCheck::Ok : ResultDimCheck::Error;
}

} // namespace symshape::solver
