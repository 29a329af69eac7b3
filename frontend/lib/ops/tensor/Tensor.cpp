//===- Tensor.cpp - Op entries: the tensor dialect ------------------------===//
//
// One entry per op: its custom syntax, shape function and runtime
// requirements (see OpTable.h). The shape functions follow the verifiers of
// MLIR's TensorOps.cpp; their runtime requirements (element counts of
// reshapes, slices in bounds) are obligations. This file holds the entry
// list and the small glue ops that move sizes between tensors and index
// values:
//
//   %c0 = arith.constant 0 : index            the integer 0
//   %n  = tensor.dim %a, %c0 : tensor<?x4xf32> %a[0]
//   %e  = tensor.empty(%n) : tensor<?xf32>     dims {%a[0]}
//   %t  = tensor.cast %a : tensor<?x4xf32> to tensor<8x4xf32>
//                                              `cast`: %a[0] == 8
//
//===----------------------------------------------------------------------===//

#include "TensorInternal.h"
#include "ops/OpTable.h"
#include "ops/rules/IntRules.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend {

using solver::ObligationKind;

/// Result 0's type with each `?` taken from the next index operand from
/// `first` on (tensor.empty, tensor.splat, tensor.generate).
static void lowerDynamicSizes(OpContext &c, size_t first) {
  const Type &type = c.resultType(0);
  if (!type.hasRank()) {
    c.opaque("unranked result: its sizes are not checked");
    return;
  }
  size_t dynamic = 0;
  for (int64_t d : type.dims)
    dynamic += d == kDynamic;
  if (dynamic != c.numOperands() - first) {
    c.error("expects one size per dynamic dim (" + std::to_string(dynamic) +
            "), got " + std::to_string(c.numOperands() - first));
    return;
  }
  std::vector<TermId> dims;
  size_t next = first;
  for (size_t i = 0; i < type.dims.size(); ++i) {
    if (type.dims[i] != kDynamic) {
      dims.push_back(c.constant(type.dims[i]));
      continue;
    }
    // SEMANTICS.md §2: a dim is never negative; an index operand can be.
    TermId size = c.scalar(next);
    if (!c.provablyNonNegative(size))
      c.requireInBounds(c.formulas().mkLe(c.constant(0), size),
                        "the size " + c.operandName(next) + " of dim " +
                            std::to_string(i) + " (not negative)");
    dims.push_back(size);
    ++next;
  }
  c.setResult(0, std::move(dims));
}

void lowerTensorEmpty(OpContext &c) { lowerDynamicSizes(c, 0); }
void lowerSplat(OpContext &c) { lowerDynamicSizes(c, 1); }

/// tensor.dim %t, %i: dim i of %t, for a constant i.
void lowerTensorDim(OpContext &c) {
  if (c.numOperands() != 2 || c.numResults() != 1) {
    c.opaque("expects a tensor and an index");
    return;
  }
  std::optional<std::vector<TermId>> source = c.knownDims(0);
  std::optional<int64_t> index = c.constantScalar(1);
  if (!source) {
    c.opaque("unranked operand " + c.operandName(0) +
             ": its sizes are not checked");
    return;
  }
  if (!index) {
    c.opaque("the dim index " + c.operandName(1) + " is not a constant");
    return;
  }
  if (*index >= 0 && size_t(*index) < source->size()) {
    c.setScalarResult(0, (*source)[size_t(*index)]);
    return;
  }
  // An index past a ranked type's rank is a verifier error in mlir-opt; a
  // negative one, or a rank only known at runtime, is UB.
  bool tooLarge = *index >= 0 && c.operandType(0).hasRank();
  std::string subject = "the dim " + std::to_string(*index) +
                        " of a tensor of rank " +
                        std::to_string(source->size());
  if (tooLarge)
    c.staticError(ObligationKind::Rank, std::move(subject),
                  "the index is out of range");
  else
    c.requireAlways(ObligationKind::Rank, -1, c.formulas().mkTrue(),
                    std::move(subject));
}

/// tensor.cast: each static target dim is a `cast` obligation (an error
/// when the source dim is static and different).
void lowerTensorCast(OpContext &c) {
  if (c.numOperands() != 1 || c.numResults() != 1) {
    c.opaque("expects one operand");
    return;
  }
  const Type &from = c.operandType(0), &to = c.resultType(0);
  if (!to.hasRank()) { // to unranked: the dims are unchanged
    c.setResultAlias(0, 0);
    return;
  }
  if (!c.expectRanked())
    return;
  if (from.dims.size() != to.dims.size()) {
    c.staticError(ObligationKind::Cast,
                  "the cast of " + from.str() + " to " + to.str(),
                  "the ranks differ");
    return;
  }
  std::vector<TermId> source = c.dims(0), dims;
  bool erroneous = false;
  for (size_t d = 0; d < to.dims.size(); ++d) {
    if (to.dims[d] == kDynamic) {
      dims.push_back(source[d]);
      continue;
    }
    TermId target = c.constant(to.dims[d]);
    // Both static and different: mlir-opt rejects the cast.
    bool error = from.dims[d] != kDynamic && from.dims[d] != to.dims[d];
    erroneous |= error;
    c.requireCast(int(d), c.formulas().mkNe(source[d], target),
                  "the cast of " + c.dimName(0, d) + " to " +
                      std::to_string(to.dims[d]) + " (dim " +
                      std::to_string(d) + ")",
                  error);
    dims.push_back(target);
  }
  if (!erroneous)
    c.setResult(0, std::move(dims));
}

/// tensor.from_elements: a static tensor; a 1-D one carries its elements.
void lowerFromElements(OpContext &c) {
  const Type &type = c.resultType(0);
  if (!type.hasRank())
    return;
  if (type.dims.size() != 1) {
    c.setResultFromType(0);
    return;
  }
  c.setResult(0, {c.constant(int64_t(c.numOperands()))});
  std::vector<TermId> elements;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    std::optional<std::vector<TermId>> element = intOperand(c, i);
    if (!element || element->size() != 1)
      return; // an integer nobody computed: elements unknown
    elements.push_back((*element)[0]);
  }
  setExtents(c, 0, std::move(elements));
}

/// tensor.extract %t[%i]: a scalar; an element of a known integer or i1
/// tensor (a shape, a 0-d JAX size) when the index is a constant.
void lowerExtract(OpContext &c) {
  if (c.numOperands() < 1 || c.numOperands() > 2 || !c.ranked(0) ||
      c.rank(0) != c.numOperands() - 1)
    return;
  size_t at = 0;
  if (c.numOperands() == 2) {
    std::optional<int64_t> index = c.constantScalar(1);
    if (!index || *index < 0)
      return;
    at = size_t(*index);
  }
  if (std::optional<std::vector<FormulaId>> bits = boolOperand(c, 0)) {
    if (at < bits->size())
      setBoolResult(c, 0, {(*bits)[at]});
    return;
  }
  std::optional<std::vector<TermId>> values = intOperand(c, 0);
  if (values && at < values->size())
    setIntResult(c, 0, {(*values)[at]});
}

/// tensor.insert %s into %t[%i, %j]: the shape of %t. MLIR's tensor docs
/// (TensorOps.td, InsertOp): "a copy of `dest` with the indexed position
/// updated", one `index` per dim of `dest`; an index outside its dim names
/// no position, so each must lie in [0, dim) (kind `in-bounds`), as a
/// tensor.insert_slice of one element at that offset would.
void lowerInsert(OpContext &c) {
  if (c.numOperands() < 2 || !c.ranked(1))
    return;
  size_t rank = c.rank(1);
  if (c.numOperands() != 2 + rank)
    return c.error("expects " + std::to_string(rank) + " indices into '" +
                   c.operandType(1).str() + "', got " +
                   std::to_string(c.numOperands() - 2));
  solver::FormulaStore &f = c.formulas();
  for (size_t d = 0; d < rank; ++d) {
    TermId index = c.scalar(2 + d);
    c.requireInBounds(
        f.mkAnd({f.mkLe(c.constant(0), index), f.mkLt(index, c.dim(1, d))}),
        "the index " + c.operandName(2 + d) + " of " + c.dimName(1, d) +
            " (dim " + std::to_string(d) + ")");
  }
  c.setResult(0, c.dims(1));
}

/// tensor.bitcast: the elements change, the shape is kept.
static void lowerBitcast(OpContext &c) { lowerSameShape(c); }

static const OpEntry kTensorEntries[] = {
    // tensor
    withoutSideEffects({"tensor.dim", parseTensorDim, lowerTensorDim,
                        kRefineOperands,
                        "index = dim i of the operand (i constant)"}),
    {"tensor.empty", parseTensorEmpty, lowerTensorEmpty, kRefineNone,
     "each ? of the result = the next size operand, which must not be "
     "negative (`in-bounds`)"},
    {"tensor.cast", parseCastForm, lowerTensorCast, kRefineBoth,
     "same dims; a static target dim is a `cast` obligation", false,
     OpRole::Cast},
    {"tensor.bitcast", parseCastForm, lowerBitcast, kRefineBoth, "same shape"},
    withoutSideEffects({"tensor.from_elements", parseFromElements,
                        lowerFromElements, kRefineNone,
                        "static; a 1-D result holds its operands as elements"}),
    {"tensor.splat", parseSplat, lowerSplat, kRefineNone,
     "each ? of the result = the next size operand, which must not be "
     "negative (`in-bounds`)"},
    {"tensor.generate", parseGenerate, lowerTensorEmpty, kRefineNone,
     "each ? of the result = the next size operand, which must not be "
     "negative (`in-bounds`)"},
    withoutSideEffects(
        {"tensor.extract", parseExtract, lowerExtract, kRefineNone,
         "scalar; a constant index into a known shape gives its extent"}),
    {"tensor.insert", parseInsert, lowerInsert, kRefineNone,
     "result = dest; each index within its dim (`in-bounds`)"},
    {"tensor.yield", nullptr, nullptr, kRefineNone,
     "terminator of pad / generate bodies"},
    {"tensor.reshape", parseReshape, lowerReshape, kRefineNone,
     "result dims = the shape operand's elements; element count kept"},
    {"tensor.expand_shape", parseReassociative, lowerExpandShape, kRefineNone,
     "each source dim = product of its group of result dims"},
    {"tensor.collapse_shape", parseReassociative, lowerCollapseShape,
     kRefineNone, "each result dim = product of its group of source dims"},
    {"tensor.extract_slice", parseExtractSlice, lowerExtractSlice, kRefineNone,
     "result = sizes (unit dims dropped); slice in bounds"},
    {"tensor.insert_slice", parseInsertSlice, lowerInsertSlice, kRefineNone,
     "result = dest; source = sizes; slice in bounds"},
    {"tensor.pad", parsePad, lowerPad, kRefineNone,
     "result = source + low + high"},
    {"tensor.concat", parseConcat, lowerConcat, kRefineNone,
     "dim d = sum of the operands' dim d; other dims equal"},
};

OpFamily tensorOps() {
  return {"tensor", kTensorEntries,
          sizeof(kTensorEntries) / sizeof(kTensorEntries[0])};
}

} // namespace symshape::frontend
