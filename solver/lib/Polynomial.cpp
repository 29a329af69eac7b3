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

std::optional<std::string> printTerm(const DimGraph &graph, TermId t) {
  const TermNode &node = graph.term(t);
  auto operand = [&](size_t i) { return printTerm(graph, node.operands[i]); };
  auto binary = [&](const char *op) -> std::optional<std::string> {
    std::optional<std::string> a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    return "(" + *a + op + *b + ")";
  };
  switch (node.kind) {
  case TermKind::Const:
    return std::to_string(node.value);
  case TermKind::Symbol:
    return graph.symbolOf(t).name;
  case TermKind::Add:
    return binary(" + ");
  case TermKind::Sub:
    return binary(" - ");
  case TermKind::Mul:
    return binary(" * ");
  case TermKind::Div:
    return binary(" floordiv ");
  case TermKind::Max:
  case TermKind::Min: {
    std::optional<std::string> a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    return std::string(node.kind == TermKind::Max ? "max(" : "min(") + *a +
           ", " + *b + ")";
  }
  case TermKind::Broadcast:
  case TermKind::SelectEq:
  case TermKind::SelectLe:
    return std::nullopt;
  }
  return std::nullopt;
}

static std::string printMonomial(const DimGraph &graph, const Monomial &m) {
  std::string out;
  for (TermId t : m) {
    if (!out.empty())
      out += " * ";
    if (graph.isSymbol(t))
      out += graph.symbolOf(t).name;
    else // a floor division the atoms treat as an unknown (ConditionAtoms)
      out += printTerm(graph, t).value_or("?");
  }
  return out;
}

std::string printPolynomial(const DimGraph &graph, const Polynomial &p) {
  if (p.terms().empty())
    return "0";
  std::string out;
  // Non-constant monomials first (map order puts the unit first).
  std::vector<std::pair<Monomial, int64_t>> ordered(p.terms().begin(),
                                                    p.terms().end());
  std::stable_partition(ordered.begin(), ordered.end(),
                        [](const auto &entry) { return !entry.first.empty(); });
  for (const auto &[m, c] : ordered) {
    bool negative = c < 0;
    uint64_t magnitude = negative ? uint64_t(0) - uint64_t(c) : uint64_t(c);
    if (out.empty())
      out += negative ? "-" : "";
    else
      out += negative ? " - " : " + ";
    if (m.empty())
      out += std::to_string(magnitude);
    else if (magnitude == 1)
      out += printMonomial(graph, m);
    else
      out += std::to_string(magnitude) + " * " + printMonomial(graph, m);
  }
  return out;
}

} // namespace symshape::solver
