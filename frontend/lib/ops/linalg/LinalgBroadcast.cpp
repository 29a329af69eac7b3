//===- LinalgBroadcast.cpp - linalg.broadcast (both forms) ----------------===//
//
// A static broadcast with no size-1 expansion: every input dim maps to one
// init dim, and the two must be equal (`mapped-dim`): statically when either
// is static, at runtime when both are `?`. Dims are sorted: no implicit
// transpose.
//
//   upstream  ins(%x : tensor<16xf32>) outs(%y : tensor<16x64xf32>)
//             dimensions = [1]      -- the init dims the broadcast adds
//   RFC       ins(%x : tensor<16xf32>) inits(%y : tensor<16x64xf32>)
//             dimensions = [0]      -- where each input dim goes
//
// The generic form is the upstream op.
//
//===----------------------------------------------------------------------===//

#include "LinalgInternal.h"

#include <algorithm>

namespace symshape::frontend {

using solver::ObligationKind;

/// The init dim each input dim maps to, or a reason why there is none.
static std::optional<std::vector<size_t>>
mappedDims(std::optional<std::vector<int64_t>> dims, bool rfc, size_t inRank,
           size_t initRank, std::string &problem) {
  // The RFC maps input dims in order: they must be sorted (no transpose).
  // Upstream lists the dims it adds: any order, as mlir-opt accepts.
  if (dims && !rfc)
    std::sort(dims->begin(), dims->end());
  bool sorted = dims && std::is_sorted(dims->begin(), dims->end()) &&
                std::adjacent_find(dims->begin(), dims->end()) == dims->end();
  bool inRange =
      dims && std::all_of(dims->begin(), dims->end(), [&](int64_t d) {
        return d >= 0 && d < int64_t(initRank);
      });
  if (!dims)
    problem = "expected a list of integers";
  else if (!sorted)
    problem =
        rfc ? "dimensions must be sorted and distinct: "
              "linalg.broadcast does not transpose (the linalg.broadcast RFC)"
            : "the added dimensions must be distinct";
  else if (!inRange)
    problem = "dimensions must be dims of the init";
  else if (rfc && dims->size() != inRank)
    problem = "the RFC form maps every input dim: expected " +
              std::to_string(inRank) + " dimensions";
  else if (!rfc && inRank + dims->size() != initRank)
    problem = "the input rank plus the added dimensions must be the init "
              "rank " +
              std::to_string(initRank);
  if (!problem.empty())
    return std::nullopt;
  std::vector<size_t> target;
  if (rfc) {
    for (int64_t d : *dims)
      target.push_back(size_t(d));
  } else {
    for (size_t t = 0; t < initRank; ++t)
      if (std::find(dims->begin(), dims->end(), int64_t(t)) == dims->end())
        target.push_back(t);
  }
  return target;
}

void lowerBroadcast(OpContext &c) {
  const Operation &op = c.op();
  if (c.numOperands() != 2 || !c.ranked(0) || !c.ranked(1)) {
    c.opaque("expects a ranked input and init");
    return;
  }
  const Type &input = c.operandType(0), &init = c.operandType(1);
  std::string problem;
  std::optional<std::vector<size_t>> target =
      mappedDims(c.ints("dimensions"), op.form == "inits", input.dims.size(),
                 init.dims.size(), problem);
  if (!target) {
    c.staticError(ObligationKind::MappedDim, "the dimensions attribute",
                  problem);
    return;
  }
  std::vector<TermId> in = c.dims(0), out = c.dims(1);
  bool erroneous = false;
  for (size_t i = 0; i < in.size(); ++i) {
    size_t t = (*target)[i];
    // A static broadcast (the linalg.broadcast RFC): the types must already
    // agree, a `?` only with a `?` (mlir-opt's verifier compares them the same
    // way).
    int64_t a = input.dims[i], b = init.dims[t];
    bool error = a != b;
    erroneous |= error;
    std::string why =
        a == kDynamic || b == kDynamic
            ? "linalg.broadcast is a static broadcast (the linalg.broadcast "
              "RFC): a dynamic "
              "size cannot map onto a static one"
            : "mapped sizes must be equal; there is no size-1 expansion "
              "(the linalg.broadcast RFC)";
    c.requireMappedDim(int(t), c.formulas().mkNe(in[i], out[t]),
                       "the input size " + c.dimName(0, i) +
                           " mapped to init size " + c.dimName(1, t) +
                           " (dim " + std::to_string(t) + ")",
                       error, error ? why : "");
  }
  if (c.numResults() == 1 && !erroneous)
    c.setResult(0, out);
}

} // namespace symshape::frontend
