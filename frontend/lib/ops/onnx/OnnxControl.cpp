//===- OnnxControl.cpp - ONNX If ------------------------------------------===//
//
// onnx.If-21: runs `then_branch` when its one-element boolean `cond` holds,
// else `else_branch`; its outputs are what the branch taken yields. Both
// branches are lowered as code that may not run (their requirements are
// conditional), but for a branch a constant condition never takes: its
// requirements are dropped. The outputs of the branch taken keep their
// integer elements (a shape computed in it). An output has sizes when both
// branches yield the same ones; where they differ and the condition is known (a
// comparison of computed sizes), each size is `cond ? then : else` (a constant
// condition takes the outputs of its branch alone); otherwise the sizes depend
// on a branch symshape cannot tell, and the op is opaque with that reason
// unless the declared types fix every size. Loop and Scan, whose outputs grow
// with the trip count, stay opaque.
//
//   %r = torch.operator "onnx.If"(%c) : (!torch.vtensor<[1],i1>)
//        -> !torch.vtensor<[?],si64> { ... torch.operator_terminator %a }, {
//        ... }
//   %r = "onnx.If"(%c) ({ ... onnx.Yield %a }, { ... }) : (tensor<i1>) -> ..
//
//===----------------------------------------------------------------------===//

#include "OnnxIntValues.h"
#include "ops/rules/IntRules.h"

namespace symshape::frontend {

/// The values the single block of `region` yields (its terminator's
/// operands); nullopt for a region of several blocks.
static std::optional<std::vector<ValueId>> yielded(const Region &region) {
  if (region.blocks.size() != 1 || region.blocks[0].operations.empty())
    return std::nullopt;
  return region.blocks[0].operations.back().operands;
}

/// The dims of `id`, yielded by a branch, as onnxDims reads an input: a
/// `[]` an unmodelled op declares in the torch spelling is unknown.
static std::optional<std::vector<TermId>> yieldedDims(OpContext &c,
                                                      ValueId id) {
  const Type &type = c.valueType(id);
  if (isTorchSpelling(c) && type.kind == TypeKind::RankedTensor &&
      type.dims.empty() && c.valueOpaque(id))
    return std::nullopt;
  return c.valueDims(id);
}

/// The dims of output `r` of the branch in region `k`, nullopt when not
/// known.
static std::optional<std::vector<TermId>> branchDims(OpContext &c, size_t k,
                                                     size_t r) {
  std::optional<std::vector<ValueId>> out = yielded(c.op().regions[k]);
  if (!out || out->size() != c.numResults())
    return std::nullopt;
  return yieldedDims(c, (*out)[r]);
}

/// Output dims the branches disagree on, chosen by the condition `cond`
/// (`cond ? then : else` per dim); nullopt when a size cannot be selected.
static std::optional<std::vector<TermId>>
selectDims(OpContext &c, FormulaId cond, const std::vector<TermId> &then,
           const std::vector<TermId> &otherwise) {
  if (then.size() != otherwise.size())
    return std::nullopt;
  std::vector<TermId> dims;
  for (size_t d = 0; d < then.size(); ++d) {
    if (then[d] == otherwise[d]) {
      dims.push_back(then[d]);
      continue;
    }
    std::optional<TermId> pick = selectInt(c, cond, then[d], otherwise[d]);
    if (!pick)
      return std::nullopt;
    dims.push_back(*pick);
  }
  return dims;
}

/// Result `r` is output `r` of the branch in region `k`, the one taken:
/// its dims, and its integer elements when it is a shape tensor (rank 0,
/// or rank 1 of a known length), so that a shape computed in the branch
/// (a Split of a size input) is read exactly after the If.
static void forwardTaken(OpContext &c, size_t k, size_t r,
                         std::vector<TermId> dims) {
  ValueId from = (*yielded(c.op().regions[k]))[r];
  std::optional<int64_t> length = dims.empty()       ? std::optional<int64_t>(1)
                                  : dims.size() == 1 ? c.constantValue(dims[0])
                                                     : std::nullopt;
  if (length && *length <= kOnnxMaxElements)
    if (std::optional<std::vector<TermId>> elements = c.valueIntElements(from);
        elements && int64_t(elements->size()) == *length)
      return setOnnxElements(c, r, std::move(*elements), dims.empty());
  setOnnxResult(c, r, std::move(dims));
}

static void lowerIf(OpContext &c) {
  if (c.numOperands() != 1 || c.numRegions() != 2)
    return c.opaque("expects one condition and two branches");
  // The condition, when known: a one-element boolean.
  std::optional<std::vector<FormulaId>> cond = c.boolElements(0);
  // onnx-mlir keeps the regions in the order then_branch, else_branch;
  // torch-mlir's importer orders them by attribute name: else, then.
  size_t thenRegion = isTorchSpelling(c) ? 1 : 0;
  // A condition known to be true or false (a comparison of constant
  // sizes) takes one branch: the outputs are its own, whatever the other
  // yields, and the other never runs (an affine_grid expansion's branch
  // for the other rank: its requirements are not the program's).
  std::optional<size_t> taken;
  if (cond && cond->size() == 1) {
    if (c.formulas().isTrue((*cond)[0]))
      taken = thenRegion;
    else if (c.formulas().isFalse((*cond)[0]))
      taken = 1 - thenRegion;
  }
  for (size_t k = 0; k < 2; ++k)
    c.lowerRegion(k, /*dead=*/taken && *taken != k);
  bool differ = false;
  for (size_t r = 0; r < c.numResults(); ++r) {
    if (taken)
      if (std::optional<std::vector<TermId>> dims = branchDims(c, *taken, r)) {
        forwardTaken(c, *taken, r, std::move(*dims));
        continue;
      }
    std::optional<std::vector<TermId>> then = branchDims(c, thenRegion, r),
                                       otherwise =
                                           branchDims(c, 1 - thenRegion, r);
    if (then && otherwise && *then == *otherwise) {
      setOnnxResult(c, r, *then);
      continue;
    }
    if (then && otherwise && cond && cond->size() == 1)
      if (std::optional<std::vector<TermId>> dims =
              selectDims(c, (*cond)[0], *then, *otherwise)) {
        setOnnxResult(c, r, std::move(*dims));
        continue;
      }
    const Type &type = c.resultType(r);
    differ = differ || !type.hasRank() || onnxResultShapeUnknown(c, r) ||
             std::count(type.dims.begin(), type.dims.end(), kDynamic);
  }
  // The outputs set above keep their sizes; the others are unknown.
  if (differ)
    return c.opaqueKeepingResults(
        "the output sizes depend on the branch taken");
  for (size_t r = 0; r < c.numResults(); ++r)
    c.setResultFromType(r);
}

const std::vector<OnnxRule> &onnxControlRules() {
  static const std::vector<OnnxRule> rules = {
      {"If", lowerIf,
       "the outputs of the branch taken (both branches checked, "
       "conditionally; a branch a constant condition never takes has no "
       "requirements and no opaque ops); sizes the branches disagree on: "
       "opaque"},
  };
  return rules;
}

} // namespace symshape::frontend
