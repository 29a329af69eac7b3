//===- PublicCondition.cpp - Building and printing conditions -------------===//
//
// The one printer of conditions (symshape/Condition.h): the solver builds
// a finding's condition as a tree and every report shows what str() writes.
// Parentheses follow precedence (`*`, `floordiv`, `ceildiv`, `mod` bind
// tighter than `+`, `-`; `&&` tighter than `||`), plus those a node is
// marked with: the renderer's "(%a[0] floordiv 2)" keeps its own.
// Reading text back is the driver's (driver/lib/ConditionParse.cpp).
//
//===----------------------------------------------------------------------===//

#include "symshape/Condition.h"

#include <ostream>
#include <utility>

namespace symshape {

Term Term::constant(int64_t value) {
  Term t;
  t.v = value;
  return t;
}

Term Term::ref(std::string name) {
  Term t;
  t.k = Kind::Ref;
  t.n = std::move(name);
  return t;
}

Term Term::neg(Term operand) {
  Term t;
  t.k = Kind::Neg;
  t.ops.push_back(std::move(operand));
  return t;
}

Term Term::binary(Kind kind, Term lhs, Term rhs) {
  return binary(kind, std::move(lhs), std::move(rhs), false);
}

Term Term::binary(Kind kind, Term lhs, Term rhs, bool parenthesized) {
  Term t;
  t.k = kind;
  t.parens = parenthesized;
  t.ops.reserve(2);
  t.ops.push_back(std::move(lhs));
  t.ops.push_back(std::move(rhs));
  return t;
}

std::string Term::valueName() const {
  size_t open = n.rfind('[');
  if (k != Kind::Ref || n.empty() || n.back() != ']' || open == 0 ||
      open == std::string::npos)
    return n;
  return n.substr(0, open);
}

int Term::dim() const {
  if (valueName().size() == n.size())
    return -1;
  return std::stoi(n.substr(n.rfind('[') + 1));
}

Term Term::inParentheses(bool yes) const {
  Term t = *this;
  t.parens = yes;
  return t;
}

bool Term::operator==(const Term &other) const {
  return k == other.k && parens == other.parens && v == other.v &&
         n == other.n && ops == other.ops;
}

namespace {

/// How tightly a term binds: 3 an atom (a negated atom too: `-` negates
/// one atom, as in MLIR's affine expressions), 2 a product, 1 a sum.
int level(const Term &t) {
  if (t.parenthesized())
    return 3;
  switch (t.kind()) {
  case Term::Kind::Add:
  case Term::Kind::Sub:
    return 1;
  case Term::Kind::Mul:
  case Term::Kind::FloorDiv:
  case Term::Kind::CeilDiv:
  case Term::Kind::Mod:
    return 2;
  default:
    return 3;
  }
}

const char *binaryOp(Term::Kind kind) {
  switch (kind) {
  case Term::Kind::Add:
    return " + ";
  case Term::Kind::Sub:
    return " - ";
  case Term::Kind::Mul:
    return " * ";
  case Term::Kind::FloorDiv:
    return " floordiv ";
  case Term::Kind::CeilDiv:
    return " ceildiv ";
  case Term::Kind::Mod:
    return " mod ";
  default:
    return "";
  }
}

/// How tightly an unparenthesized binary `kind` binds (as level()).
int binaryLevel(Term::Kind kind) {
  switch (kind) {
  case Term::Kind::Add:
  case Term::Kind::Sub:
    return 1;
  default:
    return 2;
  }
}

/// Appends `term` as Term::str() prints it: one string for the whole
/// formula, not one per node (a chain's conditions hold many sizes).
void appendTerm(std::string &out, const Term &term) {
  if (term.parenthesized())
    out += '(';
  auto wrapped = [&out](const Term &inner, bool parens) {
    if (parens)
      out += '(';
    appendTerm(out, inner);
    if (parens)
      out += ')';
  };
  switch (term.kind()) {
  case Term::Kind::Const:
    out += std::to_string(term.value());
    break;
  case Term::Kind::Ref:
    out += term.name();
    break;
  case Term::Kind::Neg:
    out += '-';
    wrapped(term.lhs(), level(term.lhs()) < 3);
    break;
  case Term::Kind::Max:
  case Term::Kind::Min:
    out += term.kind() == Term::Kind::Max ? "max(" : "min(";
    appendTerm(out, term.lhs());
    out += ", ";
    appendTerm(out, term.rhs());
    out += ')';
    break;
  default: {
    int own = binaryLevel(term.kind());
    wrapped(term.lhs(), level(term.lhs()) < own);
    out += binaryOp(term.kind());
    wrapped(term.rhs(), level(term.rhs()) <= own);
    break;
  }
  }
  if (term.parenthesized())
    out += ')';
}

void appendValues(std::string &out, const std::vector<int64_t> &values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i)
      out += ", ";
    out += std::to_string(values[i]);
  }
}

/// Appends `c` as Condition::str() prints it.
void appendCondition(std::string &out, const Condition &c) {
  using Kind = Condition::Kind;
  if (c.kind() == Kind::None)
    return;
  if (c.parenthesized())
    out += '(';
  auto wrapped = [&out](const Condition &inner, bool parens) {
    if (parens)
      out += '(';
    appendCondition(out, inner);
    if (parens)
      out += ')';
  };
  switch (c.kind()) {
  case Kind::None:
    break;
  case Kind::True:
    out += "true";
    break;
  case Kind::False:
    out += "false";
    break;
  case Kind::Not: {
    const Condition &inner = c.children()[0];
    out += '!';
    wrapped(inner,
            !inner.parenthesized() && inner.kind() != Kind::Broadcastable &&
                inner.kind() != Kind::True && inner.kind() != Kind::False);
    break;
  }
  case Kind::And:
  case Kind::Or: {
    // `&&` binds tighter: a disjunction within a conjunction needs
    // parentheses, and the renderer writes them around a conjunction
    // within a disjunction too ("(%a[0] != 1 && ...) || %b[0] == 2").
    Kind other = c.kind() == Kind::And ? Kind::Or : Kind::And;
    const char *sep = c.kind() == Kind::And ? " && " : " || ";
    for (size_t i = 0; i < c.children().size(); ++i) {
      const Condition &child = c.children()[i];
      if (i)
        out += sep;
      wrapped(child, !child.parenthesized() && child.kind() == other);
    }
    break;
  }
  case Kind::Compare:
    appendTerm(out, c.terms()[0]);
    out += ' ';
    out += opName(c.op());
    out += ' ';
    appendTerm(out, c.terms()[1]);
    break;
  case Kind::In:
  case Kind::NotIn:
  case Kind::InRange:
    appendTerm(out, c.terms()[0]);
    out += c.kind() == Kind::In      ? " in {"
           : c.kind() == Kind::NotIn ? " not in {"
                                     : " in [";
    appendValues(out, c.values());
    out += c.kind() == Kind::InRange ? ']' : '}';
    break;
  case Kind::Broadcastable:
    out += "broadcastable(";
    for (size_t i = 0; i < c.terms().size(); ++i) {
      if (i)
        out += ", ";
      appendTerm(out, c.terms()[i]);
    }
    out += ')';
    break;
  }
  if (c.parenthesized())
    out += ')';
}

} // namespace

std::string Term::str() const {
  std::string out;
  appendTerm(out, *this);
  return out;
}

std::ostream &operator<<(std::ostream &os, const Term &term) {
  return os << term.str();
}

Condition Condition::truth(bool value) {
  Condition c;
  c.k = value ? Kind::True : Kind::False;
  return c;
}

Condition Condition::negation(Condition operand) {
  Condition c;
  c.k = Kind::Not;
  c.kids.push_back(std::move(operand));
  return c;
}

Condition Condition::conjunction(std::vector<Condition> children) {
  if (children.size() <= 1)
    return children.empty() ? truth(true) : std::move(children.front());
  Condition c;
  c.k = Kind::And;
  c.kids = std::move(children);
  return c;
}

Condition Condition::disjunction(std::vector<Condition> children) {
  if (children.size() <= 1)
    return children.empty() ? truth(false) : std::move(children.front());
  Condition c;
  c.k = Kind::Or;
  c.kids = std::move(children);
  return c;
}

Condition Condition::compare(Term lhs, Op op, Term rhs) {
  Condition c;
  c.k = Kind::Compare;
  c.o = op;
  c.ts = {std::move(lhs), std::move(rhs)};
  return c;
}

Condition Condition::in(Term subject, std::vector<int64_t> values) {
  Condition c;
  c.k = Kind::In;
  c.ts = {std::move(subject)};
  c.vals = std::move(values);
  return c;
}

Condition Condition::notIn(Term subject, std::vector<int64_t> values) {
  Condition c = in(std::move(subject), std::move(values));
  c.k = Kind::NotIn;
  return c;
}

Condition Condition::inRange(Term subject, int64_t lo, int64_t hi) {
  Condition c = in(std::move(subject), {lo, hi});
  c.k = Kind::InRange;
  return c;
}

Condition Condition::broadcastable(std::vector<Term> terms) {
  Condition c;
  c.k = Kind::Broadcastable;
  c.ts = std::move(terms);
  return c;
}

Condition Condition::inParentheses(bool yes) const {
  Condition c = *this;
  c.parens = yes;
  return c;
}

const char *opName(Condition::Op op) {
  switch (op) {
  case Condition::Op::Eq:
    return "==";
  case Condition::Op::Ne:
    return "!=";
  case Condition::Op::Lt:
    return "<";
  case Condition::Op::Le:
    return "<=";
  case Condition::Op::Gt:
    return ">";
  case Condition::Op::Ge:
    return ">=";
  }
  return "?";
}

std::string Condition::str() const {
  std::string out;
  appendCondition(out, *this);
  return out;
}

Condition Condition::negated() const {
  // As the contract reads a finding's violating condition back
  // (Contract.cpp): `!broadcastable(...)` negated is its atom.
  switch (k) {
  case Kind::None:
    return Condition();
  case Kind::True:
    return truth(false);
  case Kind::False:
    return truth(true);
  case Kind::Not:
    if (!parens && kids[0].k == Kind::Broadcastable && !kids[0].parens)
      return kids[0];
    break;
  default:
    break;
  }
  return negation(*this);
}

std::ostream &operator<<(std::ostream &os, const Condition &condition) {
  return os << condition.str();
}

} // namespace symshape
