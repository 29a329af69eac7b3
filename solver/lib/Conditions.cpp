//===- Conditions.cpp - Exact violating conditions for humans -------------===//

#include "symshape/solver/Conditions.h"

#include "ConditionsInternal.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace symshape::solver {

namespace {

constexpr size_t kMaxValues = 64; // cases of one lifted term
constexpr size_t kMaxAtoms = 24;  // atoms of one condition
constexpr size_t kMaxPrimes = 32; // disjuncts of one condition
/// Symbols a printable condition may mention: with more, even the atoms
/// over pairs of them are too many to print.
constexpr size_t kMaxFixedSymbols = 8;

/// Collects the atoms over free symbols that a formula is a Boolean
/// function of: each broadcast value is split into the operand values it
/// can take, guarded by "operand == 1" atoms.
class AtomCollector {
public:
  /// `fixed`: symbols P fixes to one value, printed as that value.
  AtomCollector(const DimGraph &graph, const FormulaStore &formulas,
                const std::unordered_map<TermId, int64_t> &fixed)
      : graph(graph), formulas(formulas), fixed(fixed) {}

  bool collect(FormulaId f) {
    visit(f);
    return !failed && atoms.size() <= kMaxAtoms;
  }
  std::set<Atom> atoms;

private:
  const std::vector<Polynomial> &lift(TermId t);
  void addAtom(const Polynomial &a, const Polynomial &b, AtomRel rel,
               bool strict);
  void visit(FormulaId f);

  const DimGraph &graph;
  const FormulaStore &formulas;
  const std::unordered_map<TermId, int64_t> &fixed;
  std::unordered_map<TermId, std::vector<Polynomial>> values;
  bool failed = false;
};

const std::vector<Polynomial> &AtomCollector::lift(TermId t) {
  auto it = values.find(t);
  if (it != values.end())
    return it->second;
  const TermNode &node = graph.term(t);
  std::vector<Polynomial> out;
  switch (node.kind) {
  case TermKind::Const:
    out.push_back(Polynomial::constant(node.value));
    break;
  case TermKind::Symbol: {
    auto it = fixed.find(t);
    out.push_back(it == fixed.end() ? Polynomial::symbol(t)
                                    : Polynomial::constant(it->second));
    break;
  }
  case TermKind::Broadcast:
    for (TermId op : node.operands)
      for (const Polynomial &v : lift(op)) {
        addAtom(v, Polynomial::constant(1), AtomRel::Eq, false);
        out.push_back(v);
      }
    break;
  case TermKind::Add:
  case TermKind::Sub:
  case TermKind::Mul: {
    std::vector<Polynomial> lhs = lift(node.operands[0]);
    const std::vector<Polynomial> &rhs = lift(node.operands[1]);
    for (const Polynomial &a : lhs)
      for (const Polynomial &b : rhs) {
        std::optional<Polynomial> r =
            node.kind == TermKind::Add   ? Polynomial::add(a, b)
            : node.kind == TermKind::Sub ? Polynomial::sub(a, b)
                                         : Polynomial::mul(a, b);
        if (!r)
          failed = true;
        else
          out.push_back(*r);
      }
    break;
  }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() > kMaxValues) {
    failed = true;
    out.resize(kMaxValues);
  }
  return values.emplace(t, std::move(out)).first->second;
}

void AtomCollector::addAtom(const Polynomial &a, const Polynomial &b,
                            AtomRel rel, bool strict) {
  std::optional<Polynomial> diff = Polynomial::sub(a, b);
  if (diff && strict) // a < b  <=>  a - b + 1 <= 0
    diff = Polynomial::add(*diff, Polynomial::constant(1));
  if (!diff) {
    failed = true;
    return;
  }
  if (diff->isConstant())
    return; // decided without an atom
  atoms.insert({diff->normalized(rel == AtomRel::Eq), rel});
}

void AtomCollector::visit(FormulaId f) {
  const FormulaNode &node = formulas.node(f);
  switch (node.kind) {
  case FormulaKind::True:
  case FormulaKind::False:
    return;
  case FormulaKind::Not:
  case FormulaKind::And:
  case FormulaKind::Or:
    for (uint32_t arg : node.args)
      visit(arg);
    return;
  case FormulaKind::Eq:
  case FormulaKind::Le:
  case FormulaKind::Lt: {
    std::vector<Polynomial> lhs = lift(node.args[0]);
    for (const Polynomial &a : lhs)
      for (const Polynomial &b : lift(node.args[1]))
        addAtom(a, b, node.kind == FormulaKind::Eq ? AtomRel::Eq : AtomRel::Le,
                node.kind == FormulaKind::Lt);
    return;
  }
  case FormulaKind::Conflict: {
    // n leaves give n + n(n-1)/2 atoms: past 7 that exceeds kMaxAtoms.
    if (node.args.size() > 7) {
      failed = true;
      return;
    }
    std::vector<std::vector<Polynomial>> leaves;
    for (uint32_t leaf : node.args)
      leaves.push_back(lift(leaf));
    for (size_t i = 0; i < leaves.size(); ++i) {
      for (const Polynomial &v : leaves[i])
        addAtom(v, Polynomial::constant(1), AtomRel::Eq, false);
      for (size_t j = i + 1; j < leaves.size(); ++j)
        for (const Polynomial &a : leaves[i])
          for (const Polynomial &b : leaves[j])
            addAtom(a, b, AtomRel::Eq, false);
    }
    return;
  }
  }
}

/// Atoms that mention fewer symbols read better; try to drop the others
/// first.
size_t complexity(const Atom &atom) {
  size_t symbols = 0;
  for (const auto &[monomial, coeff] : atom.poly.terms())
    symbols += monomial.size();
  return symbols;
}

} // namespace

namespace {

constexpr size_t kMaxExactAtoms = 10; // 3^10 candidate cubes
constexpr size_t kMaxMinterms = 1024; // feasible atom assignments

/// Runs the queries of one condition against a solver holding P.
class CoverFinder {
public:
  CoverFinder(SmtSolver &solver, const std::vector<Atom> &atoms,
              FormulaId violation, size_t &checks)
      : solver(solver), atoms(atoms), checks(checks) {
    for (const Atom &atom : atoms)
      lits.push_back(solver.atom(atom));
    violated = solver.track(violation);
    holds = solver.track(violation, /*negated=*/true);
  }

  /// Exact two-level minimisation: feasible minterms of the atoms under P
  /// are enumerated, infeasible ones are don't-cares.
  std::optional<std::vector<Cube>> exact(std::string &whyNot);
  /// Prime implicants grown from models by dropping literals, for formulas
  /// with too many atoms for the exact method.
  std::optional<std::vector<Cube>> greedy(std::string &whyNot);

private:
  SatResult query(const std::vector<Lit> &assumptions) {
    ++checks;
    return solver.check(assumptions);
  }
  bool enumerate(Lit side, std::vector<uint32_t> &minterms,
                 std::string &whyNot);
  Cube toCube(const std::vector<Lit> &cube) const;

  SmtSolver &solver;
  const std::vector<Atom> &atoms;
  size_t &checks;
  std::vector<Lit> lits;
  Lit violated, holds;
};

Cube CoverFinder::toCube(const std::vector<Lit> &cube) const {
  Cube out;
  for (size_t i = 0; i < atoms.size(); ++i)
    if (cube[i])
      out.push_back({atoms[i], cube[i] > 0});
  return out;
}

bool CoverFinder::enumerate(Lit side, std::vector<uint32_t> &minterms,
                            std::string &whyNot) {
  std::vector<Lit> assumptions{side};
  while (true) {
    SatResult r = query(assumptions);
    if (r == SatResult::Unsat)
      return true;
    if (r == SatResult::Unknown || minterms.size() == kMaxMinterms) {
      whyNot =
          r == SatResult::Unknown
              ? "the solver gave up on the condition (" + solver.reason() + ")"
              : "the condition has too many cases to print";
      return false;
    }
    uint32_t minterm = 0;
    std::vector<Lit> blocking;
    for (size_t i = 0; i < atoms.size(); ++i) {
      bool value = solver.holds(lits[i]);
      minterm |= uint32_t(value) << i;
      blocking.push_back(value ? -lits[i] : lits[i]);
    }
    minterms.push_back(minterm);
    assumptions.push_back(solver.clause(blocking));
  }
}

std::optional<std::vector<Cube>> CoverFinder::exact(std::string &whyNot) {
  std::vector<uint32_t> on, off;
  if (!enumerate(violated, on, whyNot) || !enumerate(holds, off, whyNot))
    return std::nullopt;
  std::vector<uint32_t> sorted = off;
  std::sort(sorted.begin(), sorted.end());
  for (uint32_t m : on)
    if (std::binary_search(sorted.begin(), sorted.end(), m)) {
      whyNot = "the condition is not expressible over the sizes' atoms";
      return std::nullopt;
    }
  // Candidate cubes by increasing literal count; a cube is kept when it
  // meets no off-minterm, covers an on-minterm and contains no kept cube.
  struct Candidate {
    uint32_t mask, value;
    std::vector<size_t> covers;
  };
  std::vector<Candidate> primes;
  size_t n = atoms.size();
  for (size_t k = 0; k <= n; ++k) {
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
      if (size_t(__builtin_popcount(mask)) != k)
        continue;
      // Enumerate the values of the cared bits.
      for (uint32_t value = mask;; value = (value - 1) & mask) {
        bool subsumed = false;
        for (const Candidate &p : primes)
          if ((p.mask & mask) == p.mask && (value & p.mask) == p.value) {
            subsumed = true;
            break;
          }
        bool hitsOff = false;
        for (uint32_t m : off)
          if ((m & mask) == value) {
            hitsOff = true;
            break;
          }
        if (!subsumed && !hitsOff) {
          Candidate c{mask, value, {}};
          for (size_t i = 0; i < on.size(); ++i)
            if ((on[i] & mask) == value)
              c.covers.push_back(i);
          if (!c.covers.empty())
            primes.push_back(std::move(c));
        }
        if (value == 0)
          break;
      }
    }
  }
  // Greedy cover of the on-minterms: most new minterms, then fewest
  // literals (primes are ordered by literal count already).
  std::vector<bool> covered(on.size(), false);
  size_t remaining = on.size();
  std::vector<Cube> cover;
  while (remaining > 0) {
    size_t best = primes.size(), bestGain = 0;
    for (size_t p = 0; p < primes.size(); ++p) {
      size_t gain = 0;
      for (size_t i : primes[p].covers)
        gain += !covered[i];
      if (gain > bestGain) {
        best = p;
        bestGain = gain;
      }
    }
    if (best == primes.size())
      break; // cannot happen: every on-minterm is its own implicant
    for (size_t i : primes[best].covers)
      if (!covered[i]) {
        covered[i] = true;
        --remaining;
      }
    std::vector<Lit> cube(n, 0);
    for (size_t i = 0; i < n; ++i)
      if (primes[best].mask >> i & 1)
        cube[i] = (primes[best].value >> i & 1) ? lits[i] : -lits[i];
    cover.push_back(toCube(cube));
  }
  return cover;
}

std::optional<std::vector<Cube>> CoverFinder::greedy(std::string &whyNot) {
  std::vector<size_t> dropOrder(atoms.size());
  for (size_t i = 0; i < atoms.size(); ++i)
    dropOrder[i] = i;
  std::stable_sort(dropOrder.begin(), dropOrder.end(), [&](size_t a, size_t b) {
    return complexity(atoms[a]) > complexity(atoms[b]);
  });
  auto gaveUp = [&]() -> std::optional<std::vector<Cube>> {
    whyNot = "the solver gave up on the condition (" + solver.reason() + ")";
    return std::nullopt;
  };
  // Cubes are literal vectors indexed like `atoms`: +lit, -lit, or 0.
  std::vector<std::vector<Lit>> primes;
  std::vector<Lit> blockers;
  while (true) {
    std::vector<Lit> assumptions = blockers;
    assumptions.push_back(violated);
    SatResult found = query(assumptions);
    if (found == SatResult::Unsat)
      break;
    if (found == SatResult::Unknown)
      return gaveUp();
    if (primes.size() == kMaxPrimes) {
      whyNot = "the condition has too many cases to print";
      return std::nullopt;
    }
    std::vector<Lit> cube(atoms.size());
    for (size_t i = 0; i < atoms.size(); ++i)
      cube[i] = solver.holds(lits[i]) ? lits[i] : -lits[i];
    auto isImplicant = [&](const std::vector<Lit> &c) {
      std::vector<Lit> a{holds};
      for (Lit l : c)
        if (l)
          a.push_back(l);
      return query(a);
    };
    SatResult full = isImplicant(cube);
    if (full != SatResult::Unsat) {
      if (full == SatResult::Unknown)
        return gaveUp();
      whyNot = "the condition is not expressible over the sizes' atoms";
      return std::nullopt;
    }
    for (size_t i : dropOrder) {
      Lit saved = cube[i];
      cube[i] = 0;
      if (isImplicant(cube) != SatResult::Unsat)
        cube[i] = saved; // needed (or undecided: keeping it stays exact)
    }
    std::vector<Lit> negated;
    for (Lit l : cube)
      if (l)
        negated.push_back(-l);
    primes.push_back(cube);
    blockers.push_back(solver.clause(negated));
  }
  // Drop primes that the others cover (under P && violation).
  for (size_t j = primes.size(); j-- > 0 && primes.size() > 1;) {
    std::vector<Lit> assumptions{violated};
    for (Lit l : primes[j])
      if (l)
        assumptions.push_back(l);
    for (size_t k = 0; k < primes.size(); ++k)
      if (k != j)
        assumptions.push_back(blockers[k]);
    if (query(assumptions) == SatResult::Unsat) {
      primes.erase(primes.begin() + j);
      blockers.erase(blockers.begin() + j);
    }
  }
  std::vector<Cube> cover;
  for (const std::vector<Lit> &cube : primes)
    cover.push_back(toCube(cube));
  return cover;
}

} // namespace

std::optional<std::string>
describeViolation(SmtSolver &solver, const DimGraph &graph,
                  const FormulaStore &formulas, FormulaId violation,
                  std::string &whyNot, size_t &checks) {
  if (formulas.isTrue(violation))
    return std::string("true");
  if (formulas.isFalse(violation))
    return std::string("false");
  // Symbols that P fixes to one value read better as that value; the
  // substitution is exact because it holds in every model of P.
  // One query per symbol, so only for conditions small enough to print.
  std::unordered_map<TermId, int64_t> fixed;
  std::vector<TermId> symbols;
  for (TermId t : formulas.termsOf(violation))
    for (TermId s : graph.symbolsOf(t))
      symbols.push_back(s);
  std::sort(symbols.begin(), symbols.end());
  symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  if (symbols.size() > kMaxFixedSymbols) {
    whyNot = "the condition has too many cases to print";
    return std::nullopt;
  }
  Lit violated = solver.track(violation);
  ++checks;
  if (solver.check({violated}) == SatResult::Sat) {
    std::vector<std::pair<TermId, int64_t>> seen;
    for (TermId s : symbols)
      if (std::optional<int64_t> v = solver.value(s))
        seen.push_back({s, *v});
    for (const auto &[s, v] : seen) {
      std::optional<Polynomial> diff =
          Polynomial::sub(Polynomial::symbol(s), Polynomial::constant(v));
      if (!diff)
        continue;
      ++checks;
      if (solver.check({-solver.atom({*diff, AtomRel::Eq})}) ==
          SatResult::Unsat)
        fixed[s] = v;
    }
  }
  AtomCollector collector(graph, formulas, fixed);
  if (!collector.collect(violation)) {
    whyNot = "the condition has too many cases to print";
    return std::nullopt;
  }
  std::vector<Atom> atoms(collector.atoms.begin(), collector.atoms.end());
  CoverFinder finder(solver, atoms, violation, checks);
  std::optional<std::vector<Cube>> cover = atoms.size() <= kMaxExactAtoms
                                               ? finder.exact(whyNot)
                                               : finder.greedy(whyNot);
  if (!cover)
    return std::nullopt;
  return renderCover(graph, *cover);
}

} // namespace symshape::solver
