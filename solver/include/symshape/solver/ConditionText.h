//===- ConditionText.h - A finding's condition in one pointer ---*- C++ -*-===//
//
// A finding keeps its condition as a formula (symshape/Condition.h) in
// one shared block: a Finding stays 32 bytes and copies share the block.
// The text is printed when a report first reads it, once for every copy
// (from any thread): a chain of N broadcasts has N conditions of up to N
// sizes, and neither the solver nor the contract reads their text.
//
//   ConditionText c(Condition::truth(true));   // nothing printed yet
//   c.formula().kind();                        // Condition::Kind::True
//   std::string s = "when " + c;               // prints "true" once
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_CONDITIONTEXT_H
#define SYMSHAPE_SOLVER_CONDITIONTEXT_H

#include "symshape/Condition.h"

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

namespace symshape::solver {

class ConditionText {
public:
  /// No condition: empty text, formula of kind None.
  ConditionText() = default;
  explicit ConditionText(symshape::Condition formula)
      : rep(formula.empty() ? nullptr : new Rep(std::move(formula))) {}
  ConditionText(const ConditionText &other) : rep(other.rep) {
    if (rep)
      rep->refs.fetch_add(1, std::memory_order_relaxed);
  }
  ConditionText(ConditionText &&other) noexcept : rep(other.rep) {
    other.rep = nullptr;
  }
  ConditionText &operator=(ConditionText other) noexcept {
    std::swap(rep, other.rep);
    return *this;
  }
  ~ConditionText() { clear(); }
  void clear() {
    if (rep && rep->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete rep;
    rep = nullptr;
  }

  /// The formula; kind None when there is no condition.
  const symshape::Condition &formula() const {
    static const symshape::Condition none;
    return rep ? rep->formula : none;
  }
  /// What the printer writes for it (printed on the first call).
  std::string_view view() const {
    if (!rep)
      return std::string_view();
    if (rep->state.load(std::memory_order_acquire) != Rep::kPrinted)
      rep->print();
    return rep->text;
  }
  operator std::string_view() const { return view(); }
  operator std::string() const { return str(); }
  std::string str() const { return std::string(view()); }
  bool empty() const { return rep == nullptr; }
  size_t size() const { return view().size(); }

  friend bool operator==(const ConditionText &a, std::string_view b) {
    return a.view() == b;
  }
  friend bool operator!=(const ConditionText &a, std::string_view b) {
    return a.view() != b;
  }
  friend bool operator==(const ConditionText &a, const ConditionText &b) {
    return a.view() == b.view();
  }
  friend std::string operator+(std::string a, const ConditionText &b) {
    a += b.view();
    return a;
  }
  friend std::string operator+(const char *a, const ConditionText &b) {
    return std::string(a) + b;
  }
  friend std::ostream &operator<<(std::ostream &os, const ConditionText &c) {
    return os << c.view();
  }

private:
  struct Rep {
    explicit Rep(symshape::Condition formula) : formula(std::move(formula)) {}
    /// Writes `text` once: the first reader prints, a reader on another
    /// thread meanwhile waits for it (a print takes microseconds). Not
    /// std::call_once: glibc ends every call_once with a futex system
    /// call, one per condition a report prints (the text report of the 60
    /// functions of broadcast chains that bench/gen_cliff.py writes made
    /// 897 futex calls with it, 165 without).
    void print() {
      uint8_t expected = kUnprinted;
      if (!state.compare_exchange_strong(expected, kPrinting,
                                         std::memory_order_acquire)) {
        while (state.load(std::memory_order_acquire) != kPrinted)
          std::this_thread::yield();
        return;
      }
      try {
        text = formula.str();
      } catch (...) {
        state.store(kUnprinted, std::memory_order_release); // try again
        throw;
      }
      state.store(kPrinted, std::memory_order_release);
    }
    static constexpr uint8_t kUnprinted = 0, kPrinting = 1, kPrinted = 2;
    std::atomic<uint32_t> refs{1};
    std::atomic<uint8_t> state{kUnprinted}; ///< guards `text`
    symshape::Condition formula;
    std::string text;
  };
  Rep *rep = nullptr;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_CONDITIONTEXT_H
