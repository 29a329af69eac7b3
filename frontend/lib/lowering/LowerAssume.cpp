//===- LowerAssume.cpp - User facts as formulas ---------------------------===//
//
// `--assume EXPR` and the function attribute `symshape.assume = [...]`
// become `assume` obligations, judged before any op: each narrows P unless
// it contradicts the types or an earlier assumption (verdict `error`).
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include <cassert>

namespace symshape::frontend {

using solver::ObligationKind;

/// An arithmetic node of SEMANTICS.md §6 as dim-graph terms. Division
/// is the graph's floor division (TermKind::Div, 0 for a 0 divisor, the
/// term conditions print as `floordiv`); the others are written with it
/// as MLIR's affine expressions define them:
///   a ceildiv b  =  -((-a) floordiv b)
///   a mod b      =  a - b * (a floordiv b)
static TermId lowerArithmetic(solver::DimGraph &g, ExprKind kind, TermId lhs,
                              TermId rhs) {
  switch (kind) {
  case ExprKind::Add:
    return g.add(lhs, rhs);
  case ExprKind::Sub:
    return g.sub(lhs, rhs);
  case ExprKind::Mul:
    return g.mul(lhs, rhs);
  case ExprKind::FloorDiv:
    return g.floorDiv(lhs, rhs);
  case ExprKind::CeilDiv: {
    TermId minusOne = g.constant(-1);
    return g.mul(minusOne, g.floorDiv(g.mul(minusOne, lhs), rhs));
  }
  case ExprKind::Mod:
    return g.sub(lhs, g.mul(rhs, g.floorDiv(lhs, rhs)));
  case ExprKind::Max:
    return g.max(lhs, rhs);
  default:
    assert(kind == ExprKind::Min && "not an arithmetic node");
    return g.min(lhs, rhs);
  }
}

std::optional<TermId> Lowerer::lowerRef(const ExprNode &node, bool report,
                                        std::string &missing) {
  if (!node.name.empty() && node.name[0] == '$') {
    // A size the exporter named (torch.symbolic_int, onnx.dim_params):
    // the function's symbol of that name.
    for (const solver::SymbolInfo &symbol : graph().symbols())
      if (symbol.name == node.name)
        return symbol.term;
    missing = node.name;
    if (report)
      diags.error(node.loc, "no size named '" + node.name + "' in function '" +
                                function.name + "'");
    return std::nullopt;
  }
  std::optional<ValueId> id = byName.find(function.values, node.name);
  if (!id) {
    missing = "%" + node.name;
    if (report)
      diags.error(node.loc, "no value named '%" + node.name +
                                "' in function '" + function.name + "'");
    return std::nullopt;
  }
  const ValueState &s = state(*id);
  if (node.dim) {
    // A shape value's dims are its extents (also for extent tensors, as
    // in witnesses and conditions); a tensor's are its dims.
    const std::vector<TermId> &dims = s.hasExtents ? s.extents : s.dims;
    if ((!s.ranked && !s.hasExtents) || *node.dim < 0 ||
        size_t(*node.dim) >= dims.size()) {
      // A --assume fact (report == false) just does not apply here.
      missing = "%" + node.name;
      if (report) {
        diags.error(node.loc, "'%" + node.name + "' has no dim " +
                                  std::to_string(*node.dim));
        failed = true;
      }
      return std::nullopt;
    }
    return dims[*node.dim];
  }
  // An integer input no op has read (an unused JAX dimension variable
  // `tensor<i64>`) is still an integer the user may speak of.
  if (s.scalar == solver::kNoTerm && value(*id).type->dims.empty())
    (void)intElements(*id);
  if (s.scalar == solver::kNoTerm) {
    missing = "%" + node.name;
    if (report) {
      diags.error(node.loc, "'%" + node.name +
                                "' is not an index or !shape.size value; "
                                "name one of its dims, as in '%" +
                                node.name + "[0]'");
      failed = true;
    }
    return std::nullopt;
  }
  return s.scalar;
}

std::optional<TermId> Lowerer::lowerTerm(const Expr &expr, int index,
                                         bool report, std::string &missing) {
  const ExprNode &node = expr.node(index);
  switch (node.kind) {
  case ExprKind::Int:
    return graph().constant(node.value);
  case ExprKind::Ref:
    return lowerRef(expr.node(index), report, missing);
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul:
  case ExprKind::FloorDiv:
  case ExprKind::CeilDiv:
  case ExprKind::Mod:
  case ExprKind::Max:
  case ExprKind::Min: {
    std::optional<TermId> lhs = lowerTerm(expr, node.lhs, report, missing);
    if (!lhs)
      return std::nullopt;
    std::optional<TermId> rhs = lowerTerm(expr, node.rhs, report, missing);
    if (!rhs)
      return std::nullopt;
    return lowerArithmetic(graph(), node.kind, *lhs, *rhs);
  }
  default:
    diags.error(node.loc, "expected an integer term");
    failed = true;
    return std::nullopt;
  }
}

/// A comparison node of SEMANTICS.md §6 as a formula.
static FormulaId lowerComparison(solver::FormulaStore &f, ExprKind kind,
                                 TermId a, TermId b) {
  switch (kind) {
  case ExprKind::Eq:
    return f.mkEq(a, b);
  case ExprKind::Ne:
    return f.mkNe(a, b);
  case ExprKind::Lt:
    return f.mkLt(a, b);
  case ExprKind::Le:
    return f.mkLe(a, b);
  case ExprKind::Gt:
    return f.mkGt(a, b);
  default:
    assert(kind == ExprKind::Ge && "not a comparison node");
    return f.mkGe(a, b);
  }
}

std::optional<FormulaId> Lowerer::lowerBool(const Expr &expr, int index,
                                            bool report, std::string &missing) {
  const ExprNode &node = expr.node(index);
  solver::FormulaStore &f = formulas();
  auto binary = [&]() -> std::optional<std::pair<TermId, TermId>> {
    std::optional<TermId> lhs = lowerTerm(expr, node.lhs, report, missing);
    if (!lhs)
      return std::nullopt;
    std::optional<TermId> rhs = lowerTerm(expr, node.rhs, report, missing);
    if (!rhs)
      return std::nullopt;
    return std::make_pair(*lhs, *rhs);
  };
  switch (node.kind) {
  case ExprKind::True:
    return f.mkTrue();
  case ExprKind::False:
    return f.mkFalse();
  case ExprKind::Not: {
    std::optional<FormulaId> inner = lowerBool(expr, node.lhs, report, missing);
    if (!inner)
      return std::nullopt;
    return f.mkNot(*inner);
  }
  case ExprKind::And:
  case ExprKind::Or: {
    std::optional<FormulaId> lhs = lowerBool(expr, node.lhs, report, missing);
    if (!lhs)
      return std::nullopt;
    std::optional<FormulaId> rhs = lowerBool(expr, node.rhs, report, missing);
    if (!rhs)
      return std::nullopt;
    return node.kind == ExprKind::And ? f.mkAnd({*lhs, *rhs})
                                      : f.mkOr({*lhs, *rhs});
  }
  case ExprKind::Eq:
  case ExprKind::Ne:
  case ExprKind::Lt:
  case ExprKind::Le:
  case ExprKind::Gt:
  case ExprKind::Ge: {
    std::optional<std::pair<TermId, TermId>> args = binary();
    if (!args)
      return std::nullopt;
    return lowerComparison(f, node.kind, args->first, args->second);
  }
  case ExprKind::In:
  case ExprKind::NotIn:
  case ExprKind::InRange: {
    std::optional<TermId> t = lowerTerm(expr, node.lhs, report, missing);
    if (!t)
      return std::nullopt;
    if (node.kind == ExprKind::InRange)
      return f.mkAnd({f.mkLe(graph().constant(node.set[0]), *t),
                      f.mkLe(*t, graph().constant(node.set[1]))});
    std::vector<FormulaId> cases;
    for (int64_t v : node.set)
      cases.push_back(f.mkEq(*t, graph().constant(v)));
    FormulaId in = f.mkOr(cases);
    return node.kind == ExprKind::In ? in : f.mkNot(in);
  }
  case ExprKind::Broadcastable: { // the broadcast rule, n-ary (§6)
    std::vector<TermId> terms;
    for (int arg : node.args) {
      std::optional<TermId> t = lowerTerm(expr, arg, report, missing);
      if (!t)
        return std::nullopt;
      terms.push_back(*t);
    }
    return f.mkNot(f.mkConflict(terms));
  }
  default:
    diags.error(node.loc, "expected a condition");
    failed = true;
    return std::nullopt;
  }
}

std::optional<FormulaId> Lowerer::lowerExpr(const Expr &expr, bool report,
                                            std::string &missing) {
  return lowerBool(expr, expr.root, report, missing);
}

void Lowerer::addAssumptions() {
  auto add = [&](FormulaId fact, SourceLoc loc, const std::string &op,
                 const std::string &text) {
    solver::Obligation ob;
    ob.kind = ObligationKind::Assume;
    ob.site = problem().addSite(toSolver(loc), op);
    ob.violation = formulas().mkNot(fact);
    ob.notes = problem().addNotes("the assumption '" + text + "'");
    problem().addObligation(std::move(ob));
  };
  // The function's own facts first, in attribute order.
  if (const Attribute *attr =
          findAttr(function.attributes, "symshape.assume")) {
    if (attr->kind != AttrKind::Array) {
      diags.error(attr->loc, "'symshape.assume' must be an array of strings");
      failed = true;
      return;
    }
    for (const Attribute &element : attr->elements) {
      if (element.kind != AttrKind::String) {
        diags.error(element.loc, "'symshape.assume' must be an array of "
                                 "strings");
        failed = true;
        return;
      }
      SourceLoc start{element.loc.buffer, element.loc.offset + 1};
      std::optional<Expr> expr = parseExpr(element.str, start, diags);
      std::string missing;
      std::optional<FormulaId> fact =
          expr ? lowerExpr(*expr, /*report=*/true, missing) : std::nullopt;
      if (!fact) {
        failed = true;
        return;
      }
      add(*fact, element.loc, "symshape.assume", element.str);
    }
  }
  for (size_t i = 0; i < options.assumptions.size(); ++i) {
    const Assumption &assumption = options.assumptions[i];
    std::string missing;
    std::optional<FormulaId> fact =
        lowerExpr(assumption.expr, /*report=*/false, missing);
    if (failed)
      return;
    if (!fact)
      continue; // names a value of another function
    assumptionUsed[i] = true;
    add(*fact, assumption.loc, "--assume", assumption.text);
  }
}

} // namespace symshape::frontend
