//===- LazyVector.h - A vector that allocates nothing while empty -*- C++ -*-=//
//
// For fields that are nearly always empty in tables of hundreds of
// thousands of entries (a finding's witness, a value's extents): an empty
// LazyVector is one null pointer, 8 bytes, where a std::vector is 24. It
// reads like a std::vector and converts to `const std::vector<T> &`.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_LAZYVECTOR_H
#define SYMSHAPE_SOLVER_LAZYVECTOR_H

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace symshape::solver {

template <typename T> class LazyVector {
public:
  using value_type = T;
  using iterator = T *;
  using const_iterator = const T *;

  LazyVector() = default;
  LazyVector(std::initializer_list<T> init) {
    if (init.size())
      items = std::make_unique<std::vector<T>>(init);
  }
  LazyVector(const LazyVector &other) {
    if (!other.empty())
      items = std::make_unique<std::vector<T>>(*other.items);
  }
  LazyVector(LazyVector &&) noexcept = default;
  LazyVector &operator=(const LazyVector &other) {
    LazyVector copy(other);
    items.swap(copy.items);
    return *this;
  }
  LazyVector &operator=(LazyVector &&) noexcept = default;
  /// Takes `v`'s elements (none allocated when it is empty).
  LazyVector &operator=(std::vector<T> &&v) {
    if (v.empty())
      items.reset();
    else
      items = std::make_unique<std::vector<T>>(std::move(v));
    return *this;
  }

  /// The elements as a vector (a shared empty one when there are none).
  operator const std::vector<T> &() const {
    static const std::vector<T> none;
    return items ? *items : none;
  }
  /// Moves the elements out; this is left empty.
  std::vector<T> release() {
    std::vector<T> out;
    if (items)
      out = std::move(*items);
    items.reset();
    return out;
  }

  bool empty() const { return !items || items->empty(); }
  size_t size() const { return items ? items->size() : 0; }
  T *begin() { return items ? items->data() : nullptr; }
  T *end() { return begin() + size(); }
  const T *begin() const { return items ? items->data() : nullptr; }
  const T *end() const { return begin() + size(); }
  T &operator[](size_t i) { return (*items)[i]; }
  const T &operator[](size_t i) const { return (*items)[i]; }
  T &back() { return items->back(); }
  const T &back() const { return items->back(); }

  void push_back(T value) { list().push_back(std::move(value)); }
  template <typename... Args> T &emplace_back(Args &&...args) {
    return list().emplace_back(std::forward<Args>(args)...);
  }
  void pop_back() { items->pop_back(); }
  void reserve(size_t n) { list().reserve(n); }
  void clear() { items.reset(); }

  friend bool operator==(const LazyVector &a, const LazyVector &b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator!=(const LazyVector &a, const LazyVector &b) {
    return !(a == b);
  }

private:
  std::vector<T> &list() {
    if (!items)
      items = std::make_unique<std::vector<T>>();
    return *items;
  }
  std::unique_ptr<std::vector<T>> items;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_LAZYVECTOR_H
