//===- StablehloCustomCalls.cpp - custom_call targets with shape rules ----===//
//
// JAX exports the dynamic forms of a few ops as custom calls whose result
// shapes come from their operands' values. Their definitions are XLA's
// stablehlo_ext adaptors (DynamicTopKOpAdaptor, ...: each lists inputs,
// outputs and constraints, tagged below as `dynamic_top_k_c3` and the
// like); integer operands are read element by element (intValues).
//
//   %v:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k)
//            : (tensor<?x10xf32>, tensor<i64>) -> (tensor<?x?xf32>,
//            tensor<?x?xi32>)
//     both results = [%x[0], %k]; 0 <= %k <= 10
//
// `custom_call` is one op with many targets: lowerCustomCall
// (StablehloReduce.cpp) asks customCallTarget() for these.
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "ops/rules/OpRules.h"

#include <algorithm>

namespace symshape::frontend::hlo {

/// The operands before the shape operands that JAX appends for the result
/// shapes (`indices_of_shape_operands = dense<[5, 6]>`: one 1-d integer
/// operand per result, after all others); all operands when there are
/// none; nullopt when the attribute is not that.
std::optional<size_t> valueOperandCount(OpContext &ctx) {
  if (!ctx.attr("indices_of_shape_operands"))
    return ctx.numOperands();
  std::optional<std::vector<int64_t>> idx =
      ctx.ints("indices_of_shape_operands");
  if (!idx || idx->size() != ctx.numResults() ||
      idx->size() > ctx.numOperands())
    return std::nullopt;
  size_t first = ctx.numOperands() - idx->size();
  for (size_t r = 0; r < idx->size(); ++r)
    if ((*idx)[r] != int64_t(first + r))
      return std::nullopt;
  return first;
}

namespace {

/// Whether two declared dims clash (both static and different).
bool clash(int64_t a, int64_t b) {
  return a != kDynamic && b != kDynamic && a != b;
}

/// The single integer of a 0-d operand, or nullopt.
std::optional<TermId> intScalar(OpContext &ctx, size_t i) {
  std::optional<std::vector<TermId>> v = intValues(ctx, i);
  if (!v || v->size() != 1)
    return std::nullopt;
  return v->front();
}

/// 0 <= k <= `dim` of operand `i`: k (operand `kOperand`) is the size the
/// results take there.
void requireK(OpContext &ctx, TermId k, size_t kOperand, size_t i, size_t dim,
              const std::string &why) {
  solver::FormulaStore &f = ctx.formulas();
  ctx.requireInBounds(
      f.mkAnd({f.mkLe(ctx.constant(0), k), f.mkLe(k, ctx.dim(i, dim))}),
      "k " + ctx.operandName(kOperand) + " within " + ctx.dimName(i, dim) +
          " (" + why + ")");
}

/// operand, k -> values, indices (chlo.top_k with a dynamic k).
void lowerDynamicTopK(OpContext &ctx) {
  if (!ctx.expectRanked())
    return;
  if (ctx.numOperands() != 2 || ctx.numResults() != 2)
    return ctx.error("expects operands (operand, k) and results (values, "
                     "indices)");
  const Type &in = ctx.operandType(0);
  if (!in.hasRank() || in.dims.empty())
    return ctx.error("expects an operand of rank at least 1 "
                     "(dynamic_top_k_i1)");
  if (!ctx.operandType(1).hasRank() || ctx.rank(1) != 0)
    return ctx.error("expects a 0-d k (dynamic_top_k_i2)");
  size_t rank = in.dims.size(), last = rank - 1;
  const Type &values = ctx.resultType(0), &indices = ctx.resultType(1);
  if (!values.hasRank() || values.dims.size() != rank || !indices.hasRank() ||
      indices.dims.size() != rank)
    return ctx.error("expects values and indices of the operand's rank " +
                     std::to_string(rank) + " (dynamic_top_k_c1, _c4)");
  for (size_t d = 0; d < rank; ++d) {
    if (d < last && clash(values.dims[d], in.dims[d]))
      return ctx.error("expects the values shape to match the operand's but "
                       "in the last dim (dynamic_top_k_c1)");
    if (clash(indices.dims[d], values.dims[d]))
      return ctx.error("expects the indices shape to match the values shape "
                       "(dynamic_top_k_c4)");
  }
  if (values.dims[last] != kDynamic && in.dims[last] != kDynamic &&
      values.dims[last] > in.dims[last])
    return ctx.error("expects at most " + std::to_string(in.dims[last]) +
                     " values, the operand's last dim (dynamic_top_k_c3)");
  std::optional<TermId> k = intScalar(ctx, 1);
  if (!k)
    return ctx.opaque("k " + ctx.operandName(1) + " not known");
  ctx.setRule("dynamic_top_k_c3");
  requireK(ctx, *k, 1, 0, last, "dynamic_top_k_c3");
  ctx.setRule("stablehlo.dynamic_top_k");
  std::vector<TermId> dims = ctx.dims(0);
  dims[last] = *k;
  ctx.setResultFromValues(0, dims);
  ctx.setResultFromValues(1, dims);
}

/// inputs..., initial values..., k -> outputs...: the reduction dim
/// becomes k (ApproxTopK with a dynamic k, aggregated to the top k).
void lowerDynamicApproxTopK(OpContext &ctx) {
  if (!ctx.expectRanked())
    return;
  std::optional<size_t> valueOperands = valueOperandCount(ctx);
  if (!valueOperands)
    return ctx.opaque("indices_of_shape_operands not understood");
  size_t operands = *valueOperands, n = (operands - 1) / 2;
  if (operands < 3 || operands % 2 != 1 || ctx.numResults() != n)
    return ctx.error("expects N inputs, N initial values, k and N results "
                     "(dynamic_approx_top_k_c3)");
  const Attribute *config = ctx.attr("mhlo.backend_config");
  if (!config || config->kind != AttrKind::Dictionary)
    return ctx.error("expects an mhlo.backend_config dictionary");
  const Attribute *dimAttr = findAttr(config->entries, "reduction_dim");
  const Attribute *aggregate = findAttr(config->entries, "aggregate_to_topk");
  if (findAttr(config->entries, "top_k"))
    return ctx.error("has top_k in mhlo.backend_config "
                     "(dynamic_approx_top_k_c1)");
  if (!dimAttr || dimAttr->kind != AttrKind::Integer)
    return ctx.error("expects reduction_dim in mhlo.backend_config "
                     "(dynamic_approx_top_k_c2)");
  const Type &in = ctx.operandType(0);
  int64_t rd = dimAttr->intValue;
  if (!in.hasRank() || rd < 0 || size_t(rd) >= in.dims.size())
    return ctx.error("has reduction_dim " + std::to_string(rd) +
                     " outside the inputs' rank (dynamic_approx_top_k_c9)");
  size_t rank = in.dims.size();
  for (size_t i = 0; i < n; ++i) {
    const Type &input = ctx.operandType(i), &out = ctx.resultType(i);
    if (!input.hasRank() || input.dims.size() != rank)
      return ctx.error("expects inputs of one shape (dynamic_approx_top_k_c4)");
    if (!ctx.operandType(n + i).hasRank() || ctx.rank(n + i) != 0)
      return ctx.error("expects 0-d initial values (dynamic_approx_top_k_c5)");
    if (!out.hasRank() || out.dims.size() != rank)
      return ctx.error("expects outputs of the inputs' rank "
                       "(dynamic_approx_top_k_c7, _c10)");
    for (size_t d = 0; d < rank; ++d) {
      if (clash(input.dims[d], in.dims[d]))
        return ctx.error("expects inputs of one shape "
                         "(dynamic_approx_top_k_c4)");
      if (clash(out.dims[d], ctx.resultType(0).dims[d]))
        return ctx.error("expects outputs of one shape "
                         "(dynamic_approx_top_k_c7)");
      if (int64_t(d) != rd && clash(out.dims[d], in.dims[d]))
        return ctx.error("expects output dim " + std::to_string(d) +
                         " to be the inputs' (dynamic_approx_top_k_c10)");
    }
  }
  if (!aggregate || aggregate->kind != AttrKind::Bool || !aggregate->boolValue)
    return ctx.opaque("aggregate_to_topk is not true: the reduced size is "
                      "XLA's approximate one, not k");
  std::optional<TermId> k = intScalar(ctx, 2 * n);
  if (!k)
    return ctx.opaque("k " + ctx.operandName(2 * n) + " not known");
  ctx.setRule("dynamic_approx_top_k_c4");
  for (size_t i = 1; i < n; ++i)
    for (size_t d = 0; d < rank; ++d)
      ctx.requireEqual(ctx.dim(0, d), ctx.dim(i, d),
                       "the input sizes " + ctx.dimName(0, d) + " and " +
                           ctx.dimName(i, d) + " (dynamic_approx_top_k_c4)");
  // JAX's approx_max_k rejects k above the reduced size.
  ctx.setRule("stablehlo.dynamic_approx_top_k");
  requireK(ctx, *k, 2 * n, 0, size_t(rd),
           "approx_max_k: k at most the reduced size");
  std::vector<TermId> dims = ctx.dims(0);
  dims[size_t(rd)] = *k;
  for (size_t r = 0; r < n; ++r)
    ctx.setResultFromValues(r, dims);
}

/// initial_state, output_shape -> output_state, output.
void lowerDynamicRngBitGenerator(OpContext &ctx) {
  if (!ctx.expectRanked())
    return;
  if (ctx.numOperands() != 2 || ctx.numResults() != 2)
    return ctx.error("expects operands (initial_state, output_shape) and "
                     "results (output_state, output)");
  if (!ctx.attr("rng_algorithm"))
    return ctx.error("expects an rng_algorithm");
  const Type &state = ctx.operandType(0), &outState = ctx.resultType(0);
  if (!ctx.operandType(1).hasRank() || ctx.rank(1) != 1)
    return ctx.error("expects a 1-d output_shape "
                     "(dynamic_rng_bit_generator_i3)");
  if (!state.hasRank() || !outState.hasRank() ||
      state.dims.size() != outState.dims.size())
    return ctx.error("expects output_state of initial_state's shape "
                     "(dynamic_rng_bit_generator_c1)");
  for (size_t d = 0; d < state.dims.size(); ++d)
    if (clash(state.dims[d], outState.dims[d]))
      return ctx.error("expects output_state of initial_state's shape "
                       "(dynamic_rng_bit_generator_c1)");
  const Type &out = ctx.resultType(1);
  std::optional<int64_t> length = ctx.staticDim(1, 0);
  if (length && out.hasRank() && out.dims.size() != size_t(*length))
    return ctx.error("expects an output of rank " + std::to_string(*length) +
                     ", the length of output_shape "
                     "(dynamic_rng_bit_generator_c3)");
  std::optional<std::vector<TermId>> shape = intValues(ctx, 1);
  if (!shape)
    return ctx.opaque("output_shape " + ctx.operandName(1) + " not known");
  solver::FormulaStore &f = ctx.formulas();
  for (size_t i = 0; i < shape->size(); ++i)
    ctx.requireInBounds(f.mkLe(ctx.constant(0), (*shape)[i]),
                        "element " + std::to_string(i) + " of output_shape " +
                            ctx.operandName(1) +
                            " (a size: dynamic_rng_bit_generator_c3)");
  ctx.setResult(0, ctx.dims(0));
  ctx.setResultFromValues(1, *shape);
}

/// dynamic_reduce_window's operands after its inputs and init values.
const char *const kWindowOperands[] = {"window_dimensions", "window_strides",
                                       "base_dilations", "window_dilations",
                                       "padding"};

/// dynamic_reduce_window's static signature: `n` inputs of one shape, `n`
/// 0-d init values, four window operands of shape [rank] and a padding of
/// [rank, 2]; false after an error.
bool checkReduceWindowOperands(OpContext &ctx, size_t n) {
  if (n == 0 || ctx.numOperands() != 2 * n + 5) {
    ctx.error("expects 2 * size(results) + 5 operands");
    return false;
  }
  const Type &in = ctx.operandType(0);
  if (!in.hasRank()) {
    ctx.error("expects tensor inputs (reduce_window_i1)");
    return false;
  }
  int64_t rank = int64_t(in.dims.size());
  for (size_t i = 0; i < n; ++i) {
    const Type &input = ctx.operandType(i);
    bool same = input.hasRank() && input.dims.size() == in.dims.size();
    for (size_t d = 0; same && d < in.dims.size(); ++d)
      same = !clash(input.dims[d], in.dims[d]);
    if (!same) {
      ctx.error("expects inputs of one shape (reduce_window_c2)");
      return false;
    }
    if (!ctx.operandType(n + i).hasRank() || ctx.rank(n + i) != 0) {
      ctx.error("expects 0-d init_values (reduce_window_i2)");
      return false;
    }
  }
  static const char *const tags[] = {"c4", "c6", "c8", "c10", "c12"};
  for (size_t w = 0; w < 5; ++w) {
    const Type &t = ctx.operandType(2 * n + w);
    std::vector<int64_t> want{rank};
    if (w == 4)
      want.push_back(2);
    if (!t.hasRank() || t.dims != want) {
      ctx.error(std::string("expects ") + kWindowOperands[w] + " of shape [" +
                std::to_string(rank) + (w == 4 ? ", 2]" : "]") +
                " (reduce_window_" + tags[w] + ")");
      return false;
    }
  }
  return true;
}

/// Each window size, stride and dilation (`w`, one list per window operand
/// after the `n` inputs and init values) is positive unless provably so.
void requirePositiveWindow(OpContext &ctx,
                           const std::vector<std::vector<TermId>> &w,
                           size_t n) {
  solver::FormulaStore &f = ctx.formulas();
  TermId one = ctx.constant(1);
  static const char *const what[] = {"window size", "stride", "base dilation",
                                     "window dilation"};
  static const char *const positive[] = {"c5", "c7", "c9", "c11"};
  for (size_t k = 0; k < 4; ++k)
    for (size_t d = 0; d < w[k].size(); ++d)
      if (!ctx.graph().provablyNonNegative(ctx.sub(w[k][d], one)))
        ctx.requireInBounds(
            f.mkLe(one, w[k][d]),
            std::string("the ") + what[k] + " " + std::to_string(d) + " of " +
                ctx.operandName(2 * n + k) + " (positive, reduce_window_" +
                positive[k] + ")");
}

/// inputs..., init_values..., window_dimensions, window_strides,
/// base_dilations, window_dilations, padding -> results...: reduce_window
/// with its window given by values (the padding a [rank, 2] tensor). Each
/// window size, stride and dilation must be positive (`in-bounds`); each
/// result dim is the spec's (reduce_window_c15)
///   padded = lo + dilated input + hi,  span = (window - 1) * dilation + 1
///   padded == 0 || span > padded ? 0 : floor((padded - span) / stride) + 1
/// which, with span >= 1, is max(0, floor((padded - span) / stride) + 1).
/// Strides and dilations must be constants, the window sizes and padding
/// may be tracked integers; otherwise the result sizes stay opaque.
void lowerDynamicReduceWindow(OpContext &ctx) {
  if (!ctx.expectRanked())
    return;
  size_t n = ctx.numResults();
  if (!checkReduceWindowOperands(ctx, n))
    return;
  size_t rank = ctx.rank(0);
  for (size_t i = 1; i < n; ++i)
    for (size_t d = 0; d < rank; ++d)
      ctx.requireEqual(ctx.dim(0, d), ctx.dim(i, d),
                       "the input sizes " + ctx.dimName(0, d) + " and " +
                           ctx.dimName(i, d) + " (reduce_window_c2)");
  std::vector<std::vector<TermId>> w;
  for (size_t k = 0; k < 4; ++k) {
    std::optional<std::vector<TermId>> v = intValues(ctx, 2 * n + k);
    if (!v || v->size() != rank)
      return ctx.opaque(std::string(kWindowOperands[k]) + " " +
                        ctx.operandName(2 * n + k) +
                        ": its values are not known");
    w.push_back(std::move(*v));
  }
  std::optional<std::vector<TermId>> pad = ctx.matrixElements(2 * n + 4);
  if (!pad || pad->size() != 2 * rank)
    return ctx.opaque("padding " + ctx.operandName(2 * n + 4) +
                      ": its values are not known");
  requirePositiveWindow(ctx, w, n);
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d) {
    std::optional<int64_t> stride = ctx.graph().constantValue(w[1][d]),
                           baseDil = ctx.graph().constantValue(w[2][d]),
                           winDil = ctx.graph().constantValue(w[3][d]);
    if (!stride || !baseDil || !winDil || *stride < 1 || *baseDil < 1 ||
        *winDil < 1)
      return ctx.opaque("window strides and dilations that are not positive "
                        "constants");
    TermId padded = ctx.add(
        ctx.add((*pad)[2 * d], dilated(ctx, ctx.dim(0, d), *baseDil - 1)),
        (*pad)[2 * d + 1]);
    TermId span = windowSpan(ctx, w[0][d], *winDil);
    TermId steps = windowCount(ctx, padded, span, *stride);
    dims.push_back(ctx.graph().max(ctx.constant(0), steps));
  }
  for (size_t r = 0; r < n; ++r)
    ctx.setResult(r, dims);
}

} // namespace

bool lowerShapeOperandResults(OpContext &ctx) {
  std::optional<size_t> first = valueOperandCount(ctx);
  if (!ctx.attr("indices_of_shape_operands") || !first)
    return false;
  std::vector<std::vector<TermId>> shapes;
  for (size_t r = 0; r < ctx.numResults(); ++r) {
    const Type &out = ctx.resultType(r);
    std::optional<std::vector<TermId>> shape = shapeOperand(ctx, *first + r);
    if (!out.hasRank() || !shape || shape->size() != out.dims.size())
      return false;
    shapes.push_back(std::move(*shape));
  }
  solver::FormulaStore &f = ctx.formulas();
  for (size_t r = 0; r < shapes.size(); ++r)
    for (size_t d = 0; d < shapes[r].size(); ++d)
      ctx.requireInBounds(f.mkLe(ctx.constant(0), shapes[r][d]),
                          "element " + std::to_string(d) + " of " +
                              ctx.operandName(*first + r) + " (a size of " +
                              "result " + std::to_string(r) + ")");
  for (size_t r = 0; r < shapes.size(); ++r)
    ctx.setResultFromValues(r, shapes[r]);
  return true;
}

/// A type whose sizes are all known statically: a static ranked tensor, a
/// scalar, a token, or a tuple of those (spelled without `?` or `*`).
static bool staticType(const Type &t) {
  switch (t.kind) {
  case TypeKind::RankedTensor:
  case TypeKind::Vector:
    return std::find(t.dims.begin(), t.dims.end(), kDynamic) == t.dims.end();
  case TypeKind::Index:
  case TypeKind::Integer:
  case TypeKind::Float:
    return true;
  case TypeKind::Other:
    return t.spelling.view().find_first_of("?*") == std::string::npos &&
           (t.spelling.rfind("tuple<", 0) == 0 ||
            t.spelling.find(".token") != std::string::npos);
  default:
    return false;
  }
}

bool lowerStaticExternal(OpContext &ctx) {
  for (size_t i = 0; i < ctx.numOperands(); ++i)
    if (!staticType(ctx.operandType(i)))
      return false;
  for (size_t r = 0; r < ctx.numResults(); ++r)
    if (!staticType(ctx.resultType(r)))
      return false;
  for (size_t r = 0; r < ctx.numResults(); ++r)
    ctx.setResultFromType(r);
  return true;
}

namespace {

struct TargetEntry {
  std::string_view target;
  LowerFn lower;
};

const TargetEntry kTargets[] = {
    {"stablehlo.dynamic_top_k", lowerDynamicTopK},
    {"stablehlo.dynamic_approx_top_k", lowerDynamicApproxTopK},
    {"stablehlo.dynamic_rng_bit_generator", lowerDynamicRngBitGenerator},
    {"stablehlo.dynamic_reduce_window", lowerDynamicReduceWindow},
    {"Sharding", lowerShardingCall},
    {"SPMDFullToShardShape", lowerFullToShard},
    {"SPMDShardToFullShape", lowerShardToFull},
};

} // namespace

LowerFn customCallTarget(std::string_view target) {
  for (const TargetEntry &e : kTargets)
    if (e.target == target)
      return e.lower;
  return nullptr;
}

} // namespace symshape::frontend::hlo
