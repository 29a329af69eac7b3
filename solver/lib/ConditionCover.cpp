//===- ConditionCover.cpp - Minimal covers of a violation, by queries -----===//
//
// Given the atoms, the cover of the violating sizes under P is found with
// solver queries only, so it is exact: the feasible minterms are
// enumerated and minimised with the infeasible ones as don't-cares, or,
// with too many atoms, prime implicants are grown from models.
//
//===----------------------------------------------------------------------===//

#include "ConditionsInternal.h"

#include <algorithm>
#include <functional>

namespace symshape::solver {

CoverFinder::CoverFinder(SmtSolver &solver, const std::vector<Atom> &atoms,
                         FormulaId violation, size_t &checks)
    : solver(solver), atoms(atoms), checks(checks) {
  for (const Atom &atom : atoms)
    lits.push_back(solver.atom(atom));
  violated = solver.track(violation);
  holds = solver.track(violation, /*negated=*/true);
}

Cube CoverFinder::toCube(const std::vector<Lit> &cube) const {
  Cube out;
  for (size_t i = 0; i < atoms.size(); ++i)
    if (cube[i])
      out.push_back({atoms[i], cube[i] > 0});
  return out;
}

std::optional<int64_t>
evaluatePolynomial(const Polynomial &p,
                   const std::unordered_map<TermId, int64_t> &model) {
  int64_t sum = 0;
  for (const auto &[monomial, coefficient] : p.terms()) {
    int64_t product = coefficient;
    for (TermId symbol : monomial) {
      auto it = model.find(symbol);
      if (it == model.end() ||
          __builtin_mul_overflow(product, it->second, &product))
        return std::nullopt;
    }
    if (__builtin_add_overflow(sum, product, &sum))
      return std::nullopt;
  }
  return sum;
}

namespace {

/// A cube over the atoms (the bits of `mask` cared for, at the bits of
/// `value`) and the on-minterms it covers.
struct PrimeImplicant {
  uint32_t mask, value;
  std::vector<size_t> covers;
};

/// The implicants of the on-minterms over `n` atoms that meet no
/// off-minterm, each containing no other, by increasing literal count.
std::vector<PrimeImplicant> primeImplicants(size_t n,
                                            const std::vector<uint32_t> &on,
                                            const std::vector<uint32_t> &off) {
  // Candidate cubes by increasing literal count; a cube is kept when it
  // meets no off-minterm, covers an on-minterm and contains no kept cube.
  std::vector<PrimeImplicant> primes;
  for (size_t k = 0; k <= n; ++k) {
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
      if (size_t(__builtin_popcount(mask)) != k)
        continue;
      // Enumerate the values of the cared bits.
      for (uint32_t value = mask;; value = (value - 1) & mask) {
        bool subsumed = false;
        for (const PrimeImplicant &p : primes)
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
          PrimeImplicant c{mask, value, {}};
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
  return primes;
}

} // namespace

void CoverFinder::seed(const std::unordered_map<TermId, int64_t> &model,
                       bool violating) {
  if (atoms.size() > 32)
    return;
  uint32_t minterm = 0;
  for (size_t i = 0; i < atoms.size(); ++i) {
    std::optional<int64_t> v = evaluatePolynomial(atoms[i].poly, model);
    if (!v)
      return;
    bool value = atoms[i].rel == AtomRel::Eq ? *v == 0 : *v <= 0;
    minterm |= uint32_t(value) << i;
  }
  std::vector<uint32_t> &seeded = violating ? seededOn : seededOff;
  if (std::find(seeded.begin(), seeded.end(), minterm) == seeded.end())
    seeded.push_back(minterm);
}

bool CoverFinder::enumerate(Lit side, std::vector<uint32_t> &minterms,
                            std::string &whyNot) {
  // In a linear context the side and each minterm's blocking clause are
  // asserted in a scope of their own: they go at its end with what Z3
  // learnt from them, so the function's later questions do not slow down
  // (a Pad with runtime axes: 16 such searches, 1.7 s -> 1.0 s), and its
  // checks carry no assumptions. A nonlinear context keeps them as
  // assumptions: Z3's nonlinear search depends on the solver's history,
  // and with the scope a Reshape of runtime sizes took 5x as long.
  const bool scoped = !solver.nonlinear();
  SolverScope scope(solver, scoped);
  std::vector<Lit> assumptions;
  if (scoped)
    solver.addClause({side});
  else
    assumptions.push_back(side);
  auto block = [&](uint32_t minterm) {
    std::vector<Lit> blocking;
    for (size_t i = 0; i < atoms.size(); ++i)
      blocking.push_back((minterm >> i & 1) ? -lits[i] : lits[i]);
    if (scoped)
      solver.addClause(blocking);
    else
      assumptions.push_back(solver.clause(blocking));
  };
  // Minterms known from models are blocked without being asked for.
  for (uint32_t minterm : minterms)
    block(minterm);
  size_t found = 0; // minterms found by queries
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
    for (size_t i = 0; i < atoms.size(); ++i)
      minterm |= uint32_t(solver.holds(lits[i])) << i;
    minterms.push_back(minterm);
    block(minterm);
    // Many minterms: the rest may be found by evaluation around this
    // model (of P), a query spared for each. Only in a linear problem: a
    // nonlinear one's later answers depend on the queries asked before.
    if (scoped && moreModels && !askedMore && ++found == kEvaluateAfter) {
      askedMore = true;
      KnownModels more;
      moreModels(more);
      for (const SymbolValues &m : more.violating)
        seed(m, /*violating=*/true);
      for (const SymbolValues &m : more.holding)
        seed(m, /*violating=*/false);
      for (uint32_t m : side == violated ? seededOn : seededOff)
        if (std::find(minterms.begin(), minterms.end(), m) == minterms.end()) {
          minterms.push_back(m);
          block(m);
        }
    }
  }
}

namespace {

/// coverMatches with `literal` giving each cube literal's solver literal
/// (nullopt: no such atom, and so no match).
bool matches(
    SmtSolver &solver, Lit violated, Lit holds, const std::vector<Cube> &cover,
    const std::function<std::optional<Lit>(const Atom &, bool)> &literal,
    size_t &checks) {
  // !cover: a clause per cube, each literal negated; cover: some cube's
  // guard, which implies each of its literals.
  std::vector<Lit> notCover{violated}, guards;
  for (const Cube &cube : cover) {
    std::vector<Lit> negated;
    Lit guard = solver.guard();
    for (const auto &[atom, value] : cube) {
      std::optional<Lit> l = literal(atom, value);
      if (!l)
        return false;
      negated.push_back(-*l);
      solver.require(guard, {*l});
    }
    notCover.push_back(solver.clause(negated));
    guards.push_back(guard);
  }
  ++checks;
  if (solver.check(notCover) != SatResult::Unsat)
    return false;
  if (cover.empty())
    return true;
  ++checks;
  return solver.check({holds, solver.clause(guards)}) == SatResult::Unsat;
}

} // namespace

bool coverMatches(SmtSolver &solver, FormulaId violation,
                  const std::vector<Cube> &cover, size_t &checks) {
  return matches(
      solver, solver.track(violation), solver.track(violation, true), cover,
      [&](const Atom &atom, bool value) -> std::optional<Lit> {
        Lit l = solver.atom(atom);
        return value ? l : -l;
      },
      checks);
}

bool CoverFinder::verify(const std::vector<Cube> &cover) {
  return matches(
      solver, violated, holds, cover,
      [&](const Atom &atom, bool value) -> std::optional<Lit> {
        auto at = std::find(atoms.begin(), atoms.end(), atom);
        if (at == atoms.end())
          return std::nullopt;
        Lit l = lits[size_t(at - atoms.begin())];
        return value ? l : -l;
      },
      checks);
}

std::optional<std::vector<Cube>> CoverFinder::exact(std::string &whyNot) {
  std::vector<uint32_t> on = seededOn;
  if (!enumerate(violated, on, whyNot))
    return std::nullopt;
  // Copied now: the first side's enumeration may have seeded this one.
  std::vector<uint32_t> off = seededOff;
  if (!enumerate(holds, off, whyNot))
    return std::nullopt;
  return minimalCover(atoms, on, off, whyNot);
}

namespace {

/// Whether a minterm of `on` is also in `off` (the atoms do not decide
/// the violation there).
bool meets(const std::vector<uint32_t> &on, const std::vector<uint32_t> &off) {
  std::vector<uint32_t> sorted = off;
  std::sort(sorted.begin(), sorted.end());
  return std::any_of(on.begin(), on.end(), [&](uint32_t m) {
    return std::binary_search(sorted.begin(), sorted.end(), m);
  });
}

/// A greedy cover of the `onCount` on-minterms by `primes`: most new
/// minterms, then the earlier prime; then the primes the later ones cover
/// go. It depends on the sets of minterms only, not on the order they were
/// found in.
std::vector<Cube> chooseCover(const std::vector<Atom> &atoms,
                              const std::vector<PrimeImplicant> &primes,
                              size_t onCount) {
  std::vector<bool> covered(onCount, false);
  size_t remaining = onCount;
  std::vector<size_t> chosen;
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
      break; // cannot happen: every on-minterm is in some prime
    for (size_t i : primes[best].covers)
      if (!covered[i]) {
        covered[i] = true;
        --remaining;
      }
    chosen.push_back(best);
  }
  // A prime picked early can end up covered by the ones picked after it
  // (%a != 8 && %b != 8, then %a != 1 && ..., then %a == 1 && ...): it
  // goes, the latest picked first, while the rest still cover every
  // on-minterm.
  std::vector<size_t> times(onCount, 0);
  for (size_t p : chosen)
    for (size_t i : primes[p].covers)
      ++times[i];
  for (size_t c = chosen.size(); c-- > 0 && chosen.size() > 1;) {
    const std::vector<size_t> &mine = primes[chosen[c]].covers;
    if (std::all_of(mine.begin(), mine.end(),
                    [&](size_t i) { return times[i] > 1; })) {
      for (size_t i : mine)
        --times[i];
      chosen.erase(chosen.begin() + long(c));
    }
  }
  std::vector<Cube> cover;
  for (size_t p : chosen) {
    Cube cube;
    for (size_t i = 0; i < atoms.size(); ++i)
      if (primes[p].mask >> i & 1)
        cube.push_back({atoms[i], (primes[p].value >> i & 1) != 0});
    cover.push_back(std::move(cube));
  }
  return cover;
}

} // namespace

std::optional<std::vector<Cube>> minimalCover(const std::vector<Atom> &atoms,
                                              const std::vector<uint32_t> &on,
                                              const std::vector<uint32_t> &off,
                                              std::string &whyNot) {
  if (meets(on, off)) {
    whyNot = "the condition is not expressible over the sizes' atoms";
    return std::nullopt;
  }
  return chooseCover(atoms, primeImplicants(atoms.size(), on, off), on.size());
}

std::vector<size_t> dropOrderOf(const std::vector<Atom> &atoms) {
  std::vector<size_t> order(atoms.size());
  for (size_t i = 0; i < atoms.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return complexity(atoms[a]) > complexity(atoms[b]);
  });
  return order;
}

std::optional<std::vector<Cube>>
coverByDropping(const std::vector<Atom> &atoms, const std::vector<uint32_t> &on,
                const std::vector<uint32_t> &off, std::string &whyNot) {
  if (meets(on, off)) {
    whyNot = "the condition is not expressible over the sizes' atoms";
    return std::nullopt;
  }
  const uint32_t all =
      atoms.size() >= 32 ? ~0u : (uint32_t(1) << atoms.size()) - 1;
  auto meetsOff = [&](uint32_t mask, uint32_t value) {
    return std::any_of(off.begin(), off.end(),
                       [&](uint32_t m) { return (m & mask) == value; });
  };
  // One prime from each on-minterm no earlier prime holds: its literals
  // dropped, the more complex atoms first, while it meets no off-minterm.
  const std::vector<size_t> order = dropOrderOf(atoms);
  std::vector<PrimeImplicant> primes;
  std::vector<uint32_t> sortedOn = on;
  std::sort(sortedOn.begin(), sortedOn.end());
  for (uint32_t m : sortedOn) {
    if (std::any_of(primes.begin(), primes.end(),
                    [&](const auto &p) { return (m & p.mask) == p.value; }))
      continue;
    uint32_t mask = all;
    for (size_t i : order) {
      uint32_t fewer = mask & ~(uint32_t(1) << i);
      if (!meetsOff(fewer, m & fewer))
        mask = fewer;
    }
    primes.push_back({mask, m & mask, {}});
  }
  // Fewest literals first, as primeImplicants orders them.
  std::sort(primes.begin(), primes.end(), [](const auto &a, const auto &b) {
    int la = __builtin_popcount(a.mask), lb = __builtin_popcount(b.mask);
    return la != lb           ? la < lb
           : a.mask != b.mask ? a.mask < b.mask
                              : a.value < b.value;
  });
  for (PrimeImplicant &p : primes)
    for (size_t i = 0; i < on.size(); ++i)
      if ((on[i] & p.mask) == p.value)
        p.covers.push_back(i);
  std::vector<Cube> cover = chooseCover(atoms, primes, on.size());
  if (cover.size() > kMaxPrimes) {
    whyNot = "the condition has too many cases to print";
    return std::nullopt;
  }
  sortCover(cover);
  return cover;
}

void sortCover(std::vector<Cube> &cover) {
  std::sort(cover.begin(), cover.end(), [](const Cube &a, const Cube &b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
}

std::optional<std::vector<Cube>> CoverFinder::greedy(std::string &whyNot) {
  const std::vector<size_t> dropOrder = dropOrderOf(atoms);
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
  // The models met decide which prime is found first; the printed order
  // should not depend on them (nor on which solver holds P).
  sortCover(cover);
  return cover;
}

} // namespace symshape::solver
