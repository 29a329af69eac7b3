//===- StablehloReduce.cpp - Shape functions: reductions, control flow ----===//
//
// StableHLO spec rules (docs/spec.md):
//
//   reduce             inputs of one shape; results drop `dimensions`
//   reduce_window      each dim: the window rule on the base-dilated input
//   select_and_scatter source = the window rule on the operand; result =
//                      operand
//   sort, batch_norm_* results follow the operand; feature vectors equal
//                      operand[feature_index]
//   while / if / case  results are the carried / declared types; the
//                      regions run conditionally (any number of times)
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "ops/rules/IntRules.h"

#include <algorithm>

namespace symshape::frontend::hlo {

/// Lowers every region of the op; they may run any number of times.
static void lowerRegions(OpContext &ctx) { ctx.lowerRegionsConditionally(); }

/// Operands [0, n) have operand 0's shape (kind `equal` per dim).
static bool requireSameShapes(OpContext &ctx, size_t n, const char *role) {
  for (size_t i = 1; i < n; ++i) {
    if (ctx.rank(i) != ctx.rank(0)) {
      ctx.error("expects inputs of the same shape, got '" +
                ctx.operandType(0).str() + "' and '" +
                ctx.operandType(i).str() + "'");
      return false;
    }
    for (size_t d = 0; d < ctx.rank(0); ++d)
      ctx.requireSameDim(0, d, i, d, role);
  }
  return true;
}

void lowerReduce(OpContext &ctx) {
  std::optional<std::vector<int64_t>> dims = ctx.ints("dimensions");
  if (!ctx.expectRanked())
    return;
  size_t n = ctx.numOperands() / 2;
  if (!dims)
    return ctx.opaque("dimensions not understood");
  if (n == 0 || ctx.numOperands() != 2 * n || ctx.numResults() != n)
    return ctx.error("expects as many inputs as init values and results");
  if (!isDimList(*dims, ctx.rank(0)))
    return ctx.error("has dimensions " + listText(*dims, '(') +
                     " that are not distinct dims of its inputs");
  if (!requireSameShapes(ctx, n, "reduced inputs'"))
    return;
  std::vector<TermId> kept;
  for (size_t d = 0; d < ctx.rank(0); ++d)
    if (!std::count(dims->begin(), dims->end(), int64_t(d)))
      kept.push_back(ctx.dim(0, d));
  for (size_t r = 0; r < n; ++r)
    ctx.setResult(r, kept);
  lowerRegions(ctx);
}

/// The window attributes of reduce_window / select_and_scatter, with their
/// defaults; nullopt (after an error or opaque) when they do not fit.
struct Window {
  std::vector<int64_t> size, stride, baseDil, windowDil, pad;
};

static std::optional<Window> readWindow(OpContext &ctx, size_t rank) {
  std::vector<int64_t> ones(rank, 1), zeros(2 * rank, 0);
  std::optional<std::vector<int64_t>> size = ctx.ints("window_dimensions");
  if (!size) {
    ctx.opaque("window_dimensions not understood");
    return std::nullopt;
  }
  const Attribute *padding = ctx.attr("padding");
  if (padding && padding->kind == AttrKind::DenseInt && padding->hasType &&
      (padding->type.dims.size() != 2 || padding->type.dims[1] != 2)) {
    ctx.error("expects padding of shape [N, 2], got '" + padding->type.str() +
              "'");
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> stride =
      windowAttr(ctx, "window_strides", ones);
  std::optional<std::vector<int64_t>> baseDil =
      windowAttr(ctx, "base_dilations", ones);
  std::optional<std::vector<int64_t>> windowDil =
      windowAttr(ctx, "window_dilations", ones);
  std::optional<std::vector<int64_t>> pad = windowAttr(ctx, "padding", zeros);
  if (!stride || !baseDil || !windowDil || !pad) {
    ctx.opaque("window attributes not understood");
    return std::nullopt;
  }
  Window w{*size, *stride, *baseDil, *windowDil, *pad};
  bool fits = w.size.size() == rank && w.stride.size() == rank &&
              w.baseDil.size() == rank && w.windowDil.size() == rank &&
              w.pad.size() == 2 * rank;
  for (size_t d = 0; fits && d < rank; ++d)
    fits = w.size[d] >= 1 && w.stride[d] >= 1 && w.baseDil[d] >= 1 &&
           w.windowDil[d] >= 1;
  if (!fits) {
    ctx.error("expects one positive window size, stride and dilation and "
              "one padding pair per dim (" +
              std::to_string(rank) + ")");
    return std::nullopt;
  }
  return w;
}

/// The windowed sizes of operand 0.
static std::optional<std::vector<TermId>> windowed(OpContext &ctx,
                                                   const Window &w) {
  std::vector<TermId> out;
  for (size_t d = 0; d < ctx.rank(0); ++d) {
    std::optional<TermId> size =
        windowSize(ctx, ctx.dim(0, d), w.baseDil[d], w.pad[2 * d],
                   w.pad[2 * d + 1], ctx.constant(w.size[d]), w.stride[d],
                   w.windowDil[d], "dim " + std::to_string(d));
    if (!size)
      return std::nullopt;
    out.push_back(*size);
  }
  return out;
}

void lowerReduceWindow(OpContext &ctx) {
  if (!ctx.expectRanked())
    return;
  size_t n = ctx.numOperands() / 2;
  if (n == 0 || ctx.numOperands() != 2 * n || ctx.numResults() != n)
    return ctx.error("expects as many inputs as init values and results");
  std::optional<Window> w = readWindow(ctx, ctx.rank(0));
  if (!w || !requireSameShapes(ctx, n, "reduced inputs'"))
    return;
  std::optional<std::vector<TermId>> dims = windowed(ctx, *w);
  if (!dims)
    return;
  for (size_t r = 0; r < n; ++r)
    ctx.setResult(r, *dims);
  lowerRegions(ctx);
}

void lowerSelectAndScatter(OpContext &ctx) {
  if (!ctx.expectRanks({-1, -1, 0}))
    return;
  std::optional<Window> w = readWindow(ctx, ctx.rank(0));
  if (!w)
    return;
  if (ctx.rank(1) != ctx.rank(0))
    return ctx.error("expects a source of the operand's rank, got '" +
                     ctx.operandType(1).str() + "'");
  std::optional<std::vector<TermId>> dims = windowed(ctx, *w);
  if (!dims)
    return;
  for (size_t d = 0; d < dims->size(); ++d) {
    std::optional<int64_t> want = ctx.graph().constantValue((*dims)[d]);
    std::optional<int64_t> got = ctx.staticDim(1, d);
    if (want && got && *want != *got)
      return ctx.error("expects source dim " + std::to_string(d) + " of " +
                       std::to_string(*want) + " (the windowed operand), got " +
                       std::to_string(*got));
    ctx.requireEqual(ctx.dim(1, d), (*dims)[d],
                     "the source size " + ctx.dimName(1, d) +
                         " and the windowed operand's");
  }
  ctx.setResult(0, ctx.dims(0));
  lowerRegions(ctx);
}

void lowerSort(OpContext &ctx) {
  if (!ctx.expectRanked() || ctx.numOperands() == 0 ||
      ctx.numResults() != ctx.numOperands())
    return ctx.opaque("sort with other than one result per input");
  int64_t dim = ctx.integer("dimension").value_or(-1);
  int64_t rank = int64_t(ctx.rank(0));
  if (dim < -rank || dim >= rank)
    return ctx.error("expects dimension " + std::to_string(dim) +
                     " of inputs of rank " + std::to_string(rank));
  if (!requireSameShapes(ctx, ctx.numOperands(), "sorted inputs'"))
    return;
  for (size_t r = 0; r < ctx.numResults(); ++r)
    ctx.setResult(r, ctx.dims(0));
  lowerRegions(ctx);
}

/// map: inputs of one shape; the result has it.
void lowerMap(OpContext &ctx) {
  if (!ctx.expectRanked() || ctx.numOperands() == 0 || ctx.numResults() != 1)
    return;
  if (!requireSameShapes(ctx, ctx.numOperands(), "mapped inputs'"))
    return;
  ctx.setResult(0, ctx.dims(0));
  lowerRegions(ctx);
}

/// triangular_solve: a is [..., m, m], b is [..., m, n] (left_side) or
/// [..., n, m]; the result has b's shape.
void lowerTriangularSolve(OpContext &ctx) {
  if (!ctx.expectRanks({-1, -1}))
    return;
  const Attribute *left = ctx.attr("left_side");
  size_t rank = ctx.rank(0);
  if (!left || left->kind != AttrKind::Bool)
    return ctx.opaque("left_side not understood");
  if (rank < 2 || ctx.rank(1) != rank)
    return ctx.error("expects a and b of one rank of at least 2");
  for (size_t d = 0; d + 2 < rank; ++d)
    ctx.requireSameDim(0, d, 1, d, "batch");
  ctx.requireSameDim(0, rank - 2, 0, rank - 1, "square matrix's");
  ctx.requireSameDim(0, rank - 1, 1, left->boolValue ? rank - 2 : rank - 1,
                     "solved");
  ctx.setResult(0, ctx.dims(1));
}

/// cholesky (spec: cholesky_c1 the result has a's type, cholesky_c2
/// 2 <= rank(a), cholesky_c3 dim(a, -2) = dim(a, -1)): a batch of square
/// matrices. The verifier (hlo::inferCholeskyOp) rejects a lower rank and
/// two static minor dims that differ; a dynamic one must equal the other.
void lowerCholesky(OpContext &ctx) {
  if (!ctx.expectRanks({-1}))
    return;
  size_t rank = ctx.rank(0);
  if (rank < 2)
    return ctx.error("expects an operand of rank at least 2, got rank " +
                     std::to_string(rank) + " (cholesky_c2)");
  ctx.setRule("cholesky_c3");
  ctx.requireSameDim(0, rank - 2, 0, rank - 1, "square matrix's");
  ctx.setRule({});
  ctx.setResult(0, ctx.dims(0));
}

/// Operands [from, to) are vectors of operand 0's feature size.
static bool requireFeatureVectors(OpContext &ctx, size_t from, size_t to,
                                  size_t feature) {
  for (size_t i = from; i < to; ++i) {
    if (ctx.rank(i) != 1) {
      ctx.error("expects a vector for operand " + std::to_string(i) +
                ", got '" + ctx.operandType(i).str() + "'");
      return false;
    }
    ctx.requireSameDim(0, feature, i, 0, "feature");
  }
  return true;
}

/// feature_index within operand 0's rank, or nullopt after an error.
static std::optional<size_t> featureIndex(OpContext &ctx) {
  std::optional<int64_t> f = ctx.integer("feature_index");
  if (!f) {
    ctx.opaque("feature_index not understood");
    return std::nullopt;
  }
  if (*f < 0 || size_t(*f) >= ctx.rank(0)) {
    ctx.error("expects feature_index " + std::to_string(*f) +
              " below the operand's rank " + std::to_string(ctx.rank(0)));
    return std::nullopt;
  }
  return size_t(*f);
}

/// operand, scale, offset -> output, batch_mean, batch_var
void lowerBatchNormTraining(OpContext &ctx) {
  if (!ctx.expectRanks({-1, 1, 1}) || ctx.numResults() != 3)
    return;
  std::optional<size_t> f = featureIndex(ctx);
  if (!f || !requireFeatureVectors(ctx, 1, 3, *f))
    return;
  ctx.setResult(0, ctx.dims(0));
  ctx.setResult(1, {ctx.dim(0, *f)});
  ctx.setResult(2, {ctx.dim(0, *f)});
}

/// operand, scale, offset, mean, variance -> result
void lowerBatchNormInference(OpContext &ctx) {
  if (!ctx.expectRanks({-1, 1, 1, 1, 1}))
    return;
  std::optional<size_t> f = featureIndex(ctx);
  if (!f || !requireFeatureVectors(ctx, 1, 5, *f))
    return;
  ctx.setResult(0, ctx.dims(0));
}

/// operand, scale, mean, variance, grad_output -> grad_operand,
/// grad_scale, grad_offset
void lowerBatchNormGrad(OpContext &ctx) {
  if (!ctx.expectRanks({-1, 1, 1, 1, -1}) || ctx.numResults() != 3)
    return;
  std::optional<size_t> f = featureIndex(ctx);
  if (!f || !requireFeatureVectors(ctx, 1, 4, *f))
    return;
  if (ctx.rank(4) != ctx.rank(0))
    return ctx.error("expects grad_output of the operand's shape, got '" +
                     ctx.operandType(4).str() + "'");
  for (size_t d = 0; d < ctx.rank(0); ++d)
    ctx.requireSameDim(0, d, 4, d, "grad_output's and operand's");
  ctx.setResult(0, ctx.dims(0));
  ctx.setResult(1, {ctx.dim(0, *f)});
  ctx.setResult(2, {ctx.dim(0, *f)});
}

/// a, b, shape -> a tensor of that shape.
void lowerRng(OpContext &ctx) {
  if (!ctx.expectRanks({0, 0, 1}) || ctx.numOperands() != 3)
    return;
  std::optional<std::vector<TermId>> shape = shapeOperand(ctx, 2);
  if (!shape)
    return ctx.opaque("shape " + ctx.operandName(2) + " of unknown length");
  ctx.setResultFromValues(0, *shape);
}

/// Results from their declared types; opaque when one has a `?` dim.
static void resultsFromTypes(OpContext &ctx, const std::string &reason) {
  for (size_t r = 0; r < ctx.numResults(); ++r) {
    const Type &type = ctx.resultType(r);
    bool dynamic = type.kind == TypeKind::UnrankedTensor ||
                   std::count(type.dims.begin(), type.dims.end(), kDynamic);
    if (dynamic && (type.isTensor() || type.kind == TypeKind::Vector))
      return ctx.opaque(reason);
  }
  for (size_t r = 0; r < ctx.numResults(); ++r)
    ctx.setResultFromType(r);
}

/// The values the single block of `region` returns (its terminator's
/// operands); nullopt for a region of several blocks.
static std::optional<std::vector<ValueId>> returned(const Region &region) {
  if (region.blocks.size() != 1 || region.blocks[0].operations.empty())
    return std::nullopt;
  return region.blocks[0].operations.back().operands;
}

/// The dims of `id` when its rank is known (after its region was lowered).
static std::optional<std::vector<TermId>> knownDims(OpContext &ctx,
                                                    ValueId id) {
  return ctx.valueDims(id);
}

void lowerWhile(OpContext &ctx) {
  if (ctx.numOperands() == 0)
    return lowerRegions(ctx);
  if (ctx.numResults() != ctx.numOperands())
    return ctx.error("expects one result per loop-carried value");
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    const Type &in = ctx.operandType(i), &out = ctx.resultType(i);
    if (!in.hasRank() || !out.hasRank())
      continue;
    bool clash = in.dims.size() != out.dims.size();
    for (size_t d = 0; !clash && d < in.dims.size(); ++d)
      clash = in.dims[d] != kDynamic && out.dims[d] != kDynamic &&
              in.dims[d] != out.dims[d];
    if (clash)
      return ctx.error("carries '" + in.str() + "' into a result of type '" +
                       out.str() + "'");
  }
  // The regions' block arguments and the body's yielded values have the
  // carried types (their static dims must agree).
  for (const Region &region : ctx.op().regions) {
    if (region.blocks.empty())
      continue;
    const Block &entry = region.blocks.front();
    std::vector<Type> seen;
    for (ValueId arg : entry.arguments)
      seen.push_back(ctx.valueType(arg));
    if (&region == &ctx.op().regions.back() && !entry.operations.empty()) {
      const Operation &yield = entry.operations.back();
      for (size_t i = 0; i < yield.operands.size(); ++i)
        seen.push_back(ctx.useType(yield, i));
    }
    for (size_t k = 0; k < seen.size(); ++k) {
      const Type &in = ctx.operandType(k % ctx.numOperands());
      if (!in.hasRank() || !seen[k].hasRank())
        continue;
      bool clash = in.dims.size() != seen[k].dims.size();
      for (size_t d = 0; !clash && d < in.dims.size(); ++d)
        clash = in.dims[d] != kDynamic && seen[k].dims[d] != kDynamic &&
                in.dims[d] != seen[k].dims[d];
      if (clash)
        return ctx.error("carries '" + in.str() + "' where its regions have '" +
                         seen[k].str() + "'");
    }
  }
  lowerRegions(ctx);
  // A carried value whose body returns it with the very sizes of the
  // body's block argument (fresh unknowns: the same terms for any sizes)
  // keeps its sizes in every iteration: the result has the init's. Any
  // other carried value's sizes may change per iteration.
  const std::vector<Region> &regions = ctx.op().regions;
  std::optional<std::vector<ValueId>> body =
      regions.size() == 2 ? returned(regions[1]) : std::nullopt;
  const std::vector<ValueId> *args =
      body ? &regions[1].blocks[0].arguments : nullptr;
  bool changing = false;
  for (size_t i = 0; i < ctx.numResults(); ++i) {
    std::optional<std::vector<TermId>> in, out;
    if (body && body->size() == ctx.numResults() &&
        args->size() == ctx.numResults()) {
      in = knownDims(ctx, (*args)[i]);
      out = knownDims(ctx, (*body)[i]);
    }
    if (in && out && *in == *out && ctx.ranked(i) &&
        ctx.rank(i) == in->size()) {
      ctx.setResult(i, ctx.dims(i));
      continue;
    }
    const Type &type = ctx.resultType(i);
    changing = changing || type.kind == TypeKind::UnrankedTensor ||
               std::count(type.dims.begin(), type.dims.end(), kDynamic);
  }
  if (changing)
    return ctx.opaque("loop-carried '?' sizes the body may change");
  for (size_t r = 0; r < ctx.numResults(); ++r)
    ctx.setResultFromType(r);
}

/// Lowers the branches of `if` / `case`, each under the condition that
/// selects it when the predicate or index is a known value: `if` runs
/// region 0 when the predicate holds, else region 1; `case` runs region k
/// when the index is k, and the last one for any index outside [0, N-1)
/// ("If index < 0 or index >= N, then branches[N-1] is executed").
static void lowerBranches(OpContext &ctx) {
  size_t n = ctx.numRegions();
  const std::string &name = ctx.op().name;
  bool isIf = name.size() >= 3 && name.compare(name.size() - 3, 3, ".if") == 0;
  auto &f = ctx.formulas();
  if (isIf && n == 2)
    if (std::optional<std::vector<FormulaId>> pred = ctx.boolElements(0);
        pred && pred->size() == 1) {
      ctx.lowerRegionUnder(0, (*pred)[0]);
      ctx.lowerRegionUnder(1, f.mkNot((*pred)[0]));
      return;
    }
  if (!isIf && n >= 1)
    if (std::optional<std::vector<TermId>> index = ctx.intElements(0);
        index && index->size() == 1) {
      TermId i = (*index)[0];
      for (size_t k = 0; k + 1 < n; ++k)
        ctx.lowerRegionUnder(k, f.mkEq(i, ctx.constant(int64_t(k))));
      ctx.lowerRegionUnder(n - 1,
                           f.mkOr({f.mkLt(i, ctx.constant(0)),
                                   f.mkLe(ctx.constant(int64_t(n - 1)), i)}));
      return;
    }
  lowerRegions(ctx);
}

void lowerIfCase(OpContext &ctx) {
  if (ctx.numOperands() != 1 || !ctx.operandType(0).hasRank() ||
      ctx.rank(0) != 0)
    return ctx.error("expects one rank-0 predicate or index operand");
  lowerBranches(ctx);
  // A result has sizes when every branch returns the same terms for it
  // (terms are interned: the same sizes whichever branch runs, as JAX's
  // multi-platform `case` on _platform_index does); otherwise they depend
  // on the branch taken.
  bool differ = false;
  for (size_t r = 0; r < ctx.numResults(); ++r) {
    std::optional<std::vector<TermId>> same;
    bool agree = !ctx.op().regions.empty();
    for (const Region &region : ctx.op().regions) {
      std::optional<std::vector<ValueId>> out = returned(region);
      std::optional<std::vector<TermId>> dims =
          out && out->size() == ctx.numResults() ? knownDims(ctx, (*out)[r])
                                                 : std::nullopt;
      agree = agree && dims && (!same || *same == *dims);
      if (!agree)
        break;
      same = dims;
    }
    if (agree) {
      ctx.setResult(r, *same);
      continue;
    }
    const Type &type = ctx.resultType(r);
    differ = differ || type.kind == TypeKind::UnrankedTensor ||
             std::count(type.dims.begin(), type.dims.end(), kDynamic);
  }
  if (differ)
    return ctx.opaque("the result sizes depend on the branch taken");
  for (size_t r = 0; r < ctx.numResults(); ++r)
    ctx.setResultFromType(r);
}

void lowerCarried(OpContext &ctx) {
  resultsFromTypes(ctx, "tuple element sizes are not tracked");
}

/// ByteIR's layer_norm (operands input, weight, bias; `byteir_attrs =
/// {axis = [..]}`): output = input; weight and bias span the normalised
/// axes; the optional mean and rstd results keep the other dims (1 on the
/// axes).
static bool lowerByteirLayerNorm(OpContext &ctx) {
  const Attribute *attrs = ctx.attr("byteir_attrs");
  if (!attrs || attrs->kind != AttrKind::Dictionary || ctx.numOperands() != 3 ||
      (ctx.numResults() != 1 && ctx.numResults() != 3))
    return false;
  std::vector<int64_t> axis;
  for (const NamedAttribute &e : attrs->entries)
    if (e.name == "axis" && e.value.kind == AttrKind::Array)
      for (const Attribute &a : e.value.elements)
        if (a.kind == AttrKind::Integer)
          axis.push_back(a.intValue);
  size_t rank = ctx.rank(0);
  if (axis.empty() || !isDimList(axis, rank) || ctx.rank(1) != axis.size() ||
      ctx.rank(2) != axis.size())
    return false;
  for (size_t k = 0; k < axis.size(); ++k)
    for (size_t i = 1; i < 3; ++i)
      ctx.requireSameDim(0, size_t(axis[k]), i, k, "normalised");
  ctx.setResult(0, ctx.dims(0));
  std::vector<TermId> stats = ctx.dims(0);
  for (int64_t a : axis)
    stats[size_t(a)] = ctx.constant(1);
  for (size_t r = 1; r < ctx.numResults(); ++r)
    ctx.setResult(r, stats);
  return true;
}

void lowerCustomCall(OpContext &ctx) {
  std::string target;
  if (const Attribute *a = ctx.attr("call_target_name"))
    target = a->str;
  else if (const Attribute *callee = ctx.attr("callee"))
    target = callee->str;
  // A custom call checks the rules of its target: the target's name is
  // the rule id (`shape_assertion`), where a rule names no finer one.
  ctx.setRule(target);
  // JAX's shape-polymorphic export: the first operand is the predicate,
  // the others the values its error message formats.
  if (target == "shape_assertion") {
    const Attribute *msg = ctx.attr("error_message");
    return lowerRuntimeCheck(
        ctx, 0, msg && msg->kind == AttrKind::String ? msg->str : "");
  }
  // ByteIR's documented custom calls (byteir/Dialect/mhlo/Util/
  // CustomCallUtil.h): elementwise-shaped ones keep their operand's shape.
  bool sameShape = target == "byteir.gelu" || target == "byteir.softmax" ||
                   target == "byteir.log_softmax";
  if (LowerFn lower = customCallTarget(target))
    return lower(ctx);
  if (sameShape && ctx.numOperands() == 1 && ctx.numResults() == 1 &&
      ctx.expectRanked())
    return ctx.setResult(0, ctx.dims(0));
  if (target == "byteir.layer_norm" && ctx.numOperands() >= 1 &&
      ctx.expectRanked() && lowerByteirLayerNorm(ctx))
    return;
  if (ctx.failed() || lowerStaticExternal(ctx) || lowerShapeOperandResults(ctx))
    return;
  ctx.opaque("custom_call '" + target + "': an external function");
}

} // namespace symshape::frontend::hlo
