//===- RefinedType.cpp - The one builder of refined types -----------------===//

#include "symshape/driver/RefinedType.h"

#include <algorithm>

namespace symshape::frontend {

Type refinedType(const Type &declared, const solver::ValueInfo &info,
                 const solver::Problem &problem,
                 const solver::ShapeRefinement *shapes) {
  if (!declared.isTensor() || !info.ranked)
    return declared;
  bool ranked = declared.kind == TypeKind::RankedTensor;
  if (ranked && declared.dims.size() != info.dims.size())
    return declared;
  Type refined = declared;
  refined.kind = TypeKind::RankedTensor;
  refined.dims.clear();
  for (size_t d = 0; d < info.dims.size(); ++d) {
    int64_t size = ranked ? declared.dims[d] : kDynamic;
    if (size == kDynamic) {
      std::optional<int64_t> c =
          shapes ? shapes->constant(info.dims[d])
                 : problem.graph.constantValue(info.dims[d]);
      // A negative constant (index arithmetic) is UB, never a size.
      size = c && *c >= 0 ? *c : kDynamic;
    }
    refined.dims.push_back(size);
  }
  return refined;
}

bool mayRefine(const Type &declared) {
  return declared.isTensor() &&
         (declared.kind != TypeKind::RankedTensor ||
          std::find(declared.dims.begin(), declared.dims.end(), kDynamic) !=
              declared.dims.end());
}

} // namespace symshape::frontend
