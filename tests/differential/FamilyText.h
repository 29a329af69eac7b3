//===- FamilyText.h - Shared helpers of the family generators ---*- C++ -*-===//
//
// Printing helpers and dice rolls shared by Families.cpp, ShapeFamily.cpp
// and FixedCases.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TESTS_DIFFERENTIAL_FAMILYTEXT_H
#define SYMSHAPE_TESTS_DIFFERENTIAL_FAMILYTEXT_H

#include "Dice.h"
#include "Generator.h"

#include <string>
#include <vector>

namespace symshape::differential {

/// Joins the lines of a function body into a `func.func`.
inline std::string function(const std::string &header,
                            const std::vector<std::string> &body) {
  std::string text = header + " {\n";
  for (const std::string &line : body)
    text += "  " + line + "\n";
  return text + "}\n";
}

inline std::string joinComma(const std::vector<std::string> &items) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i)
    text += (i ? ", " : "") + items[i];
  return text;
}

/// A ranked shape of `rank` dims, each `?` with `percentDynamic`.
inline Shape drawShape(Dice &dice, size_t rank, unsigned percentDynamic) {
  Shape shape;
  for (size_t i = 0; i < rank; ++i)
    shape.dims.push_back(dice.chance(percentDynamic) ? kDynamic : dice.size());
  return shape;
}

/// A static size other than `size`.
inline int64_t otherSize(Dice &dice, int64_t size) {
  int64_t other = dice.size();
  return other == size ? (size + 1 + dice.below(3)) % 5 : other;
}

} // namespace symshape::differential

#endif // SYMSHAPE_TESTS_DIFFERENTIAL_FAMILYTEXT_H
