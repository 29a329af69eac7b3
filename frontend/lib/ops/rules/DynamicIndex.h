//===- DynamicIndex.h - MLIR's dynamic marker in static lists ---*- C++ -*-===//
//
// `static_offsets = array<i64: 0, -9223372036854775808>`: an entry that an
// SSA operand supplies is int64's minimum (MLIR's ShapedType::kDynamic).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_DYNAMICINDEX_H
#define SYMSHAPE_FRONTEND_OPS_DYNAMICINDEX_H

#include <cstdint>
#include <limits>

namespace symshape::frontend {

constexpr int64_t kDynamicIndex = std::numeric_limits<int64_t>::min();

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_DYNAMICINDEX_H
