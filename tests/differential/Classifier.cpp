//===- Classifier.cpp - What mlir-opt-16 and seed 000 say -----------------===//

#include "Classifier.h"

#include "oracle/StaticBroadcast.h"

#include <algorithm>
#include <limits>

namespace symshape::differential {

const char *reasonName(Reason reason) {
  switch (reason) {
  case Reason::OperandClash:
    return "operand-clash";
  case Reason::RankBelow:
    return "rank-below";
  case Reason::DimMismatch:
    return "dim-mismatch";
  case Reason::RankAbove:
    return "(a) rank-above";
  case Reason::InferredOne:
    return "(b) inferred-one";
  case Reason::StrictDynamic:
    return "(c) strict-dynamic";
  case Reason::NoOperands:
    return "(d) no-operands";
  }
  return "?";
}

bool isDivergence(Reason reason) {
  return reason == Reason::RankAbove || reason == Reason::InferredOne ||
         reason == Reason::StrictDynamic || reason == Reason::NoOperands;
}

const char *className(Class cls) {
  switch (cls) {
  case Class::AgreeAccept:
    return "agree-accept";
  case Class::AgreeReject:
    return "agree-reject";
  case Class::RankAbove:
    return "divergence (a) rank-above";
  case Class::InferredOne:
    return "divergence (b) inferred-one";
  case Class::StrictDynamic:
    return "divergence (c) strict-dynamic";
  case Class::NoOperands:
    return "divergence (d) no-operands";
  case Class::ModelError:
    return "model-error";
  case Class::SelectUnverified:
    return "divergence (e) select-unverified";
  case Class::ShapeRuntime:
    return "divergence (g) shape-runtime";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// mlir-opt-16
//===----------------------------------------------------------------------===//

namespace {

/// ShapedType::kDynamic in MLIR 16.
constexpr int64_t kMlirDynamic = std::numeric_limits<int64_t>::min();

bool mlirIsDynamic(int64_t dim) { return dim == kMlirDynamic; }

std::vector<int64_t> toMlir(const std::vector<int64_t> &dims) {
  std::vector<int64_t> result = dims;
  for (int64_t &dim : result)
    if (dim == kDynamic)
      dim = kMlirDynamic;
  return result;
}

/// OpTrait::util::getBroadcastedShape of MLIR 16, transcribed.
bool getBroadcastedShape(const std::vector<int64_t> &shape1,
                         const std::vector<int64_t> &shape2,
                         std::vector<int64_t> &resultShape) {
  resultShape = shape1.size() > shape2.size() ? shape1 : shape2;
  auto i1 = shape1.rbegin(), e1 = shape1.rend();
  auto i2 = shape2.rbegin(), e2 = shape2.rend();
  auto iR = resultShape.rbegin();
  for (; i1 != e1 && i2 != e2; ++i1, ++i2, ++iR) {
    if (mlirIsDynamic(*i1) || mlirIsDynamic(*i2)) {
      if (*i1 > 1)
        *iR = *i1;
      else if (*i2 > 1)
        *iR = *i2;
      else if (*i1 == 1)
        *iR = *i2;
      else if (*i2 == 1)
        *iR = *i1;
      else
        *iR = kMlirDynamic;
    } else if (*i1 == *i2 || *i2 == 1) {
      *iR = *i1;
    } else if (*i1 == 1) {
      *iR = *i2;
    } else {
      resultShape.clear();
      return false;
    }
  }
  return true;
}

/// isCompatibleInferredReturnShape of MLIR 16, transcribed.
bool isCompatibleInferredReturnShape(const std::vector<int64_t> &inferred,
                                     const std::vector<int64_t> &existing) {
  if (inferred.size() != existing.size())
    return false;
  for (size_t i = 0; i < inferred.size(); ++i) {
    int64_t dim1 = inferred[i], dim2 = existing[i];
    if (!(dim1 == dim2 || mlirIsDynamic(dim1) || mlirIsDynamic(dim2) ||
          dim1 == 1))
      return false;
  }
  return true;
}

/// TosaOps.cpp's resolveBroadcastShape of MLIR 16, transcribed: false for
/// an unranked operand or two sizes, neither 1, that differ (`?` too).
bool resolveBroadcastShape(const Program &program,
                           std::vector<int64_t> &outShape) {
  size_t outRank = 0;
  for (size_t i = 0; i < program.operands.size(); ++i) {
    if (!program.operand(i).ranked)
      return false;
    outRank = std::max(outRank, program.operand(i).rank());
  }
  outShape.assign(outRank, 1);
  for (size_t i = 0; i < program.operands.size(); ++i) {
    std::vector<int64_t> shape = toMlir(program.operand(i).dims);
    size_t rankDiff = outRank - shape.size();
    for (size_t j = 0; j < shape.size(); ++j) {
      int64_t dim1 = outShape[j + rankDiff], dim2 = shape[j];
      int64_t resolved = dim1;
      if (dim1 == 1)
        resolved = dim2;
      else if (dim2 == 1)
        resolved = dim1;
      else if (dim1 != dim2)
        return false;
      outShape[j + rankDiff] = resolved;
    }
  }
  return true;
}

/// mlir::verifyCompatibleShape of two ranked shapes.
bool compatibleShapes(const std::vector<int64_t> &a,
                      const std::vector<int64_t> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!mlirIsDynamic(a[i]) && !mlirIsDynamic(b[i]) && a[i] != b[i])
      return false;
  return true;
}

/// The trait's verifier, verifyCompatibleOperandBroadcast.
bool traitRejects(const Program &program, std::string *why) {
  std::vector<std::vector<int64_t>> ranked;
  for (size_t i = 0; i < program.operands.size(); ++i)
    if (program.operand(i).ranked)
      ranked.push_back(toMlir(program.operand(i).dims));
  // "If all operands are unranked, then all result shapes are possible."
  if (ranked.empty())
    return false;
  std::vector<int64_t> resultShape;
  getBroadcastedShape(ranked.front(), {}, resultShape);
  for (const std::vector<int64_t> &other : ranked) {
    std::vector<int64_t> temp = resultShape;
    if (!getBroadcastedShape(temp, other, resultShape)) {
      if (why)
        *why = "operands don't have broadcast-compatible shapes";
      return true;
    }
  }
  if (!program.result.ranked)
    return false;
  std::vector<int64_t> actual = toMlir(program.result.dims);
  // ArrayRef::take_back(n) keeps the whole array when it is shorter.
  size_t keep = std::min(actual.size(), resultShape.size());
  std::vector<int64_t> suffix(actual.end() - keep, actual.end());
  if (isCompatibleInferredReturnShape(resultShape, suffix))
    return false;
  if (why)
    *why = "result type not broadcast compatible";
  return true;
}

} // namespace

bool mlirOptVerifiesShapes(const Program &program) {
  return program.op != "tosa.select";
}

bool mlirOptCrashes(const Program &program) {
  std::vector<int64_t> inferred;
  return program.op == "tosa.equal" && !traitRejects(program, nullptr) &&
         !resolveBroadcastShape(program, inferred);
}

bool mlirOptRejects(const Program &program, std::string *why) {
  if (!mlirOptVerifiesShapes(program))
    return false;
  if (traitRejects(program, why))
    return true;
  if (program.op != "tosa.equal" || !program.result.ranked)
    return false;
  // InferTensorType: the inferred type against the declared one.
  std::vector<int64_t> inferred;
  if (resolveBroadcastShape(program, inferred) &&
      compatibleShapes(inferred, toMlir(program.result.dims)))
    return false;
  if (why)
    *why = "inferred type(s) are incompatible with return type(s)";
  return true;
}

//===----------------------------------------------------------------------===//
// Seed 000 with SPEC section 3
//===----------------------------------------------------------------------===//

std::vector<Cause> seedErrors(const Program &program, bool strict) {
  static_assert(kDynamic == models::kStaticDynamic, "one spelling of `?`");
  // "The operation has at least one input operand."
  if (program.operands.empty())
    return {{Reason::NoOperands}};
  std::vector<const Shape *> ranked;
  for (size_t i = 0; i < program.operands.size(); ++i)
    if (program.operand(i).ranked)
      ranked.push_back(&program.operand(i));
  // InferResultShape gives None: "no further verification steps".
  if (ranked.empty())
    return {};
  std::vector<int64_t> inferred = ranked.front()->dims;
  for (size_t i = 1; i < ranked.size(); ++i) {
    std::vector<int64_t> next;
    // Seed 000's InferShape, stated once for every test that predicts
    // static errors (tests/models/oracle/StaticBroadcast.h).
    if (!models::inferStaticShape(inferred, ranked[i]->dims, next))
      return {{Reason::OperandClash}};
    inferred = std::move(next);
  }
  const Shape &result = program.result;
  if (!result.ranked)
    return {};
  bool anyUnranked = ranked.size() < program.operands.size();
  if (result.rank() < inferred.size())
    return {{Reason::RankBelow}};
  // SPEC 3: an unranked operand may supply the leading dims.
  if (result.rank() > inferred.size() && !anyUnranked)
    return {{Reason::RankAbove}};
  std::vector<Cause> causes;
  size_t offset = result.rank() - inferred.size();
  for (size_t i = 0; i < inferred.size(); ++i) {
    int64_t inferredDim = inferred[i];
    int64_t actualDim = result.dims[offset + i];
    int dim = static_cast<int>(offset + i);
    if (actualDim == kDynamic || inferredDim == actualDim)
      continue;
    // The table's implicit dynamic-to-static cast; the pseudo-code's error
    // with --strict.
    if (inferredDim == kDynamic) {
      if (strict)
        causes.push_back({Reason::StrictDynamic, dim});
      continue;
    }
    causes.push_back(
        {inferredDim == 1 ? Reason::InferredOne : Reason::DimMismatch, dim});
  }
  return causes;
}

Class classify(bool mlirRejects, const std::vector<Cause> &causes,
               bool verified) {
  if (causes.empty())
    return mlirRejects ? Class::ModelError : Class::AgreeAccept;
  if (mlirRejects)
    return Class::AgreeReject;
  if (causes[0].reason == Reason::NoOperands)
    return Class::NoOperands;
  bool rankAbove = false, inferredOne = false;
  for (const Cause &cause : causes) {
    // mlir-opt accepts, so every cause must be one it does not share,
    // unless it verifies no shapes at all.
    if (!isDivergence(cause.reason))
      return verified ? Class::ModelError : Class::SelectUnverified;
    rankAbove |= cause.reason == Reason::RankAbove;
    inferredOne |= cause.reason == Reason::InferredOne;
  }
  if (rankAbove)
    return Class::RankAbove;
  return inferredOne ? Class::InferredOne : Class::StrictDynamic;
}

} // namespace symshape::differential
