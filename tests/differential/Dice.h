//===- Dice.h - Deterministic random choices for the generators -*- C++ -*-===//
//
// Draws come straight from std::mt19937's output (whose sequence the
// standard fixes) rather than from std::uniform_int_distribution (whose
// mapping each standard library chooses), so a seed gives the same programs
// with every toolchain.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_DICE_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_DICE_H

#include <cstdint>
#include <random>
#include <vector>

namespace symshape::differential {

/// Random choices over one std::mt19937.
class Dice {
public:
  explicit Dice(uint32_t seed) : engine(seed) {}

  /// Uniform in [0, n).
  unsigned below(unsigned n) { return static_cast<unsigned>(engine() % n); }
  /// True with probability percent / 100.
  bool chance(unsigned percent) { return below(100) < percent; }
  /// A static size: 0 (10%), 1 (20%) or 2-4 (70%).
  int64_t size() {
    unsigned roll = below(10);
    if (roll == 0)
      return 0;
    if (roll <= 2)
      return 1;
    return 2 + below(3);
  }
  /// One element of a non-empty list.
  template <typename T> const T &pick(const std::vector<T> &items) {
    return items[below(static_cast<unsigned>(items.size()))];
  }

private:
  std::mt19937 engine;
};

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_DICE_H
