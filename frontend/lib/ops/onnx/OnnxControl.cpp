//===- OnnxControl.cpp - ONNX If and Loop ---------------------------------===//
//
// onnx.If-21: runs `then_branch` when its one-element boolean `cond` holds,
// else `else_branch`; its outputs are what the branch taken yields. Both
// branches are lowered as code that may not run (their requirements are
// conditional, and can fail only under the branch's condition when it is
// known), but for a branch a constant condition never takes: its
// requirements are dropped. The outputs of the branch taken keep their
// integer elements (a shape computed in it). An output has sizes when both
// branches yield the same ones; where they differ and the condition is known (a
// comparison of computed sizes), each size is `cond ? then : else` (a constant
// condition takes the outputs of its branch alone); otherwise the sizes depend
// on a branch symshape cannot tell, and the op is opaque with that reason
// unless the declared types fix every size.
//
// onnx.Loop: see lowerLoop. Scan stays opaque.
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
  // A branch's requirements can fail only where it runs: under its
  // condition when that is known.
  for (size_t k = 0; k < 2; ++k) {
    if (taken && *taken != k)
      c.lowerRegion(k, /*dead=*/true);
    else if (cond && cond->size() == 1 && !taken)
      c.lowerRegionUnder(k, k == thenRegion ? (*cond)[0]
                                            : c.formulas().mkNot((*cond)[0]));
    else
      c.lowerRegion(k, /*dead=*/false);
  }
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

/// Whether a loop body's block argument of type `arg` may carry a value
/// of type `init`: the same rank, and equal static dims.
static bool carries(const Type &init, const Type &arg) {
  if (!init.hasRank() || !arg.hasRank())
    return true;
  if (init.dims.size() != arg.dims.size())
    return false;
  for (size_t d = 0; d < init.dims.size(); ++d)
    if (init.dims[d] != kDynamic && arg.dims[d] != kDynamic &&
        init.dims[d] != arg.dims[d])
      return false;
  return true;
}

/// onnx.Loop-21 (and -1/11/13/16/19): inputs M (trip count), cond and N
/// loop-carried values; the body's block arguments are the iteration
/// number, cond and the N carried values, and it yields cond, the N
/// carried values and K scan outputs. The outputs are the N final carried
/// values and the K scan outputs, each "the concatenation of the value of
/// the specified output" over the iterations (one more leading dim).
///
/// Which carried values keep their sizes is found on the body lowered as
/// code that never runs: bound to the initial sizes, a value whose body
/// yields those very sizes again keeps them in every iteration, given that
/// the others bound so keep theirs (the values that do not are unbound,
/// of their declared types: a `?` a fresh size, and the body is tried
/// again, up to kLoopTries times). Then the body is lowered for good, as
/// code that may run any number of times, with those bindings and the
/// iteration number in [0, M). A scan output whose sizes the body computes
/// from values outside the loop has them, after a leading trip count
/// shared by every scan output (a size of its own: the loop may stop
/// early). Other outputs' sizes depend on the iterations: opaque.
static void lowerLoop(OpContext &c) {
  constexpr int kLoopTries = 4;
  if (c.numRegions() != 1 || c.op().regions[0].blocks.size() != 1 ||
      c.numOperands() < 2)
    return c.opaque("expects M, cond and one body of one block");
  const Block &body = c.op().regions[0].blocks[0];
  size_t n = c.numOperands() - 2;
  std::optional<std::vector<ValueId>> out = yielded(c.op().regions[0]);
  bool shaped = body.arguments.size() == n + 2 && out && out->size() >= n + 1 &&
                out->size() - 1 == c.numResults();
  for (size_t i = 0; shaped && i < n; ++i)
    shaped = carries(c.operandType(2 + i), c.valueType(body.arguments[2 + i]));
  if (!shaped) {
    c.lowerRegion(0, /*dead=*/false);
    return c.opaque("the body's arguments and yields do not match the "
                    "loop's inputs and outputs");
  }
  // Any symbol made from here on is the body's own.
  size_t before = c.graph().symbols().size();
  // The body with every block argument of its type, once.
  c.lowerRegion(0, /*dead=*/true);
  std::vector<std::optional<std::vector<TermId>>> typed(n), kept(n);
  for (size_t i = 0; i < n; ++i) {
    typed[i] = c.valueDims(body.arguments[2 + i]);
    std::optional<std::vector<TermId>> init = onnxDims(c, 2 + i);
    if (typed[i] && init && init->size() == typed[i]->size())
      kept[i] = std::move(init);
  }
  auto bind = [&] {
    for (size_t i = 0; i < n; ++i) {
      ValueId arg = body.arguments[2 + i];
      c.forgetValue(arg);
      if (kept[i] || typed[i])
        c.defineValueDims(arg, kept[i] ? *kept[i] : *typed[i]);
    }
  };
  bool settled = false;
  for (int t = 0; t < kLoopTries && !settled; ++t) {
    bind();
    c.lowerRegion(0, /*dead=*/true);
    settled = true;
    for (size_t i = 0; i < n; ++i)
      if (kept[i] && c.valueDims((*out)[1 + i]) != kept[i]) {
        kept[i].reset();
        settled = false;
      }
  }
  if (!settled)
    std::fill(kept.begin(), kept.end(), std::nullopt);
  bind();
  // The iteration number counts from 0 (a fact of its own symbol), below
  // M when M is given: that holds only where the body runs (as a fact it
  // would claim M >= 1 of the whole function), so it is the body's
  // premise.
  auto &f = c.formulas();
  FormulaId premise = f.mkTrue();
  if (std::optional<std::vector<TermId>> k =
          c.valueIntElements(body.arguments[0]);
      k && k->size() == 1) {
    c.addFact(f.mkLe(c.constant(0), (*k)[0]));
    if (!onnxAbsent(c, 0))
      if (std::optional<std::vector<TermId>> m = onnxElements(c, 0);
          m && m->size() == 1)
        premise = f.mkLt((*k)[0], (*m)[0]);
  }
  c.lowerRegionUnder(0, premise);
  bool changing = false;
  for (size_t i = 0; i < n; ++i) {
    if (kept[i])
      setOnnxResult(c, i, std::move(*kept[i]));
    else
      changing = true;
  }
  // A size the body computes from values outside the loop is the same in
  // every iteration (no symbol made while lowering the body).
  auto outside = [&](TermId t) {
    for (TermId s : c.graph().symbolsOf(t))
      if (c.graph().term(s).symbol >= before)
        return false;
    return true;
  };
  std::optional<TermId> trips;
  for (size_t j = n; j < c.numResults(); ++j) {
    std::optional<std::vector<TermId>> scan = c.valueDims((*out)[1 + j]);
    if (!scan || !std::all_of(scan->begin(), scan->end(), outside)) {
      changing = true;
      continue;
    }
    if (!trips) {
      trips = c.freshResultDim(j, 0);
      c.addFact(c.formulas().mkLe(c.constant(0), *trips));
    }
    std::vector<TermId> dims{*trips};
    dims.insert(dims.end(), scan->begin(), scan->end());
    setOnnxResult(c, j, std::move(dims));
  }
  if (changing)
    return c.opaqueKeepingResults(
        "the sizes of some output change from one iteration to the next");
}

const std::vector<OnnxRule> &onnxControlRules() {
  static const std::vector<OnnxRule> rules = {
      {"If", lowerIf,
       "the outputs of the branch taken (both branches checked, each "
       "under its condition; a branch a constant condition never takes has no "
       "requirements and no opaque ops); sizes the branches disagree on: "
       "opaque"},
      {"Loop", lowerLoop,
       "the body checked for any iteration; carried values the body keeps "
       "the sizes of: the initial sizes; scan outputs: a trip count before "
       "the body's sizes; sizes that change per iteration: opaque"},
  };
  return rules;
}

} // namespace symshape::frontend
