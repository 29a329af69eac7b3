//===- StaticBroadcast.h - Seed 000's compile-time broadcast ----*- C++ -*-===//
//
// The compile-time half of implicit broadcasting (SPEC 3, seed 000), on
// declared sizes where `?` is kStaticDynamic; Broadcast.cpp is the runtime
// half, on concrete sizes. Shared by the tests that predict symshape's
// static errors (tests/property's model, tests/differential's classifier)
// so that seed 000's InferDim is stated once (issue 41).
//
//   inferStaticDim(?, 3) -> 3     inferStaticDim(?, 1) -> ?
//   inferStaticDim(0, ?) -> ?     inferStaticDim(2, 3) -> error
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_MODELS_STATICBROADCAST_H
#define SYMSHAPE_MODELS_STATICBROADCAST_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace symshape::models {

/// A `?` among declared sizes.
constexpr int64_t kStaticDynamic = -1;

/// Seed 000's InferDim on declared sizes: a `?` next to a size above 1
/// infers that size, else `?` (a static 0 is neither 1 nor > 1, SPEC 4);
/// equal sizes infer themselves; a 1 gives way to the other size. False
/// (`inferred` is then `?`) on two unequal static sizes neither 1, 0
/// against 3 included: the (>1, >1) ERROR_IF.
inline bool inferStaticDim(int64_t lhs, int64_t rhs, int64_t &inferred) {
  inferred = kStaticDynamic;
  if (lhs == rhs)
    inferred = lhs;
  else if (lhs == kStaticDynamic)
    inferred = rhs > 1 ? rhs : kStaticDynamic;
  else if (rhs == kStaticDynamic)
    inferred = lhs > 1 ? lhs : kStaticDynamic;
  else if (lhs == 1)
    inferred = rhs;
  else if (rhs == 1)
    inferred = lhs;
  else
    return false;
  return true;
}

/// Seed 000's InferShape: both shapes padded to the larger rank with
/// leading 1s (ExpandRank), then InferDim column by column; false when a
/// column clashes.
inline bool inferStaticShape(std::vector<int64_t> lhs, std::vector<int64_t> rhs,
                             std::vector<int64_t> &inferred) {
  size_t rank = std::max(lhs.size(), rhs.size());
  lhs.insert(lhs.begin(), rank - lhs.size(), 1);
  rhs.insert(rhs.begin(), rank - rhs.size(), 1);
  inferred.assign(rank, 0);
  for (size_t i = 0; i < rank; ++i)
    if (!inferStaticDim(lhs[i], rhs[i], inferred[i]))
      return false;
  return true;
}

} // namespace symshape::models

#endif // SYMSHAPE_MODELS_STATICBROADCAST_H
