//===- StablehloShapes.cpp - Shape functions: elementwise, broadcast, ... -===//
//
// The StableHLO spec's shape rules (docs/spec.md, and the infer*Op
// functions of stablehlo/dialect/TypeInference.cpp) for the ops that move
// or copy dims: elementwise ops, broadcasts, reshapes, transpose,
// concatenate, iota, get_dimension_size, constants, fft.
//
// Small integer tensors carry their values (StablehloValues.cpp), so the
// shape computations that JAX and IREE export relate the result sizes to
// the operands.
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "ops/rules/OpRules.h"

namespace symshape::frontend::hlo {

//===--- Elementwise ------------------------------------------------------===//

void lowerElementwise(OpContext &ctx) { lowerSameShape(ctx); }

void lowerElementwiseScalars(OpContext &ctx) {
  lowerSameShape(ctx, /*allowScalars=*/true);
}

void lowerBinary(OpContext &ctx) {
  if (ctx.attr(
          "broadcast_dimensions")) { // the old XLA style (XLA broadcasting)
    lowerXlaBroadcast(ctx, XlaBroadcast::Binary);
    return;
  }
  lowerSameShape(ctx);
}

void lowerChloBroadcast(OpContext &ctx) {
  if (ctx.attr("broadcast_dimensions")) {
    lowerXlaBroadcast(ctx, XlaBroadcast::Binary);
    return;
  }
  lowerImplicitBroadcastRule(ctx);
}

/// Same bit width: same shape. Narrower result elements: one more dim, of
/// the static width ratio; wider ones: the operand's last dim goes.
void lowerBitcastConvert(OpContext &ctx) {
  if (!ctx.expectRanks({-1}))
    return;
  size_t in = ctx.rank(0), out = ctx.resultType(0).dims.size();
  std::vector<TermId> dims = ctx.dims(0);
  if (out == in) {
    ctx.setResult(0, dims);
  } else if (out == in + 1) { // the width ratio (a `?` in the type: fresh)
    int64_t ratio = ctx.resultType(0).dims.back();
    dims.push_back(ratio != kDynamic ? ctx.constant(ratio)
                                     : ctx.freshResultDim(0, in));
    ctx.setResult(0, dims);
  } else if (out + 1 == in) {
    dims.pop_back();
    ctx.setResult(0, dims);
  } else {
    ctx.error("expects a result of rank " + std::to_string(in) + " or " +
              std::to_string(in + 1) + ", got '" + ctx.resultType(0).str() +
              "'");
  }
}

//===--- Broadcasts
//--------------------------------------------------------===//

/// `values` stretched to `length` elements: one value repeats.
template <typename T>
static std::vector<T> repeated(const std::vector<T> &values, size_t length) {
  return values.size() == length ? values
                                 : std::vector<T>(length, values.front());
}

/// Integer and i1 values through broadcast_in_dim / dynamic_broadcast_in_dim
/// (JAX splats a scalar index into a vector of indices; TensorRT's
/// pipelines broadcast a constant scalar to a `tensor<?xi32>`): a 0-d or
/// 1-element operand repeats, a same-length 1-d one is copied. The
/// result's length is its dim as the op defined it (the shape operand's
/// element for the dynamic form).
static void broadcastElements(OpContext &ctx) {
  const Type &out = ctx.resultType(0);
  if (ctx.failed() || !out.hasRank() || out.dims.size() > 1 || ctx.rank(0) > 1)
    return;
  std::optional<int64_t> length = 1;
  if (out.dims.size() == 1) {
    std::optional<std::vector<TermId>> dims = ctx.resultDims(0);
    length = dims && dims->size() == 1 ? ctx.graph().constantValue((*dims)[0])
                                       : std::nullopt;
  }
  if (!length || *length < 0 || *length > 4096)
    return;
  // A vector no op computed (an argument) is data, not a size: reading it
  // would make up element symbols named like its dims.
  if (ctx.rank(0) == 1 && !ctx.operandHasContents(0))
    return;
  size_t n = size_t(*length);
  if (std::optional<std::vector<TermId>> values = intValues(ctx, 0)) {
    if (values->size() == 1 || values->size() == n)
      ctx.setIntElements(0, repeated(*values, n));
  } else if (std::optional<std::vector<FormulaId>> bools =
                 ctx.boolElements(0)) {
    if (bools->size() == 1 || bools->size() == n)
      ctx.setBoolElements(0, repeated(*bools, n));
  }
}

void lowerBroadcastInDim(OpContext &ctx) {
  if (!ctx.expectRanked())
    return;
  lowerXlaBroadcast(ctx, XlaBroadcast::InDim);
  broadcastElements(ctx);
}

void lowerDynamicBroadcastInDim(OpContext &ctx) {
  if (ctx.numOperands() == 2 && ctx.operandType(0).hasRank() &&
      ctx.resultType(0).hasRank())
    shapeOperand(ctx, 1); // an integer shape operand reads as an extent list
  if (!ctx.expectRanked())
    return;
  lowerXlaBroadcast(ctx, XlaBroadcast::DynamicInDim);
  broadcastElements(ctx);
}

/// stablehlo.broadcast: result = broadcast_sizes ++ operand dims.
void lowerBroadcast(OpContext &ctx) {
  std::optional<std::vector<int64_t>> sizes = ctx.ints("broadcast_sizes");
  if (!ctx.expectRanks({-1}))
    return;
  if (!sizes)
    return ctx.opaque("broadcast_sizes not understood");
  std::vector<TermId> dims;
  for (int64_t s : *sizes)
    dims.push_back(ctx.constant(s));
  for (TermId d : ctx.dims(0))
    dims.push_back(d);
  ctx.setResult(0, dims);
}

//===--- Reshapes and permutations ----------------------------------------===//

/// reshape and dynamic_reshape keep the elements of an integer tensor in
/// the same (row-major) order (reshape's semantics in the spec): the
/// values of a 0-d, 1-d or small 2-d operand go to a result of such a
/// rank; i1 values too.
static void keepElements(OpContext &ctx) {
  size_t out = ctx.resultType(0).dims.size();
  if (!ctx.resultType(0).hasRank() || out > 2 || ctx.rank(0) > 2)
    return;
  if (ctx.rank(0) <= 1 && out <= 1)
    if (std::optional<std::vector<FormulaId>> bools = ctx.boolElements(0))
      return ctx.setBoolElements(0, std::move(*bools));
  std::optional<std::vector<TermId>> values =
      ctx.rank(0) == 2 ? ctx.matrixElements(0) : intValues(ctx, 0);
  if (!values)
    return;
  if (out <= 1)
    attachValues(ctx, 0, std::move(*values));
  else
    ctx.setMatrixElements(0, std::move(*values));
}

void lowerReshape(OpContext &ctx) {
  if (!ctx.expectRanks({-1}))
    return;
  const Type &out = ctx.resultType(0);
  std::vector<TermId> dims;
  for (int64_t d : out.dims) {
    if (d == kDynamic)
      return ctx.opaque("reshape to a result with '?' dims: its sizes are not "
                        "fixed by the op (dynamic_reshape's are)");
    dims.push_back(ctx.constant(d));
  }
  TermId before = ctx.product(ctx.dims(0)), after = ctx.product(dims);
  std::optional<int64_t> count = ctx.graph().constantValue(before);
  if (count && *count != *ctx.graph().constantValue(after))
    return ctx.error("expects the same number of elements in the operand (" +
                     std::to_string(*count) + ") and the result (" +
                     std::to_string(*ctx.graph().constantValue(after)) + ")");
  ctx.requireElementCount(before, after,
                          "the element counts of " + ctx.operandName(0) +
                              " and the result");
  ctx.setResult(0, dims);
  if (!ctx.failed())
    keepElements(ctx);
}

void lowerDynamicReshape(OpContext &ctx) {
  if (!ctx.expectRanked() || ctx.numOperands() != 2)
    return;
  std::optional<std::vector<TermId>> shape = shapeOperand(ctx, 1);
  if (!shape)
    return ctx.opaque("output shape " + ctx.operandName(1) +
                      " of unknown length");
  if (ctx.resultType(0).dims.size() != shape->size())
    return ctx.error("expects a result of rank " +
                     std::to_string(shape->size()) + ", got '" +
                     ctx.resultType(0).str() + "'");
  requireShapeSizes(ctx, *shape, 1);
  ctx.requireElementCount(ctx.product(ctx.dims(0)), ctx.product(*shape),
                          "the element counts of " + ctx.operandName(0) +
                              " and the output shape " + ctx.operandName(1));
  ctx.setResultFromValues(0, *shape);
  if (!ctx.failed())
    keepElements(ctx);
}

void lowerTranspose(OpContext &ctx) {
  if (!ctx.expectRanks({-1}))
    return;
  std::optional<std::vector<int64_t>> perm = ctx.ints("permutation");
  if (!perm)
    return ctx.opaque("permutation not understood");
  if (perm->size() != ctx.rank(0) || !isDimList(*perm, ctx.rank(0)))
    return ctx.error("expects a permutation of the operand's " +
                     std::to_string(ctx.rank(0)) + " dims, got " +
                     listText(*perm, '('));
  std::vector<TermId> dims;
  for (int64_t p : *perm)
    dims.push_back(ctx.dim(0, size_t(p)));
  ctx.setResult(0, dims);
}

void lowerConcatenate(OpContext &ctx) {
  std::optional<int64_t> dim = ctx.integer("dimension");
  if (!ctx.expectRanked())
    return;
  if (!dim)
    return ctx.opaque("dimension not understood");
  if (ctx.numOperands() == 0)
    return ctx.error("expects at least one operand");
  size_t rank = ctx.rank(0);
  if (*dim < 0 || size_t(*dim) >= rank)
    return ctx.error("expects dimension " + std::to_string(*dim) +
                     " of operands of rank " + std::to_string(rank));
  TermId total = ctx.constant(0);
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    if (ctx.rank(i) != rank)
      return ctx.error("expects operands of the same rank, got '" +
                       ctx.operandType(0).str() + "' and '" +
                       ctx.operandType(i).str() + "'");
    for (size_t d = 0; d < rank && i > 0; ++d)
      if (int64_t(d) != *dim)
        ctx.requireSameDim(0, d, i, d, "concatenated operands'");
    total = ctx.add(total, ctx.dim(i, size_t(*dim)));
  }
  std::vector<TermId> dims = ctx.dims(0);
  dims[size_t(*dim)] = total;
  ctx.setResult(0, dims);
  if (rank != 1)
    return;
  // Element by element (concatenate_c6: the pieces in order): a piece
  // whose values are unknown gives fresh elements, its neighbours keep
  // theirs.
  std::vector<TermId> values;
  for (size_t i = 0; i < ctx.numOperands(); ++i) {
    std::optional<std::vector<TermId>> v = valuesOrFresh(ctx, i);
    if (!v)
      return;
    values.insert(values.end(), v->begin(), v->end());
  }
  attachValues(ctx, 0, std::move(values));
}

//===--- Sources of sizes
//--------------------------------------------------===//

void lowerIota(OpContext &ctx) {
  const Type &type = ctx.resultType(0);
  std::optional<int64_t> dim = ctx.integer("iota_dimension");
  if (!type.hasRank() || !dim)
    return ctx.opaque("iota_dimension or result type not understood");
  if (*dim < 0 || size_t(*dim) >= type.dims.size())
    return ctx.error("expects iota_dimension " + std::to_string(*dim) +
                     " below the result's rank " +
                     std::to_string(type.dims.size()));
  for (int64_t d : type.dims)
    if (d == kDynamic)
      return ctx.opaque("iota with '?' dims: its sizes are not fixed");
  ctx.setResultFromType(0);
  if (type.dims.size() == 1 && type.dims[0] <= 64) {
    std::vector<TermId> values;
    for (int64_t i = 0; i < type.dims[0]; ++i)
      values.push_back(ctx.constant(i));
    attachValues(ctx, 0, std::move(values));
  }
}

void lowerDynamicIota(OpContext &ctx) {
  std::optional<int64_t> dim = ctx.integer("iota_dimension");
  if (!ctx.expectRanked() || ctx.numOperands() != 1)
    return;
  std::optional<std::vector<TermId>> shape = shapeOperand(ctx, 0);
  if (!shape || !dim)
    return ctx.opaque("output shape or iota_dimension not understood");
  if (*dim < 0 || size_t(*dim) >= shape->size())
    return ctx.error("expects iota_dimension " + std::to_string(*dim) +
                     " below the result's rank " +
                     std::to_string(shape->size()));
  requireShapeSizes(ctx, *shape, 0);
  ctx.setResultFromValues(0, *shape);
}

void lowerGetDimensionSize(OpContext &ctx) {
  std::optional<int64_t> dim = ctx.integer("dimension");
  if (!ctx.expectRanks({-1}))
    return;
  if (!dim)
    return ctx.opaque("dimension not understood");
  if (*dim < 0 || size_t(*dim) >= ctx.rank(0))
    return ctx.error("expects dimension " + std::to_string(*dim) +
                     " of an operand of rank " + std::to_string(ctx.rank(0)));
  setIntValues(ctx, 0, {ctx.dim(0, size_t(*dim))});
}

/// set_dimension_size (StablehloOps.td; XLA's SetDimensionSize): the
/// result is the operand with dim `dimension` of the runtime size `size`,
/// a 0-d integer. The verifier (hlo::inferSetDimensionSizeOp) wants the
/// dim in range and a 0-d size; at runtime the size must not exceed what
/// the operand's buffer holds there: its static size, its
/// `#stablehlo.bounds` bound, or else its runtime size (`in-bounds`).
void lowerSetDimensionSize(OpContext &ctx) {
  std::optional<int64_t> dim = ctx.integer("dimension");
  if (!ctx.expectRanks({-1, 0}))
    return;
  if (!dim)
    return ctx.opaque("dimension not understood");
  if (*dim < 0 || size_t(*dim) >= ctx.rank(0))
    return ctx.error("expects dimension " + std::to_string(*dim) +
                     " of an operand of rank " + std::to_string(ctx.rank(0)));
  std::optional<std::vector<TermId>> size = valuesOrFresh(ctx, 1);
  if (!size || size->size() != 1)
    return ctx.opaque("the size operand is not a 0-d integer");
  size_t d = size_t(*dim);
  std::optional<std::vector<int64_t>> bounds = typeBounds(ctx.operandType(0));
  TermId limit = ctx.dim(0, d);
  std::string limitName = ctx.dimName(0, d);
  if (!ctx.staticDim(0, d) && bounds && (*bounds)[d] != kDynamic) {
    limit = ctx.constant((*bounds)[d]);
    limitName = "its bound " + std::to_string((*bounds)[d]);
  }
  solver::FormulaStore &f = ctx.formulas();
  ctx.requireInBounds(
      f.mkAnd({f.mkLe(ctx.constant(0), (*size)[0]), f.mkLe((*size)[0], limit)}),
      "the size " + ctx.operandName(1) + " of dim " + std::to_string(d) +
          " within " + limitName + " (0 <= size <= bound)");
  std::vector<TermId> dims = ctx.dims(0);
  dims[d] = (*size)[0];
  ctx.setResultFromValues(0, dims);
}

void lowerConstant(OpContext &ctx) {
  ctx.setResultFromType(0);
  const Attribute *value = ctx.attr("value");
  const Type &type = ctx.resultType(0);
  if (!value || value->kind != AttrKind::DenseInt || !type.hasRank() ||
      type.dims.size() > 2)
    return;
  std::optional<std::vector<int64_t>> ints = ctx.ints("value");
  if (!ints)
    return;
  if (type.dims.size() == 2) { // a padding operand [N, 2]: row by row
    std::vector<TermId> values;
    for (int64_t v : *ints)
      values.push_back(ctx.constant(v));
    ctx.setMatrixElements(0, std::move(values));
    return;
  }
  if (type.element == "i1") { // dense<true>: predicates
    std::vector<FormulaId> bits;
    for (int64_t v : *ints)
      bits.push_back(ctx.formulas().mkBool(v != 0));
    ctx.setBoolElements(0, std::move(bits));
    return;
  }
  std::vector<TermId> values;
  for (int64_t v : *ints)
    values.push_back(ctx.constant(v));
  attachValues(ctx, 0, std::move(values));
}

//===--- fft --------------------------------------------------------------===//

/// Operand dim `d` is `size` (fft_length[k] or what it implies): an error
/// when the declared dim is another constant, else a runtime `equal`.
static bool requireFftDim(OpContext &ctx, size_t d, int64_t size,
                          const std::string &what, const char *tag) {
  std::optional<int64_t> declared = ctx.staticDim(0, d);
  if (declared && *declared != size) {
    ctx.error("expects operand dim " + std::to_string(d) + " to be " + what +
              " = " + std::to_string(size) + ", got " +
              std::to_string(*declared) + " (" + tag + ")");
    return false;
  }
  ctx.setRule(tag);
  ctx.requireEqual(ctx.dim(0, d), ctx.constant(size),
                   "the size " + ctx.dimName(0, d) + " and " + what + " = " +
                       std::to_string(size) + " (" + tag + ")");
  return true;
}

/// The spec's fft over the last L = size(fft_length) dims (fft_c1, _c3:
/// 1 <= L <= rank). FFT, IFFT: the result is the operand's shape. The real
/// side's last L dims are fft_length (fft_c4): RFFT's operand; IRFFT's
/// result, whose dims but the last are the operand's (fft_c5). The complex
/// side's last dim is h = n == 0 ? 0 : n / 2 + 1 for n = fft_length[-1]
/// (fft_c5): RFFT's result, IRFFT's operand.
void lowerFft(OpContext &ctx) {
  if (ctx.numOperands() != 1 || ctx.numResults() != 1)
    return ctx.opaque("expects one operand and one result");
  if (!ctx.expectRanked())
    return;
  std::optional<FftType> type = ctx.enumAttr<FftType>("fft_type");
  if (!type)
    return ctx.opaque("fft_type not understood");
  std::optional<std::vector<int64_t>> length = ctx.ints("fft_length");
  if (!length || length->empty() || length->size() > 3)
    return ctx.opaque("fft_length is not a list of 1 to 3 integers (fft_c3)");
  for (int64_t n : *length)
    if (n < 0)
      return ctx.opaque("a negative fft_length");
  size_t count = length->size(), rank = ctx.rank(0);
  if (rank < count)
    return ctx.opaque("operand rank " + std::to_string(rank) +
                      " below size(fft_length) " + std::to_string(count) +
                      " (fft_c1)");
  std::vector<TermId> dims = ctx.dims(0);
  if (*type == FftType::FFT || *type == FftType::IFFT)
    return ctx.setResult(0, dims);
  size_t first = rank - count, last = rank - 1;
  int64_t n = length->back(), half = n == 0 ? 0 : n / 2 + 1;
  // The verifier (TypeInference.cpp) also lets IRFFT's last operand dim
  // be 1 when n is 0, where the spec says 0: neither is guessed.
  if (*type == FftType::IRFFT && n == 0)
    return ctx.opaque("IRFFT with a last fft_length of 0");
  size_t real = *type == FftType::RFFT ? count : count - 1;
  for (size_t k = 0; k < real; ++k)
    if (!requireFftDim(ctx, first + k, (*length)[k],
                       "fft_length[" + std::to_string(k) + "]", "fft_c4"))
      return;
  if (*type == FftType::IRFFT &&
      !requireFftDim(ctx, last, half,
                     "fft_length[" + std::to_string(count - 1) + "] / 2 + 1",
                     "fft_c5"))
    return;
  dims[last] = ctx.constant(*type == FftType::RFFT ? half : n);
  ctx.setRule({});
  ctx.setResult(0, dims);
}

void lowerPassThrough(OpContext &ctx) {
  for (size_t r = 0; r < ctx.numResults() && r < ctx.numOperands(); ++r)
    ctx.setResultAlias(r, r);
}

} // namespace symshape::frontend::hlo
