//===- Text.cpp - The blocks of Text::shared ------------------------------===//

#include "symshape/solver/Text.h"

#include <mutex>
#include <unordered_map>

namespace symshape::solver {

Text Text::shared(std::string_view text) {
  // A few thousand texts of at most 64 characters: at most about 400 KB
  // for the life of the process, whatever it reads.
  constexpr size_t kMaxTexts = 4096, kMaxSize = 64;
  if (text.empty() || text.size() > kMaxSize)
    return Text(text);
  static std::mutex mutex;
  // Never destroyed: texts may be copied until the process ends, and the
  // blocks stay reachable (a leak checker sees none lost).
  static auto &blocks = *new std::unordered_map<std::string_view, Rep *>();
  std::lock_guard<std::mutex> lock(mutex);
  Text result;
  if (auto it = blocks.find(text); it != blocks.end()) {
    result.rep = it->second;
    return result;
  }
  if (blocks.size() >= kMaxTexts)
    return Text(text);
  Rep *rep = make(text);
  rep->refs.store(kUncounted, std::memory_order_relaxed);
  blocks.emplace(std::string_view(rep->data(), rep->size), rep);
  result.rep = rep;
  return result;
}

} // namespace symshape::solver
