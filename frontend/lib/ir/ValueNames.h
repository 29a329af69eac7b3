//===- ValueNames.h - Value names of one scope, looked up fast -*- C++ -*-===//
//
// The parser looks up every operand's `%name` and checks every new name
// against the names in scope; the lowering indexes a function's names
// once. A ValueNames holds no name: it is an IdIndex of ValueIds, and a
// name is compared with the Value it names (`values[id].name`), which is
// where the names already are.
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
#include "symshape/solver/IdIndex.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace symshape::frontend {

class ValueNames {
public:
  /// The value named `name`, or nullopt.
  std::optional<ValueId> find(const std::vector<Value> &values,
                              std::string_view name) const {
    return index.find(hashOf(name),
                      [&](uint32_t id) { return values[id].name == name; });
  }
  bool contains(const std::vector<Value> &values, std::string_view name) const {
    return find(values, name).has_value();
  }
  /// Whether `base` names a multi-result group here (`%base:2` defined
  /// "base#0"): what contains(values, base + "#0") says, without a probe
  /// of the index when no group was named (each probe is a cache miss).
  bool containsGroup(const std::vector<Value> &values,
                     std::string_view base) const {
    return !groups.empty() &&
           groups
               .find(hashOf(base),
                     [&](uint32_t id) { return groupOf(values[id]) == base; })
               .has_value();
  }
  /// Names values[id] by its name. Like emplace, keeps the
  /// value already of that name, if any; returns whether `id` was added.
  bool insert(const std::vector<Value> &values, ValueId id) {
    std::string_view name = values[id].name;
    bool added =
        index
            .insert(hashOf(name), id,
                    [&](uint32_t other) { return values[other].name == name; })
            .second;
    if (added && name.size() >= 2 && name.substr(name.size() - 2) == "#0") {
      std::string_view base = groupOf(values[id]);
      groups.insert(hashOf(base), id, [&](uint32_t other) {
        return groupOf(values[other]) == base;
      });
    }
    return added;
  }
  /// Forgets every value numbered `first` or more (a rolled-back parse;
  /// their names need not exist any more).
  void eraseFrom(ValueId first) {
    index.eraseFrom(first);
    groups.eraseFrom(first);
  }
  size_t size() const { return index.size(); }
  bool empty() const { return index.empty(); }
  /// Reserves room for `n` names without growing.
  void reserve(size_t n) { index.reserve(n); }

private:
  static uint32_t hashOf(std::string_view name) {
    return solver::IdIndex::mix(name);
  }
  /// "r" of a value named "r#0".
  static std::string_view groupOf(const Value &value) {
    std::string_view name = value.name;
    return name.substr(0, name.size() - 2);
  }

  solver::IdIndex index;
  solver::IdIndex groups; ///< the values named "...#0", by "..."
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_VALUENAMES_H
