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

#include "lowering/LoweringImpl.h"

#include <algorithm>

namespace symshape::frontend {

using solver::ObligationKind;
using solver::SymbolOrigin;

namespace {

/// index, i32, si64, ui8: an element type whose values can be sizes.
bool isIntegerElement(const std::string &element) {
  if (element == "index")
    return true;
  size_t p = element.rfind("si", 0) == 0 || element.rfind("ui", 0) == 0 ? 2
             : element.rfind("i", 0) == 0                               ? 1
                                                                        : 0;
  if (p == 0 || p >= element.size())
    return false;
  for (; p < element.size(); ++p)
    if (element[p] < '0' || element[p] > '9')
      return false;
  return true;
}

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

std::optional<std::vector<TermId>> Lowerer::shapeExtents(ValueId id) {
  if (std::optional<std::vector<TermId>> known = extentsOf(id))
    return known;
  // A 1-D integer tensor of static length read as a shape: one size per
  // element, kept with the value so that every use sees the same sizes.
  const Type &type = value(id).type;
  if (!value(id).typeKnown || type.kind != TypeKind::RankedTensor ||
      type.dims.size() != 1 || type.dims[0] == kDynamic ||
      !isIntegerElement(type.element))
    return std::nullopt;
  ValueState &s = states[id];
  s.hasExtents = true;
  s.extents.clear();
  for (int64_t i = 0; i < type.dims[0]; ++i)
    s.extents.push_back(
        freshDim(dimName(id, size_t(i)), SymbolOrigin::OpaqueDim));
  return s.extents;
}

namespace {

/// The binary form's `broadcast_dimensions` as the dims of the higher-rank
/// operand that the lower-rank one maps to, or nullopt after a static error.
/// Operands of equal rank take only the identity (or no list).
std::optional<std::vector<int64_t>>
binaryMapping(Lowerer &l, const Operation &op, std::vector<int64_t> mapping,
              size_t lowRank, size_t highRank) {
  if (lowRank == highRank) { // no rank change: only the identity makes sense
    bool identity = mapping.empty();
    if (mapping.size() == lowRank) {
      identity = true;
      for (size_t i = 0; i < lowRank; ++i)
        identity &= mapping[i] == int64_t(i);
    }
    if (!identity) {
      l.oblige(op, ObligationKind::MappedDim, -1, l.formulas().mkTrue(),
               "the broadcast_dimensions " + dimsText(mapping), true,
               "operands of equal rank take no broadcast_dimensions (seed "
               "003)");
      l.lowerOpaque(op);
      return std::nullopt;
    }
    mapping.clear();
    for (size_t i = 0; i < lowRank; ++i)
      mapping.push_back(int64_t(i));
  } else if (mapping.size() != lowRank ||
             !strictlyIncreasing(mapping, int64_t(highRank))) {
    l.oblige(op, ObligationKind::MappedDim, -1, l.formulas().mkTrue(),
             "the broadcast_dimensions " + dimsText(mapping), true,
             "XLA broadcasting needs one strictly increasing dim of the "
             "higher-rank "
             "operand per dim of the lower-rank one");
    l.lowerOpaque(op);
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
  InDimBroadcast(Lowerer &l, const Operation &op, std::vector<int64_t> dims,
                 bool dynamic)
      : l(l), op(op), dims(std::move(dims)), dynamic(dynamic),
        result(op.results[0]), resultType(l.value(result).type),
        operand(l.operandType(op, 0)), rank(resultType.dims.size()) {}

  void lower() {
    if (!checkDims() || (dynamic && !readHints()) || !readOutputSizes())
      return;
    xDims = l.operandDims(op, 0);
    if (!requireMappedDims())
      return;
    defineOpenDims();
    requireHints();
    castToDeclared();
    l.defineDims(result, std::move(out));
  }

private:
  /// A static error of the op: its result follows its declared type.
  bool fail(ObligationKind kind, std::string subject, std::string why) {
    l.oblige(op, kind, -1, l.formulas().mkTrue(), std::move(subject), true,
             std::move(why));
    l.lowerOpaque(op);
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
      const Attribute *hint = findAttr(op.attributes, name);
      if (!hint)
        continue;
      std::optional<std::vector<int64_t>> ints = Lowerer::intList(*hint);
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
    extents = dynamic ? l.shapeExtents(op.operands[1]) : std::nullopt;
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
        out[t] = l.graph().constant(declared);
    }
    // SEMANTICS.md §2: a dim is never negative, an element of the shape
    // operand can be (`in-bounds`, as tensor.empty's sizes).
    for (size_t t = 0; t < rank && extents; ++t)
      if (!l.graph().provablyNonNegative(out[t]))
        l.oblige(op, ObligationKind::InBounds, int(t),
                 l.formulas().mkLt(out[t], l.graph().constant(0)),
                 "element " + std::to_string(t) + " of the shape operand " +
                     l.refName(op.operands[1]) + " (a size: not negative)");
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
      l.oblige(op, ObligationKind::MappedDim, int(t),
               l.formulas().mkAnd({l.formulas().mkNe(x, l.graph().constant(1)),
                                   l.formulas().mkNe(x, out[t])}),
               "the operand size " + l.operandDimName(op, 0, i) +
                   " mapped to result dim " + std::to_string(t) +
                   " (it must be 1 or equal)",
               error,
               error ? "the sizes differ and the operand's is not 1" : "");
    }
    if (erroneous)
      l.lowerOpaque(op);
    return !erroneous;
  }

  void defineOpenDims() {
    for (const auto &[t, x] : openDims) {
      // A `?` result dim of broadcast_in_dim: the operand's size unless
      // that is 1.
      TermId r = l.freshDim(l.dimName(result, t), SymbolOrigin::OpaqueDim);
      l.problem().addFact(
          l.formulas().mkOr({l.formulas().mkEq(x, l.graph().constant(1)),
                             l.formulas().mkEq(r, x)}));
      out[t] = r;
    }
    for (size_t t = 0; t < rank; ++t)
      if (out[t] == solver::kNoTerm)
        out[t] = l.freshDim(l.dimName(result, t), SymbolOrigin::OpaqueDim);
  }

  /// A hint is a promise the lowerings build on (StableHLO's linalg
  /// lowering reads an expanding dim at index 0 and a non-expanding one at
  /// the result's index): a wrong one is undefined behaviour.
  void requireHints() {
    for (int64_t i : expanding) {
      TermId x = xDims[size_t(i)];
      l.oblige(op, ObligationKind::MappedDim, int(dims[size_t(i)]),
               l.formulas().mkNe(x, l.graph().constant(1)),
               "the operand size " + l.operandDimName(op, 0, size_t(i)) +
                   " in known_expanding_dimensions (it must be 1)");
    }
    for (int64_t i : nonexpanding) {
      size_t t = size_t(dims[size_t(i)]);
      TermId x = xDims[size_t(i)];
      l.oblige(op, ObligationKind::MappedDim, int(t),
               l.formulas().mkNe(x, out[t]),
               "the operand size " + l.operandDimName(op, 0, size_t(i)) +
                   " in known_nonexpanding_dimensions (it must equal result "
                   "dim " +
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
      l.oblige(op, ObligationKind::ResultCast, int(t),
               l.formulas().mkNe(out[t], l.graph().constant(declared)),
               "element " + std::to_string(t) + " of the shape operand " +
                   l.refName(op.operands[1]) + ", cast to the declared " +
                   std::to_string(declared));
      out[t] = l.graph().constant(declared);
    }
  }

  Lowerer &l;
  const Operation &op;
  const std::vector<int64_t> dims; ///< broadcast_dimensions
  const bool dynamic;
  const ValueId result;
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
void lowerBinary(Lowerer &l, const Operation &op, std::vector<int64_t> dims) {
  size_t lhsRank = l.operandType(op, 0).dims.size();
  size_t rhsRank = l.operandType(op, 1).dims.size();
  size_t low = lhsRank < rhsRank ? 0 : 1, high = 1 - low;
  size_t lowRank = std::min(lhsRank, rhsRank);
  size_t highRank = std::max(lhsRank, rhsRank);
  std::optional<std::vector<int64_t>> mapping =
      binaryMapping(l, op, std::move(dims), lowRank, highRank);
  if (!mapping)
    return;
  // The higher-rank operand fills every column; the lower-rank operand
  // its mapped ones (it is 1 elsewhere). Keep operand order in columns.
  std::vector<Column> columns(highRank);
  std::vector<TermId> highDims = l.operandDims(op, high);
  std::vector<TermId> lowDims = l.operandDims(op, low);
  auto addHigh = [&](size_t c) {
    columns[c].add(highDims[c], l.operandDimRef(op, high, c),
                   l.operandType(op, high).dims[c]);
  };
  for (size_t c = 0; c < highRank; ++c) {
    auto it = std::find(mapping->begin(), mapping->end(), int64_t(c));
    if (it == mapping->end() || high == 0)
      addHigh(c);
    if (it != mapping->end()) {
      size_t i = size_t(it - mapping->begin());
      columns[c].add(lowDims[i], l.operandDimRef(op, low, i),
                     l.operandType(op, low).dims[i]);
      if (high == 1)
        addHigh(c);
    }
  }
  l.finishBroadcast(op, std::move(columns), /*unranked=*/false);
}

} // namespace

void Lowerer::lowerXlaBroadcast(const Operation &op, XlaBroadcast form) {
  bool binary = form == XlaBroadcast::Binary;
  bool inDim = form == XlaBroadcast::InDim;
  // An unranked result is fine for the binary ops (the implicit-broadcast
  // rules skip its verification); broadcast_in_dim needs its result rank.
  if (op.results.size() != 1 || op.operands.size() != (inDim ? 1u : 2u) ||
      !operandType(op, 0).hasRank() ||
      (binary && !operandType(op, 1).hasRank()) ||
      (!binary && !value(op.results[0]).type.hasRank())) {
    lowerOpaque(op); // unranked or malformed: nothing to check
    return;
  }
  const Attribute *attr = findAttr(op.attributes, "broadcast_dimensions");
  std::optional<std::vector<int64_t>> dims =
      attr ? intList(*attr) : std::optional<std::vector<int64_t>>();
  if (!dims) {
    oblige(op, ObligationKind::MappedDim, -1, formulas().mkTrue(),
           "the broadcast_dimensions attribute", true,
           "expected a list of integers");
    lowerOpaque(op);
    return;
  }
  if (binary)
    lowerBinary(*this, op, std::move(*dims));
  else
    InDimBroadcast(*this, op, std::move(*dims),
                   form == XlaBroadcast::DynamicInDim)
        .lower();
}

} // namespace symshape::frontend
