//===- Polynomial.h - Integer polynomials over free symbols -----*- C++ -*-===//
//
// Conditions are printed over the free symbols of a function, so the atoms
// they are built from compare polynomials of symbols:
//
//   %a[0] - 4          (atom "%a[0] - 4 == 0" prints as "%a[0] == 4")
//   %a[0] * %b[0] - 8
//
// Coefficient arithmetic is checked; an overflow makes the result invalid.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_POLYNOMIAL_H
#define SYMSHAPE_SOLVER_POLYNOMIAL_H

#include "symshape/Condition.h"
#include "symshape/solver/DimGraph.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace symshape::solver {

/// A product of symbols (sorted; repeated for powers); empty is the unit.
using Monomial = std::vector<TermId>;
/// Products of more symbols are refused (mul returns nullopt).
constexpr size_t kMaxMonomialDegree = 16;

class Polynomial {
public:
  Polynomial() = default;
  static Polynomial constant(int64_t value);
  static Polynomial symbol(TermId symbol);

  /// nullopt on coefficient overflow.
  static std::optional<Polynomial> add(const Polynomial &a,
                                       const Polynomial &b);
  static std::optional<Polynomial> sub(const Polynomial &a,
                                       const Polynomial &b);
  static std::optional<Polynomial> mul(const Polynomial &a,
                                       const Polynomial &b);

  /// Every symbol t replaced by rename(t) (terms that become alike are
  /// added up); nullopt on coefficient overflow.
  std::optional<Polynomial>
  renamed(const std::function<TermId(TermId)> &rename) const;

  bool isConstant() const;
  int64_t constantPart() const;
  const std::map<Monomial, int64_t> &terms() const { return coeffs; }

  /// Divides by the gcd of the coefficients; with `fixSign`, also makes the
  /// first non-constant coefficient positive (for `== 0` atoms).
  Polynomial normalized(bool fixSign) const;

  friend bool operator<(const Polynomial &a, const Polynomial &b) {
    return a.coeffs < b.coeffs;
  }
  friend bool operator==(const Polynomial &a, const Polynomial &b) {
    return a.coeffs == b.coeffs;
  }

private:
  std::map<Monomial, int64_t> coeffs; // no zero coefficients
};

/// Relation of an atom `p REL 0`.
enum class AtomRel : uint8_t { Eq, Le };

struct Atom {
  Polynomial poly;
  AtomRel rel = AtomRel::Eq;
  friend bool operator<(const Atom &a, const Atom &b) {
    return a.rel != b.rel ? a.rel < b.rel : a.poly < b.poly;
  }
  friend bool operator==(const Atom &a, const Atom &b) {
    return a.rel == b.rel && a.poly == b.poly;
  }
};

/// Prints `p` with symbol names from `graph`, e.g. "2 * %a[0] + %b[1] - 3".
/// A monomial may also hold a floor division term, an unknown of its own:
/// it prints as "(%a[0] floordiv 2)".
std::string printPolynomial(const DimGraph &graph, const Polynomial &p);
/// `p` as the term printPolynomial prints (Condition.h's printer).
symshape::Term polynomialTerm(const DimGraph &graph, const Polynomial &p);
/// The product of a monomial's factors: "%a[0] * %b[0]".
symshape::Term monomialTerm(const DimGraph &graph, const Monomial &m);

/// A term in SEMANTICS.md §6's grammar ("%a[0] + 1", "(%n floordiv 128)");
/// nullopt for kinds the grammar has no word for (broadcasts, selects).
std::optional<std::string> printTerm(const DimGraph &graph, TermId t);
/// The term printTerm prints, every binary operation in parentheses.
std::optional<symshape::Term> termOf(const DimGraph &graph, TermId t);
/// Whether termOf(graph, t) is a term, without building it.
bool hasTermOf(const DimGraph &graph, TermId t);

} // namespace symshape::solver

#endif // SYMSHAPE_SOLVER_POLYNOMIAL_H
