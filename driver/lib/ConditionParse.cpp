//===- ConditionParse.cpp - Reading conditions back -----------------------===//
//
// Condition::parse: SEMANTICS.md §6 text read by the frontend's parseExpr
// (the one reader of the language, the one --assume uses) and its tree
// converted into the public Condition. The parser's marks keep what the
// printer writes: parentheses (`parenthesized`), `-atom` (`negation`, a
// Neg term), and `&&` / `||` chains, which parseExpr nests to the left,
// become one n-ary node. So print(parse(text)) == text for every text the
// solver prints.
//
//===----------------------------------------------------------------------===//

#include "symshape/Condition.h"
#include "symshape/frontend/Expr.h"

namespace symshape {

namespace {

using frontend::Expr;
using frontend::ExprKind;
using frontend::ExprNode;

/// The Term of integer node `i`.
Term term(const Expr &expr, int i) {
  const ExprNode &n = expr.node(i);
  Term out;
  switch (n.kind) {
  case ExprKind::Int:
    out = Term::constant(n.value);
    break;
  case ExprKind::Ref:
    // The frontend keeps an exporter's `$s1` whole, a value's name bare.
    out = Term::ref((n.name[0] == '$' ? n.name : "%" + n.name) +
                    (n.dim ? "[" + std::to_string(*n.dim) + "]" : ""));
    break;
  case ExprKind::Mul:
    if (n.negation) {
      out = Term::neg(term(expr, n.rhs));
      break;
    }
    out = Term::binary(Term::Kind::Mul, term(expr, n.lhs), term(expr, n.rhs));
    break;
  default: {
    Term::Kind kind = Term::Kind::Add;
    switch (n.kind) {
    case ExprKind::Sub:
      kind = Term::Kind::Sub;
      break;
    case ExprKind::FloorDiv:
      kind = Term::Kind::FloorDiv;
      break;
    case ExprKind::CeilDiv:
      kind = Term::Kind::CeilDiv;
      break;
    case ExprKind::Mod:
      kind = Term::Kind::Mod;
      break;
    case ExprKind::Max:
      kind = Term::Kind::Max;
      break;
    case ExprKind::Min:
      kind = Term::Kind::Min;
      break;
    default: // Add: parseExpr checked the sorts
      break;
    }
    out = Term::binary(kind, term(expr, n.lhs), term(expr, n.rhs));
    break;
  }
  }
  return out.inParentheses(n.parenthesized);
}

Condition::Op compareOp(ExprKind kind) {
  switch (kind) {
  case ExprKind::Ne:
    return Condition::Op::Ne;
  case ExprKind::Lt:
    return Condition::Op::Lt;
  case ExprKind::Le:
    return Condition::Op::Le;
  case ExprKind::Gt:
    return Condition::Op::Gt;
  case ExprKind::Ge:
    return Condition::Op::Ge;
  default:
    return Condition::Op::Eq;
  }
}

Condition formula(const Expr &expr, int i);

/// The operands of the `&&` or `||` chain at node `i`: parseExpr nests a
/// chain to the left; a parenthesized operand is one operand. Walked
/// without recursion along the chain, however long.
std::vector<Condition> chain(const Expr &expr, int i) {
  ExprKind kind = expr.node(i).kind;
  std::vector<int> rights;
  int left = i;
  do {
    rights.push_back(expr.node(left).rhs);
    left = expr.node(left).lhs;
  } while (expr.node(left).kind == kind && !expr.node(left).parenthesized);
  std::vector<Condition> out{formula(expr, left)};
  for (auto it = rights.rbegin(); it != rights.rend(); ++it)
    out.push_back(formula(expr, *it));
  return out;
}

/// The Condition of Boolean node `i`.
Condition formula(const Expr &expr, int i) {
  const ExprNode &n = expr.node(i);
  Condition out;
  switch (n.kind) {
  case ExprKind::True:
  case ExprKind::False:
    out = Condition::truth(n.kind == ExprKind::True);
    break;
  case ExprKind::Not:
    out = Condition::negation(formula(expr, n.lhs));
    break;
  case ExprKind::And:
    out = Condition::conjunction(chain(expr, i));
    break;
  case ExprKind::Or:
    out = Condition::disjunction(chain(expr, i));
    break;
  case ExprKind::In:
    out = Condition::in(term(expr, n.lhs), n.set);
    break;
  case ExprKind::NotIn:
    out = Condition::notIn(term(expr, n.lhs), n.set);
    break;
  case ExprKind::InRange:
    out = Condition::inRange(term(expr, n.lhs), n.set[0], n.set[1]);
    break;
  case ExprKind::Broadcastable: {
    std::vector<Term> terms;
    for (int arg : n.args)
      terms.push_back(term(expr, arg));
    out = Condition::broadcastable(std::move(terms));
    break;
  }
  default: // a comparison: parseExpr checked the sorts
    out = Condition::compare(term(expr, n.lhs), compareOp(n.kind),
                             term(expr, n.rhs));
    break;
  }
  return out.inParentheses(n.parenthesized);
}

} // namespace

std::optional<Condition> Condition::parse(std::string_view text) {
  frontend::SourceManager sources;
  uint32_t buffer = sources.addBuffer("<condition>", std::string(text));
  frontend::DiagnosticEngine diags(sources); // not shown: nullopt says it
  std::optional<Expr> expr =
      frontend::parseExpr(sources.buffer(buffer), {buffer, 0}, diags);
  if (!expr || diags.hadError())
    return std::nullopt;
  return formula(*expr, expr->root);
}

Condition::Condition(std::string_view text) {
  if (std::optional<Condition> parsed = parse(text))
    *this = std::move(*parsed);
}

} // namespace symshape
