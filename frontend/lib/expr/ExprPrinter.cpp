//===- ExprPrinter.cpp - Printing expressions in the grammar of §6 --------===//
//
// Parentheses are added only where the grammar's precedence needs them, so
// parseExpr(printExpr(e)) rebuilds the same tree:
//
//   Or(Eq(%a[0], 1), And(...))    "%a[0] == 1 || ..."
//   Mul(Add(%n, 1), 2)            "(%n + 1) * 2"
//   Mod(%n, Mul(2, %m))           "%n mod (2 * %m)"
//
//===----------------------------------------------------------------------===//

#include "symshape/frontend/Expr.h"

#include <cassert>

namespace symshape::frontend {

/// Binding strength: higher binds tighter.
static int precedence(ExprKind kind) {
  switch (kind) {
  case ExprKind::Or:
    return 1;
  case ExprKind::And:
    return 2;
  case ExprKind::Not:
    return 3;
  case ExprKind::Eq:
  case ExprKind::Ne:
  case ExprKind::Lt:
  case ExprKind::Le:
  case ExprKind::Gt:
  case ExprKind::Ge:
  case ExprKind::In:
  case ExprKind::NotIn:
  case ExprKind::InRange:
    return 4;
  case ExprKind::Broadcastable:
    return 7;
  case ExprKind::Add:
  case ExprKind::Sub:
    return 5;
  case ExprKind::Mul:
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod:
    return 6;
  case ExprKind::Int:
  case ExprKind::Ref:
  case ExprKind::Max:
  case ExprKind::Min:
  case ExprKind::True:
  case ExprKind::False:
    return 7;
  }
  return 7;
}

static const char *binaryOperator(ExprKind kind) {
  switch (kind) {
  case ExprKind::Or:
    return " || ";
  case ExprKind::And:
    return " && ";
  case ExprKind::Eq:
    return " == ";
  case ExprKind::Ne:
    return " != ";
  case ExprKind::Lt:
    return " < ";
  case ExprKind::Le:
    return " <= ";
  case ExprKind::Gt:
    return " > ";
  case ExprKind::Ge:
    return " >= ";
  case ExprKind::Add:
    return " + ";
  case ExprKind::Sub:
    return " - ";
  case ExprKind::Mul:
    return " * ";
  case ExprKind::FloorDiv:
    return " floordiv ";
  case ExprKind::CeilDiv:
    return " ceildiv ";
  case ExprKind::Mod:
    return " mod ";
  default:
    return nullptr;
  }
}

static void print(const Expr &expr, int index, std::string &out);

/// Prints `index`, parenthesised when it binds looser than `minPrecedence`.
static void printOperand(const Expr &expr, int index, int minPrecedence,
                         std::string &out) {
  bool parens = precedence(expr.node(index).kind) < minPrecedence;
  if (parens)
    out += '(';
  print(expr, index, out);
  if (parens)
    out += ')';
}

static void printSet(const std::vector<int64_t> &set, char open, char close,
                     std::string &out) {
  out += open;
  for (size_t i = 0; i < set.size(); ++i) {
    if (i)
      out += ", ";
    out += std::to_string(set[i]);
  }
  out += close;
}

static void print(const Expr &expr, int index, std::string &out) {
  assert(index >= 0 && index < static_cast<int>(expr.nodes.size()) &&
         "expression node out of range");
  const ExprNode &node = expr.node(index);
  int prec = precedence(node.kind);
  switch (node.kind) {
  case ExprKind::Int:
    out += std::to_string(node.value);
    return;
  case ExprKind::Ref:
    // `$s1` (an exporter's size) keeps its `$` in its name.
    out += node.name[0] == '$' ? node.name : "%" + node.name;
    if (node.dim)
      out += "[" + std::to_string(*node.dim) + "]";
    return;
  case ExprKind::True:
    out += "true";
    return;
  case ExprKind::False:
    out += "false";
    return;
  case ExprKind::Max:
  case ExprKind::Min:
    out += node.kind == ExprKind::Max ? "max(" : "min(";
    print(expr, node.lhs, out);
    out += ", ";
    print(expr, node.rhs, out);
    out += ')';
    return;
  case ExprKind::Broadcastable:
    out += "broadcastable(";
    for (size_t i = 0; i < node.args.size(); ++i) {
      if (i)
        out += ", ";
      print(expr, node.args[i], out);
    }
    out += ')';
    return;
  case ExprKind::Not:
    out += '!';
    printOperand(expr, node.lhs, prec, out);
    return;
  case ExprKind::In:
  case ExprKind::NotIn:
  case ExprKind::InRange:
    printOperand(expr, node.lhs, prec + 1, out);
    out += node.kind == ExprKind::NotIn ? " not in " : " in ";
    if (node.kind == ExprKind::InRange)
      printSet(node.set, '[', ']', out);
    else
      printSet(node.set, '{', '}', out);
    return;
  default:
    // Left-associative binary operators.
    printOperand(expr, node.lhs, prec, out);
    out += binaryOperator(node.kind);
    printOperand(expr, node.rhs, prec + 1, out);
    return;
  }
}

std::string printExpr(const Expr &expr) {
  std::string out;
  if (expr.root >= 0)
    print(expr, expr.root, out);
  return out;
}

} // namespace symshape::frontend
