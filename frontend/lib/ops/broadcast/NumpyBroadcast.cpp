//===- NumpyBroadcast.cpp - Multidirectional (NumPy) broadcasting ---------===//
//
// PyTorch's "Broadcasting semantics" and ONNX's Broadcasting.md
// ("multidirectional broadcasting"): two shapes are broadcastable when,
// their dims aligned from the last, each pair of sizes is equal or one of
// them is 1 (or missing); the result takes the larger size.
//
//===----------------------------------------------------------------------===//

#include "ops/broadcast/BroadcastRules.h"

#include <algorithm>

namespace symshape::frontend {

std::vector<TermId>
broadcastShapes(OpContext &c, const std::vector<std::vector<TermId>> &shapes,
                const BroadcastSite &site) {
  size_t rank = 0;
  for (const std::vector<TermId> &shape : shapes)
    rank = std::max(rank, shape.size());
  std::vector<TermId> out(rank);
  std::vector<TermId> sizes; // one column, reused
  sizes.reserve(shapes.size());
  for (size_t d = 0; d < rank; ++d) {
    sizes.clear();
    for (const std::vector<TermId> &shape : shapes)
      if (d + shape.size() >= rank)
        sizes.push_back(shape[d + shape.size() - rank]);
    if (sizes.size() == 1) {
      out[d] = sizes[0];
      continue;
    }
    out[d] = c.graph().broadcast(sizes);
    c.require(solver::ObligationKind::Broadcast, site.resultDim(d),
              c.formulas().mkConflict(sizes), site.subject(d, rank));
  }
  return out;
}

std::vector<TermId>
broadcastShapes(OpContext &c, const std::vector<std::vector<TermId>> &shapes) {
  return broadcastShapes(c, shapes,
                         {[](size_t d) { return int(d); },
                          [](size_t d, size_t) {
                            return "the sizes broadcast to result dim " +
                                   std::to_string(d);
                          }});
}

} // namespace symshape::frontend
