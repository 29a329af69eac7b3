//===- IntLists.h - Integer lists of the generic form -----------*- C++ -*-===//
//
// The lists of integers an op's generic form carries: operand segments
// (`operandSegmentSizes`) and mixed static / SSA lists, where each
// kDynamicIndex entry of a static list is taken from the next operand:
//
//   static_sizes = array<i64: 4, MIN> with operand %n    ->  sizes {4, %n}
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_RULES_INTLISTS_H
#define SYMSHAPE_FRONTEND_OPS_RULES_INTLISTS_H

#include "ops/OpContext.h"
#include "ops/rules/DynamicIndex.h"

namespace symshape::frontend {

/// `operandSegmentSizes` (or MLIR 16's `operand_segment_sizes`) when it has
/// `count` entries that add up to the operands.
std::optional<std::vector<int64_t>> operandSegments(OpContext &c, size_t count);
/// The first operand of segment `s`.
size_t segmentStart(const std::vector<int64_t> &segments, size_t s);
/// The sizes of a mixed list: the static entries of attribute `name`, each
/// kDynamicIndex taking the next of the `count` operands from `first`
/// (their integers). nullopt when the attribute and the operands disagree.
std::optional<std::vector<TermId>>
mixedSizes(OpContext &c, std::string_view name, size_t first, size_t count);

/// The integers of a message: "[1, 2, 3]", or "(1, 2, 3)" when `open` is
/// '('.
std::string listText(const std::vector<int64_t> &values, char open = '[');

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_OPS_RULES_INTLISTS_H
