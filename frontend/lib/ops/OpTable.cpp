//===- OpTable.cpp - The registry of op entries ----------------------------===//

#include "OpTable.h"

#include <unordered_map>

namespace symshape::frontend {

const std::vector<OpFamily> &opFamilies() {
  static const std::vector<OpFamily> families = {
      broadcastFamily(), tosaFamily(),   stablehloFamily(),
      linalgFamily(),    tensorFamily(), shapeFamily(),
  };
  return families;
}

const OpEntry *findOp(std::string_view name) {
  // Built once, on first use (thread-safe static initialisation); read-only
  // afterwards, so sessions on several threads share it.
  static const std::unordered_map<std::string_view, const OpEntry *> index =
      [] {
        std::unordered_map<std::string_view, const OpEntry *> map;
        for (const OpFamily &family : opFamilies())
          for (size_t i = 0; i < family.count; ++i)
            map.emplace(family.entries[i].name, &family.entries[i]);
        return map;
      }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

} // namespace symshape::frontend
