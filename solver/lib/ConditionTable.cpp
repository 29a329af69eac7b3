//===- ConditionTable.cpp - A condition's minterms by evaluation ----------===//
//
// A cover's minterms cost a query each (ConditionCover.cpp), and a cover
// of many atoms grown from models costs one per atom for each of its
// cubes. Where the violation and the assertions of P on its sizes are
// Boolean functions of atoms that each compare one size with a constant
// (the axes of an ONNX Unsqueeze given at runtime: `%axes[0] <= -1`,
// `%axes[0] == 2`), the sizes' values split into a few ranges on which
// every atom keeps its truth; one point of each combination of ranges is
// then evaluated (Evaluate.h, as Smt.cpp encodes the terms) instead of
// asking Z3 for the minterms. The caller checks the cover with two
// queries.
//
//===----------------------------------------------------------------------===//

#include "ConditionsInternal.h"
#include "Evaluate.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace symshape::solver {
namespace {

/// Assertions of P evaluated per point at most.
constexpr size_t kMaxTableAssertions = 256;

/// How addThresholds took an atom.
enum class Split {
  Foreign,   ///< it names a symbol that is not one of `values`
  Threshold, ///< it compares one symbol with a constant (or none)
  Other,     ///< it compares sums of symbols: no threshold
  Nonlinear, ///< it multiplies symbols (Z3 may spin on the check)
};

/// Adds to `values` the points around the threshold of `atom` when it
/// compares one symbol of `values` with a constant (a * s + b REL 0,
/// a != 0): -b / a rounded down and up, and one on each side. Other atoms
/// over symbols of `values` add nothing (the points may then miss a
/// minterm, which the cover's check finds).
Split addThresholds(const Atom &atom,
                    std::unordered_map<TermId, std::vector<int64_t>> &values) {
  int64_t a = 0, b = 0;
  TermId symbol = kNoTerm;
  bool linearInOne = true;
  for (const auto &[monomial, coefficient] : atom.poly.terms()) {
    if (monomial.empty()) {
      b = coefficient;
      continue;
    }
    for (TermId s : monomial)
      if (!values.count(s))
        return Split::Foreign;
    if (monomial.size() != 1)
      return Split::Nonlinear;
    if (symbol != kNoTerm)
      linearInOne = false;
    symbol = monomial[0];
    a = coefficient;
  }
  if (symbol == kNoTerm)
    return Split::Threshold; // a constant: splits nothing
  if (!linearInOne || a == 0 || b <= INT32_MIN || b >= INT32_MAX ||
      a <= INT32_MIN)
    return Split::Other;
  int64_t num = a > 0 ? -b : b, den = a > 0 ? a : -a;
  int64_t floor = num / den - (num % den != 0 && num < 0);
  for (int64_t d = -1; d <= 2; ++d)
    values[symbol].push_back(floor + d);
  return Split::Threshold;
}

/// For an atom x - y + c or x + y + c (REL 0; any common factor), adds
/// to `values` of x the value where the atom's sides meet for each value
/// of y in `single`, and one past it, and the same for y.
void addPartners(const Atom &atom,
                 const std::unordered_map<TermId, std::vector<int64_t>> &single,
                 std::unordered_map<TermId, std::vector<int64_t>> &values) {
  std::vector<std::pair<TermId, int64_t>> linear;
  int64_t c = 0;
  for (const auto &[monomial, coefficient] : atom.poly.terms()) {
    if (monomial.empty())
      c = coefficient;
    else if (monomial.size() == 1)
      linear.push_back({monomial[0], coefficient});
    else
      return;
  }
  if (linear.size() != 2)
    return;
  int64_t a = linear[0].second, b = linear[1].second;
  if (a == 0 || (a != b && a != -b) || c % a != 0 || c <= INT32_MIN ||
      c >= INT32_MAX || a <= INT32_MIN)
    return;
  // The sides meet where to = -(from's coefficient * v + c) / to's
  // coefficient, exact as |a| == |b| divides c.
  for (int side = 0; side < 2; ++side) {
    const auto &[to, toCoefficient] = linear[side];
    const auto &[from, fromCoefficient] = linear[1 - side];
    auto known = single.find(from);
    if (known == single.end())
      continue;
    for (int64_t v : known->second)
      for (int64_t d = 0; d <= 1; ++d)
        values[to].push_back(-(fromCoefficient * v + c) / toCoefficient + d);
  }
}

} // namespace

std::optional<TableOfMinterms>
tableOfViolation(const DimGraph &graph, const FormulaStore &formulas,
                 FormulaId violation, const std::vector<Atom> &atoms,
                 const std::unordered_map<TermId, int64_t> &fixed,
                 const std::vector<FormulaId> &holding,
                 const std::vector<FormulaId> &failing) {
  if (atoms.empty() || atoms.size() > 32 || formulas.degreeOf(violation) >= 2)
    return std::nullopt;
  // The box's symbols: the violation's, but those P fixes.
  std::vector<TermId> box;
  for (TermId t : formulas.termsOf(violation))
    for (TermId s : graph.symbolsOf(t))
      if (!fixed.count(s))
        box.push_back(s);
  std::sort(box.begin(), box.end());
  box.erase(std::unique(box.begin(), box.end()), box.end());
  if (box.empty())
    return std::nullopt;
  std::unordered_set<TermId> inBox(box.begin(), box.end());
  for (const Atom &atom : atoms)
    for (const auto &[monomial, coefficient] : atom.poly.terms())
      for (TermId s : monomial)
        if (!inBox.count(s))
          return std::nullopt; // an unknown that is not a symbol
  // The assertions of P on the box's symbols, each with the truth P gives
  // it; one that also names a symbol outside the box (and not fixed)
  // cannot be evaluated at a point of the box alone.
  std::vector<std::pair<FormulaId, bool>> touched;
  for (const std::vector<FormulaId> *list : {&holding, &failing})
    for (FormulaId f : *list) {
      bool touches = false, closed = true;
      for (TermId t : formulas.termsOf(f))
        for (TermId s : graph.symbolsOf(t)) {
          touches |= inBox.count(s) > 0;
          closed &= inBox.count(s) > 0 || fixed.count(s) > 0;
        }
      if (!touches)
        continue;
      if (!closed || touched.size() == kMaxTableAssertions ||
          formulas.degreeOf(f) >= 2)
        return std::nullopt;
      touched.push_back({f, list == &holding});
    }
  // The points: every combination of the values around each atom's
  // threshold, the violation's atoms and those of the assertions of P on
  // the same sizes alike. An atom that compares one size with a constant
  // keeps its truth between two consecutive values: when every atom is
  // one, these points meet every minterm P allows.
  std::unordered_map<TermId, std::vector<int64_t>> around;
  for (TermId s : box)
    around[s];
  std::vector<Atom> all = atoms;
  for (const auto &[f, truth] : touched) {
    AtomCollector collector(graph, formulas, fixed);
    if (!collector.collect(f))
      return std::nullopt;
    all.insert(all.end(), collector.atoms.begin(), collector.atoms.end());
  }
  TableOfMinterms table;
  table.complete = true;
  for (const Atom &atom : all) {
    Split split = addThresholds(atom, around);
    if (split == Split::Foreign || split == Split::Nonlinear)
      return std::nullopt;
    table.complete &= split == Split::Threshold;
  }
  // An atom that compares two sizes (x - y + c, x + y + c) splits along
  // a diagonal: each value of one has its partner added to the other's,
  // unless that makes too many points (the check of the cover then finds
  // a minterm they missed).
  std::unordered_map<TermId, std::vector<int64_t>> partnered = around;
  for (const Atom &atom : all)
    addPartners(atom, around, partnered);
  std::vector<std::vector<int64_t>> range;
  size_t points = 0;
  for (auto *values : {table.complete ? &around : &partnered, &around}) {
    range.clear();
    points = 1;
    for (TermId s : box) {
      std::vector<int64_t> &v = (*values)[s];
      if (v.empty())
        return std::nullopt; // no threshold splits its values
      std::sort(v.begin(), v.end());
      v.erase(std::unique(v.begin(), v.end()), v.end());
      points =
          v.size() > kMaxTablePoints ? kMaxTablePoints + 1 : points * v.size();
      if (points > kMaxTablePoints)
        break;
      range.push_back(v);
    }
    if (points <= kMaxTablePoints)
      break;
  }
  if (points > kMaxTablePoints)
    return std::nullopt;
  // Every point, as an odometer.
  std::unordered_map<TermId, int64_t> values(fixed.begin(), fixed.end());
  std::vector<size_t> at(box.size(), 0);
  for (size_t n = 0; n < points; ++n) {
    for (size_t k = 0; k < box.size(); ++k)
      values[box[k]] = range[k][at[k]];
    for (size_t k = 0; k < box.size() && ++at[k] == range[k].size(); ++k)
      at[k] = 0;
    detail::Evaluator eval(graph, formulas, [&](TermId s) {
      auto it = values.find(s);
      return it == values.end() ? int64_t(0) : it->second;
    });
    bool inP = true;
    for (const auto &[f, truth] : touched) {
      std::optional<bool> v = eval.holds(f);
      if (!v)
        return std::nullopt; // past int64 somewhere: ask instead
      if (*v != truth) {
        inP = false;
        break;
      }
    }
    if (!inP)
      continue;
    std::optional<bool> violated = eval.holds(violation);
    if (!violated)
      return std::nullopt;
    uint32_t minterm = 0;
    for (size_t i = 0; i < atoms.size(); ++i) {
      std::optional<int64_t> v = evaluatePolynomial(atoms[i].poly, values);
      if (!v)
        return std::nullopt;
      bool holds = atoms[i].rel == AtomRel::Eq ? *v == 0 : *v <= 0;
      minterm |= uint32_t(holds) << i;
    }
    (*violated ? table.on : table.off).push_back(minterm);
  }
  for (std::vector<uint32_t> *set : {&table.on, &table.off}) {
    std::sort(set->begin(), set->end());
    set->erase(std::unique(set->begin(), set->end()), set->end());
  }
  return table;
}

} // namespace symshape::solver
