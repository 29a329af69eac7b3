//===- ExprTest.cpp - The SPEC section 6 expression language --------------===//

#include "symshape/frontend/Expr.h"

#include <catch2/catch.hpp>

using namespace symshape::frontend;

namespace {

/// Parses `text` as its own "<command-line>" buffer.
struct ExprParse {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  std::optional<Expr> expr;

  explicit ExprParse(const std::string &text, uint32_t startOffset = 0) {
    uint32_t id = sources.addBuffer("<command-line>", text);
    std::string_view buffer = sources.buffer(id);
    expr = parseExpr(buffer.substr(startOffset), SourceLoc{id, startOffset},
                     diags);
  }
  std::string error() const {
    if (diags.diagnostics().empty())
      return "";
    const Diagnostic &diag = diags.diagnostics().front();
    return sources.format(diag.loc) + ": " + diag.message;
  }
};

/// A compact prefix rendering of the tree: Eq(a[0],8).
std::string tree(const Expr &expr, int index) {
  const ExprNode &node = expr.node(index);
  auto bin = [&](const char *name) {
    return std::string(name) + "(" + tree(expr, node.lhs) + "," +
           tree(expr, node.rhs) + ")";
  };
  auto set = [&](const char *name) {
    std::string out = std::string(name) + "(" + tree(expr, node.lhs);
    for (int64_t v : node.set)
      out += "," + std::to_string(v);
    return out + ")";
  };
  switch (node.kind) {
  case ExprKind::Int:
    return std::to_string(node.value);
  case ExprKind::Ref:
    return node.name + (node.dim ? "[" + std::to_string(*node.dim) + "]" : "");
  case ExprKind::Add:
    return bin("Add");
  case ExprKind::Sub:
    return bin("Sub");
  case ExprKind::Mul:
    return bin("Mul");
  case ExprKind::FloorDiv:
    return bin("FloorDiv");
  case ExprKind::CeilDiv:
    return bin("CeilDiv");
  case ExprKind::Mod:
    return bin("Mod");
  case ExprKind::Max:
    return bin("Max");
  case ExprKind::Min:
    return bin("Min");
  case ExprKind::True:
    return "true";
  case ExprKind::False:
    return "false";
  case ExprKind::Not:
    return "Not(" + tree(expr, node.lhs) + ")";
  case ExprKind::And:
    return bin("And");
  case ExprKind::Or:
    return bin("Or");
  case ExprKind::Eq:
    return bin("Eq");
  case ExprKind::Ne:
    return bin("Ne");
  case ExprKind::Lt:
    return bin("Lt");
  case ExprKind::Le:
    return bin("Le");
  case ExprKind::Gt:
    return bin("Gt");
  case ExprKind::Ge:
    return bin("Ge");
  case ExprKind::In:
    return set("In");
  case ExprKind::NotIn:
    return set("NotIn");
  case ExprKind::InRange:
    return set("InRange");
  case ExprKind::Broadcastable: {
    std::string out = "Broadcastable(";
    for (size_t i = 0; i < node.args.size(); ++i)
      out += (i ? "," : "") + tree(expr, node.args[i]);
    return out + ")";
  }
  }
  return "?";
}

std::string treeOf(const std::string &text) {
  ExprParse parsed(text);
  INFO(parsed.error());
  REQUIRE(parsed.expr);
  return tree(*parsed.expr, parsed.expr->root);
}

} // namespace

TEST_CASE("expressions parse with the grammar's precedence", "[expr]") {
  CHECK(treeOf("%a[0] == 8") == "Eq(a[0],8)");
  CHECK(treeOf("%a[0] == 8 && (%b[1] in {1, 4} || %n >= 2 * %a[0] + 1)") ==
        "And(Eq(a[0],8),Or(In(b[1],1,4),Ge(n,Add(Mul(2,a[0]),1))))");
  CHECK(treeOf("%x == 1 || %y == 2 && %z == 3") ==
        "Or(Eq(x,1),And(Eq(y,2),Eq(z,3)))");
  CHECK(treeOf("!%a == 1 && %b != 2") == "And(Not(Eq(a,1)),Ne(b,2))");
  CHECK(treeOf("!(%a < 1 || %b <= 2)") == "Not(Or(Lt(a,1),Le(b,2)))");
  CHECK(treeOf("!!true") == "Not(Not(true))");
  CHECK(treeOf("%a[0] not in {1, -4}") == "NotIn(a[0],1,-4)");
  CHECK(treeOf("%a[2] in [-2, 5]") == "InRange(a[2],-2,5)");
  CHECK(treeOf("(%a + 1) * 2 > 4") == "Gt(Mul(Add(a,1),2),4)");
  CHECK(treeOf("%a - 1 - 2 == -3 * %b") == "Eq(Sub(Sub(a,1),2),Mul(-3,b))");
  CHECK(treeOf("%r#1[0] == %n") == "Eq(r#1[0],n)");
  CHECK(treeOf("((%a[0] == 1))") == "Eq(a[0],1)");
  CHECK(treeOf("false || %a == -9223372036854775808") ==
        "Or(false,Eq(a,-9223372036854775808))");
  // A size the exporter named (SPEC 6: `$NAME`) keeps its `$`.
  CHECK(treeOf("$s0 == 2 * $batch_1") == "Eq($s0,Mul(2,$batch_1))");
  CHECK(printExpr(*ExprParse("$s0 == %a[0]").expr) == "$s0 == %a[0]");
}

TEST_CASE("broadcastable is an n-ary Boolean atom", "[expr]") {
  CHECK(treeOf("broadcastable(%a[0], %b[0], %c[0])") ==
        "Broadcastable(a[0],b[0],c[0])");
  CHECK(treeOf("!broadcastable(%a, 2 * %b) || %a == 1") ==
        "Or(Not(Broadcastable(a,Mul(2,b))),Eq(a,1))");
}

TEST_CASE("division, mod, max and min bind as in MLIR affine expressions",
          "[expr]") {
  // One level for `*`, floordiv, ceildiv and mod, left to right, tighter
  // than + and -: MLIR's AffineParser (parseAffineLowPrecOpExpr /
  // parseAffineHighPrecOpExpr).
  CHECK(treeOf("%a - %b floordiv 2 * 3 == 0") ==
        "Eq(Sub(a,Mul(FloorDiv(b,2),3)),0)");
  CHECK(treeOf("%a * 3 floordiv 2 == 0") == "Eq(FloorDiv(Mul(a,3),2),0)");
  CHECK(treeOf("%a mod 4 ceildiv 2 + 1 >= 1") ==
        "Ge(Add(CeilDiv(Mod(a,4),2),1),1)");
  CHECK(treeOf("%a[0] floordiv (%b + 1) < 2") ==
        "Lt(FloorDiv(a[0],Add(b,1)),2)");
  CHECK(treeOf("max(%a[0], %b[0] + 1) mod 2 == min(%n, -3)") ==
        "Eq(Mod(Max(a[0],Add(b[0],1)),2),Min(n,-3))");
  CHECK(treeOf("max(min(%a, %b), (%c)) in {1, 2}") ==
        "In(Max(Min(a,b),c),1,2)");
  // A leading '-' negates one atom: -1 * atom; '-' INT stays a constant.
  CHECK(treeOf("-%a floordiv 2 == -3") == "Eq(FloorDiv(Mul(-1,a),2),-3)");
  CHECK(treeOf("-(%a + 1) + %b <= 0") == "Le(Add(Mul(-1,Add(a,1)),b),0)");
  CHECK(treeOf("-3 mod 2 == 1") == "Eq(Mod(-3,2),1)");
  // The words are operators only after an operand; %mod is a name.
  CHECK(treeOf("%mod mod %max == 0") == "Eq(Mod(mod,max),0)");
}

TEST_CASE("node locations point into the buffer", "[expr]") {
  ExprParse parsed("%a == 8 && %b[1] == 2");
  REQUIRE(parsed.expr);
  const Expr &e = *parsed.expr;
  const ExprNode &rhs = e.node(e.node(e.root).rhs);
  CHECK(parsed.sources.format(rhs.loc) == "<command-line>:1:12");
  CHECK(parsed.sources.format(e.node(rhs.rhs).loc) == "<command-line>:1:21");
}

TEST_CASE("printExpr round-trips through parseExpr", "[expr]") {
  const char *inputs[] = {
      "%a[0] == 8",
      "%a[0] == 8 && (%b[1] in {1, 4} || %n >= 2 * %a[0] + 1)",
      "!(%a == 1 || %b == 2) && !%c[0] != 3",
      "(%x == 1 && %y == 2) || %z == 3",
      "%x == 1 && (%y == 2 && %z == 3)",
      "%a - (1 - %b) == (%c + 2) * (3 * %d)",
      "%a - -3 == -1 * %b",
      "%a[3] not in {0, 1} || %b in [2, 10] || true",
      "!!false",
      "%a floordiv 2 * 2 + %a mod 2 == %a",
      "%a floordiv (2 * %b) ceildiv (%c mod 3) == 1",
      "max(%a[0], %b[0] - 1) - min(%n, 3 * %m) >= -%k floordiv 2",
      "-(%a + %b) mod 5 != 0",
      "broadcastable(%a[0], %b[0] + 1, 2 * %c) && !broadcastable(%x, %y)",
  };
  for (const char *input : inputs) {
    INFO(input);
    ExprParse first(input);
    REQUIRE(first.expr);
    std::string printed = printExpr(*first.expr);
    ExprParse second(printed);
    INFO(printed);
    REQUIRE(second.expr);
    CHECK(tree(*second.expr, second.expr->root) ==
          tree(*first.expr, first.expr->root));
    CHECK(printExpr(*second.expr) == printed);
  }
  CHECK(printExpr(*ExprParse("%a[0] == 8 && (%b in {1, 4})").expr) ==
        "%a[0] == 8 && %b in {1, 4}");
  CHECK(printExpr(*ExprParse("((%a + 1)) * 2 == 4").expr) ==
        "(%a + 1) * 2 == 4");
}

TEST_CASE("expression errors are positioned", "[expr]") {
  struct Case {
    const char *text;
    const char *error;
  };
  const Case cases[] = {
      {"", "<command-line>:1:1: unexpected end of expression"},
      {"%a[0] ==", "<command-line>:1:9: unexpected end of expression"},
      {"%a[0] == 99999999999999999999",
       "<command-line>:1:10: integer too large"},
      {"%a in {-9223372036854775809}", "<command-line>:1:8: integer too large"},
      {"%a && %b == 1", "<command-line>:1:1: expected a Boolean expression"},
      {"%a + 1", "<command-line>:1:1: expected a Boolean expression"},
      {"$s0[0] == 1", "<command-line>:1:4: '$s0' is a size: it has no dims"},
      {"$ == 1", "<command-line>:1:1: unexpected character"},
      {"!%a", "<command-line>:1:2: expected a Boolean expression"},
      {"(%a == 1) + 2 == 3", "<command-line>:1:2: expected an integer term"},
      {"%a == (%b < 1)", "<command-line>:1:8: expected an integer term"},
      {"%a == 1 %b", "<command-line>:1:9: expected end of expression"},
      {"%a not {1}", "<command-line>:1:8: expected 'in' after 'not'"},
      {"%a in (1)", "<command-line>:1:7: expected '{' or '[' after 'in'"},
      {"%a in {}", "<command-line>:1:8: expected integer"},
      {"%a in {1, 2", "<command-line>:1:12: expected '}'"},
      {"%a in [1, 2, 3]",
       "<command-line>:1:1: a range needs exactly two bounds"},
      {"%a == 1 & %b", "<command-line>:1:9: unexpected character"},
      {"%a[-1] == 0",
       "<command-line>:1:4: expected a non-negative dimension index"},
      {"%a[x] == 0", "<command-line>:1:4: expected integer"},
      {"%a[1 == 0", "<command-line>:1:6: expected ']'"},
      {"(%a == 1", "<command-line>:1:9: expected ')'"},
      {"% == 1", "<command-line>:1:1: unexpected character"},
      {"- == 1",
       "<command-line>:1:3: expected integer, value reference or '('"},
      {"%a floordiv == 1",
       "<command-line>:1:13: expected integer, value reference or '('"},
      {"max %a == 1", "<command-line>:1:5: expected '(' after 'max'"},
      {"min(%a) == 1", "<command-line>:1:7: expected ','"},
      {"max(%a, %b == 1", "<command-line>:1:12: expected ')'"},
      {"max(%a == 1, 2) == 1", "<command-line>:1:8: expected ','"},
      {"-(%a == 1) == 1", "<command-line>:1:3: expected an integer term"},
      {"%a mod", "<command-line>:1:7: unexpected end of expression"},
      {"== 1", "<command-line>:1:1: expected integer, value reference or '('"},
      {"broadcastable(%a)",
       "<command-line>:1:1: 'broadcastable' needs at least two terms"},
      {"broadcastable %a", "<command-line>:1:15: expected '(' after "
                           "'broadcastable'"},
      {"broadcastable(%a, %b == 1)", "<command-line>:1:22: expected ')'"},
      {"broadcastable(%a, %b) + 1 == 2",
       "<command-line>:1:1: expected an integer term"},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    ExprParse parsed(c.text);
    CHECK_FALSE(parsed.expr);
    CHECK(parsed.error() == c.error);
    CHECK(parsed.diags.diagnostics().size() == 1);
  }
}

TEST_CASE("errors are relative to the expression's start", "[expr]") {
  ExprParse parsed("assume: %a ==", 8);
  CHECK(parsed.error() == "<command-line>:1:14: unexpected end of expression");
}

TEST_CASE("deep expressions are rejected cleanly", "[expr]") {
  std::string parens =
      std::string(100000, '(') + "%a == 1" + std::string(100000, ')');
  CHECK(ExprParse(parens).error().find("nesting too deep") !=
        std::string::npos);
  std::string nots = std::string(100000, '!') + "true";
  CHECK(ExprParse(nots).error().find("nesting too deep") != std::string::npos);
  std::string chain = "%a == 1";
  for (int i = 0; i < 5000; ++i)
    chain += " && %a == 1";
  CHECK(ExprParse(chain).error().find("nesting too deep") != std::string::npos);
  std::string ok = "%a == 1";
  for (int i = 0; i < 500; ++i)
    ok += " && %a == 1";
  CHECK(ExprParse(ok).expr.has_value());
}
