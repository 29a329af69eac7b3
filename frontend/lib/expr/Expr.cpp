//===- Expr.cpp - Parser for assumption / condition expressions -----------===//
//
// SEMANTICS.md §6. The grammar's two sorts (Boolean formulas and integer
// terms) are parsed by one precedence climber and checked afterwards, so a
// '(' needs no backtracking:
//
//   or   := and ('||' and)*          and  := not ('&&' not)*
//   not  := '!' not | cmp            cmp  := sum [cmpop sum | [not] in SET]
//   sum  := prod (('+'|'-') prod)*
//   prod := atom (('*'|'floordiv'|'ceildiv'|'mod') atom)*
//   atom := INT | '-' INT | '-' atom | REF | 'true' | 'false' | '(' or ')'
//         | ('max'|'min') '(' sum ',' sum ')'
//         | 'broadcastable' '(' sum (',' sum)+ ')'
//
// As in MLIR's affine expressions, the four multiplicative operators bind
// alike (`%n floordiv 2 * 2` is `(%n floordiv 2) * 2`) and a leading '-'
// negates one atom (`-%n floordiv 2` is `(-%n) floordiv 2`, read as
// `(-1 * %n) floordiv 2`), so a polynomial printed with a negative leading
// coefficient (`-%a[0] + 4`) reads back.
//
//===----------------------------------------------------------------------===//

#include "symshape/frontend/Expr.h"

#include "ExprLexer.h"

#include <algorithm>
#include <limits>

namespace symshape::frontend {

/// Trees deeper than this are rejected, so that recursive walks over them
/// (printing, lowering) stay within the stack.
static constexpr int kMaxExprDepth = 1000;

namespace {

using expr::ExprToken;
using expr::lexAt;
using expr::Tok;

/// A parsed subexpression: its node, sort and tree depth.
struct Sub {
  int node = -1;
  bool boolean = false;
  int depth = 1;
};

class ExprParser {
public:
  ExprParser(std::string_view text, SourceLoc start, DiagnosticEngine &diags)
      : text(text), start(start), diags(diags) {
    tok = lexAt(text, 0);
  }

  std::optional<Expr> parse() {
    std::optional<Sub> root = parseOr();
    if (!root)
      return std::nullopt;
    // A stray token ('=' for '==') is the error, wherever the parse stopped.
    if (tok.kind != Tok::End)
      return fail(tok.pos, "expected end of expression");
    if (!requireSort(*root, true))
      return std::nullopt;
    expr.root = root->node;
    return std::move(expr);
  }

private:
  SourceLoc loc(uint32_t pos) const {
    return SourceLoc{start.buffer, start.offset + pos};
  }
  std::nullopt_t fail(uint32_t pos, std::string message) {
    if (tok.kind == Tok::Error && pos == tok.pos) {
      char after = pos + 1 < text.size() ? text[pos + 1] : '\0';
      message = pos >= text.size() || text[pos] != '=' ? "unexpected character"
                : after == '>' ? "unexpected '=>': did you mean '>='?"
                : after == '<' ? "unexpected '=<': did you mean '<='?"
                               : "unexpected '=': did you mean '=='?";
    }
    diags.error(loc(pos), std::move(message));
    return std::nullopt;
  }
  void next() { tok = lexAt(text, tok.pos + tok.text.size()); }
  bool isWord(std::string_view word) const {
    return tok.kind == Tok::Word && tok.text == word;
  }
  bool requireSort(const Sub &sub, bool boolean) {
    if (sub.boolean == boolean)
      return true;
    fail(expr.nodes[sub.node].loc.offset - start.offset,
         boolean ? "expected a Boolean expression"
                 : "expected an integer term");
    return false;
  }

  std::optional<Sub> make(ExprNode node, bool boolean, const Sub *lhs,
                          const Sub *rhs) {
    Sub sub;
    sub.boolean = boolean;
    sub.depth = 1 + std::max(lhs ? lhs->depth : 0, rhs ? rhs->depth : 0);
    if (sub.depth > kMaxExprDepth)
      return fail(node.loc.offset - start.offset, "nesting too deep");
    node.lhs = lhs ? lhs->node : -1;
    node.rhs = rhs ? rhs->node : -1;
    sub.node = static_cast<int>(expr.nodes.size());
    expr.nodes.push_back(std::move(node));
    return sub;
  }
  std::optional<Sub> binary(ExprKind kind, const Sub &lhs, const Sub &rhs,
                            bool boolean) {
    ExprNode node;
    node.kind = kind;
    node.loc = expr.nodes[lhs.node].loc;
    return make(std::move(node), boolean, &lhs, &rhs);
  }

  std::optional<Sub> parseOr() {
    std::optional<Sub> lhs = parseAnd();
    while (lhs && tok.kind == Tok::Or) {
      next();
      std::optional<Sub> rhs = parseAnd();
      if (!rhs || !requireSort(*lhs, true) || !requireSort(*rhs, true))
        return std::nullopt;
      lhs = binary(ExprKind::Or, *lhs, *rhs, true);
    }
    return lhs;
  }

  std::optional<Sub> parseAnd() {
    std::optional<Sub> lhs = parseNot();
    while (lhs && tok.kind == Tok::And) {
      next();
      std::optional<Sub> rhs = parseNot();
      if (!rhs || !requireSort(*lhs, true) || !requireSort(*rhs, true))
        return std::nullopt;
      lhs = binary(ExprKind::And, *lhs, *rhs, true);
    }
    return lhs;
  }

  std::optional<Sub> parseNot() {
    if (tok.kind != Tok::Not)
      return parseCmp();
    ExprNode node;
    node.kind = ExprKind::Not;
    node.loc = loc(tok.pos);
    if (++nesting > kMaxExprDepth)
      return fail(tok.pos, "nesting too deep");
    next();
    std::optional<Sub> operand = parseNot();
    --nesting;
    if (!operand || !requireSort(*operand, true))
      return std::nullopt;
    return make(std::move(node), true, &*operand, nullptr);
  }

  std::optional<Sub> parseCmp();
  std::optional<Sub> parseSet(ExprKind kind, const Sub &lhs);
  std::optional<Sub> parseSum();
  std::optional<Sub> parseProduct();
  std::optional<Sub> parseAtom();
  std::optional<Sub> parseMaxMin();
  std::optional<Sub> parseBroadcastable();
  std::optional<int64_t> parseInt();

  std::string_view text;
  SourceLoc start;
  DiagnosticEngine &diags;
  ExprToken tok;
  Expr expr;
  int nesting = 0;
};

std::optional<Sub> ExprParser::parseCmp() {
  std::optional<Sub> lhs = parseSum();
  if (!lhs)
    return std::nullopt;
  ExprKind kind;
  switch (tok.kind) {
  case Tok::Eq:
    kind = ExprKind::Eq;
    break;
  case Tok::Ne:
    kind = ExprKind::Ne;
    break;
  case Tok::Lt:
    kind = ExprKind::Lt;
    break;
  case Tok::Le:
    kind = ExprKind::Le;
    break;
  case Tok::Gt:
    kind = ExprKind::Gt;
    break;
  case Tok::Ge:
    kind = ExprKind::Ge;
    break;
  default:
    if (isWord("in")) {
      if (!requireSort(*lhs, false))
        return std::nullopt;
      next();
      return parseSet(
          tok.kind == Tok::LSquare ? ExprKind::InRange : ExprKind::In, *lhs);
    }
    if (isWord("not")) {
      if (!requireSort(*lhs, false))
        return std::nullopt;
      next();
      if (!isWord("in"))
        return fail(tok.pos, "expected 'in' after 'not'");
      next();
      return parseSet(ExprKind::NotIn, *lhs);
    }
    return lhs;
  }
  if (!requireSort(*lhs, false))
    return std::nullopt;
  next();
  std::optional<Sub> rhs = parseSum();
  if (!rhs || !requireSort(*rhs, false))
    return std::nullopt;
  return binary(kind, *lhs, *rhs, true);
}

/// `{1, 4}` for In / NotIn, `[lo, hi]` for InRange.
std::optional<Sub> ExprParser::parseSet(ExprKind kind, const Sub &lhs) {
  bool range = kind == ExprKind::InRange;
  if (tok.kind != (range ? Tok::LSquare : Tok::LBrace))
    return fail(tok.pos, "expected '{' or '[' after 'in'");
  next();
  ExprNode node;
  node.kind = kind;
  node.loc = expr.nodes[lhs.node].loc;
  do {
    std::optional<int64_t> value = parseInt();
    if (!value)
      return std::nullopt;
    node.set.push_back(*value);
  } while (tok.kind == Tok::Comma && (next(), true));
  if (range && node.set.size() != 2)
    return fail(expr.nodes[lhs.node].loc.offset - start.offset,
                "a range needs exactly two bounds");
  if (tok.kind != (range ? Tok::RSquare : Tok::RBrace))
    return fail(tok.pos, range ? "expected ']'" : "expected '}'");
  next();
  return make(std::move(node), true, &lhs, nullptr);
}

std::optional<Sub> ExprParser::parseSum() {
  std::optional<Sub> lhs = parseProduct();
  while (lhs && (tok.kind == Tok::Plus || tok.kind == Tok::Minus)) {
    ExprKind kind = tok.kind == Tok::Plus ? ExprKind::Add : ExprKind::Sub;
    next();
    std::optional<Sub> rhs = parseProduct();
    if (!rhs || !requireSort(*lhs, false) || !requireSort(*rhs, false))
      return std::nullopt;
    lhs = binary(kind, *lhs, *rhs, false);
  }
  return lhs;
}

/// The multiplicative operator at `tok`, if any.
static std::optional<ExprKind> productOperator(const ExprToken &tok) {
  if (tok.kind == Tok::Star)
    return ExprKind::Mul;
  if (tok.kind != Tok::Word)
    return std::nullopt;
  if (tok.text == "floordiv")
    return ExprKind::FloorDiv;
  if (tok.text == "ceildiv")
    return ExprKind::CeilDiv;
  if (tok.text == "mod")
    return ExprKind::Mod;
  return std::nullopt;
}

std::optional<Sub> ExprParser::parseProduct() {
  std::optional<Sub> lhs = parseAtom();
  while (lhs) {
    std::optional<ExprKind> kind = productOperator(tok);
    if (!kind)
      break;
    next();
    std::optional<Sub> rhs = parseAtom();
    if (!rhs || !requireSort(*lhs, false) || !requireSort(*rhs, false))
      return std::nullopt;
    lhs = binary(*kind, *lhs, *rhs, false);
  }
  return lhs;
}

/// `max(a, b)` / `min(a, b)`, at the word.
std::optional<Sub> ExprParser::parseMaxMin() {
  ExprNode node;
  node.kind = isWord("max") ? ExprKind::Max : ExprKind::Min;
  node.loc = loc(tok.pos);
  std::string word(tok.text);
  next();
  if (tok.kind != Tok::LParen)
    return fail(tok.pos, "expected '(' after '" + word + "'");
  if (++nesting > kMaxExprDepth)
    return fail(tok.pos, "nesting too deep");
  next();
  std::optional<Sub> lhs = parseSum();
  if (!lhs || !requireSort(*lhs, false))
    return std::nullopt;
  if (tok.kind != Tok::Comma)
    return fail(tok.pos, "expected ','");
  next();
  std::optional<Sub> rhs = parseSum();
  if (!rhs || !requireSort(*rhs, false))
    return std::nullopt;
  if (tok.kind != Tok::RParen)
    return fail(tok.pos, "expected ')'");
  next();
  --nesting;
  return make(std::move(node), false, &*lhs, &*rhs);
}

/// `broadcastable(t1, ..., tn)`, n >= 2, at the word: a Boolean atom.
std::optional<Sub> ExprParser::parseBroadcastable() {
  ExprNode node;
  node.kind = ExprKind::Broadcastable;
  node.loc = loc(tok.pos);
  next();
  if (tok.kind != Tok::LParen)
    return fail(tok.pos, "expected '(' after 'broadcastable'");
  if (++nesting > kMaxExprDepth)
    return fail(tok.pos, "nesting too deep");
  next();
  int depth = 0;
  do {
    std::optional<Sub> arg = parseSum();
    if (!arg || !requireSort(*arg, false))
      return std::nullopt;
    node.args.push_back(arg->node);
    depth = std::max(depth, arg->depth);
  } while (tok.kind == Tok::Comma && (next(), true));
  if (tok.kind != Tok::RParen)
    return fail(tok.pos, "expected ')'");
  if (node.args.size() < 2)
    return fail(node.loc.offset - start.offset,
                "'broadcastable' needs at least two terms");
  next();
  --nesting;
  Sub sub;
  sub.boolean = true;
  sub.depth = depth + 1;
  if (sub.depth > kMaxExprDepth)
    return fail(node.loc.offset - start.offset, "nesting too deep");
  sub.node = static_cast<int>(expr.nodes.size());
  expr.nodes.push_back(std::move(node));
  return sub;
}

std::optional<int64_t> ExprParser::parseInt() {
  uint32_t pos = tok.pos;
  bool negative = tok.kind == Tok::Minus;
  if (negative)
    next();
  if (tok.kind != Tok::Int)
    return fail(tok.pos, "expected integer");
  const uint64_t limit = uint64_t(std::numeric_limits<int64_t>::max()) + 1;
  uint64_t value = 0;
  for (char c : tok.text) {
    uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (limit - digit) / 10)
      return fail(pos, "integer too large");
    value = value * 10 + digit;
  }
  if (!negative && value == limit)
    return fail(pos, "integer too large");
  next();
  if (!negative)
    return static_cast<int64_t>(value);
  return value == limit ? std::numeric_limits<int64_t>::min()
                        : -static_cast<int64_t>(value);
}

std::optional<Sub> ExprParser::parseAtom() {
  ExprNode node;
  node.loc = loc(tok.pos);
  if (tok.kind == Tok::Minus && lexAt(text, tok.pos + 1).kind != Tok::Int) {
    // -atom is -1 * atom.
    if (++nesting > kMaxExprDepth)
      return fail(tok.pos, "nesting too deep");
    next();
    std::optional<Sub> operand = parseAtom();
    --nesting;
    if (!operand || !requireSort(*operand, false))
      return std::nullopt;
    node.kind = ExprKind::Int;
    node.value = -1;
    std::optional<Sub> minusOne =
        make(std::move(node), false, nullptr, nullptr);
    if (!minusOne)
      return std::nullopt;
    std::optional<Sub> product =
        binary(ExprKind::Mul, *minusOne, *operand, false);
    if (product)
      expr.nodes[product->node].negation = true;
    return product;
  }
  if (tok.kind == Tok::Int || tok.kind == Tok::Minus) {
    std::optional<int64_t> value = parseInt();
    if (!value)
      return std::nullopt;
    node.kind = ExprKind::Int;
    node.value = *value;
    return make(std::move(node), false, nullptr, nullptr);
  }
  if (tok.kind == Tok::Ref) {
    node.kind = ExprKind::Ref;
    // An exporter's size keeps its `$`: `$s1` names no SSA value.
    bool exporterSize = tok.text[0] == '$';
    node.name = std::string(exporterSize ? tok.text : tok.text.substr(1));
    next();
    if (exporterSize && tok.kind == Tok::LSquare)
      return fail(tok.pos, "'" + node.name + "' is a size: it has no dims");
    if (tok.kind == Tok::LSquare) {
      next();
      std::optional<int64_t> dim = parseInt();
      if (!dim)
        return std::nullopt;
      if (*dim < 0)
        return fail(node.loc.offset - start.offset + 1 +
                        static_cast<uint32_t>(node.name.size()) + 1,
                    "expected a non-negative dimension index");
      node.dim = *dim;
      if (tok.kind != Tok::RSquare)
        return fail(tok.pos, "expected ']'");
      next();
    }
    return make(std::move(node), false, nullptr, nullptr);
  }
  if (isWord("max") || isWord("min"))
    return parseMaxMin();
  if (isWord("broadcastable"))
    return parseBroadcastable();
  if (isWord("true") || isWord("false")) {
    node.kind = isWord("true") ? ExprKind::True : ExprKind::False;
    next();
    return make(std::move(node), true, nullptr, nullptr);
  }
  if (tok.kind == Tok::LParen) {
    if (++nesting > kMaxExprDepth)
      return fail(tok.pos, "nesting too deep");
    next();
    std::optional<Sub> inner = parseOr();
    --nesting;
    if (!inner)
      return std::nullopt;
    if (tok.kind != Tok::RParen)
      return fail(tok.pos, "expected ')'");
    next();
    expr.nodes[inner->node].parenthesized = true;
    return inner;
  }
  if (tok.kind == Tok::End)
    return fail(tok.pos, "unexpected end of expression");
  return fail(tok.pos, "expected integer, value reference or '('");
}

} // namespace

std::optional<Expr> parseExpr(std::string_view text, SourceLoc start,
                              DiagnosticEngine &diags) {
  return ExprParser(text, start, diags).parse();
}

} // namespace symshape::frontend
