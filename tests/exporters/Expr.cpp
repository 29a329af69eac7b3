//===- Expr.cpp - SPEC section 6 expressions, read by symshape's parser ---===//
//
// The conditions are read with the one parser of the grammar, the
// frontend's (symshape/frontend/Expr.h, which --assume and the
// `symshape.assume` attribute use too), and evaluated here on concrete
// sizes: the evaluation is the test's own, written from SPEC section 6
// (floor division and modulo, `broadcastable`'s "the terms that are not 1
// are all equal").
//
//===----------------------------------------------------------------------===//

#include "Expr.h"

#include "symshape/frontend/Diagnostics.h"
#include "symshape/frontend/Expr.h"
#include "symshape/frontend/SourceManager.h"

#include <algorithm>

namespace symshape::exporters {

struct Expr::Node {
  frontend::Expr tree;
};

namespace {

using frontend::ExprKind;
using frontend::ExprNode;

/// The name a Ref node gives its symbol: "%a[0]", "%n", or an exporter's
/// size "$s1" (the parser keeps its `$`).
std::string refName(const ExprNode &n) {
  std::string name = n.name[0] == '$' ? n.name : "%" + n.name;
  if (n.dim)
    name += "[" + std::to_string(*n.dim) + "]";
  return name;
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/// Evaluates one expression tree on concrete sizes.
struct Evaluator {
  const frontend::Expr &e;
  const Sizes &s;

  std::optional<int64_t> term(int i) const {
    const ExprNode &n = e.node(i);
    if (n.kind == ExprKind::Int)
      return n.value;
    if (n.kind == ExprKind::Ref) {
      auto it = s.find(refName(n));
      return it == s.end() ? std::nullopt : std::optional(it->second);
    }
    std::optional<int64_t> a = term(n.lhs), b = term(n.rhs);
    if (!a || !b)
      return std::nullopt;
    switch (n.kind) {
    case ExprKind::Add:
      return *a + *b;
    case ExprKind::Sub:
      return *a - *b;
    case ExprKind::Mul:
      return *a * *b;
    case ExprKind::FloorDiv:
      return *b == 0 ? std::nullopt : std::optional(floorDiv(*a, *b));
    case ExprKind::CeilDiv:
      return *b == 0 ? std::nullopt : std::optional(-floorDiv(-*a, *b));
    case ExprKind::Mod:
      return *b == 0 ? std::nullopt : std::optional(*a - *b * floorDiv(*a, *b));
    case ExprKind::Max:
      return std::max(*a, *b);
    case ExprKind::Min:
      return std::min(*a, *b);
    default:
      return std::nullopt;
    }
  }

  std::optional<bool> formula(int i) const {
    const ExprNode &n = e.node(i);
    switch (n.kind) {
    case ExprKind::True:
      return true;
    case ExprKind::False:
      return false;
    case ExprKind::Not: {
      std::optional<bool> a = formula(n.lhs);
      return a ? std::optional(!*a) : std::nullopt;
    }
    case ExprKind::And:
    case ExprKind::Or: {
      std::optional<bool> a = formula(n.lhs), b = formula(n.rhs);
      if (!a || !b)
        return std::nullopt;
      return n.kind == ExprKind::Or ? (*a || *b) : (*a && *b);
    }
    case ExprKind::Broadcastable: {
      std::optional<int64_t> seen;
      for (int arg : n.args) {
        std::optional<int64_t> v = term(arg);
        if (!v)
          return std::nullopt;
        if (*v == 1)
          continue;
        if (seen && *seen != *v)
          return false;
        seen = *v;
      }
      return true;
    }
    case ExprKind::In:
    case ExprKind::NotIn:
    case ExprKind::InRange: {
      std::optional<int64_t> v = term(n.lhs);
      if (!v)
        return std::nullopt;
      if (n.kind == ExprKind::InRange)
        return n.set[0] <= *v && *v <= n.set[1];
      bool in = std::count(n.set.begin(), n.set.end(), *v) != 0;
      return n.kind == ExprKind::In ? in : !in;
    }
    default:
      break;
    }
    std::optional<int64_t> a = term(n.lhs), b = term(n.rhs);
    if (!a || !b)
      return std::nullopt;
    switch (n.kind) {
    case ExprKind::Eq:
      return *a == *b;
    case ExprKind::Ne:
      return *a != *b;
    case ExprKind::Lt:
      return *a < *b;
    case ExprKind::Le:
      return *a <= *b;
    case ExprKind::Gt:
      return *a > *b;
    case ExprKind::Ge:
      return *a >= *b;
    default:
      return std::nullopt;
    }
  }
};

} // namespace

std::optional<Expr> Expr::parse(const std::string &text, std::string &error) {
  frontend::SourceManager sources;
  uint32_t buffer = sources.addBuffer("<condition>", text);
  frontend::DiagnosticEngine diags(sources);
  std::optional<frontend::Expr> tree =
      frontend::parseExpr(sources.buffer(buffer), {buffer, 0}, diags);
  if (!tree || diags.hadError()) {
    error = diags.diagnostics().empty() ? "not a formula"
                                        : diags.diagnostics()[0].message;
    return std::nullopt;
  }
  Expr e;
  std::vector<int> todo{tree->root};
  while (!todo.empty()) {
    int i = todo.back();
    todo.pop_back();
    if (i < 0)
      continue;
    const ExprNode &n = tree->node(i);
    if (n.kind == ExprKind::Ref)
      e.refs.insert(refName(n));
    todo.push_back(n.lhs);
    todo.push_back(n.rhs);
    todo.insert(todo.end(), n.args.begin(), n.args.end());
  }
  auto node = std::make_shared<Node>();
  node->tree = std::move(*tree);
  e.root = std::move(node);
  return e;
}

std::optional<bool> Expr::holds(const Sizes &sizes) const {
  return Evaluator{root->tree, sizes}.formula(root->tree.root);
}

} // namespace symshape::exporters
