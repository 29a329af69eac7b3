//===- ConditionAtoms.cpp - The atoms a violation is a function of -------===//
//
// A violation over dim terms becomes a Boolean function of atoms over free
// symbols: broadcast values are split into the operand values they can
// take, sums and products into polynomials.
//
//===----------------------------------------------------------------------===//

#include "ConditionsInternal.h"

#include <algorithm>

namespace symshape::solver {

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
  case TermKind::Div:
    liftDiv(t, node, out);
    break;
  case TermKind::Max:
  case TermKind::Min: {
    // One of the operands, depending on which is larger.
    std::vector<Polynomial> lhs = lift(node.operands[0]);
    const std::vector<Polynomial> &rhs = lift(node.operands[1]);
    for (const Polynomial &x : lhs)
      for (const Polynomial &y : rhs)
        addAtom(x, y, AtomRel::Le, false);
    out.insert(out.end(), lhs.begin(), lhs.end());
    out.insert(out.end(), rhs.begin(), rhs.end());
    break;
  }
  case TermKind::SelectEq:
  case TermKind::SelectLe: {
    // One of the branches, depending on the comparison.
    std::vector<Polynomial> lhs = lift(node.operands[0]);
    const std::vector<Polynomial> &rhs = lift(node.operands[1]);
    for (const Polynomial &x : lhs)
      for (const Polynomial &y : rhs)
        addAtom(x, y,
                node.kind == TermKind::SelectEq ? AtomRel::Eq : AtomRel::Le,
                false);
    std::vector<Polynomial> then = lift(node.operands[2]);
    const std::vector<Polynomial> &otherwise = lift(node.operands[3]);
    out.insert(out.end(), then.begin(), then.end());
    out.insert(out.end(), otherwise.begin(), otherwise.end());
    break;
  }
  case TermKind::Add:
  case TermKind::Sub:
  case TermKind::Mul:
    liftArithmetic(node, out);
    break;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() > kMaxValues) {
    failed = true;
    out.resize(kMaxValues);
  }
  return values.emplace(t, std::move(out)).first->second;
}

void AtomCollector::liftDiv(TermId t, const TermNode &node,
                            std::vector<Polynomial> &out) {
  // Not a polynomial: an unknown of its own, printed as
  // "(a floordiv c)" (SEMANTICS.md §6). The condition stays exact: the
  // violation reads the division only through it. Folded when P fixes its
  // operands.
  const std::vector<Polynomial> &top = lift(node.operands[0]);
  const std::vector<Polynomial> &bottom = lift(node.operands[1]);
  if (top.size() == 1 && bottom.size() == 1 && top[0].isConstant() &&
      bottom[0].isConstant() && bottom[0].constantPart() != 0) {
    std::optional<int64_t> q = applyTerm(
        TermKind::Div, {top[0].constantPart(), bottom[0].constantPart()});
    if (q) {
      out.push_back(Polynomial::constant(*q));
      return;
    }
  }
  if (!printTerm(graph, t))
    failed = true; // a select or broadcast inside: no words for it
  out.push_back(Polynomial::symbol(t));
}

void AtomCollector::liftArithmetic(const TermNode &node,
                                   std::vector<Polynomial> &out) {
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

size_t complexity(const Atom &atom) {
  size_t symbols = 0;
  for (const auto &[monomial, coeff] : atom.poly.terms())
    symbols += monomial.size();
  return symbols;
}

} // namespace symshape::solver
