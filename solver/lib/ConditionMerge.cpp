//===- ConditionMerge.cpp - Cubes on adjacent ranges of a size, merged ----===//
//
// The exact cover of a condition is built from the atoms the formula
// mentions, so a range its atoms cannot state in one cube comes out in
// pieces. A slice's size %m is in bounds when `%m == 0`, or `%m >= 1` and
// `%m <= %a[0]`:
//
//   %m == 0 || (%m >= 1 && %m <= %a[0])   ->   %m >= 0 && %m <= %a[0]
//
// Two cubes A and B that bound one monomial m on ranges whose union is a
// range J, where A's other literals are among B's, become one cube C: J
// and B's other literals. C implies A || B by construction; A || B implies
// C when A implies B's extra literals under P, which one solver query
// decides. So the cover stays exact.
//
//===----------------------------------------------------------------------===//

#include "ConditionsInternal.h"

#include <algorithm>
#include <limits>

namespace symshape::solver {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

/// A closed range; kMin / kMax stand for no bound.
struct Range {
  int64_t lo = kMin, hi = kMax;
};

/// The monomial a literal bounds and how, when it is `m == v`, `m <= v`,
/// `m >= v` (or their negations but `!=`) with m's coefficient +-1.
std::optional<std::pair<Monomial, Range>> rangeOf(const Atom &atom,
                                                  bool holds) {
  const Monomial *subject = nullptr;
  int64_t coeff = 0;
  for (const auto &[m, c] : atom.poly.terms())
    if (!m.empty()) {
      if (subject)
        return std::nullopt;
      subject = &m;
      coeff = c;
    }
  int64_t k = atom.poly.constantPart();
  if (!subject || (coeff != 1 && coeff != -1) || k <= kMin + 1 || k >= kMax - 1)
    return std::nullopt;
  Range r;
  if (atom.rel == AtomRel::Eq) {
    if (!holds)
      return std::nullopt; // `!=` is no range
    r.lo = r.hi = coeff == 1 ? -k : k;
  } else if (holds) { // coeff * m + k <= 0
    (coeff == 1 ? r.hi : r.lo) = coeff == 1 ? -k : k;
  } else { // coeff * m + k >= 1
    (coeff == 1 ? r.lo : r.hi) = coeff == 1 ? 1 - k : k - 1;
  }
  return std::make_pair(*subject, r);
}

/// The literals of `cube` that bound `m`, intersected; the others in `rest`.
Range rangeIn(const Cube &cube, const Monomial &m, Cube &rest) {
  Range r;
  for (const std::pair<Atom, bool> &literal : cube) {
    std::optional<std::pair<Monomial, Range>> own =
        rangeOf(literal.first, literal.second);
    if (!own || own->first != m) {
      rest.push_back(literal);
      continue;
    }
    r.lo = std::max(r.lo, own->second.lo);
    r.hi = std::min(r.hi, own->second.hi);
  }
  return r;
}

Polynomial polynomialOf(const Monomial &m) {
  Polynomial p = Polynomial::symbol(m.front());
  for (size_t i = 1; i < m.size(); ++i)
    p = *Polynomial::mul(p, Polynomial::symbol(m[i]));
  return p;
}

/// The literals stating `m in r`; none for a bound a size always has.
void appendRange(const DimGraph &graph, const Monomial &m, Range r,
                 Cube &cube) {
  bool size =
      m.size() == 1 && graph.isSymbol(m[0]) && graph.provablyNonNegative(m[0]);
  if (size && r.lo <= 0)
    r.lo = kMin;
  Polynomial p = polynomialOf(m);
  if (r.lo != kMin && r.lo == r.hi) {
    cube.push_back(
        {Atom{*Polynomial::sub(p, Polynomial::constant(r.lo)), AtomRel::Eq},
         true});
    return;
  }
  if (r.lo != kMin)
    cube.push_back(
        {Atom{*Polynomial::sub(Polynomial::constant(r.lo), p), AtomRel::Le},
         true});
  if (r.hi != kMax)
    cube.push_back(
        {Atom{*Polynomial::sub(p, Polynomial::constant(r.hi)), AtomRel::Le},
         true});
}

bool contains(const Cube &cube, const std::pair<Atom, bool> &literal) {
  return std::find(cube.begin(), cube.end(), literal) != cube.end();
}

/// Whether some minterm `allowed` holds has every literal of `cube` and
/// misses some literal of `extra` (B's literals A lacks); nullopt when a
/// literal's atom is not one of `allowed`'s.
std::optional<bool> meetsByMinterms(const AllowedMinterms &allowed,
                                    const Cube &cube, const Cube &extra) {
  auto bitOf = [&](const Atom &atom) -> std::optional<uint32_t> {
    auto at = std::find(allowed.atoms.begin(), allowed.atoms.end(), atom);
    if (at == allowed.atoms.end() || allowed.atoms.size() > 32)
      return std::nullopt;
    return uint32_t(1) << (at - allowed.atoms.begin());
  };
  uint32_t mask = 0, value = 0;
  for (const auto &[atom, holds] : cube) {
    std::optional<uint32_t> bit = bitOf(atom);
    if (!bit)
      return std::nullopt;
    if ((mask & *bit) && bool(value & *bit) != holds)
      return false; // A is empty
    mask |= *bit;
    value |= holds ? *bit : 0;
  }
  std::vector<std::pair<uint32_t, bool>> missed;
  for (const auto &[atom, holds] : extra) {
    std::optional<uint32_t> bit = bitOf(atom);
    if (!bit)
      return std::nullopt;
    missed.push_back({*bit, holds});
  }
  return std::any_of(
      allowed.minterms.begin(), allowed.minterms.end(), [&](uint32_t m) {
        return (m & mask) == value &&
               std::any_of(missed.begin(), missed.end(), [&](auto &l) {
                 return bool(m & l.first) != l.second;
               });
      });
}

/// Cube `a` merged into cube `b` on `m`, when that is exact under P
/// (asked of `solver`, or decided by `allowed`: `byTable` is then set).
std::optional<Cube> mergeOn(SmtSolver &solver, const DimGraph &graph,
                            const Cube &a, const Cube &b, const Monomial &m,
                            const AllowedMinterms *allowed, bool &byTable) {
  Cube restA, restB;
  Range ra = rangeIn(a, m, restA), rb = rangeIn(b, m, restB);
  // The union is one range when neither lies wholly past the other.
  auto below = [](const Range &x, const Range &y) {
    return x.hi != kMax && y.lo != kMin && x.hi + 1 < y.lo;
  };
  if (below(ra, rb) || below(rb, ra))
    return std::nullopt;
  Cube extraLiterals;
  for (const std::pair<Atom, bool> &literal : restA)
    if (!contains(restB, literal))
      return std::nullopt;
  for (const std::pair<Atom, bool> &literal : restB)
    if (!contains(restA, literal))
      extraLiterals.push_back(literal);
  // Does A imply B's other literals under P?
  std::optional<bool> meets = allowed && !extraLiterals.empty()
                                  ? meetsByMinterms(*allowed, a, extraLiterals)
                                  : std::nullopt;
  if (meets) {
    if (*meets)
      return std::nullopt;
    byTable = true;
  } else if (!extraLiterals.empty()) {
    std::vector<Lit> extra;
    for (const auto &[atom, holds] : extraLiterals) {
      Lit l = solver.atom(atom);
      extra.push_back(holds ? -l : l);
    }
    std::vector<Lit> assumptions;
    for (const auto &[atom, holds] : a) {
      Lit l = solver.atom(atom);
      assumptions.push_back(holds ? l : -l);
    }
    assumptions.push_back(solver.clause(extra));
    if (solver.check(assumptions) != SatResult::Unsat)
      return std::nullopt;
  }
  Cube merged = restB;
  appendRange(graph, m, {std::min(ra.lo, rb.lo), std::max(ra.hi, rb.hi)},
              merged);
  return merged;
}

} // namespace

void mergeRanges(SmtSolver &solver, const DimGraph &graph,
                 std::vector<Cube> &cover, const AllowedMinterms *allowed,
                 FormulaId violation) {
  OptionalChecks optional(solver); // a give-up costs a merge only
  if (allowed && allowed->atoms.empty())
    allowed = nullptr;
  const std::vector<Cube> before = cover;
  bool byTable = false;
  bool merged = true;
  while (merged && cover.size() > 1) {
    merged = false;
    for (size_t i = 0; i < cover.size() && !merged; ++i)
      for (size_t j = 0; j < cover.size() && !merged; ++j) {
        if (i == j)
          continue;
        for (const auto &[atom, holds] : cover[i]) {
          std::optional<std::pair<Monomial, Range>> own = rangeOf(atom, holds);
          if (!own)
            continue;
          if (std::optional<Cube> c = mergeOn(solver, graph, cover[i], cover[j],
                                              own->first, allowed, byTable)) {
            cover[j] = std::move(*c);
            cover.erase(cover.begin() + std::ptrdiff_t(i));
            merged = true;
            break;
          }
        }
      }
  }
  // The table's minterms stand for P as the evaluator reads it; the
  // merged cover is checked against Z3's P, and asked again if it fails.
  size_t checks = 0;
  if (byTable && !coverMatches(solver, violation, cover, checks)) {
    cover = before;
    mergeRanges(solver, graph, cover);
  }
}

} // namespace symshape::solver
