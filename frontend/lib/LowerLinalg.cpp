//===- LowerLinalg.cpp - linalg.broadcast (seed 002) ----------------------===//
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
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include <algorithm>

namespace symshape::frontend {

using solver::ObligationKind;

bool Lowerer::lowerLinalgOp(const Operation &op) {
  if (op.name != "linalg.broadcast")
    return false;
  if (op.operands.size() != 2 || !operandType(op, 0).hasRank() ||
      !operandType(op, 1).hasRank()) {
    lowerOpaque(op);
    return true;
  }
  const Type &input = operandType(op, 0);
  const Type &init = operandType(op, 1);
  size_t inRank = input.dims.size(), initRank = init.dims.size();
  const Attribute *attr = findAttr(op.attributes, "dimensions");
  std::optional<std::vector<int64_t>> dims =
      attr ? intList(*attr) : std::optional<std::vector<int64_t>>();
  bool rfc = op.form == "inits";

  // The init dim each input dim maps to.
  std::vector<size_t> target;
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
  std::string problemText;
  if (!dims)
    problemText = "expected a list of integers";
  else if (!sorted)
    problemText = rfc ? "dimensions must be sorted and distinct: "
                        "linalg.broadcast does not transpose (seed 002)"
                      : "the added dimensions must be distinct";
  else if (!inRange)
    problemText = "dimensions must be dims of the init";
  else if (rfc && dims->size() != inRank)
    problemText = "the RFC form maps every input dim: expected " +
                  std::to_string(inRank) + " dimensions";
  else if (!rfc && inRank + dims->size() != initRank)
    problemText = "the input rank plus the added dimensions must be the init "
                  "rank " +
                  std::to_string(initRank);
  if (problemText.empty()) {
    if (rfc) {
      for (int64_t d : *dims)
        target.push_back(size_t(d));
    } else {
      for (size_t t = 0; t < initRank; ++t)
        if (std::find(dims->begin(), dims->end(), int64_t(t)) == dims->end())
          target.push_back(t);
    }
  }
  if (!problemText.empty()) {
    oblige(op, ObligationKind::MappedDim, -1, formulas().mkTrue(),
           "the dimensions attribute", true, problemText);
    lowerOpaque(op);
    return true;
  }

  std::vector<TermId> in = operandDims(op, 0);
  std::vector<TermId> out = operandDims(op, 1);
  bool erroneous = false;
  for (size_t i = 0; i < inRank; ++i) {
    size_t t = target[i];
    // A static broadcast (seed 002): the types must already agree, a `?`
    // only with a `?` (mlir-opt's verifier compares them the same way).
    int64_t a = input.dims[i], b = init.dims[t];
    bool error = a != b;
    erroneous |= error;
    std::string why =
        a == kDynamic || b == kDynamic
            ? "linalg.broadcast is a static broadcast (seed 002): a dynamic "
              "size cannot map onto a static one"
            : "mapped sizes must be equal; there is no size-1 expansion "
              "(seed 002)";
    oblige(
        op, ObligationKind::MappedDim, int(t), formulas().mkNe(in[i], out[t]),
        "the input size " + operandDimName(op, 0, i) + " mapped to init size " +
            operandDimName(op, 1, t) + " (dim " + std::to_string(t) + ")",
        error, error ? why : "");
  }
  if (op.results.size() == 1) {
    if (erroneous)
      lowerOpaque(op);
    else
      defineDims(op.results[0], out);
  }
  return true;
}

} // namespace symshape::frontend
