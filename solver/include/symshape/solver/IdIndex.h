//===- IdIndex.h - Ids of things stored elsewhere, by hash -----*- C++ -*-===//
//
// An index over things that already live in a vector (terms, formulas,
// value names): each slot is a thing's hash and its id, and a thing is
// compared with the one its id names, where it already is. A
// std::unordered_map from the thing to its id held a second copy of each
// (a heap block per node, another for its operands) and spent its time in
// cache misses; a lowering of 200k sizes paid a tenth of its time there.
// Open addressing with linear probing, at most half full.
//
//   IdIndex index;
//   auto same = [&](uint32_t id) { return things[id] == thing; };
//   auto [id, added] = index.insert(IdIndex::mix(hash), newId, same);
//   std::optional<uint32_t> found = index.find(IdIndex::mix(hash), same);
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_IDINDEX_H
#define SYMSHAPE_SOLVER_IDINDEX_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace symshape::solver {

class IdIndex {
public:
  /// A slot hash from any size_t hash: the probe starts at its low bits,
  /// so the bits of a weak hash (small integers combined) are spread.
  static uint32_t mix(size_t hash) {
    uint64_t h = uint64_t(hash) * 0x9e3779b97f4a7c15ull;
    return uint32_t(h >> 32);
  }
  /// The slot hash of a name.
  static uint32_t mix(std::string_view name) {
    return mix(std::hash<std::string_view>()(name));
  }

  /// The id whose thing `same(id)` says is the one hashed, or nullopt.
  template <typename Same>
  std::optional<uint32_t> find(uint32_t hash, const Same &same) const {
    if (slots.empty())
      return std::nullopt;
    size_t mask = slots.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot &slot = slots[i];
      if (slot.id == kEmpty)
        return std::nullopt;
      if (slot.hash == hash && same(slot.id))
        return slot.id;
    }
  }

  /// Like emplace: the id already there that `same` matches and false,
  /// or `id` (now indexed) and true.
  template <typename Same>
  std::pair<uint32_t, bool> insert(uint32_t hash, uint32_t id,
                                   const Same &same) {
    if (2 * (count + 1) > slots.size())
      grow(slots.empty() ? 16 : 2 * slots.size());
    // One probe: the thing's slot if it is taken, else the empty slot
    // where the probe ends, which is where it goes.
    size_t mask = slots.size() - 1;
    size_t i = hash & mask;
    for (; slots[i].id != kEmpty; i = (i + 1) & mask)
      if (slots[i].hash == hash && same(slots[i].id))
        return {slots[i].id, false};
    slots[i] = Slot{hash, id};
    ++count;
    return {id, true};
  }

  /// The id of the thing `same` matches, to change in place (to another
  /// thing that hashes and compares the same), or nullptr.
  template <typename Same> uint32_t *findSlot(uint32_t hash, const Same &same) {
    if (slots.empty())
      return nullptr;
    size_t mask = slots.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot &slot = slots[i];
      if (slot.id == kEmpty)
        return nullptr;
      if (slot.hash == hash && same(slot.id))
        return &slot.id;
    }
  }

  /// Forgets every id.
  void clear() {
    slots.clear();
    count = 0;
  }

  /// Forgets every id `first` or more (things rolled back).
  void eraseFrom(uint32_t first) {
    std::vector<Slot> kept;
    for (const Slot &slot : slots)
      if (slot.id != kEmpty && slot.id < first)
        kept.push_back(slot);
    if (kept.size() == count)
      return;
    slots.assign(slots.size(), Slot());
    for (const Slot &slot : kept)
      place(slot);
    count = kept.size();
  }

  /// Room for `n` ids without growing.
  void reserve(size_t n) {
    size_t capacity = 16;
    while (capacity < 2 * n)
      capacity *= 2;
    if (capacity > slots.size())
      grow(capacity);
  }

  size_t size() const { return count; }
  bool empty() const { return count == 0; }

private:
  static constexpr uint32_t kEmpty = ~uint32_t(0);
  struct Slot {
    uint32_t hash = 0;
    uint32_t id = kEmpty;
  };

  void place(Slot slot) {
    size_t mask = slots.size() - 1;
    size_t i = slot.hash & mask;
    while (slots[i].id != kEmpty)
      i = (i + 1) & mask;
    slots[i] = slot;
  }
  void grow(size_t capacity) {
    std::vector<Slot> old = std::move(slots);
    slots.assign(capacity, Slot());
    for (const Slot &slot : old)
      if (slot.id != kEmpty)
        place(slot);
  }

  std::vector<Slot> slots; ///< a power of two in size, or empty
  size_t count = 0;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_IDINDEX_H
