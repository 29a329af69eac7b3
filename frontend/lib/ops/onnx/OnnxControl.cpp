//===- OnnxControl.cpp - ONNX If
//-------------------------------------------===//
//
// onnx.If-21: runs `then_branch` when its one-element boolean `cond` holds,
// else `else_branch`; its outputs are what the branch taken yields. Both
// branches are lowered as code that may not run (their requirements are
// conditional). An output has sizes when both branches yield the same
// ones; otherwise they depend on the branch taken, which symshape does not
// follow: the op is opaque with that reason unless the declared types fix
// every size (Loop and Scan, whose outputs grow with the trip count, stay
// opaque).
//
//   %r = torch.operator "onnx.If"(%c) : (!torch.vtensor<[1],i1>)
//        -> !torch.vtensor<[?],si64> { ... torch.operator_terminator %a }, {
//        ... }
//   %r = "onnx.If"(%c) ({ ... onnx.Yield %a }, { ... }) : (tensor<i1>) -> ..
//
//===----------------------------------------------------------------------===//

#include "OnnxInternal.h"

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

static void lowerIf(OpContext &c) {
  if (c.numOperands() != 1 || c.numRegions() != 2)
    return c.opaque("expects one condition and two branches");
  c.lowerRegionsConditionally();
  bool differ = false;
  for (size_t r = 0; r < c.numResults(); ++r) {
    std::optional<std::vector<TermId>> same;
    bool agree = true;
    for (const Region &region : c.op().regions) {
      std::optional<std::vector<ValueId>> out = yielded(region);
      std::optional<std::vector<TermId>> dims =
          out && out->size() == c.numResults() ? yieldedDims(c, (*out)[r])
                                               : std::nullopt;
      agree = agree && dims && (!same || *same == *dims);
      if (!agree)
        break;
      same = dims;
    }
    if (agree) {
      setOnnxResult(c, r, *same);
      continue;
    }
    const Type &type = c.resultType(r);
    differ = differ || !type.hasRank() || onnxResultShapeUnknown(c, r) ||
             std::count(type.dims.begin(), type.dims.end(), kDynamic);
  }
  if (differ)
    return c.opaque("the output sizes depend on the branch taken");
  for (size_t r = 0; r < c.numResults(); ++r)
    c.setResultFromType(r);
}

const std::vector<OnnxRule> &onnxControlRules() {
  static const std::vector<OnnxRule> rules = {
      {"If", lowerIf,
       "the outputs of the branch taken (both branches checked, "
       "conditionally); sizes the branches disagree on: opaque"},
  };
  return rules;
}

} // namespace symshape::frontend
