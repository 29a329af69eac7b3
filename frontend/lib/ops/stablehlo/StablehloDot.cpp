//===- StablehloDot.cpp - Shape functions: dot, dot_general, convolution --===//
//
// StableHLO spec rules (docs/spec.md):
//
//   dot          [m, k] x [k, n] -> [m, n] (either side may be a vector)
//   dot_general  result = batch dims ++ lhs free dims ++ rhs free dims;
//                batching and contracting dim pairs equal
//   convolution  input feature = kernel input feature * feature_group_count;
//                batch / batch_group_count, kernel output feature; each
//                spatial dim: the window rule (OpRules.h) on the lhs-dilated
//                input with rhs dilation
//   dynamic_conv convolution with the padding operand's values [N, 2]
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "ops/rules/OpRules.h"

#include <algorithm>

namespace symshape::frontend::hlo {

void lowerDot(OpContext &ctx) {
  if (!ctx.expectRanks({-1, -1}))
    return;
  size_t lr = ctx.rank(0), rr = ctx.rank(1);
  if (lr < 1 || lr > 2 || rr < 1 || rr > 2)
    return ctx.error("expects operands of rank 1 or 2, got '" +
                     ctx.operandType(0).str() + "' and '" +
                     ctx.operandType(1).str() + "'");
  ctx.requireSameDim(0, lr - 1, 1, 0, "contracted");
  std::vector<TermId> dims;
  if (lr == 2)
    dims.push_back(ctx.dim(0, 0));
  if (rr == 2)
    dims.push_back(ctx.dim(1, 1));
  ctx.setResult(0, dims);
}

/// dot_general's four dim lists, from the pretty form's attributes or the
/// generic `dot_dimension_numbers = #stablehlo.dot<...>`.
static std::optional<Fields> dotDims(OpContext &ctx) {
  static const char *const kNames[] = {
      "lhs_batching_dimensions", "rhs_batching_dimensions",
      "lhs_contracting_dimensions", "rhs_contracting_dimensions"};
  if (ctx.attr("dot_dimension_numbers")) {
    const Attribute *attr = ctx.structAttr("dot_dimension_numbers");
    return attr ? structFields(*attr) : std::nullopt;
  }
  Fields fields;
  for (const char *name : kNames) {
    std::optional<std::vector<int64_t>> list = ctx.ints(name);
    if (!list)
      return std::nullopt;
    fields[name] = *list;
  }
  return fields;
}

void lowerDotGeneral(OpContext &ctx) {
  std::optional<Fields> dn = dotDims(ctx);
  if (!ctx.expectRanks({-1, -1}))
    return;
  if (!dn)
    return ctx.opaque("dot dimension numbers not understood");
  auto get = [&](const char *name) {
    auto it = dn->find(name);
    return it == dn->end() ? std::vector<int64_t>() : it->second;
  };
  std::vector<int64_t> lb = get("lhs_batching_dimensions"),
                       rb = get("rhs_batching_dimensions"),
                       lc = get("lhs_contracting_dimensions"),
                       rc = get("rhs_contracting_dimensions");
  std::vector<int64_t> lhsUsed = lb, rhsUsed = rb;
  lhsUsed.insert(lhsUsed.end(), lc.begin(), lc.end());
  rhsUsed.insert(rhsUsed.end(), rc.begin(), rc.end());
  if (lb.size() != rb.size() || lc.size() != rc.size() ||
      !isDimList(lhsUsed, ctx.rank(0)) || !isDimList(rhsUsed, ctx.rank(1)))
    return ctx.error("has batching dims " + listText(lb, '(') + " x " +
                     listText(rb, '(') + " and contracting dims " +
                     listText(lc, '(') + " x " + listText(rc, '(') +
                     " that do not fit its operands");
  // The StableHLO spec's constraints on dot_general: C9 (batching dims
  // equal), C10 (contracting dims equal), C12 (the result's shape).
  ctx.setRule("dot_general_c9");
  for (size_t k = 0; k < lb.size(); ++k)
    ctx.requireSameDim(0, size_t(lb[k]), 1, size_t(rb[k]), "batch");
  ctx.setRule("dot_general_c10");
  for (size_t k = 0; k < lc.size(); ++k)
    ctx.requireSameDim(0, size_t(lc[k]), 1, size_t(rc[k]), "contracted");
  ctx.setRule("dot_general_c12");
  std::vector<TermId> dims;
  for (int64_t d : lb)
    dims.push_back(ctx.dim(0, size_t(d)));
  for (size_t i = 0; i < 2; ++i)
    for (size_t d = 0; d < ctx.rank(i); ++d)
      if (!std::count(i ? rhsUsed.begin() : lhsUsed.begin(),
                      i ? rhsUsed.end() : lhsUsed.end(), int64_t(d)))
        dims.push_back(ctx.dim(i, d));
  ctx.setResult(0, dims);
}

namespace {

/// Where the batch, feature and spatial dims of a convolution's input,
/// kernel and output are.
struct ConvDims {
  int64_t inBatch = -1, inFeature = -1, kIn = -1, kOut = -1, outBatch = -1,
          outFeature = -1;
  std::vector<int64_t> inSpatial, kSpatial, outSpatial;
};

/// The dimension numbers the parser read (parser/StructAttrs.cpp: the
/// compact `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` as the `raw` form's
/// fields); a field left out is 0 or empty.
std::optional<ConvDims> convDims(const Attribute &attr) {
  ConvDims c;
  std::optional<Fields> f = structFields(attr);
  if (!f)
    return std::nullopt;
  auto one = [&](const char *name) {
    auto it = f->find(name);
    return it == f->end() || it->second.empty() ? 0 : it->second[0];
  };
  auto list = [&](const char *name) {
    auto it = f->find(name);
    return it == f->end() ? std::vector<int64_t>() : it->second;
  };
  c.inBatch = one("input_batch_dimension");
  c.inFeature = one("input_feature_dimension");
  c.inSpatial = list("input_spatial_dimensions");
  c.kIn = one("kernel_input_feature_dimension");
  c.kOut = one("kernel_output_feature_dimension");
  c.kSpatial = list("kernel_spatial_dimensions");
  c.outBatch = one("output_batch_dimension");
  c.outFeature = one("output_feature_dimension");
  c.outSpatial = list("output_spatial_dimensions");
  return c;
}

/// `a == b`: an error when both are constants that differ.
void requireEqualSizes(OpContext &ctx, TermId a, TermId b,
                       const std::string &subject) {
  std::optional<int64_t> ca = ctx.graph().constantValue(a),
                         cb = ctx.graph().constantValue(b);
  if (ca && cb && *ca != *cb)
    return ctx.error("expects " + subject + " equal, got " +
                     std::to_string(*ca) + " and " + std::to_string(*cb));
  ctx.requireEqual(a, b, subject);
}

/// `size` is a multiple of `k`.
void requireMultiple(OpContext &ctx, TermId size, int64_t k,
                     const std::string &subject) {
  if (k == 1)
    return;
  TermId kt = ctx.constant(k);
  requireEqualSizes(ctx, size, ctx.mul(ctx.floorDiv(size, kt), kt),
                    subject + " and a multiple of " + std::to_string(k));
}

} // namespace

namespace {

/// The number of windows of the StableHLO spec (convolution, reduce_window,
/// select_and_scatter): an empty window (a padded input of 0, or a window
/// wider than it) gives 0 windows, not UB. A padded size below 0 is.
TermId windowsOrNone(OpContext &ctx, TermId base, TermId lo, TermId hi,
                     TermId window, int64_t stride, int64_t windowDil,
                     const std::string &what) {
  TermId zero = ctx.constant(0);
  TermId padded = ctx.add(base, ctx.add(lo, hi));
  ctx.requireInBounds(ctx.formulas().mkLe(zero, padded),
                      "the padded input of " + what +
                          " (its size must not be negative)");
  TermId span =
      ctx.selectEq(window, zero, zero, windowSpan(ctx, window, windowDil));
  TermId count = windowCount(ctx, padded, span, stride);
  return ctx.selectEq(padded, zero, zero,
                      ctx.selectLe(span, padded, count, zero));
}

} // namespace

std::optional<TermId> windowSize(OpContext &ctx, TermId in, int64_t baseDil,
                                 int64_t lo, int64_t hi, TermId window,
                                 int64_t stride, int64_t windowDil,
                                 const std::string &what) {
  TermId base = dilated(ctx, in, baseDil - 1);
  std::optional<int64_t> b = ctx.graph().constantValue(base),
                         w = ctx.graph().constantValue(window);
  if (b && w) { // TypeInference.cpp: stridedBound of the padded input
    int64_t padded = *b + lo + hi;
    int64_t span = *w == 0 ? 0 : windowSpan(*w, windowDil);
    if (padded < 0) {
      ctx.error("pads " + what + " to a negative size (" +
                std::to_string(padded) + ")");
      return std::nullopt;
    }
    return ctx.constant(
        padded == 0 || span > padded ? 0 : windowCount(padded, span, stride));
  }
  return windowsOrNone(ctx, base, ctx.constant(lo), ctx.constant(hi), window,
                       stride, windowDil, what);
}

std::optional<TermId> windowSize(OpContext &ctx, TermId in, int64_t baseDil,
                                 TermId lo, TermId hi, TermId window,
                                 int64_t stride, int64_t windowDil,
                                 const std::string &what) {
  std::optional<int64_t> l = ctx.graph().constantValue(lo),
                         h = ctx.graph().constantValue(hi);
  if (l && h)
    return windowSize(ctx, in, baseDil, *l, *h, window, stride, windowDil,
                      what);
  return windowsOrNone(ctx, dilated(ctx, in, baseDil - 1), lo, hi, window,
                       stride, windowDil, what);
}

namespace {

/// A convolution's window attributes, one per spatial dim (the padding:
/// lo, hi per spatial dim), defaults filled in.
struct ConvWindow {
  std::vector<int64_t> stride, pad, lhsDil, rhsDil;
};

/// The window attributes for `n` spatial dims; dynamic_conv's padding is
/// `padTerms`, whose count is checked here (the attribute's is zeros).
/// nullopt after the op was made opaque or had an error.
std::optional<ConvWindow> convWindow(OpContext &ctx, size_t n,
                                     const std::vector<TermId> *padTerms) {
  std::vector<int64_t> ones(n, 1), zeros(2 * n, 0);
  std::optional<std::vector<int64_t>> strideAttr =
      windowAttr(ctx, "window_strides", ones);
  std::optional<std::vector<int64_t>> padAttr =
      padTerms ? zeros : windowAttr(ctx, "padding", zeros);
  std::optional<std::vector<int64_t>> lhsAttr =
      windowAttr(ctx, "lhs_dilation", ones);
  std::optional<std::vector<int64_t>> rhsAttr =
      windowAttr(ctx, "rhs_dilation", ones);
  if (!strideAttr || !padAttr || !lhsAttr || !rhsAttr) {
    ctx.opaque("window attributes not understood");
    return std::nullopt;
  }
  if (padTerms && padTerms->size() != 2 * n) {
    ctx.error("expects padding of shape [" + std::to_string(n) + ", 2], got '" +
              ctx.operandType(2).str() + "' (dynamic_conv_c4)");
    return std::nullopt;
  }
  if (strideAttr->size() != n || padAttr->size() != 2 * n ||
      lhsAttr->size() != n || rhsAttr->size() != n) {
    ctx.error("expects one stride, dilation and padding pair per "
              "spatial dim (" +
              std::to_string(n) + ")");
    return std::nullopt;
  }
  return ConvWindow{*strideAttr, *padAttr, *lhsAttr, *rhsAttr};
}

/// The input features are the kernel's input features times
/// feature_group_count; the batch divides into batch_group_count groups
/// and the kernel's output features into the larger count.
void requireConvGroups(OpContext &ctx, const ConvDims &c, int64_t fgc,
                       int64_t bgc) {
  TermId batch = ctx.dim(0, size_t(c.inBatch));
  TermId kOut = ctx.dim(1, size_t(c.kOut));
  requireEqualSizes(
      ctx, ctx.dim(0, size_t(c.inFeature)),
      ctx.mul(ctx.dim(1, size_t(c.kIn)), ctx.constant(fgc)),
      "the input features " + ctx.dimName(0, size_t(c.inFeature)) +
          " and the kernel's input features " + ctx.dimName(1, size_t(c.kIn)) +
          " * " + std::to_string(fgc));
  requireMultiple(ctx, batch, bgc,
                  "the batch size " + ctx.dimName(0, size_t(c.inBatch)));
  requireMultiple(ctx, kOut, std::max(fgc, bgc),
                  "the kernel's output features " +
                      ctx.dimName(1, size_t(c.kOut)));
}

/// convolution and dynamic_conv: `padTerms`, when given, are dynamic_conv's
/// padding values (lo, hi per spatial dim), else the `padding` attribute.
/// `mhlo`: operand ranks other than the dimension numbers' are opaque, not
/// an error.
void lowerConv(OpContext &ctx, const std::vector<TermId> *padTerms, bool mhlo) {
  const Attribute *dnAttr = ctx.structAttr("dimension_numbers");
  std::optional<ConvDims> c = dnAttr ? convDims(*dnAttr) : std::nullopt;
  if (!c)
    return ctx.opaque("dimension_numbers not understood");
  size_t n = c->inSpatial.size(), rank = n + 2;
  if (mhlo && (ctx.rank(0) != rank || ctx.rank(1) != rank))
    return ctx.opaque("operand dims outside the dimension numbers");
  if (ctx.rank(0) != rank || ctx.rank(1) != rank || c->kSpatial.size() != n ||
      c->outSpatial.size() != n)
    return ctx.error("expects input, kernel and output of rank " +
                     std::to_string(rank) + " (" + std::to_string(n) +
                     " spatial dims)");
  std::optional<ConvWindow> w = convWindow(ctx, n, padTerms);
  if (!w)
    return;
  int64_t fgc = ctx.integer("feature_group_count").value_or(1);
  int64_t bgc = ctx.integer("batch_group_count").value_or(1);
  std::vector<int64_t> in = c->inSpatial, k = c->kSpatial, out = c->outSpatial;
  in.insert(in.end(), {c->inBatch, c->inFeature});
  k.insert(k.end(), {c->kIn, c->kOut});
  out.insert(out.end(), {c->outBatch, c->outFeature});
  if (!isDimList(in, rank) || !isDimList(k, rank) || !isDimList(out, rank))
    return ctx.error("has dimension_numbers that are not permutations of its "
                     "operands' dims");
  if (fgc < 1 || bgc < 1 || (fgc > 1 && bgc > 1))
    return ctx.error("expects positive group counts, not both above 1");
  for (size_t i = 0; i < n; ++i)
    if (w->stride[i] < 1 || w->lhsDil[i] < 1 || w->rhsDil[i] < 1)
      return ctx.error("expects positive strides and dilations");
  requireConvGroups(ctx, *c, fgc, bgc);
  std::vector<TermId> dims(rank, solver::kNoTerm);
  dims[size_t(c->outBatch)] =
      ctx.floorDiv(ctx.dim(0, size_t(c->inBatch)), ctx.constant(bgc));
  dims[size_t(c->outFeature)] = ctx.dim(1, size_t(c->kOut));
  for (size_t i = 0; i < n; ++i) {
    TermId lo = padTerms ? (*padTerms)[2 * i] : ctx.constant(w->pad[2 * i]);
    TermId hi =
        padTerms ? (*padTerms)[2 * i + 1] : ctx.constant(w->pad[2 * i + 1]);
    std::optional<TermId> size =
        windowSize(ctx, ctx.dim(0, size_t(c->inSpatial[i])), w->lhsDil[i], lo,
                   hi, ctx.dim(1, size_t(c->kSpatial[i])), w->stride[i],
                   w->rhsDil[i], "spatial dim " + std::to_string(i));
    if (!size)
      return;
    dims[size_t(c->outSpatial[i])] = *size;
  }
  // A declared size that differs from one computed from padding values is
  // a runtime cast: the verifier does not read the padding operand.
  if (padTerms)
    ctx.setResultFromValues(0, dims);
  else
    ctx.setResult(0, dims);
}

void convolution(OpContext &ctx, bool mhlo) {
  if (!ctx.expectRanks({-1, -1}) || ctx.numResults() != 1)
    return;
  lowerConv(ctx, nullptr, mhlo);
}

/// The StableHLO spec's dynamic_conv: convolution whose `padding` is the
/// operand [N, 2] (lo, hi per spatial dim), read when its values are
/// constants or tracked integers.
void dynamicConv(OpContext &ctx, bool mhlo) {
  if (!ctx.expectRanks({-1, -1, 2}) || ctx.numResults() != 1)
    return;
  const Type &padType = ctx.operandType(2);
  if (padType.dims[1] != 2 && padType.dims[1] != kDynamic)
    return ctx.error("expects padding of shape [N, 2], got '" + padType.str() +
                     "' (dynamic_conv_c4)");
  std::optional<std::vector<TermId>> pad = ctx.matrixElements(2);
  if (!pad)
    return ctx.opaque("padding " + ctx.operandName(2) +
                      ": its values are not known");
  lowerConv(ctx, &*pad, mhlo);
}

} // namespace

void lowerConvolution(OpContext &ctx) { convolution(ctx, false); }
void lowerMhloConvolution(OpContext &ctx) { convolution(ctx, true); }
void lowerDynamicConv(OpContext &ctx) { dynamicConv(ctx, false); }
void lowerMhloDynamicConv(OpContext &ctx) { dynamicConv(ctx, true); }

} // namespace symshape::frontend::hlo
