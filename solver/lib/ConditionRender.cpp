//===- ConditionRender.cpp - Printing condition covers --------------------===//

#include "ConditionsInternal.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace symshape::solver {

namespace {

/// `m op value` facts about one monomial m within a cube.
struct Bounds {
  std::optional<int64_t> eq;
  std::set<int64_t> ne;
  std::optional<int64_t> lo, hi;
};

using symshape::Condition;
using symshape::Term;
using Op = Condition::Op;

std::vector<int64_t> listOf(const std::set<int64_t> &values) {
  return std::vector<int64_t>(values.begin(), values.end());
}

int64_t gcd(int64_t a, int64_t b) {
  while (b != 0) {
    int64_t r = a % b;
    a = b;
    b = r;
  }
  return a < 0 ? -a : a;
}

/// The closed form of a divisibility (issue 46): `a*X - b*((c*X) floordiv
/// d) == 0` with a*d == b*c (b != 0, d > 0) holds exactly when d divides
/// c*X (b*floor(c*X/d) == (b*c/d)*X iff c*X/d is an integer), i.e. when
/// X mod (d / gcd(c, d)) == 0: "%x[0] mod 16 != 0", not "15 * %x[0] != 16
/// * ((%x[0] * 3600) floordiv 3840)". nullopt for any other atom.
std::optional<Condition> renderDivisibility(const DimGraph &graph,
                                            const Atom &atom, bool holds) {
  const std::map<Monomial, int64_t> &terms = atom.poly.terms();
  if (atom.rel != AtomRel::Eq || terms.size() != 2)
    return std::nullopt;
  const Monomial *x = nullptr, *div = nullptr;
  int64_t a = 0, b = 0;
  for (const auto &[m, coeff] : terms) {
    if (m.size() == 1 && graph.term(m[0]).kind == TermKind::Div) {
      div = &m;
      b = coeff;
    } else {
      x = &m;
      a = coeff;
    }
  }
  if (!x || !div || x->empty() || a == INT64_MIN || b == INT64_MIN)
    return std::nullopt;
  b = -b; // a*X == b*D
  const TermNode &node = graph.term((*div)[0]);
  std::optional<int64_t> d = graph.constantValue(node.operands[1]);
  std::optional<Polynomial> top = polynomialOfTerm(graph, node.operands[0]);
  if (!d || *d <= 0 || !top || top->terms().size() != 1 ||
      top->terms().begin()->first != *x)
    return std::nullopt;
  int64_t c = top->terms().begin()->second;
  __int128 lhs = __int128(a) * *d, rhs = __int128(b) * c;
  if (c == 0 || lhs != rhs)
    return std::nullopt;
  int64_t modulus = *d / gcd(c, *d);
  if (modulus <= 1)
    return std::nullopt; // always divisible: no condition to write
  Term product = monomialTerm(graph, *x);
  if (x->size() > 1)
    product = product.inParentheses();
  return Condition::compare(Term::binary(Term::Kind::Mod, std::move(product),
                                         Term::constant(modulus)),
                            holds ? Op::Eq : Op::Ne, Term::constant(0));
}

/// Splits `p REL 0` into two sides with positive coefficients and prints
/// "lhs OP rhs" (OP is `==`/`!=` or `<=`/`>`, flipped when sides swap; `<`
/// or `>=` for a left side `x + 1`).
Condition renderGeneral(const DimGraph &graph, const Atom &atom, bool holds) {
  if (std::optional<Condition> divisible =
          renderDivisibility(graph, atom, holds))
    return *divisible;
  Polynomial lhs, rhs;
  for (const auto &[m, c] : atom.poly.terms()) {
    Polynomial term =
        m.empty() ? Polynomial::constant(1) : Polynomial::symbol(m.front());
    for (size_t i = 1; i < m.size(); ++i)
      term = *Polynomial::mul(term, Polynomial::symbol(m[i]));
    bool positive = c > 0;
    uint64_t mag = positive ? uint64_t(c) : uint64_t(0) - uint64_t(c);
    std::optional<Polynomial> scaled =
        mag > uint64_t(INT64_MAX)
            ? std::nullopt
            : Polynomial::mul(term, Polynomial::constant(int64_t(mag)));
    if (!scaled)
      return Condition::compare(polynomialTerm(graph, atom.poly),
                                atom.rel == AtomRel::Eq
                                    ? (holds ? Op::Eq : Op::Ne)
                                    : (holds ? Op::Le : Op::Gt),
                                Term::constant(0))
          .inParentheses();
    Polynomial &side = positive ? lhs : rhs;
    side = *Polynomial::add(side, *scaled);
  }
  Op op = atom.rel == AtomRel::Eq ? (holds ? Op::Eq : Op::Ne)
                                  : (holds ? Op::Le : Op::Gt);
  // `%a[0] + 1 <= %b[0]` reads `%a[0] < %b[0]`; `... + 1 > ...`, `>=`.
  if (atom.rel == AtomRel::Le && lhs.constantPart() == 1 && !lhs.isConstant()) {
    lhs = *Polynomial::sub(lhs, Polynomial::constant(1));
    op = holds ? Op::Lt : Op::Ge;
  }
  // Keep symbols on the left when one side is only a constant.
  if (lhs.isConstant() && !rhs.isConstant()) {
    std::swap(lhs, rhs);
    op = atom.rel == AtomRel::Eq ? op : (holds ? Op::Ge : Op::Lt);
  }
  return Condition::compare(polynomialTerm(graph, lhs), op,
                            polynomialTerm(graph, rhs));
}

/// If `atom` is `m + k REL 0` with one monomial of coefficient +-1, records
/// the literal in `bounds[m]` and returns true.
bool addSimple(std::map<Monomial, Bounds> &bounds, const Atom &atom,
               bool holds) {
  const auto &terms = atom.poly.terms();
  const Monomial *subject = nullptr;
  int64_t coeff = 0;
  for (const auto &[m, c] : terms)
    if (!m.empty()) {
      if (subject)
        return false;
      subject = &m;
      coeff = c;
    }
  if (!subject || (coeff != 1 && coeff != -1))
    return false;
  int64_t k = atom.poly.constantPart();
  if (k == INT64_MIN || k == INT64_MAX)
    return false;
  Bounds &b = bounds[*subject];
  if (atom.rel == AtomRel::Eq) {
    int64_t v = coeff == 1 ? -k : k;
    if (holds)
      b.eq = v;
    else
      b.ne.insert(v);
    return true;
  }
  // coeff 1: m <= -k ; coeff -1: m >= k.
  bool upper = (coeff == 1) == holds;
  int64_t bound = coeff == 1 ? (holds ? -k : -k + 1) : (holds ? k : k - 1);
  if (upper)
    b.hi = b.hi ? std::min(*b.hi, bound) : bound;
  else
    b.lo = b.lo ? std::max(*b.lo, bound) : bound;
  return true;
}

/// The literals on one monomial `s`, ranges merged. `size`: `s` is a size,
/// never negative, so 0 bounds it from below.
std::vector<Condition> renderBounds(const Term &s, Bounds b, bool size) {
  if (b.eq)
    return {Condition::compare(s, Op::Eq, Term::constant(*b.eq))};
  // A bound the cube excludes moves inward: `%m <= 0 && %m != 0` is
  // `%m <= -1` (an integer may be negative; a size: `%a[0] != 0` with an
  // upper bound is `%a[0] in [1, ...]`).
  if (size && !b.lo && b.ne.count(0) && b.hi)
    b.lo = 0;
  while (b.hi && b.ne.count(*b.hi) && *b.hi > INT64_MIN)
    b.ne.erase((*b.hi)--);
  while (b.lo && b.ne.count(*b.lo) && *b.lo < INT64_MAX)
    b.ne.erase((*b.lo)++);
  // A size is never negative: "%a[0] <= 0" is "%a[0] == 0".
  if (size && b.hi && *b.hi == 0 && !b.lo)
    b.lo = 0;
  std::vector<Condition> parts;
  if (b.lo && b.hi)
    parts.push_back(*b.lo == *b.hi
                        ? Condition::compare(s, Op::Eq, Term::constant(*b.lo))
                        : Condition::inRange(s, *b.lo, *b.hi));
  else if (b.lo)
    parts.push_back(Condition::compare(s, Op::Ge, Term::constant(*b.lo)));
  else if (b.hi)
    parts.push_back(Condition::compare(s, Op::Le, Term::constant(*b.hi)));
  std::set<int64_t> ne;
  for (int64_t v : b.ne)
    if ((!b.lo || v >= *b.lo) && (!b.hi || v <= *b.hi))
      ne.insert(v);
  if (ne.size() == 1)
    parts.push_back(Condition::compare(s, Op::Ne, Term::constant(*ne.begin())));
  else if (ne.size() > 1)
    parts.push_back(Condition::notIn(s, listOf(ne)));
  return parts;
}

/// Whether a monomial of `atom` holds every factor of `m`.
bool mentions(const Atom &atom, const Monomial &m) {
  for (const auto &[mm, c] : atom.poly.terms()) {
    bool all = !m.empty();
    for (TermId t : m)
      all = all && std::find(mm.begin(), mm.end(), t) != mm.end();
    if (all)
      return true;
  }
  return false;
}

/// Orders monomials by the source order of their first symbol.
struct SourceOrder {
  const DimGraph &graph;
  bool operator()(const Monomial &a, const Monomial &b) const {
    size_t n = std::min(a.size(), b.size());
    // A division term (not a symbol) sorts after the symbols, by its id.
    auto key = [&](TermId t) {
      return graph.isSymbol(t)
                 ? std::pair<uint32_t, TermId>(graph.term(t).symbol, 0)
                 : std::pair<uint32_t, TermId>(UINT32_MAX, t);
    };
    for (size_t i = 0; i < n; ++i) {
      auto x = key(a[i]), y = key(b[i]);
      if (x != y)
        return x < y;
    }
    return a.size() < b.size();
  }
};

} // namespace

std::optional<Polynomial> polynomialOfTerm(const DimGraph &graph, TermId t,
                                           bool unknowns, unsigned depth) {
  const TermNode &node = graph.term(t);
  switch (node.kind) {
  case TermKind::Const:
    return Polynomial::constant(node.value);
  case TermKind::Symbol:
    return Polynomial::symbol(t);
  case TermKind::Add:
  case TermKind::Sub:
  case TermKind::Mul: {
    if (depth > 64)
      return std::nullopt;
    std::optional<Polynomial> a =
        polynomialOfTerm(graph, node.operands[0], unknowns, depth + 1);
    std::optional<Polynomial> b =
        a ? polynomialOfTerm(graph, node.operands[1], unknowns, depth + 1)
          : std::nullopt;
    if (!b)
      return std::nullopt;
    return node.kind == TermKind::Add   ? Polynomial::add(*a, *b)
           : node.kind == TermKind::Sub ? Polynomial::sub(*a, *b)
                                        : Polynomial::mul(*a, *b);
  }
  default:
    if (!unknowns || !hasTermOf(graph, t))
      return std::nullopt;
    return Polynomial::symbol(t); // printed "(%n floordiv 128)"
  }
}

Condition renderCover(const DimGraph &graph, const std::vector<Cube> &cover) {
  if (cover.empty())
    return Condition::truth(false);
  std::vector<Condition> disjuncts;
  // Primes that are just `m == v`, merged into `m in {..}` per monomial.
  std::map<Monomial, std::set<int64_t>, SourceOrder> equalities{
      SourceOrder{graph}};
  std::map<Monomial, size_t, SourceOrder> equalitySlot{SourceOrder{graph}};
  for (const Cube &cube : cover) {
    if (cube.empty())
      return Condition::truth(true);
    std::map<Monomial, Bounds> bounds;
    std::vector<std::pair<const Atom *, bool>> general;
    for (const auto &[atom, holds] : cube)
      if (!addSimple(bounds, atom, holds))
        general.push_back({&atom, holds});
    if (general.empty() && bounds.size() == 1 && bounds.begin()->second.eq) {
      const Monomial &m = bounds.begin()->first;
      if (!equalitySlot.count(m)) {
        equalitySlot[m] = disjuncts.size();
        disjuncts.emplace_back();
      }
      equalities[m].insert(*bounds.begin()->second.eq);
      continue;
    }
    std::vector<Monomial> subjects;
    for (const auto &[m, b] : bounds)
      subjects.push_back(m);
    std::sort(subjects.begin(), subjects.end(), SourceOrder{graph});
    // Each size's bounds, then the other literals whose last bounded size
    // it is (`%m >= 0 && %m <= %a[0] && %n >= 0 && %n <= %a[0]`, but
    // `%a[0] != 1 && %b[0] != 1 && %a[0] != %b[0]`), then the rest.
    std::vector<size_t> after(general.size(), subjects.size());
    for (size_t i = 0; i < general.size(); ++i)
      for (size_t k = 0; k < subjects.size(); ++k)
        if (mentions(*general[i].first, subjects[k]))
          after[i] = k;
    std::vector<Condition> parts;
    for (size_t k = 0; k <= subjects.size(); ++k) {
      if (k < subjects.size()) {
        const Monomial &m = subjects[k];
        bool size = m.size() == 1 && graph.isSymbol(m[0]) &&
                    graph.provablyNonNegative(m[0]);
        for (Condition &part :
             renderBounds(monomialTerm(graph, m), bounds[m], size))
          parts.push_back(std::move(part));
      }
      for (size_t i = 0; i < general.size(); ++i)
        if (after[i] == k)
          parts.push_back(
              renderGeneral(graph, *general[i].first, general[i].second));
    }
    disjuncts.push_back(Condition::conjunction(std::move(parts)));
  }
  for (const auto &[m, values] : equalities) {
    Term s = monomialTerm(graph, m);
    disjuncts[equalitySlot[m]] =
        values.size() == 1
            ? Condition::compare(s, Op::Eq, Term::constant(*values.begin()))
            : Condition::in(s, listOf(values));
  }
  // The printer writes each conjunction in parentheses.
  return Condition::disjunction(std::move(disjuncts));
}

static Term
renameTerm(const Term &term,
           const std::function<std::string(const std::string &)> &rename) {
  Term out = term;
  if (term.kind() == Term::Kind::Ref)
    out = Term::ref(rename(term.name()));
  else if (term.kind() == Term::Kind::Neg)
    out = Term::neg(renameTerm(term.lhs(), rename));
  else if (!term.operands().empty())
    out = Term::binary(term.kind(), renameTerm(term.lhs(), rename),
                       renameTerm(term.rhs(), rename));
  return out.inParentheses(term.parenthesized());
}

Condition
renameSizes(const Condition &condition,
            const std::function<std::string(const std::string &)> &rename) {
  std::vector<Term> terms;
  for (const Term &t : condition.terms())
    terms.push_back(renameTerm(t, rename));
  std::vector<Condition> children;
  for (const Condition &c : condition.children())
    children.push_back(renameSizes(c, rename));
  Condition out = condition;
  switch (condition.kind()) {
  case Condition::Kind::Not:
    out = Condition::negation(std::move(children[0]));
    break;
  case Condition::Kind::And:
    out = Condition::conjunction(std::move(children));
    break;
  case Condition::Kind::Or:
    out = Condition::disjunction(std::move(children));
    break;
  case Condition::Kind::Compare:
    out = Condition::compare(terms[0], condition.op(), terms[1]);
    break;
  case Condition::Kind::In:
    out = Condition::in(terms[0], condition.values());
    break;
  case Condition::Kind::NotIn:
    out = Condition::notIn(terms[0], condition.values());
    break;
  case Condition::Kind::InRange:
    out = Condition::inRange(terms[0], condition.values()[0],
                             condition.values()[1]);
    break;
  case Condition::Kind::Broadcastable:
    out = Condition::broadcastable(std::move(terms));
    break;
  default:
    break;
  }
  return out.inParentheses(condition.parenthesized());
}

} // namespace symshape::solver
