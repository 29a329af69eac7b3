//===- IntTypes.h - Integer element types and their ranges ------*- C++ -*-===//
//
// The integer types size computations pass through: `index` (64 bits),
// `i32`, `si64`, `ui8`, and `i1` (a Boolean). Values are exact integers
// (sizes do not wrap, as XLA and JAX assume); a computation on constants
// whose result leaves its type's range wraps whatever the inputs, which is
// a static `overflow` error.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_INTTYPES_H
#define SYMSHAPE_FRONTEND_INTTYPES_H

#include <cstdint>
#include <optional>
#include <string_view>

namespace symshape::frontend {

struct IntType {
  unsigned width = 64;
  bool isUnsigned = false;

  static IntType index() { return {64, false}; }
  bool isBool() const { return width == 1; }
  /// Whether `value` is one of the type's values (i1 counts as 0 / 1;
  /// signless integers are read as signed, as arith and StableHLO do for
  /// sizes).
  bool holds(__int128 value) const {
    if (width >= 128)
      return true;
    if (isUnsigned || width == 1)
      return value >= 0 && value < (__int128(1) << width);
    __int128 half = __int128(1) << (width - 1);
    return value >= -half && value < half;
  }
};

/// "index", "i32", "si8", "ui64", "i1"; nullopt for other spellings.
inline std::optional<IntType> intType(std::string_view spelling) {
  if (spelling == "index")
    return IntType::index();
  bool isUnsigned = spelling.substr(0, 2) == "ui";
  size_t p = spelling.substr(0, 2) == "si" || isUnsigned ? 2
             : spelling.substr(0, 1) == "i"              ? 1
                                                         : 0;
  if (p == 0 || p >= spelling.size() || spelling.size() - p > 3)
    return std::nullopt;
  unsigned width = 0;
  for (; p < spelling.size(); ++p) {
    if (spelling[p] < '0' || spelling[p] > '9')
      return std::nullopt;
    width = width * 10 + unsigned(spelling[p] - '0');
  }
  if (width == 0 || width > 64)
    return std::nullopt;
  return IntType{width, isUnsigned};
}

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_INTTYPES_H
