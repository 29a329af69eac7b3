//===- ConditionModels.cpp - Models of P found by evaluation
//---------------===//
//
// A cover's enumeration (ConditionCover.cpp) asks Z3 for one model per
// minterm. A condition over a few sizes shows most of its minterms at
// small values and at the constants it names, so they are looked for
// first without Z3: the condition's symbols in one model of P are moved
// over those values, and an assignment is kept when every assertion of P
// evaluates to true there. Each such model only seeds the enumeration; Z3
// still proves that no other minterm is left, so the cover is the one the
// queries alone would give, after fewer of them.
//
//===----------------------------------------------------------------------===//

#include "ConditionsInternal.h"
#include "Evaluate.h"

#include <algorithm>
#include <climits>
#include <unordered_set>

namespace symshape::solver {
namespace {

/// Assignments tried per condition: all of them when the values multiply
/// out to no more, else this many picked by a fixed sequence.
constexpr size_t kMaxTrials = 1024;
/// Past this many assertions of P mentioning the condition's symbols, a
/// trial costs more than the query it saves.
constexpr size_t kMaxAssertions = 256;
/// Conditions over more symbols than this are left to the queries.
constexpr size_t kMaxSymbols = 6;

/// The values each symbol of `symbols` is tried at: its value in `base`,
/// small sizes, and the constants `violation` names with their neighbours.
std::vector<int64_t> trialValues(const DimGraph &graph,
                                 const FormulaStore &formulas,
                                 FormulaId violation,
                                 const std::vector<TermId> &symbols,
                                 const SymbolValues &base) {
  std::vector<int64_t> values;
  for (int64_t v = 0; v <= int64_t(symbols.size()) + 2; ++v)
    values.push_back(v);
  for (TermId s : symbols)
    if (auto it = base.find(s); it != base.end())
      values.push_back(it->second);
  std::unordered_set<TermId> seen;
  for (TermId t : formulas.termsOf(violation))
    graph.postOrder(
        t, [&](TermId u) { return seen.count(u) > 0; },
        [&](TermId u) {
          seen.insert(u);
          std::optional<int64_t> c = graph.constantValue(u);
          if (c && *c > INT32_MIN && *c < INT32_MAX)
            for (int64_t d : {int64_t(-1), int64_t(0), int64_t(1)})
              values.push_back(*c + d);
        });
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

/// The assertions of `asserted` that mention a symbol of `symbols`, and
/// every symbol they mention; false when they are too many to evaluate.
bool assertionsTouching(const DimGraph &graph, const FormulaStore &formulas,
                        const std::vector<FormulaId> &asserted,
                        const std::vector<TermId> &symbols,
                        std::vector<FormulaId> &touched,
                        std::vector<TermId> &mentioned) {
  std::unordered_set<TermId> moved(symbols.begin(), symbols.end());
  for (FormulaId f : asserted) {
    bool touches = false;
    std::vector<TermId> own;
    for (TermId t : formulas.termsOf(f))
      for (TermId s : graph.symbolsOf(t)) {
        touches |= moved.count(s) > 0;
        own.push_back(s);
      }
    if (!touches)
      continue;
    if (touched.size() == kMaxAssertions)
      return false;
    touched.push_back(f);
    mentioned.insert(mentioned.end(), own.begin(), own.end());
  }
  return true;
}

} // namespace

void addModelsByEvaluation(SmtSolver &solver, const DimGraph &graph,
                           const FormulaStore &formulas,
                           const std::vector<FormulaId> &asserted,
                           FormulaId violation,
                           const std::vector<TermId> &symbols,
                           KnownModels &models,
                           const std::vector<FormulaId> *failing) {
  if (symbols.empty() || symbols.size() > kMaxSymbols)
    return;
  // The assertions the moved symbols can change; the others hold at
  // every trial, as they do in the model.
  std::vector<FormulaId> touched;
  std::vector<TermId> others;
  std::vector<FormulaId> touchedFailing;
  if (!assertionsTouching(graph, formulas, asserted, symbols, touched,
                          others) ||
      (failing && !assertionsTouching(graph, formulas, *failing, symbols,
                                      touchedFailing, others)))
    return;
  // The model Z3 just gave: every symbol the trials read.
  SymbolValues base;
  others.insert(others.end(), symbols.begin(), symbols.end());
  for (TermId s : others)
    if (!base.count(s)) {
      std::optional<int64_t> v = solver.value(s);
      if (!v)
        return;
      base[s] = *v;
    }
  std::vector<int64_t> values =
      trialValues(graph, formulas, violation, symbols, base);
  size_t total = 1;
  for (size_t i = 0; i < symbols.size() && total <= kMaxTrials; ++i)
    total *= values.size();
  const bool all = total <= kMaxTrials;
  uint64_t state = 0x9e3779b97f4a7c15ull; // fixed: the same trials each run
  SymbolValues trial = base;
  std::vector<size_t> digits(symbols.size(), 0);
  for (size_t n = 0; n < std::min(total, kMaxTrials); ++n) {
    for (size_t i = 0; i < symbols.size(); ++i) {
      if (!all) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        digits[i] = size_t(state >> 33) % values.size();
      }
      trial[symbols[i]] = values[digits[i]];
    }
    if (all) // the next assignment, as an odometer
      for (size_t i = 0; i < digits.size() && ++digits[i] == values.size(); ++i)
        digits[i] = 0;
    detail::Evaluator eval(graph, formulas, [&](TermId s) {
      auto it = trial.find(s);
      return it == trial.end() ? int64_t(1) : it->second;
    });
    bool inP = std::all_of(touched.begin(), touched.end(),
                           [&](FormulaId f) {
                             return eval.holds(f) == std::optional<bool>(true);
                           }) &&
               std::all_of(touchedFailing.begin(), touchedFailing.end(),
                           [&](FormulaId f) {
                             return eval.holds(f) == std::optional<bool>(false);
                           });
    std::optional<bool> violated = inP ? eval.holds(violation) : std::nullopt;
    if (!violated)
      continue;
    SymbolValues model;
    for (TermId s : symbols)
      model[s] = trial[s];
    (*violated ? models.violating : models.holding).push_back(std::move(model));
  }
}

} // namespace symshape::solver
