//===- IntLists.cpp - Integer lists of the generic form
//---------------------===//

#include "IntLists.h"

namespace symshape::frontend {

std::optional<std::vector<int64_t>> operandSegments(OpContext &c,
                                                    size_t count) {
  std::optional<std::vector<int64_t>> sizes = c.ints("operandSegmentSizes");
  if (!sizes)
    sizes = c.ints("operand_segment_sizes");
  if (!sizes || sizes->size() != count)
    return std::nullopt;
  int64_t total = 0;
  for (int64_t s : *sizes) {
    if (s < 0)
      return std::nullopt;
    total += s;
  }
  if (total != int64_t(c.numOperands()))
    return std::nullopt;
  return sizes;
}

size_t segmentStart(const std::vector<int64_t> &segments, size_t s) {
  size_t start = 0;
  for (size_t i = 0; i < s; ++i)
    start += size_t(segments[i]);
  return start;
}

std::optional<std::vector<TermId>>
mixedSizes(OpContext &c, std::string_view name, size_t first, size_t count) {
  std::optional<std::vector<int64_t>> statics = c.ints(name);
  if (!statics)
    return std::nullopt;
  std::vector<TermId> out;
  size_t next = first;
  for (int64_t s : *statics) {
    if (s != kDynamicIndex) {
      out.push_back(c.constant(s));
      continue;
    }
    if (next >= first + count)
      return std::nullopt;
    out.push_back(c.scalar(next++));
  }
  if (next != first + count)
    return std::nullopt;
  return out;
}

std::string listText(const std::vector<int64_t> &values, char open) {
  std::string out(1, open);
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? ", " : "") + std::to_string(values[i]);
  return out + (open == '(' ? ')' : ']');
}

} // namespace symshape::frontend
