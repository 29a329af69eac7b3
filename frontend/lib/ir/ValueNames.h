//===- ValueNames.h - Value names of one scope, looked up fast -*- C++ -*-===//
//
// The parser looks up every operand's `%name` and checks every new name
// against the names in scope; the lowering indexes a function's names
// once. A std::unordered_map<std::string, ValueId> spent most of that time
// in cache misses (a bucket, then a node per name, each a heap block) and
// held a second copy of every name. A ValueNames holds no name: each slot
// is the name's hash and its ValueId, and a name is compared with the
// Value it names (`values[id].name`), which is where the names already
// are. Open addressing with linear probing, at most half full.
//
//   ValueNames scope;
//   scope.insert(values, id);                  // values[id].name -> id
//   std::optional<ValueId> v = scope.find(values, "arg0");
//   scope.eraseFrom(firstId);                  // forget ids >= firstId
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_VALUENAMES_H
#define SYMSHAPE_FRONTEND_VALUENAMES_H

#include "symshape/frontend/IR.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace symshape::frontend {

class ValueNames {
public:
  /// The value named `name`, or nullopt.
  std::optional<ValueId> find(const std::vector<Value> &values,
                              std::string_view name) const;
  bool contains(const std::vector<Value> &values, std::string_view name) const {
    return find(values, name).has_value();
  }
  /// Names values[id] by its name. Like emplace, keeps the
  /// value already of that name, if any; returns whether `id` was added.
  bool insert(const std::vector<Value> &values, ValueId id);
  /// Forgets every value numbered `first` or more (a rolled-back parse;
  /// their names need not exist any more).
  void eraseFrom(ValueId first);
  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  /// Reserves room for `n` names without growing.
  void reserve(size_t n);

private:
  static constexpr ValueId kEmpty = ~ValueId(0);
  struct Slot {
    uint32_t hash = 0;
    ValueId id = kEmpty;
  };
  static uint32_t hashOf(std::string_view name);
  void place(uint32_t hash, ValueId id);
  void grow(size_t capacity);

  std::vector<Slot> slots; ///< a power of two in size, or empty
  size_t count = 0;
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_VALUENAMES_H
