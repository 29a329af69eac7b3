//===- TorchRelayout.cpp - Narrows, tiles, squeezes and pads --------------===//
//
// torch.narrow (length elements from start, start may count from the
// end), torch.tile (ones prepended to the shorter of dims and the shape),
// torch.roll (the same shape; shifts and dims agree), Tensor.expand_as,
// torch.t (at most 2-D), torch.squeeze without a dim and with a dim list
// (dims of size 1 removed), torch.unflatten (one dim into sizes, one -1
// inferred) and torch.nn.functional.pad (constant mode; other modes are
// opaque). Each rule follows its op's PyTorch documentation, by op name.
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"

namespace symshape::frontend {

void lowerTorchNarrow(OpContext &c) {
  // torch.narrow(input, dim, start, length): "start ... Can be negative,
  // which means indexing from the end of dim"; start in [-n, n] and
  // start + length within the dim, length not negative.
  if (!selfAndList(c, 4))
    return;
  if (c.rank(0) == 0)
    return c.error("narrow() cannot be applied to a 0-dim tensor");
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0));
  if (!d)
    return;
  solver::FormulaStore &f = c.formulas();
  TermId n = c.dim(0, *d), start = c.scalar(2), length = c.scalar(3);
  TermId zero = c.constant(0);
  c.requireInBounds(f.mkAnd({f.mkLe(c.sub(zero, n), start), f.mkLe(start, n)}),
                    "the start " + c.operandName(2) + " within " +
                        c.dimName(0, *d));
  c.requireInBounds(f.mkLe(zero, length),
                    "the length " + c.operandName(3) + " not negative");
  TermId from = c.selectLe(zero, start, start, c.add(start, n));
  c.requireInBounds(f.mkLe(c.add(from, length), n),
                    "start + length within " + c.dimName(0, *d));
  std::vector<TermId> dims = c.dims(0);
  dims[*d] = length;
  c.setResult(0, std::move(dims));
}

void lowerTorchTile(OpContext &c) {
  // torch.tile(input, dims): "If dims specifies fewer dimensions than input
  // has, then ones are prepended to dims"; a longer dims treats input as
  // unsqueezed at dim 0. Then Tensor.repeat: a negative count is an error.
  if (!selfAndList(c, 2))
    return;
  std::optional<std::vector<TermId>> counts = intList(c, 1);
  if (!counts)
    return c.opaque("the repeat counts " + c.operandName(1) + " are not known");
  std::vector<TermId> dims = c.dims(0);
  while (counts->size() < dims.size())
    counts->insert(counts->begin(), c.constant(1));
  while (dims.size() < counts->size())
    dims.insert(dims.begin(), c.constant(1));
  for (size_t k = 0; k < dims.size(); ++k) {
    c.requireInBounds(c.formulas().mkLe(c.constant(0), (*counts)[k]),
                      "repeat count " + std::to_string(k) + " of " +
                          c.operandName(1) + " not negative");
    dims[k] = c.mul(dims[k], (*counts)[k]);
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchRoll(OpContext &c) {
  // torch.roll(input, shifts, dims): the shape of input; with no dims one
  // shift (the flattened tensor), else one shift per dim, dims in range.
  if (!selfAndList(c, 3))
    return;
  std::optional<std::vector<TermId>> shifts = intList(c, 1);
  std::optional<std::vector<TermId>> dims = intList(c, 2);
  if (!shifts || !dims)
    return c.opaque("the shifts or dims are not known");
  if (dims->empty() ? shifts->size() != 1 : shifts->size() != dims->size())
    return c.error(
        "shifts and dimensions must align: " + std::to_string(shifts->size()) +
        " shifts, " + std::to_string(dims->size()) + " dims");
  for (TermId t : *dims) {
    std::optional<int64_t> v = c.constantValue(t);
    if (!v)
      return c.opaque("a rolled dim is not a constant");
    if (!normaliseDim(c, *v, c.rank(0)))
      return;
  }
  c.setResult(0, c.dims(0));
}

void lowerTorchExpandAs(OpContext &c) {
  // Tensor.expand_as(other): self.expand(other.size()): aligned from the
  // last dim, each size of self 1 or other's.
  if (!selfAndList(c, 2))
    return;
  if (!c.ranked(1))
    return c.opaque("operand 1 is not a ranked tensor");
  size_t rank = c.rank(0), to = c.rank(1);
  if (to < rank)
    return c.error("the number of sizes provided must be greater or equal "
                   "to the number of dimensions in the tensor");
  for (size_t k = 0; k < rank; ++k) {
    size_t e = to - rank + k;
    TermId own = c.dim(0, k), size = c.dim(1, e);
    c.require(solver::ObligationKind::Broadcast, int(e),
              c.formulas().mkAnd({c.formulas().mkNe(own, c.constant(1)),
                                  c.formulas().mkNe(own, size)}),
              "the size " + c.dimName(0, k) + " expanded to " +
                  c.dimName(1, e));
  }
  c.setResult(0, c.dims(1));
}

void lowerTorchT(OpContext &c) {
  // torch.t(input): "Expects input to be <= 2-D tensor and transposes
  // dimensions 0 and 1. 0-D and 1-D tensors are returned as is."
  if (!selfAndList(c, 1))
    return;
  if (c.rank(0) > 2)
    return c.error("t() expects a tensor with <= 2 dimensions, but self is " +
                   std::to_string(c.rank(0)) + "D");
  std::vector<TermId> dims = c.dims(0);
  if (dims.size() == 2)
    std::swap(dims[0], dims[1]);
  c.setResult(0, std::move(dims));
}

/// Removes the dims of operand 0 marked in `squeezed` whose size is 1; the
/// op is opaque when such a size is not a constant.
static void squeezeDims(OpContext &c, const std::vector<bool> &squeezed) {
  std::vector<TermId> dims;
  for (size_t d = 0; d < c.rank(0); ++d) {
    if (!squeezed[d]) {
      dims.push_back(c.dim(0, d));
      continue;
    }
    std::optional<int64_t> size = c.constantValue(c.dim(0, d));
    if (!size)
      return c.opaque("whether the size " + c.dimName(0, d) +
                      " is 1 is not known");
    if (*size != 1)
      dims.push_back(c.dim(0, d));
  }
  c.setResult(0, std::move(dims));
}

void lowerTorchSqueeze(OpContext &c) {
  // torch.squeeze(input): "all specified dimensions of input of size 1
  // removed" -- every dim when none is given.
  if (!selfAndList(c, 1))
    return;
  squeezeDims(c, std::vector<bool>(c.rank(0), true));
}

void lowerTorchSqueezeDims(OpContext &c) {
  // torch.squeeze(input, dims) with a tuple of dims, each in range once.
  if (!selfAndList(c, 2))
    return;
  std::optional<std::vector<TermId>> list = intList(c, 1);
  if (!list)
    return c.opaque("the dims " + c.operandName(1) + " are not known");
  std::vector<bool> squeezed(std::max<size_t>(c.rank(0), 1), false);
  for (TermId t : *list) {
    std::optional<int64_t> v = c.constantValue(t);
    if (!v)
      return c.opaque("a squeezed dim is not a constant");
    std::optional<size_t> d = normaliseDim(c, *v, c.rank(0));
    if (!d)
      return;
    if (squeezed[*d])
      return c.error("dim " + std::to_string(*d) +
                     " appears multiple times in the list of dims");
    squeezed[*d] = true;
  }
  squeezed.resize(c.rank(0));
  squeezeDims(c, squeezed);
}

void lowerTorchUnflatten(OpContext &c) {
  // torch.unflatten(input, dim, sizes): dim becomes sizes; "One of its
  // elements can be -1 in which case the corresponding output dimension is
  // inferred. Otherwise, the product of sizes must equal input.shape[dim]."
  if (!selfAndList(c, 3))
    return;
  if (c.rank(0) == 0)
    return c.error("unflatten() cannot be applied to a 0-dim tensor");
  std::optional<size_t> d = dimIndex(c, 1, c.rank(0));
  if (!d)
    return;
  std::optional<std::vector<TermId>> sizes = intList(c, 2);
  if (!sizes)
    return c.opaque("the sizes " + c.operandName(2) + " are not known");
  if (sizes->empty())
    return c.error("unflatten: sizes must be non-empty");
  std::optional<size_t> inferred;
  std::vector<TermId> known;
  if (!splitInferredSize(c, *sizes, inferred, known))
    return;
  TermId n = c.dim(0, *d);
  std::vector<TermId> pieces = *sizes;
  FormulaId violation = c.formulas().mkFalse();
  if (inferred) {
    TermId rest = c.product(known);
    pieces[*inferred] = c.floorDiv(n, rest);
    violation = c.formulas().mkEq(rest, c.constant(0));
  }
  violation =
      c.formulas().mkOr({violation, c.formulas().mkNe(n, c.product(pieces))});
  c.require(solver::ObligationKind::ElementCount, -1, violation,
            "the product of " + c.operandName(2) + " and " + c.dimName(0, *d));
  std::vector<TermId> dims = c.dims(0);
  dims.erase(dims.begin() + std::ptrdiff_t(*d));
  dims.insert(dims.begin() + std::ptrdiff_t(*d), pieces.begin(), pieces.end());
  c.setResult(0, std::move(dims));
}

void lowerTorchPad(OpContext &c) {
  // torch.nn.functional.pad(input, pad, mode, value): pairs of paddings
  // from the last dim backwards; "constant" mode: a negative padding crops,
  // a size not negative after it. The other modes have limits of their own
  // (the padding below the input size): not read.
  if (!selfAndList(c, 4))
    return;
  std::optional<int64_t> mode = c.constantValue(c.scalar(2));
  if (!mode || *mode != int64_t(TorchPadMode::Constant))
    return c.opaque("a padding mode other than \"constant\"");
  std::optional<std::vector<TermId>> pads = intList(c, 1);
  if (!pads)
    return c.opaque("the padding " + c.operandName(1) + " is not known");
  size_t rank = c.rank(0);
  if (pads->size() % 2 != 0 || pads->size() / 2 > rank)
    return c.error("Padding length must be divisible by 2 and at most twice "
                   "the rank");
  std::vector<TermId> dims = c.dims(0);
  for (size_t k = 0; k < pads->size() / 2; ++k) {
    size_t d = rank - 1 - k;
    TermId size = c.add(dims[d], c.add((*pads)[2 * k], (*pads)[2 * k + 1]));
    c.requireInBounds(c.formulas().mkLe(c.constant(0), size),
                      "the size " + c.dimName(0, d) +
                          " plus its padding, not negative");
    dims[d] = size;
  }
  c.setResult(0, std::move(dims));
}

} // namespace symshape::frontend
