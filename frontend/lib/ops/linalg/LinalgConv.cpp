//===- LinalgConv.cpp - linalg convolutions and pooling -------------------===//
//
// Layouts are letter strings (LinalgInternal.h, Window):
//
//   conv_2d_nhwc_hwcf   input N01C  filter 01CF  output N01F
//   pooling_nhwc_max    input N01C  window 01    output N01C
//
// Each spatial output size is SEMANTICS.md §3's window arithmetic without
// padding,
//   out = floor((in - dilation * (k - 1) - 1) / stride) + 1,
// with `strides` / `dilations` (default 1). The outs' sizes must equal the
// computed ones, the batch and channel sizes their counterparts (`equal`).
//
//===----------------------------------------------------------------------===//

#include "LinalgInternal.h"
#include "ops/rules/OpRules.h"

#include <cstring>

namespace symshape::frontend {

namespace {

/// The attribute `name` with one entry per spatial dim (default 1).
std::optional<std::vector<int64_t>> windowAttr(OpContext &c, const char *name,
                                               size_t spatial) {
  if (!c.attr(name))
    return std::vector<int64_t>(spatial, 1);
  std::optional<std::vector<int64_t>> values = c.ints(name);
  if (!values || values->size() != spatial)
    return std::nullopt;
  for (int64_t v : *values)
    if (v <= 0)
      return std::nullopt;
  return values;
}

} // namespace

void lowerWindow(OpContext &c, const Window &shape) {
  if (!expectTensorOperands(c) ||
      !expectKnownAttrs(c, {"strides", "dilations"}))
    return;
  std::optional<InsOuts> io = insOuts(c, 1);
  if (!io || io->ins != 2 || io->outs != 1) {
    c.opaque("expects two ins and one out");
    return;
  }
  const char *layouts[] = {shape.input, shape.filter, shape.output};
  for (size_t i = 0; i < 3; ++i)
    if (c.rank(i) != std::strlen(layouts[i])) {
      c.error("expects operand " + std::to_string(i) + " of rank " +
              std::to_string(std::strlen(layouts[i])) + ", got '" +
              c.operandType(i).str() + "'");
      return;
    }
  size_t spatial = 0;
  for (const char *p = shape.output; *p; ++p)
    spatial += *p >= '0' && *p <= '9';
  std::optional<std::vector<int64_t>> strides =
      windowAttr(c, "strides", spatial);
  std::optional<std::vector<int64_t>> dilations =
      windowAttr(c, "dilations", spatial);
  if (!strides || !dilations) {
    c.error("expects " + std::to_string(spatial) +
            " positive strides and dilations");
    return;
  }
  auto position = [&](size_t operand, char letter) -> std::optional<size_t> {
    const char *found = std::strchr(layouts[operand], letter);
    if (!found)
      return std::nullopt;
    return size_t(found - layouts[operand]);
  };
  // Batch and channels: every operand that has the letter agrees with the
  // first one that has it.
  for (char letter : {'N', 'C', 'F'}) {
    std::optional<std::pair<size_t, size_t>> first;
    for (size_t i = 0; i < 3; ++i) {
      std::optional<size_t> d = position(i, letter);
      if (!d)
        continue;
      if (!first)
        first = std::make_pair(i, *d);
      else
        c.requireSameDim(first->first, first->second, i, *d,
                         letter == 'N' ? "batch" : "channel");
    }
  }
  for (size_t s = 0; s < spatial; ++s) {
    char letter = char('0' + s);
    size_t in = *position(0, letter), k = *position(1, letter),
           out = *position(2, letter);
    std::string what = "spatial dim " + std::to_string(s);
    TermId computed =
        windowOutputSize(c, c.dim(0, in), c.constant(0), c.constant(0),
                         c.dim(1, k), (*strides)[s], (*dilations)[s], what);
    std::optional<int64_t> fixed = c.graph().constantValue(computed);
    std::optional<int64_t> declared = c.staticDim(2, out);
    if (fixed && declared && *fixed != *declared) {
      c.error("computes " + std::to_string(*fixed) + " for " + what +
              " but the output has " + std::to_string(*declared));
      return;
    }
    c.requireEqual(computed, c.dim(2, out),
                   "the output size computed for " + what + " and " +
                       c.dimName(2, out));
  }
  if (c.numResults() == 1)
    c.setResult(0, c.dims(2));
}

} // namespace symshape::frontend
