//===- Expr.h - Assumption / condition expressions --------------*- C++ -*-===//
//
// The expression language of SEMANTICS.md §6, used by --assume, the
// `symshape.assume` function attribute, and printed conditions:
//
//   %a[0] == 8 && (%b[1] in {1, 4} || %n >= 2 * %a[0] + 1)
//   %n mod 2 == 0 && max(%a[0], %b[0]) <= (%n + 1) floordiv 2
//   broadcastable(%a[0], %b[0], %c[0]) && %a[0] >= 2
//
// `*`, `floordiv`, `ceildiv` and `mod` bind alike and tighter than `+` and
// `-`, left to right, as in MLIR's affine expressions.
//
// A parsed expression is a tree of nodes held in one vector; node 0 is not
// special, `root` names the top.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_EXPR_H
#define SYMSHAPE_FRONTEND_EXPR_H

#include "symshape/frontend/Diagnostics.h"
#include "symshape/frontend/SourceManager.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::frontend {

enum class ExprKind {
  // Integer terms.
  Int,      ///< value
  Ref,      ///< %name or %name[dim]
  Add,      ///< lhs + rhs
  Sub,      ///< lhs - rhs
  Mul,      ///< lhs * rhs
  FloorDiv, ///< lhs floordiv rhs: rounds towards minus infinity
  CeilDiv,  ///< lhs ceildiv rhs: rounds towards plus infinity
  Mod,      ///< lhs mod rhs: lhs - rhs * (lhs floordiv rhs)
  Max,      ///< max(lhs, rhs)
  Min,      ///< min(lhs, rhs)
  // Boolean formulas.
  True,
  False,
  Not,     ///< !lhs
  And,     ///< lhs && rhs
  Or,      ///< lhs || rhs
  Eq,      ///< lhs == rhs
  Ne,      ///< lhs != rhs
  Lt,      ///< lhs < rhs
  Le,      ///< lhs <= rhs
  Gt,      ///< lhs > rhs
  Ge,      ///< lhs >= rhs
  In,      ///< lhs in {set}
  NotIn,   ///< lhs not in {set}
  InRange, ///< lhs in [set[0], set[1]] (closed)
  /// broadcastable(args...): the terms of `args` (two or more) that are not
  /// 1 are all equal -- the broadcast rule, n-ary (SEMANTICS.md §6).
  Broadcastable,
};

struct ExprNode {
  ExprKind kind = ExprKind::Int;
  int64_t value = 0;          ///< Int
  std::string name;           ///< Ref: value name without '%' ("a", "r#1")
  std::optional<int64_t> dim; ///< Ref: the [INT] index, when written
  int lhs = -1, rhs = -1;     ///< child node indices
  std::vector<int64_t> set;   ///< In / NotIn elements; InRange {lo, hi}
  std::vector<int> args;      ///< Broadcastable: its terms' node indices
  SourceLoc loc;
  /// Written in parentheses, needed or not ("(%a[0] floordiv 2)"); no
  /// effect on the meaning. symshape::Condition::parse keeps them, so that
  /// a condition prints back as it was written.
  bool parenthesized = false;
  /// Mul: written `-atom`, read as -1 * atom (lhs is that -1).
  bool negation = false;
};

struct Expr {
  std::vector<ExprNode> nodes;
  int root = -1;
  const ExprNode &node(int i) const { return nodes[i]; }
};

/// Parses a Boolean expression of SEMANTICS.md §6 from `text`, which starts
/// at `start` inside a SourceManager buffer (so errors point into it).
std::optional<Expr> parseExpr(std::string_view text, SourceLoc start,
                              DiagnosticEngine &diags);

/// Prints `expr` back in the grammar (fully parenthesised where needed).
std::string printExpr(const Expr &expr);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_EXPR_H
