//===- Polynomial.cpp - Integer polynomials over free symbols -------------===//

#include "symshape/solver/Polynomial.h"

#include <algorithm>
#include <numeric>

namespace symshape::solver {

Polynomial Polynomial::constant(int64_t value) {
  Polynomial p;
  if (value != 0)
    p.coeffs[{}] = value;
  return p;
}

Polynomial Polynomial::symbol(TermId symbol) {
  Polynomial p;
  p.coeffs[{symbol}] = 1;
  return p;
}

static bool addInto(std::map<Monomial, int64_t> &coeffs, const Monomial &m,
                    int64_t c) {
  int64_t &slot = coeffs[m];
  if (__builtin_add_overflow(slot, c, &slot))
    return false;
  if (slot == 0)
    coeffs.erase(m);
  return true;
}

std::optional<Polynomial> Polynomial::add(const Polynomial &a,
                                          const Polynomial &b) {
  Polynomial r = a;
  for (const auto &[m, c] : b.coeffs)
    if (!addInto(r.coeffs, m, c))
      return std::nullopt;
  return r;
}

std::optional<Polynomial> Polynomial::sub(const Polynomial &a,
                                          const Polynomial &b) {
  Polynomial r = a;
  for (const auto &[m, c] : b.coeffs) {
    if (c == INT64_MIN)
      return std::nullopt;
    if (!addInto(r.coeffs, m, -c))
      return std::nullopt;
  }
  return r;
}

std::optional<Polynomial> Polynomial::mul(const Polynomial &a,
                                          const Polynomial &b) {
  Polynomial r;
  for (const auto &[ma, ca] : a.coeffs)
    for (const auto &[mb, cb] : b.coeffs) {
      if (ma.size() + mb.size() > kMaxMonomialDegree)
        return std::nullopt; // too large to print or to reason about
      Monomial m = ma;
      m.insert(m.end(), mb.begin(), mb.end());
      std::sort(m.begin(), m.end());
      int64_t c;
      if (__builtin_mul_overflow(ca, cb, &c) || !addInto(r.coeffs, m, c))
        return std::nullopt;
    }
  return r;
}

std::optional<Polynomial>
Polynomial::renamed(const std::function<TermId(TermId)> &rename) const {
  Polynomial r;
  for (const auto &[m, c] : coeffs) {
    Monomial renamedMonomial;
    renamedMonomial.reserve(m.size());
    for (TermId t : m)
      renamedMonomial.push_back(rename(t));
    std::sort(renamedMonomial.begin(), renamedMonomial.end());
    if (!addInto(r.coeffs, renamedMonomial, c))
      return std::nullopt;
  }
  return r;
}

bool Polynomial::isConstant() const {
  return coeffs.empty() ||
         (coeffs.size() == 1 && coeffs.begin()->first.empty());
}

int64_t Polynomial::constantPart() const {
  auto it = coeffs.find(Monomial{});
  return it == coeffs.end() ? 0 : it->second;
}

Polynomial Polynomial::normalized(bool fixSign) const {
  uint64_t g = 0;
  for (const auto &[m, c] : coeffs)
    g = std::gcd(g, c < 0 ? uint64_t(0) - uint64_t(c) : uint64_t(c));
  bool negate = false;
  if (fixSign)
    for (const auto &[m, c] : coeffs)
      if (!m.empty()) {
        negate = c < 0;
        break;
      }
  if ((g <= 1 && !negate) || g > uint64_t(INT64_MAX))
    return *this;
  Polynomial r;
  for (const auto &[m, c] : coeffs) {
    int64_t q = g > 1 ? c / int64_t(g) : c;
    r.coeffs[m] = negate ? -q : q;
  }
  return r;
}

std::optional<symshape::Term> termOf(const DimGraph &graph, TermId t) {
  using Kind = symshape::Term::Kind;
  const TermNode &node = graph.term(t);
  auto binary = [&](Kind kind) -> std::optional<symshape::Term> {
    std::optional<symshape::Term> a = termOf(graph, node.operands[0]);
    std::optional<symshape::Term> b =
        a ? termOf(graph, node.operands[1]) : std::nullopt;
    if (!b)
      return std::nullopt;
    // Parenthesized as it is built: inParentheses() would copy the
    // operands, at every level of a deep sum (a concatenation's size).
    return symshape::Term::binary(kind, std::move(*a), std::move(*b),
                                  kind != Kind::Max && kind != Kind::Min);
  };
  switch (node.kind) {
  case TermKind::Const:
    return symshape::Term::constant(node.value);
  case TermKind::Symbol:
    return symshape::Term::ref(graph.symbolOf(t).name);
  case TermKind::Add:
    return binary(Kind::Add);
  case TermKind::Sub:
    return binary(Kind::Sub);
  case TermKind::Mul:
    return binary(Kind::Mul);
  case TermKind::Div:
    return binary(Kind::FloorDiv);
  case TermKind::Max:
    return binary(Kind::Max);
  case TermKind::Min:
    return binary(Kind::Min);
  case TermKind::Broadcast:
  case TermKind::SelectEq:
  case TermKind::SelectLe:
    return std::nullopt;
  }
  return std::nullopt;
}

bool hasTermOf(const DimGraph &graph, TermId t) {
  const TermNode &node = graph.term(t);
  switch (node.kind) {
  case TermKind::Const:
  case TermKind::Symbol:
    return true;
  case TermKind::Add:
  case TermKind::Sub:
  case TermKind::Mul:
  case TermKind::Div:
  case TermKind::Max:
  case TermKind::Min:
    return hasTermOf(graph, node.operands[0]) &&
           hasTermOf(graph, node.operands[1]);
  case TermKind::Broadcast:
  case TermKind::SelectEq:
  case TermKind::SelectLe:
    return false;
  }
  return false;
}

std::optional<std::string> printTerm(const DimGraph &graph, TermId t) {
  std::optional<symshape::Term> term = termOf(graph, t);
  return term ? std::optional<std::string>(term->str()) : std::nullopt;
}

symshape::Term monomialTerm(const DimGraph &graph, const Monomial &m) {
  std::optional<symshape::Term> out;
  for (TermId t : m) {
    // A floor division the atoms treat as an unknown (ConditionAtoms).
    symshape::Term factor =
        graph.isSymbol(t) ? symshape::Term::ref(graph.symbolOf(t).name)
                          : termOf(graph, t).value_or(symshape::Term::ref("?"));
    out = out ? symshape::Term::binary(symshape::Term::Kind::Mul,
                                       std::move(*out), std::move(factor))
              : std::move(factor);
  }
  return out.value_or(symshape::Term::constant(1));
}

symshape::Term polynomialTerm(const DimGraph &graph, const Polynomial &p) {
  using symshape::Term;
  if (p.terms().empty())
    return Term::constant(0);
  std::optional<Term> out;
  // Non-constant monomials first (map order puts the unit first).
  std::vector<std::pair<Monomial, int64_t>> ordered(p.terms().begin(),
                                                    p.terms().end());
  std::stable_partition(ordered.begin(), ordered.end(),
                        [](const auto &entry) { return !entry.first.empty(); });
  for (const auto &[m, c] : ordered) {
    bool negative = c < 0;
    uint64_t magnitude = negative ? uint64_t(0) - uint64_t(c) : uint64_t(c);
    // The first monomial carries its sign on its first factor (`-` negates
    // one atom: "-2 * %a[0]", "-%a[0] * %b[0]"); the others are added or
    // subtracted whole.
    bool signedFirst = !out && negative;
    Term monomial = signedFirst ? Term::constant(c)
                    // INT64_MIN's magnitude is no int64: written as a word.
                    : magnitude > uint64_t(INT64_MAX)
                        ? Term::ref(std::to_string(magnitude))
                        : Term::constant(int64_t(magnitude));
    if (!m.empty() && magnitude == 1) {
      monomial = monomialTerm(graph, m);
      if (signedFirst) {
        Term first = Term::neg(monomialTerm(graph, {m.front()}));
        monomial = std::move(first);
        for (size_t i = 1; i < m.size(); ++i)
          monomial = Term::binary(Term::Kind::Mul, std::move(monomial),
                                  monomialTerm(graph, {m[i]}));
      }
    } else if (!m.empty()) {
      // "k * f1 * f2", left to right.
      for (TermId t : m)
        monomial = Term::binary(Term::Kind::Mul, std::move(monomial),
                                monomialTerm(graph, {t}));
    }
    if (!out)
      out = std::move(monomial);
    else
      out = Term::binary(negative ? Term::Kind::Sub : Term::Kind::Add,
                         std::move(*out), std::move(monomial));
  }
  return *out;
}

std::string printPolynomial(const DimGraph &graph, const Polynomial &p) {
  return polynomialTerm(graph, p).str();
}

} // namespace symshape::solver
