//===- ConditionText.h - A finding's condition in one pointer ---*- C++ -*-===//
//
// A finding keeps its condition as a formula (symshape/Condition.h) with
// the text the printer wrote for it once, in one shared block: a Finding
// stays 32 bytes, copies share the block, and reports read the text as
// they read a Text.
//
//   ConditionText c(Condition::truth(true));   // prints "true" once
//   c.formula().kind();                        // Condition::Kind::True
//   std::string s = "when " + c;               // "when true"
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_CONDITIONTEXT_H
#define SYMSHAPE_SOLVER_CONDITIONTEXT_H

#include "symshape/Condition.h"

#include <atomic>
#include <ostream>
#include <string>
#include <string_view>

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
  /// What the printer wrote for it.
  std::string_view view() const {
    return rep ? std::string_view(rep->text) : std::string_view();
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
    explicit Rep(symshape::Condition formula)
        : formula(std::move(formula)), text(this->formula.str()) {}
    std::atomic<uint32_t> refs{1};
    symshape::Condition formula;
    std::string text;
  };
  Rep *rep = nullptr;
};

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_CONDITIONTEXT_H
