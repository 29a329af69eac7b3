//===- Expr.cpp - SPEC section 6 expressions ------------------------------===//
//
//   expr   := and ('||' and)*
//   and    := unary ('&&' unary)*
//   unary  := '!' unary | '(' expr ')' | cmp | 'true' | 'false'
//   cmp    := term ('=='|'!='|'<'|'<='|'>'|'>=') term
//           | term ['not'] 'in' '{' INT (',' INT)* '}'
//           | term 'in' '[' INT ',' INT ']'
//   term   := factor (('+'|'-') factor)*
//   factor := atom (('*'|'floordiv'|'ceildiv'|'mod') atom)*
//   atom   := INT | REF | '(' term ')' | ('max'|'min') '(' term ',' term ')'
//
// `(` opens either a parenthesised formula or a parenthesised term; the
// parser tries the formula first and falls back to a comparison when a
// term operator or comparison follows the `)`. A leading '-' on an atom is
// accepted (negative constants).
//
//===----------------------------------------------------------------------===//

#include "Expr.h"

#include <cctype>

namespace symshape::exporters {

struct Expr::Node {
  enum class Op {
    Or,
    And,
    Not,
    True,
    False, // formulas
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    NotIn,
    Range,
    Broadcastable, // comparisons
    Int,
    Ref,
    Add,
    Sub,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
    Max,
    Min,
    Neg // terms
  } op;
  std::vector<std::shared_ptr<const Node>> kids;
  int64_t value = 0;        ///< Int
  std::string ref;          ///< Ref
  std::vector<int64_t> set; ///< In / NotIn; Range: {lo, hi}
};

namespace {

using NodeP = std::shared_ptr<const Expr::Node>;
using Op = Expr::Node::Op;

NodeP make(Op op, std::vector<NodeP> kids = {}) {
  auto n = std::make_shared<Expr::Node>();
  n->op = op;
  n->kids = std::move(kids);
  return n;
}

class Parser {
public:
  Parser(const std::string &text, std::set<std::string> &refs)
      : text(text), refs(refs) {}

  NodeP run(std::string &error) {
    NodeP n = expr();
    space();
    if (n && at != text.size())
      n = fail("unexpected text");
    if (!n)
      error = why;
    return n;
  }

private:
  const std::string &text;
  std::set<std::string> &refs;
  size_t at = 0;
  std::string why;

  NodeP fail(const std::string &what) {
    if (why.empty())
      why = "column " + std::to_string(at + 1) + ": " + what;
    return nullptr;
  }
  void space() {
    while (at < text.size() && std::isspace((unsigned char)text[at]))
      ++at;
  }
  bool lit(const std::string &s) {
    space();
    if (text.compare(at, s.size(), s) != 0)
      return false;
    // A keyword must not run into an identifier character.
    if (std::isalpha((unsigned char)s.back()) && at + s.size() < text.size() &&
        (std::isalnum((unsigned char)text[at + s.size()]) ||
         text[at + s.size()] == '_'))
      return false;
    at += s.size();
    return true;
  }
  bool peekLit(const std::string &s) {
    size_t save = at;
    bool ok = lit(s);
    at = save;
    return ok;
  }

  NodeP expr() {
    NodeP l = conj();
    while (l && lit("||")) {
      NodeP r = conj();
      if (!r)
        return nullptr;
      l = make(Op::Or, {l, r});
    }
    return l;
  }
  NodeP conj() {
    NodeP l = unary();
    while (l && lit("&&")) {
      NodeP r = unary();
      if (!r)
        return nullptr;
      l = make(Op::And, {l, r});
    }
    return l;
  }
  NodeP unary() {
    space();
    if (peekLit("!=")) // not a negation
      return fail("unexpected '!='");
    if (lit("!")) {
      NodeP k = unary();
      return k ? make(Op::Not, {k}) : nullptr;
    }
    if (lit("true"))
      return make(Op::True);
    if (lit("false"))
      return make(Op::False);
    // broadcastable(t1, ..., tn): the terms that are not 1 are all equal.
    if (lit("broadcastable")) {
      if (!lit("("))
        return fail("expected '('");
      std::vector<NodeP> terms;
      do {
        NodeP t = term();
        if (!t)
          return nullptr;
        terms.push_back(t);
      } while (lit(","));
      if (!lit(")"))
        return fail("expected ')'");
      if (terms.size() < 2)
        return fail("broadcastable needs two or more terms");
      return make(Op::Broadcastable, std::move(terms));
    }
    space();
    if (peekLit("(")) {
      size_t save = at;
      std::string savedWhy = why;
      lit("(");
      NodeP inner = expr();
      if (inner && lit(")") && !termContinues())
        return inner;
      at = save; // a parenthesised term: parse a comparison instead
      why = savedWhy;
    }
    return cmp();
  }
  /// After `( ... )`: does a term operator or comparison follow?
  bool termContinues() {
    for (const char *s : {"==", "!=", "<", ">", "+", "-", "*", "floordiv",
                          "ceildiv", "mod", "in", "not"})
      if (peekLit(s))
        return true;
    return false;
  }
  bool intList(std::vector<int64_t> &out, char close) {
    do {
      space();
      bool neg = lit("-");
      space();
      if (at >= text.size() || !std::isdigit((unsigned char)text[at]))
        return false;
      int64_t v = 0;
      while (at < text.size() && std::isdigit((unsigned char)text[at]))
        v = v * 10 + (text[at++] - '0');
      out.push_back(neg ? -v : v);
    } while (lit(","));
    return lit(std::string(1, close));
  }
  NodeP cmp() {
    NodeP l = term();
    if (!l)
      return nullptr;
    if (lit("not")) {
      if (!lit("in") || !lit("{"))
        return fail("expected 'in {'");
      auto n = std::make_shared<Expr::Node>();
      n->op = Op::NotIn;
      n->kids = {l};
      if (!intList(n->set, '}'))
        return fail("expected integers and '}'");
      return n;
    }
    if (lit("in")) {
      auto n = std::make_shared<Expr::Node>();
      n->kids = {l};
      if (lit("{")) {
        n->op = Op::In;
        if (!intList(n->set, '}'))
          return fail("expected integers and '}'");
      } else if (lit("[")) {
        n->op = Op::Range;
        if (!intList(n->set, ']') || n->set.size() != 2)
          return fail("expected '[lo, hi]'");
      } else {
        return fail("expected '{' or '['");
      }
      return n;
    }
    static const std::pair<const char *, Op> ops[] = {
        {"==", Op::Eq}, {"!=", Op::Ne}, {"<=", Op::Le},
        {">=", Op::Ge}, {"<", Op::Lt},  {">", Op::Gt}};
    for (const auto &[s, op] : ops)
      if (lit(s)) {
        NodeP r = term();
        return r ? make(op, {l, r}) : nullptr;
      }
    return fail("expected a comparison");
  }
  NodeP term() {
    NodeP l = factor();
    while (l) {
      Op op;
      if (lit("+"))
        op = Op::Add;
      else if (lit("-"))
        op = Op::Sub;
      else
        break;
      NodeP r = factor();
      if (!r)
        return nullptr;
      l = make(op, {l, r});
    }
    return l;
  }
  NodeP factor() {
    NodeP l = atom();
    while (l) {
      Op op;
      if (lit("*"))
        op = Op::Mul;
      else if (lit("floordiv"))
        op = Op::FloorDiv;
      else if (lit("ceildiv"))
        op = Op::CeilDiv;
      else if (lit("mod"))
        op = Op::Mod;
      else
        break;
      NodeP r = atom();
      if (!r)
        return nullptr;
      l = make(op, {l, r});
    }
    return l;
  }
  NodeP atom() {
    space();
    if (lit("-")) {
      NodeP k = atom();
      return k ? make(Op::Neg, {k}) : nullptr;
    }
    if (at < text.size() && std::isdigit((unsigned char)text[at])) {
      auto n = std::make_shared<Expr::Node>();
      n->op = Op::Int;
      while (at < text.size() && std::isdigit((unsigned char)text[at]))
        n->value = n->value * 10 + (text[at++] - '0');
      return n;
    }
    // REF (SPEC 6): `%name[i]`, `%name`, or an exporter's size `$name`.
    if (at < text.size() && (text[at] == '%' || text[at] == '$')) {
      size_t start = at++;
      while (at < text.size() &&
             (std::isalnum((unsigned char)text[at]) || text[at] == '_' ||
              text[at] == '.' || text[at] == '$' || text[at] == '-' ||
              text[at] == '#'))
        ++at;
      if (at < text.size() && text[at] == '[') {
        while (at < text.size() && text[at] != ']')
          ++at;
        if (at == text.size())
          return fail("unterminated '['");
        ++at;
      }
      auto n = std::make_shared<Expr::Node>();
      n->op = Op::Ref;
      n->ref = text.substr(start, at - start);
      refs.insert(n->ref);
      return n;
    }
    for (auto [s, op] : {std::pair<const char *, Op>{"max", Op::Max},
                         std::pair<const char *, Op>{"min", Op::Min}})
      if (lit(s)) {
        if (!lit("("))
          return fail("expected '('");
        NodeP a = term();
        if (!a || !lit(","))
          return fail("expected ','");
        NodeP b = term();
        if (!b || !lit(")"))
          return fail("expected ')'");
        return make(op, {a, b});
      }
    if (lit("(")) {
      NodeP t = term();
      if (!t || !lit(")"))
        return fail("expected ')'");
      return t;
    }
    return fail("expected a term");
  }
};

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

std::optional<int64_t> term(const Expr::Node &n, const Sizes &s) {
  if (n.op == Op::Int)
    return n.value;
  if (n.op == Op::Ref) {
    auto it = s.find(n.ref);
    if (it == s.end())
      return std::nullopt;
    return it->second;
  }
  if (n.op == Op::Neg) {
    auto a = term(*n.kids[0], s);
    return a ? std::optional<int64_t>(-*a) : std::nullopt;
  }
  auto a = term(*n.kids[0], s), b = term(*n.kids[1], s);
  if (!a || !b)
    return std::nullopt;
  switch (n.op) {
  case Op::Add:
    return *a + *b;
  case Op::Sub:
    return *a - *b;
  case Op::Mul:
    return *a * *b;
  case Op::FloorDiv:
    if (*b == 0)
      return std::nullopt;
    return floorDiv(*a, *b);
  case Op::CeilDiv:
    if (*b == 0)
      return std::nullopt;
    return -floorDiv(-*a, *b);
  case Op::Mod:
    if (*b == 0)
      return std::nullopt;
    return *a - *b * floorDiv(*a, *b);
  case Op::Max:
    return std::max(*a, *b);
  case Op::Min:
    return std::min(*a, *b);
  default:
    return std::nullopt;
  }
}

std::optional<bool> formula(const Expr::Node &n, const Sizes &s) {
  switch (n.op) {
  case Op::True:
    return true;
  case Op::False:
    return false;
  case Op::Not: {
    auto a = formula(*n.kids[0], s);
    return a ? std::optional<bool>(!*a) : std::nullopt;
  }
  case Op::Or:
  case Op::And: {
    auto a = formula(*n.kids[0], s), b = formula(*n.kids[1], s);
    if (!a || !b)
      return std::nullopt;
    return n.op == Op::Or ? (*a || *b) : (*a && *b);
  }
  case Op::Broadcastable: {
    std::optional<int64_t> seen;
    for (const auto &kid : n.kids) {
      auto v = term(*kid, s);
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
  case Op::In:
  case Op::NotIn:
  case Op::Range: {
    auto v = term(*n.kids[0], s);
    if (!v)
      return std::nullopt;
    if (n.op == Op::Range)
      return n.set[0] <= *v && *v <= n.set[1];
    bool in = false;
    for (int64_t x : n.set)
      in = in || x == *v;
    return n.op == Op::In ? in : !in;
  }
  default:
    break;
  }
  auto a = term(*n.kids[0], s), b = term(*n.kids[1], s);
  if (!a || !b)
    return std::nullopt;
  switch (n.op) {
  case Op::Eq:
    return *a == *b;
  case Op::Ne:
    return *a != *b;
  case Op::Lt:
    return *a < *b;
  case Op::Le:
    return *a <= *b;
  case Op::Gt:
    return *a > *b;
  case Op::Ge:
    return *a >= *b;
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<Expr> Expr::parse(const std::string &text, std::string &error) {
  Expr e;
  Parser p(text, e.refs);
  e.root = p.run(error);
  if (!e.root)
    return std::nullopt;
  return e;
}

std::optional<bool> Expr::holds(const Sizes &sizes) const {
  return formula(*root, sizes);
}

} // namespace symshape::exporters
