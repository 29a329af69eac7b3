//===- Text.h - An immutable shared string of one pointer -------*- C++ -*-===//
//
// Obligations and findings carry texts that are nearly always empty (a
// subject kept as data, no reason) or shared (the op name of every
// obligation of an op). A std::string costs 32 bytes each, and a heap
// block for an op name such as "test.broadcastable"; a Text costs one
// pointer, and copies of it share one block.
//
//   Text name = "tosa.add";          // one block
//   Text same = name;                // the same block, counted
//   std::string s = "op " + name;    // reads like a string
//
// The count is atomic: texts are copied on any thread. A text copied on
// every thread at once (the element type of every tensor type in a file,
// while one thread parses and another lowers) would make its count's cache
// line travel between cores at each copy: Text::shared gives such texts a
// block that is never counted nor freed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_TEXT_H
#define SYMSHAPE_SOLVER_TEXT_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <ostream>
#include <string>
#include <string_view>

namespace symshape::solver {

class Text {
public:
  Text() = default;
  Text(const char *text) : Text(std::string_view(text)) {}
  Text(std::string_view text) : rep(text.empty() ? nullptr : make(text)) {}
  Text(const std::string &text) : Text(std::string_view(text)) {}
  Text(const Text &other) : rep(other.rep) {
    if (rep && rep->refs.load(std::memory_order_relaxed) != kUncounted)
      rep->refs.fetch_add(1, std::memory_order_relaxed);
  }
  Text(Text &&other) noexcept : rep(other.rep) { other.rep = nullptr; }
  /// `text` in a block of the process that copies never count and nothing
  /// frees: for the short texts of a handful of values that every thread
  /// copies (element types). Bounded: past a few thousand distinct texts,
  /// or for a long one, an ordinary Text.
  static Text shared(std::string_view text);
  Text &operator=(const Text &other) {
    Text copy(other);
    std::swap(rep, copy.rep);
    return *this;
  }
  Text &operator=(Text &&other) noexcept {
    std::swap(rep, other.rep);
    return *this;
  }
  Text &operator=(std::string_view text) { return *this = Text(text); }
  Text &operator=(const std::string &text) { return *this = Text(text); }
  Text &operator=(const char *text) { return *this = Text(text); }
  ~Text() { release(); }
  void clear() { release(); }

  std::string_view view() const {
    return rep ? std::string_view(rep->data(), rep->size) : std::string_view();
  }
  operator std::string_view() const { return view(); }
  operator std::string() const { return std::string(view()); }
  std::string str() const { return std::string(view()); }
  const char *c_str() const { return rep ? rep->data() : ""; }
  const char *data() const { return c_str(); }
  size_t size() const { return rep ? rep->size : 0; }
  size_t length() const { return size(); }
  bool empty() const { return rep == nullptr; }
  char operator[](size_t i) const { return rep->data()[i]; }
  const char *begin() const { return c_str(); }
  const char *end() const { return c_str() + size(); }
  size_t find(std::string_view what, size_t from = 0) const {
    return view().find(what, from);
  }
  size_t find(char c, size_t from = 0) const { return view().find(c, from); }
  size_t rfind(std::string_view what, size_t from = std::string::npos) const {
    return view().rfind(what, from);
  }
  std::string substr(size_t pos, size_t count = std::string::npos) const {
    return std::string(view().substr(pos, count));
  }
  int compare(std::string_view other) const { return view().compare(other); }

  friend bool operator==(const Text &a, const Text &b) {
    return a.rep == b.rep || a.view() == b.view();
  }
  friend bool operator==(const Text &a, std::string_view b) {
    return a.view() == b;
  }
  friend bool operator==(std::string_view a, const Text &b) {
    return a == b.view();
  }
  friend bool operator==(const Text &a, const char *b) {
    return a.view() == std::string_view(b);
  }
  friend bool operator==(const char *a, const Text &b) {
    return std::string_view(a) == b.view();
  }
  friend bool operator==(const Text &a, const std::string &b) {
    return a.view() == b;
  }
  friend bool operator==(const std::string &a, const Text &b) {
    return a == b.view();
  }
  template <typename T> friend bool operator!=(const Text &a, const T &b) {
    return !(a == b);
  }
  friend bool operator!=(const char *a, const Text &b) { return !(b == a); }
  friend bool operator!=(const std::string &a, const Text &b) {
    return !(b == a);
  }
  friend bool operator<(const Text &a, const Text &b) {
    return a.view() < b.view();
  }

  friend std::string operator+(const Text &a, std::string_view b) {
    std::string out(a.view());
    out += b;
    return out;
  }
  friend std::string operator+(const Text &a, const char *b) {
    return a + std::string_view(b);
  }
  friend std::string operator+(const Text &a, const std::string &b) {
    return a + std::string_view(b);
  }
  friend std::string operator+(const Text &a, char b) {
    std::string out(a.view());
    out += b;
    return out;
  }
  friend std::string operator+(std::string a, const Text &b) {
    a += b.view();
    return a;
  }
  friend std::string operator+(const char *a, const Text &b) {
    std::string out(a);
    out += b.view();
    return out;
  }
  friend std::string operator+(char a, const Text &b) {
    std::string out(1, a);
    out += b.view();
    return out;
  }
  friend std::ostream &operator<<(std::ostream &os, const Text &t) {
    return os << t.view();
  }

private:
  /// The count of a block Text::shared made (no count of copies reaches
  /// it: each copy takes 8 bytes).
  static constexpr uint32_t kUncounted = UINT32_MAX;
  struct Rep {
    std::atomic<uint32_t> refs;
    uint32_t size;
    /// The characters follow the header, then a '\0'.
    char *data() { return reinterpret_cast<char *>(this + 1); }
  };
  static Rep *make(std::string_view text) {
    void *memory = std::malloc(sizeof(Rep) + text.size() + 1);
    if (!memory)
      throw std::bad_alloc();
    Rep *r = new (memory) Rep;
    r->refs.store(1, std::memory_order_relaxed);
    r->size = uint32_t(text.size());
    std::memcpy(r->data(), text.data(), text.size());
    r->data()[text.size()] = '\0';
    return r;
  }
  void release() {
    if (rep && rep->refs.load(std::memory_order_relaxed) != kUncounted &&
        rep->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      rep->~Rep();
      std::free(rep);
    }
    rep = nullptr;
  }

  Rep *rep = nullptr;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_TEXT_H
