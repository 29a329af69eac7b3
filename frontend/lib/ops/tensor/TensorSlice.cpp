//===- TensorSlice.cpp - Slices, pads and concatenation -------------------===//
//
//   %s = tensor.extract_slice %t[%o, 0] [%n, 4] [1, 1] : tensor<?x4xf32> to
//   tensor<?x4xf32>
//       result dims = sizes; in bounds per dim (kind `in-bounds`):
//       size == 0, or size > 0 && offset >= 0 && offset + (size-1)*stride < dim
//   %i = tensor.insert_slice %s into %t[..] [..] [..] : S into T
//       result = %t; the same bounds against %t; %s's dims = the sizes
//   %p = tensor.pad %t low[1, %l] high[2, 0] {..} : T to R
//       result dim = source + low + high
//   %c = tensor.concat dim(0) %a, %b : (T, T) -> R
//       dim 0 = %a[0] + %b[0]; the other dims equal (kind `equal`)
//
// A rank-reduced slice drops size-1 dims, matched as MLIR's
// computeRankReductionMask does: greedily, keeping a size when it fits the
// next result dim.
//
//===----------------------------------------------------------------------===//

#include "TensorInternal.h"

namespace symshape::frontend {

namespace {

struct Slice {
  std::vector<TermId> offsets, sizes, strides;
};

/// The offsets, sizes and strides of a slice op whose operands start with
/// `lead` tensors; nullopt (after making the op opaque) if not understood.
std::optional<Slice> readSlice(OpContext &c, size_t lead, size_t rank) {
  std::optional<std::vector<int64_t>> segments = operandSegments(c, lead + 3);
  if (!segments) {
    c.opaque("operand segments not understood");
    return std::nullopt;
  }
  Slice slice;
  std::vector<TermId> *lists[] = {&slice.offsets, &slice.sizes, &slice.strides};
  const char *names[] = {"static_offsets", "static_sizes", "static_strides"};
  for (size_t k = 0; k < 3; ++k) {
    std::optional<std::vector<TermId>> list =
        mixedSizes(c, names[k], segmentStart(*segments, lead + k),
                   size_t((*segments)[lead + k]));
    if (!list || list->size() != rank) {
      c.opaque(std::string(names[k]) + " not understood");
      return std::nullopt;
    }
    *lists[k] = std::move(*list);
  }
  return slice;
}

/// Every dim of the slice lies inside `dims` (operand `operand`).
void requireSliceInBounds(OpContext &c, const Slice &slice, size_t operand) {
  solver::FormulaStore &f = c.formulas();
  std::vector<TermId> dims = c.dims(operand);
  for (size_t d = 0; d < dims.size(); ++d) {
    TermId o = slice.offsets[d], s = slice.sizes[d], t = slice.strides[d];
    TermId last = c.add(o, c.mul(c.sub(s, c.constant(1)), t));
    FormulaId inside =
        f.mkAnd({f.mkLe(c.constant(0), o), f.mkLt(last, dims[d])});
    FormulaId holds = f.mkOr({f.mkEq(s, c.constant(0)),
                              f.mkAnd({f.mkLt(c.constant(0), s), inside})});
    c.requireInBounds(holds, "the slice of " + c.dimName(operand, d) +
                                 " (dim " + std::to_string(d) + ")");
  }
}

/// The sizes a result keeps: all of them, or for a rank-reduced result all
/// but some static 1s, as MLIR's computeRankReductionMask matches them.
/// nullopt if they do not match.
std::optional<std::vector<size_t>> keptDims(OpContext &c, const Type &result) {
  std::optional<std::vector<int64_t>> sizes = c.ints("static_sizes");
  if (!sizes || !result.hasRank())
    return std::nullopt;
  std::vector<size_t> kept;
  size_t rank = result.dims.size();
  if (rank == sizes->size()) {
    for (size_t i = 0; i < rank; ++i)
      kept.push_back(i);
    return kept;
  }
  for (size_t i = 0; i < sizes->size(); ++i) {
    int64_t size = (*sizes)[i] == kDynamicIndex ? kDynamic : (*sizes)[i];
    if (kept.size() < rank && size == result.dims[kept.size()]) {
      kept.push_back(i);
      continue;
    }
    if (size != 1)
      return std::nullopt;
  }
  if (kept.size() != rank)
    return std::nullopt;
  return kept;
}

} // namespace

void lowerExtractSlice(OpContext &c) {
  if (c.numOperands() < 1 || c.numResults() != 1 || !c.expectRanked())
    return;
  std::optional<Slice> slice = readSlice(c, 1, c.rank(0));
  if (!slice)
    return;
  std::optional<std::vector<size_t>> kept = keptDims(c, c.resultType(0));
  if (!kept) {
    c.error("result type '" + c.resultType(0).str() +
            "' does not match the slice sizes");
    return;
  }
  requireSliceInBounds(c, *slice, 0);
  std::vector<TermId> dims;
  for (size_t i : *kept)
    dims.push_back(slice->sizes[i]);
  c.setResult(0, dims);
}

void lowerInsertSlice(OpContext &c) {
  if (c.numOperands() < 2 || c.numResults() != 1 || !c.expectRanked())
    return;
  std::optional<Slice> slice = readSlice(c, 2, c.rank(1));
  if (!slice)
    return;
  std::optional<std::vector<size_t>> kept = keptDims(c, c.operandType(0));
  if (!kept) {
    c.error("source type '" + c.operandType(0).str() +
            "' does not match the slice sizes");
    return;
  }
  for (size_t k = 0; k < kept->size(); ++k) {
    TermId size = slice->sizes[(*kept)[k]];
    std::optional<int64_t> s = c.constantValue(size);
    std::optional<int64_t> source = c.staticDim(0, k);
    if (s && source && *s != *source) {
      c.error("source dim " + std::to_string(k) + " is " +
              std::to_string(*source) + " but the slice size is " +
              std::to_string(*s));
      return;
    }
    c.requireEqual(c.dim(0, k), size,
                   "the source size " + c.dimName(0, k) +
                       " and the slice size (dim " +
                       std::to_string((*kept)[k]) + ")");
  }
  requireSliceInBounds(c, *slice, 1);
  c.setResult(0, c.dims(1));
}

void lowerPad(OpContext &c) {
  if (c.numOperands() < 1 || c.numResults() != 1 || !c.expectRanked())
    return;
  std::optional<std::vector<int64_t>> segments = operandSegments(c, 3);
  if (!segments) {
    c.opaque("operand segments not understood");
    return;
  }
  std::optional<std::vector<TermId>> low =
      mixedSizes(c, "static_low", 1, size_t((*segments)[1]));
  std::optional<std::vector<TermId>> high = mixedSizes(
      c, "static_high", segmentStart(*segments, 2), size_t((*segments)[2]));
  size_t rank = c.rank(0);
  if (!low || !high || low->size() != rank || high->size() != rank) {
    c.opaque("padding not understood");
    return;
  }
  std::vector<TermId> dims;
  for (size_t d = 0; d < rank; ++d)
    dims.push_back(c.add(c.dim(0, d), c.add((*low)[d], (*high)[d])));
  c.setResult(0, dims);
}

void lowerConcat(OpContext &c) {
  std::optional<int64_t> axis = c.integer("dim");
  if (c.numOperands() < 1 || c.numResults() != 1 || !c.expectRanked())
    return;
  size_t rank = c.rank(0);
  if (!axis || *axis < 0 || size_t(*axis) >= rank) {
    c.error("expects a dim attribute within the rank " + std::to_string(rank));
    return;
  }
  for (size_t i = 1; i < c.numOperands(); ++i)
    if (c.rank(i) != rank) {
      c.error("expects operands of one rank, got '" + c.operandType(0).str() +
              "' and '" + c.operandType(i).str() + "'");
      return;
    }
  std::vector<TermId> dims = c.dims(0);
  for (size_t i = 1; i < c.numOperands(); ++i)
    for (size_t d = 0; d < rank; ++d) {
      if (d == size_t(*axis))
        dims[d] = c.add(dims[d], c.dim(i, d));
      else
        c.requireSameDim(0, d, i, d, "concatenated operand");
    }
  c.setResult(0, dims);
}

} // namespace symshape::frontend
