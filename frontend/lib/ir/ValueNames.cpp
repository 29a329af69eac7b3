//===- ValueNames.cpp - Value names of one scope, looked up fast ----------===//

#include "ir/ValueNames.h"

#include <functional>

namespace symshape::frontend {

uint32_t ValueNames::hashOf(std::string_view name) {
  size_t h = std::hash<std::string_view>()(name);
  return uint32_t(h ^ (h >> 32));
}

std::optional<ValueId> ValueNames::find(const std::vector<Value> &values,
                                        std::string_view name) const {
  if (slots.empty())
    return std::nullopt;
  uint32_t hash = hashOf(name);
  size_t mask = slots.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot &slot = slots[i];
    if (slot.id == kEmpty)
      return std::nullopt;
    if (slot.hash == hash && values[slot.id].name == name)
      return slot.id;
  }
}

void ValueNames::place(uint32_t hash, ValueId id) {
  size_t mask = slots.size() - 1;
  size_t i = hash & mask;
  while (slots[i].id != kEmpty)
    i = (i + 1) & mask;
  slots[i] = Slot{hash, id};
}

void ValueNames::grow(size_t capacity) {
  std::vector<Slot> old = std::move(slots);
  slots.assign(capacity, Slot());
  for (const Slot &slot : old)
    if (slot.id != kEmpty)
      place(slot.hash, slot.id);
}

void ValueNames::reserve(size_t n) {
  size_t capacity = 16;
  while (capacity < 2 * n)
    capacity *= 2;
  if (capacity > slots.size())
    grow(capacity);
}

bool ValueNames::insert(const std::vector<Value> &values, ValueId id) {
  if (2 * (count + 1) > slots.size())
    grow(slots.empty() ? 16 : 2 * slots.size());
  // One probe: the name's slot if it is taken, else the empty slot where
  // the probe ends, which is where it goes.
  std::string_view name = values[id].name;
  uint32_t hash = hashOf(name);
  size_t mask = slots.size() - 1;
  size_t i = hash & mask;
  for (; slots[i].id != kEmpty; i = (i + 1) & mask)
    if (slots[i].hash == hash && values[slots[i].id].name == name)
      return false;
  slots[i] = Slot{hash, id};
  ++count;
  return true;
}

void ValueNames::eraseFrom(ValueId first) {
  std::vector<Slot> kept;
  for (const Slot &slot : slots)
    if (slot.id != kEmpty && slot.id < first)
      kept.push_back(slot);
  if (kept.size() == count)
    return;
  slots.assign(slots.size(), Slot());
  for (const Slot &slot : kept)
    place(slot.hash, slot.id);
  count = kept.size();
}

} // namespace symshape::frontend
