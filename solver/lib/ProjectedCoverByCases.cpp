//===- ProjectedCoverByCases.cpp - A fresh broadcast's cover without Z3 ---===//
//
// The projection of a fresh broadcast (FreshBroadcast.cpp) is tiny: its
// sizes (symbols), their lower bounds, and at most one column assumed
// compatible. Its cover was asked of a Z3 solver of its own, which made a
// Z3 context in every session of one small function (issue 46's cliff
// hunt: half of a function's time). When the cover's atoms are equalities
// of a size with a constant or of two sizes, the feasible minterms are
// found by cases instead, exactly:
//
// Let C be the constants the atoms name, 1 and the lower bounds, and F
// as many values above all of C as there are sizes. Any assignment that
// meets the bounds maps to one over C and F with the same truth of every
// atom, bound, column and violation: keep the values in C, send the others
// one-to-one to F. (Equalities with constants and between sizes are kept
// by a one-to-one map that fixes C; a conflict is such equalities with 1
// and between its sizes; every value of F is above every bound.) So the
// minterms met over C and F are all the feasible ones, and
// CoverFinder::exact's minimisation of the same sets gives the same cover
// as the queries did. No size is fixed (1 and a value of F are both
// possible), so none is printed as a value. Anything else (an atom of
// another form, too many sizes or cases) goes to Z3 as before.
//
//===----------------------------------------------------------------------===//

#include "ConditionsInternal.h"
#include "Evaluate.h"
#include "Judge.h"

#include <algorithm>
#include <set>

namespace symshape::solver::detail {

namespace {

/// At most this many assignments are tried (sizes^values).
constexpr size_t kMaxCases = 1u << 14;

/// Whether `atom` is `size == constant` (its constant into `constants`) or
/// `size == size`, over `symbols`.
bool equalityOverSizes(const Atom &atom, const std::vector<TermId> &symbols,
                       std::set<int64_t> &constants) {
  if (atom.rel != AtomRel::Eq)
    return false;
  std::vector<std::pair<TermId, int64_t>> linear;
  int64_t constant = 0;
  for (const auto &[monomial, coefficient] : atom.poly.terms()) {
    if (monomial.empty()) {
      constant = coefficient;
      continue;
    }
    if (monomial.size() != 1 ||
        !std::binary_search(symbols.begin(), symbols.end(), monomial[0]) ||
        (coefficient != 1 && coefficient != -1))
      return false;
    linear.push_back({monomial[0], coefficient});
  }
  if (linear.size() == 1) {
    constants.insert(linear[0].second == 1 ? -constant : constant);
    return true;
  }
  return linear.size() == 2 && constant == 0 &&
         linear[0].second == -linear[1].second;
}

} // namespace

std::optional<std::vector<Cube>>
Judge::projectedCoverByCases(size_t k, std::optional<FormulaId> column) {
  const Obligation &ob = problem.obligations[k];
  const DimGraph &graph = problem.graph;
  const FormulaStore &formulas = problem.formulas;
  std::vector<TermId> symbols = formulas.node(ob.violation).args;
  std::sort(symbols.begin(), symbols.end());
  // The projection's P, as projectedSolver asserts it.
  std::vector<FormulaId> bounds;
  std::set<int64_t> constants{1};
  for (TermId leaf : symbols) {
    if (!graph.isSymbol(leaf))
      return std::nullopt;
    for (FormulaId fact : boundFacts[graph.term(leaf).symbol]) {
      const FormulaNode &node = formulas.node(fact);
      std::optional<int64_t> low = node.kind == FormulaKind::Le
                                       ? graph.constantValue(node.args[0])
                                       : std::nullopt;
      if (!low || node.args[1] != leaf)
        return std::nullopt;
      constants.insert(*low);
      bounds.push_back(fact);
    }
  }
  // No size is fixed by a bound and at most one column (a value of F is
  // always another choice), so coverOfViolation substitutes none.
  const std::unordered_map<TermId, int64_t> none;
  AtomCollector collector(graph, formulas, none);
  if (symbols.size() > kMaxFixedSymbols || !collector.collect(ob.violation))
    return std::nullopt;
  std::vector<Atom> atoms(collector.atoms.begin(), collector.atoms.end());
  if (atoms.size() > kMaxExactAtoms)
    return std::nullopt;
  for (const Atom &atom : atoms)
    if (!equalityOverSizes(atom, symbols, constants))
      return std::nullopt;
  std::vector<int64_t> values(constants.begin(), constants.end());
  int64_t above = std::max<int64_t>(values.back(), 1);
  if (above > (int64_t(1) << 40) || values.front() < -(int64_t(1) << 40))
    return std::nullopt;
  for (size_t i = 1; i <= symbols.size(); ++i)
    values.push_back(above + int64_t(i));
  size_t cases = 1;
  for (size_t i = 0; i < symbols.size(); ++i)
    if ((cases *= values.size()) > kMaxCases)
      return std::nullopt;
  std::set<uint32_t> on, off;
  std::vector<std::set<int64_t>> taken(symbols.size());
  std::unordered_map<TermId, int64_t> model;
  for (size_t n = 0; n < cases; ++n) {
    for (size_t i = 0, rest = n; i < symbols.size(); ++i) {
      model[symbols[i]] = values[rest % values.size()];
      rest /= values.size();
    }
    Evaluator eval(graph, formulas,
                   [&](TermId t) { return model.count(t) ? model[t] : 1; });
    bool isModel = true;
    for (FormulaId bound : bounds)
      isModel &= eval.holds(bound) == std::optional<bool>(true);
    if (column)
      isModel &= eval.holds(*column) == std::optional<bool>(false);
    if (!isModel)
      continue;
    for (size_t i = 0; i < symbols.size(); ++i)
      taken[i].insert(model[symbols[i]]);
    std::optional<bool> violated = eval.holds(ob.violation);
    if (!violated)
      return std::nullopt;
    uint32_t minterm = 0;
    for (size_t i = 0; i < atoms.size(); ++i) {
      int64_t sum = 0;
      for (const auto &[monomial, coefficient] : atoms[i].poly.terms())
        sum += coefficient * (monomial.empty() ? 1 : model[monomial[0]]);
      minterm |= uint32_t(sum == 0) << i;
    }
    (*violated ? on : off).insert(minterm);
  }
  if (on.size() > kMaxMinterms || off.size() > kMaxMinterms)
    return std::nullopt; // the queries' answer: too many cases
  for (const std::set<int64_t> &sizeValues : taken)
    if (sizeValues.size() < 2)
      return std::nullopt; // P fixes it: printed as its value
  std::string whyNot;
  return minimalCover(atoms, std::vector<uint32_t>(on.begin(), on.end()),
                      std::vector<uint32_t>(off.begin(), off.end()), whyNot);
}

} // namespace symshape::solver::detail
