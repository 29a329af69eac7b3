//===- XlaBroadcast.cpp - Explicit XLA broadcasting
//------------------------===//
//
// Binary ops with `broadcast_dimensions` (chlo.broadcast_*, and mhlo /
// stablehlo binary ops in the old XLA style): the lower-rank operand is
// mapped onto the given, strictly increasing dims of the higher-rank one,
// the other dims are 1, then degenerate-dim broadcasting applies column by
// column. A scalar broadcasts onto anything.
//
//   tensor<2x3> + tensor<3>, dims (1)   ->  columns {2}, {3, 3}  -> 2x3
//   tensor<4> + tensor<1x2>, dims (0)   ->  columns {4, 1}, {2}  -> 4x2
//
// broadcast_in_dim: operand dim i is 1 or equals result dim dims[i]
// (`mapped-dim`); dynamic_broadcast_in_dim takes the result dims from its
// shape operand.
//
//===----------------------------------------------------------------------===//

#include "BroadcastRules.h"

#include <algorithm>

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {

std::string dimsText(const std::vector<int64_t> &dims) {
  std::string out = "(";
  for (size_t i = 0; i < dims.size(); ++i)
    out += (i ? ", " : "") + std::to_string(dims[i]);
  return out + ")";
}

bool strictlyIncreasing(const std::vector<int64_t> &dims, int64_t limit) {
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] < 0 || dims[i] >= limit || (i && dims[i] <= dims[i - 1]))
      return false;
  return true;
}

} // namespace

namespace {

/// The binary form's `broadcast_dimensions` as the dims of the higher-rank
/// operand that the lower-rank one maps to, or nullopt after a static error.
/// Operands of equal rank take only the identity (or no list).
std::optional<std::vector<int64_t>> binaryMapping(OpContext &ctx,
                                                  std::vector<int64_t> mapping,
                                                  size_t lowRank,
                                                  size_t highRank) {
  if (lowRank == highRank) { // no rank change: only the identity makes sense
    bool identity = mapping.empty();
    if (mapping.size() == lowRank) {
      identity = true;
      for (size_t i = 0; i < lowRank; ++i)
        identity &= mapping[i] == int64_t(i);
    }
    if (!identity) {
      ctx.staticError(ObligationKind::MappedDim,
                      "the broadcast_dimensions " + dimsText(mapping),
                      "operands of equal rank take no broadcast_dimensions "
                      "(seed 003)");
      ctx.resultsFromTypes();
      return std::nullopt;
    }
    mapping.clear();
    for (size_t i = 0; i < lowRank; ++i)
      mapping.push_back(int64_t(i));
  } else if (mapping.size() != lowRank ||
             !strictlyIncreasing(mapping, int64_t(highRank))) {
    ctx.staticError(ObligationKind::MappedDim,
                    "the broadcast_dimensions " + dimsText(mapping),
                    "XLA broadcasting needs one strictly increasing dim of "
                    "the higher-rank operand per dim of the lower-rank one");
    ctx.resultsFromTypes();
    return std::nullopt;
  }
  return mapping;
}

/// broadcast_in_dim / dynamic_broadcast_in_dim, one step per member: the
/// attributes' static checks, the result sizes the operand maps to, the
/// `mapped-dim` obligations, the expansion hints, then the result. The
/// steps run in this order because each adds obligations and fresh sizes
/// in program order.
class InDimBroadcast {
public:
  InDimBroadcast(OpContext &ctx, std::vector<int64_t> dims, bool dynamic)
      : ctx(ctx), dims(std::move(dims)), dynamic(dynamic),
        resultType(ctx.resultType(0)), operand(ctx.operandType(0)),
        rank(resultType.dims.size()) {}

  void lower() {
    if (!checkDims() || (dynamic && !readHints()) || !readOutputSizes())
      return;
    xDims = ctx.dims(0);
    if (!requireMappedDims())
      return;
    defineOpenDims();
    requireHints();
    castToDeclared();
    ctx.defineResult(0, std::move(out));
  }

private:
  /// A static error of the op: its result follows its declared type.
  bool fail(ObligationKind kind, std::string subject, std::string why) {
    ctx.staticError(kind, std::move(subject), std::move(why));
    ctx.resultsFromTypes();
    return false;
  }

  /// One distinct result dim per operand dim.
  bool checkDims() {
    std::vector<int64_t> sorted = dims;
    std::sort(sorted.begin(), sorted.end());
    bool valid =
        dims.size() == operand.dims.size() &&
        std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end() &&
        (sorted.empty() ||
         (sorted.front() >= 0 && sorted.back() < int64_t(rank)));
    if (valid)
      return true;
    return fail(ObligationKind::MappedDim,
                "the broadcast_dimensions " + dimsText(dims),
                "expected one distinct result dim per operand dim");
  }

  /// dynamic_broadcast_in_dim's expansion hints (StableHLO C8-C10): operand
  /// dims, each named at most once over both lists.
  bool readHints() {
    std::vector<int64_t> hinted;
    for (auto [name, list] :
         {std::pair{"known_expanding_dimensions", &expanding},
          std::pair{"known_nonexpanding_dimensions", &nonexpanding}}) {
      if (!ctx.attr(name))
        continue;
      std::optional<std::vector<int64_t>> ints = ctx.ints(name);
      if (!ints)
        return fail(ObligationKind::MappedDim,
                    std::string("the ") + name + " attribute",
                    "expected a list of integers");
      *list = *ints;
      hinted.insert(hinted.end(), ints->begin(), ints->end());
    }
    std::string why;
    std::sort(hinted.begin(), hinted.end());
    if (std::adjacent_find(hinted.begin(), hinted.end()) != hinted.end())
      why = "duplicate expansion hint for at least one operand dimension";
    for (int64_t i : hinted)
      if (why.empty() && (i < 0 || i >= int64_t(operand.dims.size())))
        why = "hint for expanding dimension " + std::to_string(i) +
              " does not refer to a valid operand dimension";
    if (!why.empty())
      return fail(ObligationKind::MappedDim, "the expansion hint list", why);
    return true;
  }

  /// The output sizes: the shape operand's extents, else the declared type.
  /// The result dims the operand maps to are the shape operand's entries (a
  /// declared static size differing from one is a result-cast, judged after
  /// the mapped dims), else the declared type.
  bool readOutputSizes() {
    extents = dynamic ? ctx.shapeOperand(1) : std::nullopt;
    if (extents && extents->size() != rank)
      return fail(ObligationKind::Rank,
                  "the output shape of rank " +
                      std::to_string(extents->size()) +
                      " for a result of rank " + std::to_string(rank),
                  "");
    out.assign(rank, solver::kNoTerm);
    for (size_t t = 0; t < rank; ++t) {
      int64_t declared = resultType.dims[t];
      if (extents)
        out[t] = (*extents)[t];
      else if (declared != kDynamic)
        out[t] = ctx.constant(declared);
    }
    // SEMANTICS.md §2: a dim is never negative, an element of the shape
    // operand can be (`in-bounds`, as tensor.empty's sizes).
    for (size_t t = 0; t < rank && extents; ++t)
      if (!ctx.provablyNonNegative(out[t]))
        ctx.require(ObligationKind::InBounds, int(t),
                    ctx.formulas().mkLt(out[t], ctx.constant(0)),
                    "element " + std::to_string(t) + " of the shape operand " +
                        ctx.operandName(1) + " (a size: not negative)");
    return true;
  }

  /// Obligations first; fresh sizes only once the op is known to be valid,
  /// since an erroneous op takes its declared type instead. False when the
  /// op is erroneous.
  bool requireMappedDims() {
    bool erroneous = false;
    for (size_t i = 0; i < dims.size(); ++i) {
      size_t t = size_t(dims[i]);
      TermId x = xDims[i];
      if (out[t] == solver::kNoTerm) {
        openDims.push_back({t, x});
        continue;
      }
      int64_t xs = operand.dims[i], rs = resultType.dims[t];
      bool error = xs != kDynamic && rs != kDynamic && xs != 1 && xs != rs;
      erroneous |= error;
      ctx.requireMappedDim(
          int(t),
          ctx.formulas().mkAnd({ctx.formulas().mkNe(x, ctx.constant(1)),
                                ctx.formulas().mkNe(x, out[t])}),
          "the operand size " + ctx.dimName(0, i) + " mapped to result dim " +
              std::to_string(t) + " (it must be 1 or equal)",
          error, error ? "the sizes differ and the operand's is not 1" : "");
    }
    if (erroneous)
      ctx.resultsFromTypes();
    return !erroneous;
  }

  void defineOpenDims() {
    for (const auto &[t, x] : openDims) {
      // A `?` result dim of broadcast_in_dim: the operand's size unless
      // that is 1.
      TermId r = ctx.freshResultDim(0, t);
      ctx.addFact(ctx.formulas().mkOr({ctx.formulas().mkEq(x, ctx.constant(1)),
                                       ctx.formulas().mkEq(r, x)}));
      out[t] = r;
    }
    for (size_t t = 0; t < rank; ++t)
      if (out[t] == solver::kNoTerm)
        out[t] = ctx.freshResultDim(0, t);
  }

  /// A hint is a promise the lowerings build on (StableHLO's linalg
  /// lowering reads an expanding dim at index 0 and a non-expanding one at
  /// the result's index): a wrong one is undefined behaviour.
  void requireHints() {
    for (int64_t i : expanding) {
      TermId x = xDims[size_t(i)];
      ctx.requireMappedDim(int(dims[size_t(i)]),
                           ctx.formulas().mkNe(x, ctx.constant(1)),
                           "the operand size " + ctx.dimName(0, size_t(i)) +
                               " in known_expanding_dimensions (it must be 1)");
    }
    for (int64_t i : nonexpanding) {
      size_t t = size_t(dims[size_t(i)]);
      TermId x = xDims[size_t(i)];
      ctx.requireMappedDim(
          int(t), ctx.formulas().mkNe(x, out[t]),
          "the operand size " + ctx.dimName(0, size_t(i)) +
              " in known_nonexpanding_dimensions (it must equal result dim " +
              std::to_string(t) + ")");
    }
  }

  /// Phase 2: a declared static size is a cast of the shape operand's entry
  /// (a runtime verdict even when the entry is known: the verifier only
  /// reads shape operands that are constant ops).
  void castToDeclared() {
    for (size_t t = 0; t < rank && extents; ++t) {
      int64_t declared = resultType.dims[t];
      if (declared == kDynamic)
        continue;
      ctx.requireRuntimeCast(
          int(t), ctx.formulas().mkNe(out[t], ctx.constant(declared)),
          "element " + std::to_string(t) + " of the shape operand " +
              ctx.operandName(1) + ", cast to the declared " +
              std::to_string(declared));
      out[t] = ctx.constant(declared);
    }
  }

  OpContext &ctx;
  const std::vector<int64_t> dims; ///< broadcast_dimensions
  const bool dynamic;
  const Type &resultType;
  const Type &operand;
  const size_t rank; ///< the result's
  std::vector<int64_t> expanding, nonexpanding;
  std::optional<std::vector<TermId>> extents;      ///< of the shape operand
  std::vector<TermId> out;                         ///< the result dims
  std::vector<TermId> xDims;                       ///< the operand's dims
  std::vector<std::pair<size_t, TermId>> openDims; ///< `?` result dims
};

/// The binary form: the lower-rank operand's dims go to the columns of
/// the higher-rank one's that `dims` names.
void lowerBinary(OpContext &ctx, std::vector<int64_t> dims) {
  size_t lhsRank = ctx.rank(0);
  size_t rhsRank = ctx.rank(1);
  size_t low = lhsRank < rhsRank ? 0 : 1, high = 1 - low;
  size_t lowRank = std::min(lhsRank, rhsRank);
  size_t highRank = std::max(lhsRank, rhsRank);
  std::optional<std::vector<int64_t>> mapping =
      binaryMapping(ctx, std::move(dims), lowRank, highRank);
  if (!mapping)
    return;
  // The higher-rank operand fills every column; the lower-rank operand
  // its mapped ones (it is 1 elsewhere). Keep operand order in columns.
  std::vector<Column> columns(highRank);
  std::vector<TermId> highDims = ctx.dims(high);
  std::vector<TermId> lowDims = ctx.dims(low);
  auto addHigh = [&](size_t c) {
    columns[c].add(highDims[c], ctx.dimRef(high, c),
                   ctx.operandType(high).dims[c]);
  };
  for (size_t c = 0; c < highRank; ++c) {
    auto it = std::find(mapping->begin(), mapping->end(), int64_t(c));
    if (it == mapping->end() || high == 0)
      addHigh(c);
    if (it != mapping->end()) {
      size_t i = size_t(it - mapping->begin());
      columns[c].add(lowDims[i], ctx.dimRef(low, i),
                     ctx.operandType(low).dims[i]);
      if (high == 1)
        addHigh(c);
    }
  }
  finishBroadcast(ctx, std::move(columns), /*unranked=*/false);
}

} // namespace

void lowerXlaBroadcast(OpContext &ctx, XlaBroadcast form) {
  bool binary = form == XlaBroadcast::Binary;
  bool inDim = form == XlaBroadcast::InDim;
  // An unranked result is fine for the binary ops (the implicit-broadcast
  // rules skip its verification); broadcast_in_dim needs its result rank.
  if (ctx.numResults() != 1 || ctx.numOperands() != (inDim ? 1u : 2u) ||
      !ctx.ranked(0) || (binary && !ctx.ranked(1)) ||
      (!binary && !ctx.resultType(0).hasRank())) {
    ctx.resultsFromTypes(); // unranked or malformed: nothing to check
    return;
  }
  std::optional<std::vector<int64_t>> dims =
      ctx.attr("broadcast_dimensions") ? ctx.ints("broadcast_dimensions")
                                       : std::nullopt;
  if (!dims) {
    ctx.staticError(ObligationKind::MappedDim,
                    "the broadcast_dimensions attribute",
                    "expected a list of integers");
    ctx.resultsFromTypes();
    return;
  }
  if (binary)
    lowerBinary(ctx, std::move(*dims));
  else
    InDimBroadcast(ctx, std::move(*dims), form == XlaBroadcast::DynamicInDim)
        .lower();
}

} // namespace symshape::frontend
