//===- ChunkedVector.h - A growing sequence, grown a block at a time ------===//
//
// A function of 100,000 ops has over 600,000 obligations. In a std::vector
// they cost up to twice their size in capacity, and three times while it
// grows (old and new block both live): that was the largest part of the
// peak memory of a big static chain. A ChunkedVector keeps its elements in
// blocks of kChunk, so growing copies at most one block and the spare
// capacity is at most one block. The first block grows like a vector, so a
// small problem costs no more than one.
//
//   ChunkedVector<Obligation> obs;
//   obs.push_back(ob);                 // amortised O(1), moves one block
//   for (const Obligation &o : obs)    // in order
//   obs[k].opIndex = 3;                // O(1)
//
// Like a vector's, the first block's elements move while it grows; the
// elements of later blocks never move.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_CHUNKEDVECTOR_H
#define SYMSHAPE_SOLVER_CHUNKEDVECTOR_H

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace symshape::solver {

template <typename T> class ChunkedVector {
  static constexpr size_t kShift = 12;
  static constexpr size_t kChunk = size_t(1) << kShift;
  static constexpr size_t kMask = kChunk - 1;

  template <typename Owner, typename Ref> class Iter {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = std::remove_reference_t<Ref> *;
    using reference = Ref;
    Iter(Owner *owner, size_t index) : owner(owner), index(index) {}
    Ref operator*() const { return (*owner)[index]; }
    pointer operator->() const { return &(*owner)[index]; }
    Iter &operator++() {
      ++index;
      return *this;
    }
    bool operator==(const Iter &other) const { return index == other.index; }
    bool operator!=(const Iter &other) const { return index != other.index; }

  private:
    Owner *owner;
    size_t index;
  };

public:
  using value_type = T;
  using iterator = Iter<ChunkedVector, T &>;
  using const_iterator = Iter<const ChunkedVector, const T &>;

  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  T &operator[](size_t i) { return chunks[i >> kShift][i & kMask]; }
  const T &operator[](size_t i) const { return chunks[i >> kShift][i & kMask]; }
  T &at(size_t i) {
    if (i >= count)
      throw std::out_of_range("ChunkedVector::at");
    return (*this)[i];
  }
  const T &at(size_t i) const {
    if (i >= count)
      throw std::out_of_range("ChunkedVector::at");
    return (*this)[i];
  }
  T &front() { return (*this)[0]; }
  const T &front() const { return (*this)[0]; }
  T &back() { return (*this)[count - 1]; }
  const T &back() const { return (*this)[count - 1]; }

  /// Room in the table of blocks for `n` elements, and a whole first
  /// block: pushing then only allocates each new block, in place.
  void reserve(size_t n) {
    chunks.reserve(std::max<size_t>(1, (n + kMask) >> kShift));
    if (chunks.empty())
      chunks.emplace_back();
    chunks.front().reserve(kChunk);
  }
  /// Room for the first `n` elements (at most a block) in the first
  /// block: pushing them moves none.
  void reserveFirst(size_t n) {
    if (chunks.empty())
      chunks.emplace_back();
    chunks.front().reserve(std::min(n, kChunk));
  }
  /// Whether the next push_back moves something already there: the table
  /// of blocks, or the first block's elements. (It reads the last block's
  /// size only when that block has room.)
  bool pushAllocates() const {
    if (count == chunks.size() << kShift)
      return chunks.size() == chunks.capacity();
    return chunks.back().size() == chunks.back().capacity();
  }
  void push_back(const T &value) {
    makeRoom();
    chunks.back().push_back(value);
    ++count;
  }
  /// Moved in once (an op, 280 bytes, was moved into a by-value
  /// parameter first).
  void push_back(T &&value) {
    makeRoom();
    chunks.back().push_back(std::move(value));
    ++count;
  }
  /// Frees the spare capacity of the last block (up to a block: a problem's
  /// obligations are done growing). A later push_back moves that block's
  /// elements once, as a vector's.
  void shrinkToFit() {
    if (!chunks.empty())
      chunks.back().shrink_to_fit();
    chunks.shrink_to_fit();
  }
  /// Frees the storage of every whole block before index `n`, for a
  /// sequence read once in order (a function's ops as they are lowered).
  /// Indices stay; the elements before the last freed block's end must not
  /// be read or written again (iteration skips them); appending goes on.
  /// Returns how many blocks it freed.
  /// `n` is at most size(), which is not read: a parser appending on
  /// another thread may be growing it (Parser::pushOp).
  size_t releaseBefore(size_t n) {
    size_t before = released;
    for (; (released + 1) << kShift <= n; ++released)
      std::vector<T>().swap(chunks[released]);
    return released - before;
  }
  /// The first index still held (0 until releaseBefore frees a block);
  /// iteration starts there.
  size_t firstHeld() const { return released << kShift; }
  void clear() {
    chunks.clear();
    count = 0;
    released = 0;
  }

  iterator begin() { return iterator(this, firstHeld()); }
  iterator end() { return iterator(this, count); }
  const_iterator begin() const { return const_iterator(this, firstHeld()); }
  const_iterator end() const { return const_iterator(this, count); }

private:
  /// Room in the last block for one more element.
  void makeRoom() {
    if (count == chunks.size() << kShift) { // no block, or the last is full
      chunks.emplace_back();
      if (chunks.size() > 1)
        chunks.back().reserve(kChunk);
    } else if (chunks.size() > 1 &&
               chunks.back().size() == chunks.back().capacity()) {
      chunks.back().reserve(kChunk); // shrunk by shrinkToFit
    }
  }

  std::vector<std::vector<T>> chunks;
  size_t count = 0;
  size_t released = 0; ///< blocks freed by releaseBefore
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_CHUNKEDVECTOR_H
