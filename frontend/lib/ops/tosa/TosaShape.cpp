//===- TosaShape.cpp - tosa data-layout ops: reshape, slice, pad, ... -----===//
//
// Shape functions of the tosa ops that move data without computing on it,
// and of the reductions. Lists come as attributes (MLIR 16) or as operands
// with known elements (current MLIR's `!tosa.shape`, MLIR 16's constant
// perms and paddings); see TosaInternal.h.
//
//===----------------------------------------------------------------------===//

#include "TosaInternal.h"

namespace symshape::frontend::tosa {

namespace {

/// The integer attribute `axis`, checked against `rank` (the op's
/// verifier: 0 <= axis < rank). nullopt after an error or when opaque.
std::optional<size_t> axisOf(OpContext &c, size_t rank) {
  std::optional<int64_t> axis = c.integer("axis");
  if (!axis) {
    c.opaque("axis is not an integer attribute");
    return std::nullopt;
  }
  if (*axis < 0 || size_t(*axis) >= rank) {
    c.error("expects an axis in [0, " + std::to_string(rank) + "), got " +
            std::to_string(*axis));
    return std::nullopt;
  }
  return size_t(*axis);
}

} // namespace

/// tosa.reshape: the result is `new_shape` (attribute in MLIR 16, a
/// `!tosa.shape` operand now, whose entries may be symbolic); one -1 entry
/// is inferred from the element count. The element count is preserved
/// (TOSA: ERROR_IF(tensor_size(shape1) != tensor_size(shape))).
void lowerReshape(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  std::optional<std::vector<TermId>> shape = termsOf(c, "new_shape", 1);
  if (!shape) {
    c.opaque("new_shape is not a known integer list");
    return;
  }
  std::optional<size_t> inferred;
  std::vector<TermId> known;
  for (size_t i = 0; i < shape->size(); ++i) {
    std::optional<int64_t> v = c.constantValue((*shape)[i]);
    if (v == -1 && !inferred) {
      inferred = i;
    } else if (v == -1) {
      c.error("expects at most one -1 in new_shape, got " +
              termsText(c, *shape));
      return;
    } else if (v && *v < 0) {
      c.opaque("new_shape entry " + std::to_string(*v) + " is not a size");
      return;
    } else {
      known.push_back((*shape)[i]);
    }
  }
  requireSizes(c, *shape, "new_shape");
  TermId before = c.product(c.dims(0));
  TermId knownProduct = c.product(known);
  std::vector<TermId> dims = *shape;
  if (inferred) {
    if (c.constantValue(knownProduct) == 0) {
      c.opaque("new_shape " + termsText(c, *shape) +
               " has a 0 next to -1: the -1 is not determined");
      return;
    }
    dims[*inferred] = c.floorDiv(before, knownProduct);
  }
  std::optional<int64_t> staticBefore = c.constantValue(before);
  std::optional<int64_t> staticAfter = c.constantValue(knownProduct);
  if (staticBefore && staticAfter && !inferred &&
      *staticBefore != *staticAfter) {
    c.error("cannot reshape " + std::to_string(*staticBefore) +
            " elements into new_shape " + termsText(c, *shape));
    return;
  }
  c.requireElementCount(before, c.product(dims),
                        "the element counts of " + c.operandName(0) +
                            " and new_shape " + termsText(c, *shape));
  c.setResult(0, std::move(dims));
}

/// tosa.transpose: result[i] = input[perms[i]]; perms is the `perms`
/// attribute (current MLIR) or a constant operand (MLIR 16).
void lowerTranspose(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  size_t rank = c.rank(0);
  std::optional<std::vector<int64_t>> perms = listOfLength(c, "perms", 1, rank);
  if (!perms)
    return;
  std::vector<bool> seen(rank, false);
  for (int64_t p : *perms) {
    if (p < 0 || size_t(p) >= rank || seen[size_t(p)]) {
      c.error("expects perms to be a permutation of [0, " +
              std::to_string(rank) + "), got " + listText(*perms));
      return;
    }
    seen[size_t(p)] = true;
  }
  std::vector<TermId> in = c.dims(0), out;
  for (int64_t p : *perms)
    out.push_back(in[size_t(p)]);
  c.setResult(0, std::move(out));
}

/// tosa.concat: operands of one rank, equal on every dim but `axis`; the
/// result's axis dim is their sum.
void lowerConcat(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  if (c.numOperands() == 0) {
    c.error("expects at least one operand");
    return;
  }
  size_t rank = c.rank(0);
  std::optional<size_t> axis = axisOf(c, rank);
  if (!axis)
    return;
  for (size_t i = 1; i < c.numOperands(); ++i)
    if (c.rank(i) != rank) {
      c.error("expects operands of one rank, got '" + c.operandType(0).str() +
              "' and '" + c.operandType(i).str() + "'");
      return;
    }
  TermId sum = c.dim(0, *axis);
  for (size_t i = 1; i < c.numOperands(); ++i) {
    for (size_t d = 0; d < rank; ++d)
      if (d != *axis)
        c.requireSameDim(0, d, i, d, "non-axis");
    sum = c.add(sum, c.dim(i, *axis));
  }
  std::vector<TermId> out = c.dims(0);
  out[*axis] = sum;
  c.setResult(0, std::move(out));
}

/// tosa.slice: result[d] = size[d], the slice [start, start + size) inside
/// the input (TOSA: ERROR_IF(start < 0), ERROR_IF(shape1 < start + size)).
/// A constant size of -1 takes the rest of the dim, as MLIR's shape
/// inference does.
void lowerSlice(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  size_t rank = c.rank(0);
  std::optional<std::vector<TermId>> start = termsOfLength(c, "start", 1, rank);
  std::optional<std::vector<TermId>> size =
      start ? termsOfLength(c, "size", 2, rank) : std::nullopt;
  if (!start || !size)
    return;
  solver::FormulaStore &f = c.formulas();
  TermId zero = c.constant(0);
  std::vector<TermId> out;
  for (size_t d = 0; d < rank; ++d) {
    TermId first = (*start)[d], count = (*size)[d];
    std::optional<int64_t> st = c.constantValue(first);
    std::optional<int64_t> sz = c.constantValue(count);
    if ((st && *st < 0) || (sz && *sz < -1)) {
      c.error("expects start >= 0 and size >= 0 (or -1), got start " +
              termsText(c, *start) + " and size " + termsText(c, *size));
      return;
    }
    TermId in = c.dim(0, d);
    bool rest = sz == -1;
    TermId end = rest ? in : c.add(first, count);
    std::vector<FormulaId> holds = {f.mkLe(zero, first), f.mkLe(first, in),
                                    f.mkLe(end, in)};
    if (!rest)
      holds.push_back(f.mkLe(zero, count));
    c.requireInBounds(f.mkAnd(holds), "the slice of " + c.dimName(0, d) +
                                          " (dim " + std::to_string(d) +
                                          ") from " + termsText(c, {first}) +
                                          ", size " + termsText(c, {count}));
    out.push_back(rest ? c.sub(in, first) : count);
  }
  c.setResult(0, std::move(out));
}

/// tosa.pad: result[d] = input[d] + low[d] + high[d]; paddings is a
/// constant [rank, 2] tensor (MLIR 16) or `!tosa.shape<2 * rank>`, both
/// read row-major as low0, high0, low1, ...
void lowerPad(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  size_t rank = c.rank(0);
  if (c.numOperands() < 2) {
    c.error("expects a paddings operand");
    return;
  }
  std::optional<std::vector<TermId>> pads = c.elements(1);
  if (!pads) {
    c.opaque("paddings are not known");
    return;
  }
  if (pads->size() != 2 * rank) {
    c.error("expects " + std::to_string(2 * rank) + " paddings, got " +
            termsText(c, *pads));
    return;
  }
  for (TermId pad : *pads)
    if (std::optional<int64_t> v = c.constantValue(pad); v && *v < 0) {
      c.opaque("negative paddings " + termsText(c, *pads) +
               " (the TOSA spec requires paddings >= 0)");
      return;
    }
  requireSizes(c, *pads, "paddings");
  std::vector<TermId> out;
  for (size_t d = 0; d < rank; ++d)
    out.push_back(
        c.add(c.dim(0, d), c.add((*pads)[2 * d], (*pads)[2 * d + 1])));
  c.setResult(0, std::move(out));
}

/// tosa.tile: result[d] = input[d] * multiples[d].
void lowerTile(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  size_t rank = c.rank(0);
  std::optional<std::vector<TermId>> multiples =
      termsOfLength(c, "multiples", 1, rank);
  if (!multiples)
    return;
  for (TermId m : *multiples) {
    std::optional<int64_t> v = c.constantValue(m);
    if (v == -1) {
      c.opaque("multiples " + termsText(c, *multiples) +
               " has an unknown (-1)");
      return;
    }
    if (v && *v < 0) {
      c.error("expects multiples >= 0, got " + termsText(c, *multiples));
      return;
    }
  }
  requireSizes(c, *multiples, "multiples");
  std::vector<TermId> out;
  for (size_t d = 0; d < rank; ++d)
    out.push_back(c.mul(c.dim(0, d), (*multiples)[d]));
  c.setResult(0, std::move(out));
}

/// tosa.reduce_*: the axis dim becomes 1 (a rank-0 input with axis 0
/// stays rank 0, as MLIR's verifier allows).
void lowerReduce(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  size_t rank = c.rank(0);
  if (rank == 0 && c.integer("axis") == 0) {
    c.setResult(0, {});
    return;
  }
  std::optional<size_t> axis = axisOf(c, rank);
  if (!axis)
    return;
  std::vector<TermId> out = c.dims(0);
  out[*axis] = c.constant(1);
  c.setResult(0, std::move(out));
}

/// tosa.argmax: the axis dim is removed.
void lowerArgmax(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  std::optional<size_t> axis = axisOf(c, c.rank(0));
  if (!axis)
    return;
  std::vector<TermId> out = c.dims(0);
  out.erase(out.begin() + std::ptrdiff_t(*axis));
  c.setResult(0, std::move(out));
}

/// tosa.reverse: the operand's shape; axis within the rank.
void lowerReverse(OpContext &c) {
  if (!expectRankedOperands(c))
    return;
  if (c.rank(0) == 0 && c.integer("axis") == 0) {
    c.setResult(0, {});
    return;
  }
  if (axisOf(c, c.rank(0)))
    c.setResult(0, c.dims(0));
}

/// tosa.gather: values [N, K, C], indices [N, W] -> [N, W, C].
void lowerGather(OpContext &c) {
  if (!expectOperandRanks(c, {3, 2}))
    return;
  c.requireSameDim(0, 0, 1, 0, "batch");
  c.setResult(0, {c.dim(0, 0), c.dim(1, 1), c.dim(0, 2)});
}

/// tosa.scatter: values_in [N, K, C], indices [N, W], input [N, W, C]
/// -> [N, K, C].
void lowerScatter(OpContext &c) {
  if (!expectOperandRanks(c, {3, 2, 3}))
    return;
  c.requireSameDim(0, 0, 1, 0, "batch");
  c.requireSameDim(0, 0, 2, 0, "batch");
  c.requireSameDim(1, 1, 2, 1, "index count");
  c.requireSameDim(0, 2, 2, 2, "channel");
  c.setResult(0, c.dims(0));
}

/// tosa.fft2d: real and imaginary inputs [N, H, W] of one shape; both
/// results have it.
void lowerFft(OpContext &c) {
  if (!expectOperandRanks(c, {3, 3}))
    return;
  for (size_t d = 0; d < 3; ++d)
    c.requireSameDim(0, d, 1, d, "real and imaginary");
  c.setResult(0, c.dims(0));
  c.setResult(1, c.dims(0));
}

/// tosa.rfft2d: [N, H, W] -> two results [N, H, W / 2 + 1].
void lowerRfft(OpContext &c) {
  if (!expectOperandRanks(c, {3}))
    return;
  std::vector<TermId> out = c.dims(0);
  out[2] = c.add(c.floorDiv(out[2], c.constant(2)), c.constant(1));
  c.setResult(0, out);
  c.setResult(1, out);
}

} // namespace symshape::frontend::tosa
