//===- TosaShape.cpp - tosa data-layout ops: reshape, slice, pad, ... -----===//
//
// Shape functions of the tosa ops that move data without computing on it,
// and of the reductions. Lists come as attributes (MLIR 16) or as constant
// operands (current MLIR's `!tosa.shape`, MLIR 16's perms and paddings);
// see TosaInternal.h.
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
/// `!tosa.shape` operand now); one -1 entry is inferred from the element
/// count. The element count is preserved (TOSA: ERROR_IF(tensor_size(
/// shape1) != tensor_size(shape))).
void lowerReshape(OpContext &c) {
  if (!c.expectRanked())
    return;
  std::optional<std::vector<int64_t>> shape = listOf(c, "new_shape", 1);
  if (!shape) {
    c.opaque("new_shape is not a constant integer list");
    return;
  }
  std::optional<size_t> inferred;
  int64_t known = 1;
  for (size_t i = 0; i < shape->size(); ++i) {
    int64_t v = (*shape)[i];
    if (v == -1 && !inferred) {
      inferred = i;
    } else if (v == -1) {
      c.error("expects at most one -1 in new_shape, got " + listText(*shape));
      return;
    } else if (v < 0) {
      c.opaque("new_shape entry " + std::to_string(v) + " is not a size");
      return;
    } else {
      known *= v;
    }
  }
  TermId before = c.product(c.dims(0));
  std::vector<TermId> dims;
  for (int64_t v : *shape)
    dims.push_back(c.constant(v));
  if (inferred) {
    if (known == 0) {
      c.opaque("new_shape " + listText(*shape) +
               " has a 0 next to -1: the -1 is not determined");
      return;
    }
    dims[*inferred] = c.floorDiv(before, c.constant(known));
  }
  std::optional<int64_t> staticBefore = c.graph().constantValue(before);
  if (staticBefore && !inferred && *staticBefore != known) {
    c.error("cannot reshape " + std::to_string(*staticBefore) +
            " elements into new_shape " + listText(*shape));
    return;
  }
  c.requireElementCount(before, c.product(dims),
                        "the element counts of " + c.operandName(0) +
                            " and new_shape " + listText(*shape));
  c.setResult(0, std::move(dims));
}

/// tosa.transpose: result[i] = input[perms[i]]; perms is the `perms`
/// attribute (current MLIR) or a constant operand (MLIR 16).
void lowerTranspose(OpContext &c) {
  if (!c.expectRanked())
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
  if (!c.expectRanked())
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
/// A size of -1 takes the rest of the dim, as MLIR's shape inference does.
void lowerSlice(OpContext &c) {
  if (!c.expectRanked())
    return;
  size_t rank = c.rank(0);
  std::optional<std::vector<int64_t>> start = listOfLength(c, "start", 1, rank);
  std::optional<std::vector<int64_t>> size =
      start ? listOfLength(c, "size", 2, rank) : std::nullopt;
  if (!start || !size)
    return;
  solver::FormulaStore &f = c.formulas();
  std::vector<TermId> out;
  for (size_t d = 0; d < rank; ++d) {
    int64_t st = (*start)[d], sz = (*size)[d];
    if (st < 0 || sz < -1) {
      c.error("expects start >= 0 and size >= 0 (or -1), got start " +
              listText(*start) + " and size " + listText(*size));
      return;
    }
    TermId in = c.dim(0, d), first = c.constant(st);
    TermId end = sz == -1 ? in : c.add(first, c.constant(sz));
    c.requireInBounds(
        f.mkAnd({f.mkLe(first, in), f.mkLe(end, in)}),
        "the slice [" + std::to_string(st) + ", " +
            (sz == -1 ? std::string("end") : std::to_string(st + sz)) +
            ") of " + c.dimName(0, d) + " (dim " + std::to_string(d) + ")");
    out.push_back(sz == -1 ? c.sub(in, first) : c.constant(sz));
  }
  c.setResult(0, std::move(out));
}

/// tosa.pad: result[d] = input[d] + low[d] + high[d]; paddings is a
/// constant [rank, 2] tensor (MLIR 16) or `!tosa.shape<2 * rank>`, both
/// read row-major as low0, high0, low1, ...
void lowerPad(OpContext &c) {
  if (!c.expectRanked())
    return;
  size_t rank = c.rank(0);
  if (c.numOperands() < 2) {
    c.error("expects a paddings operand");
    return;
  }
  std::optional<std::vector<int64_t>> pads = c.constantElements(1);
  if (!pads) {
    c.opaque("paddings are not a constant");
    return;
  }
  if (pads->size() != 2 * rank) {
    c.error("expects " + std::to_string(2 * rank) + " paddings, got " +
            listText(*pads));
    return;
  }
  std::vector<TermId> out;
  for (size_t d = 0; d < rank; ++d) {
    int64_t lo = (*pads)[2 * d], hi = (*pads)[2 * d + 1];
    if (lo < 0 || hi < 0) {
      c.opaque("negative paddings " + listText(*pads) +
               " (the TOSA spec requires paddings >= 0)");
      return;
    }
    out.push_back(c.add(c.dim(0, d), c.constant(lo + hi)));
  }
  c.setResult(0, std::move(out));
}

/// tosa.tile: result[d] = input[d] * multiples[d].
void lowerTile(OpContext &c) {
  if (!c.expectRanked())
    return;
  size_t rank = c.rank(0);
  std::optional<std::vector<int64_t>> multiples =
      listOfLength(c, "multiples", 1, rank);
  if (!multiples)
    return;
  std::vector<TermId> out;
  for (size_t d = 0; d < rank; ++d) {
    int64_t m = (*multiples)[d];
    if (m == -1) {
      c.opaque("multiples " + listText(*multiples) + " has an unknown (-1)");
      return;
    }
    if (m < 0) {
      c.error("expects multiples >= 0, got " + listText(*multiples));
      return;
    }
    out.push_back(c.mul(c.dim(0, d), c.constant(m)));
  }
  c.setResult(0, std::move(out));
}

/// tosa.reduce_*: the axis dim becomes 1 (a rank-0 input with axis 0
/// stays rank 0, as MLIR's verifier allows).
void lowerReduce(OpContext &c) {
  if (!c.expectRanked())
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
  if (!c.expectRanked())
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
  if (!c.expectRanked())
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
  if (!c.expectRanks({3, 2}))
    return;
  c.requireSameDim(0, 0, 1, 0, "batch");
  c.setResult(0, {c.dim(0, 0), c.dim(1, 1), c.dim(0, 2)});
}

/// tosa.scatter: values_in [N, K, C], indices [N, W], input [N, W, C]
/// -> [N, K, C].
void lowerScatter(OpContext &c) {
  if (!c.expectRanks({3, 2, 3}))
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
  if (!c.expectRanks({3, 3}))
    return;
  for (size_t d = 0; d < 3; ++d)
    c.requireSameDim(0, d, 1, d, "real and imaginary");
  c.setResult(0, c.dims(0));
  c.setResult(1, c.dims(0));
}

/// tosa.rfft2d: [N, H, W] -> two results [N, H, W / 2 + 1].
void lowerRfft(OpContext &c) {
  if (!c.expectRanks({3}))
    return;
  std::vector<TermId> out = c.dims(0);
  out[2] = c.add(c.floorDiv(out[2], c.constant(2)), c.constant(1));
  c.setResult(0, out);
  c.setResult(1, out);
}

} // namespace symshape::frontend::tosa
