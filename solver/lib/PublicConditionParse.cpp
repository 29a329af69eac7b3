//===- PublicConditionParse.cpp - Reading conditions back ----------------===//
//
// Condition::parse reads SEMANTICS.md §6's grammar back into the tree the
// printer writes, parentheses included, so print(parse(text)) == text for
// every text the solver prints.
//
//===----------------------------------------------------------------------===//

#include "symshape/Condition.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace symshape {

namespace {

/// A recursive-descent parser over one text; every rule returns nullopt
/// without consuming input on a mismatch.
class Parser {
public:
  explicit Parser(std::string_view text) : text(text) {}

  std::optional<Condition> formula() {
    std::optional<Condition> first = conjunction();
    if (!first)
      return std::nullopt;
    std::vector<Condition> parts{std::move(*first)};
    while (eat("||")) {
      std::optional<Condition> next = conjunction();
      if (!next)
        return std::nullopt;
      parts.push_back(std::move(*next));
    }
    return Condition::disjunction(std::move(parts));
  }

  bool atEnd() {
    skip();
    return pos == text.size();
  }

private:
  void skip() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }
  bool peek(std::string_view token) {
    skip();
    return text.substr(pos, token.size()) == token;
  }
  bool eat(std::string_view token) {
    if (!peek(token))
      return false;
    pos += token.size();
    return true;
  }
  static bool wordChar(char c) {
    return std::isalnum((unsigned char)c) || c == '_';
  }
  /// A keyword, not the start of a longer word.
  bool eatWord(std::string_view word) {
    size_t end = pos;
    while (end < text.size() && std::isspace((unsigned char)text[end]))
      ++end;
    if (text.substr(end, word.size()) != word ||
        (end + word.size() < text.size() && wordChar(text[end + word.size()])))
      return false;
    pos = end + word.size();
    return true;
  }

  std::optional<int64_t> integer() {
    skip();
    size_t start = pos, p = pos;
    if (p < text.size() && text[p] == '-')
      ++p;
    if (p == text.size() || !std::isdigit((unsigned char)text[p]))
      return std::nullopt;
    uint64_t magnitude = 0;
    for (; p < text.size() && std::isdigit((unsigned char)text[p]); ++p) {
      uint64_t digit = uint64_t(text[p] - '0');
      if (magnitude > (uint64_t(1) << 63) / 10 ||
          magnitude * 10 + digit > (uint64_t(1) << 63))
        return std::nullopt;
      magnitude = magnitude * 10 + digit;
    }
    bool negative = text[start] == '-';
    if (!negative && magnitude > uint64_t(INT64_MAX))
      return std::nullopt;
    pos = p;
    return negative ? int64_t(uint64_t(0) - magnitude) : int64_t(magnitude);
  }

  std::optional<Condition> conjunction() {
    std::optional<Condition> first = unary();
    if (!first)
      return std::nullopt;
    std::vector<Condition> parts{std::move(*first)};
    while (eat("&&")) {
      std::optional<Condition> next = unary();
      if (!next)
        return std::nullopt;
      parts.push_back(std::move(*next));
    }
    return Condition::conjunction(std::move(parts));
  }

  std::optional<Condition> unary() {
    size_t start = pos;
    if (eat("!") && !peek("=")) {
      std::optional<Condition> operand = unary();
      if (!operand)
        return pos = start, std::nullopt;
      return Condition::negation(std::move(*operand));
    }
    pos = start;
    if (eatWord("true"))
      return Condition::truth(true);
    if (eatWord("false"))
      return Condition::truth(false);
    if (eatWord("broadcastable")) {
      std::vector<Term> terms;
      if (!eat("("))
        return pos = start, std::nullopt;
      do {
        std::optional<Term> t = term();
        if (!t)
          return pos = start, std::nullopt;
        terms.push_back(std::move(*t));
      } while (eat(","));
      if (!eat(")"))
        return pos = start, std::nullopt;
      return Condition::broadcastable(std::move(terms));
    }
    // `(` opens a term ("(%a[0] + 1) == %b[0]") or a formula.
    if (std::optional<Condition> c = comparison())
      return c;
    pos = start;
    if (eat("(")) {
      std::optional<Condition> inner = formula();
      if (inner && eat(")"))
        return inner->inParentheses();
    }
    pos = start;
    return std::nullopt;
  }

  std::optional<std::vector<int64_t>> list(char open, char close) {
    std::vector<int64_t> values;
    if (!eat(std::string_view(&open, 1)))
      return std::nullopt;
    do {
      std::optional<int64_t> v = integer();
      if (!v)
        return std::nullopt;
      values.push_back(*v);
    } while (eat(","));
    if (!eat(std::string_view(&close, 1)))
      return std::nullopt;
    return values;
  }

  std::optional<Condition> comparison() {
    size_t start = pos;
    std::optional<Term> lhs = term();
    if (!lhs)
      return pos = start, std::nullopt;
    bool negated = eatWord("not");
    if (eatWord("in")) {
      if (negated) {
        std::optional<std::vector<int64_t>> set = list('{', '}');
        if (!set)
          return pos = start, std::nullopt;
        return Condition::notIn(std::move(*lhs), std::move(*set));
      }
      if (std::optional<std::vector<int64_t>> set = list('{', '}'))
        return Condition::in(std::move(*lhs), std::move(*set));
      std::optional<std::vector<int64_t>> range = list('[', ']');
      if (!range || range->size() != 2)
        return pos = start, std::nullopt;
      return Condition::inRange(std::move(*lhs), (*range)[0], (*range)[1]);
    }
    if (negated)
      return pos = start, std::nullopt;
    static const std::pair<const char *, Condition::Op> ops[] = {
        {"==", Condition::Op::Eq}, {"!=", Condition::Op::Ne},
        {"<=", Condition::Op::Le}, {">=", Condition::Op::Ge},
        {"<", Condition::Op::Lt},  {">", Condition::Op::Gt}};
    for (const auto &[token, op] : ops)
      if (eat(token)) {
        std::optional<Term> rhs = term();
        if (!rhs)
          return pos = start, std::nullopt;
        return Condition::compare(std::move(*lhs), op, std::move(*rhs));
      }
    return pos = start, std::nullopt;
  }

  std::optional<Term> term() {
    size_t start = pos;
    std::optional<Term> out = factor();
    if (!out)
      return pos = start, std::nullopt;
    while (true) {
      Term::Kind kind;
      size_t before = pos;
      if (eat("+"))
        kind = Term::Kind::Add;
      else if (eat("-"))
        kind = Term::Kind::Sub;
      else
        break;
      std::optional<Term> rhs = factor();
      if (!rhs) {
        pos = before;
        break;
      }
      out = Term::binary(kind, std::move(*out), std::move(*rhs));
    }
    return out;
  }

  std::optional<Term> factor() {
    std::optional<Term> out = atom();
    while (out) {
      Term::Kind kind;
      size_t before = pos;
      if (eat("*"))
        kind = Term::Kind::Mul;
      else if (eatWord("floordiv"))
        kind = Term::Kind::FloorDiv;
      else if (eatWord("ceildiv"))
        kind = Term::Kind::CeilDiv;
      else if (eatWord("mod"))
        kind = Term::Kind::Mod;
      else
        break;
      std::optional<Term> rhs = atom();
      if (!rhs) {
        pos = before;
        break;
      }
      out = Term::binary(kind, std::move(*out), std::move(*rhs));
    }
    return out;
  }

  std::optional<Term> atom() {
    size_t start = pos;
    if (std::optional<int64_t> v = integer())
      return Term::constant(*v);
    // `-` negates one atom: "-%a[0] * %b[0]" is (-%a[0]) * %b[0].
    if (eat("-")) {
      if (std::optional<Term> operand = atom())
        return Term::neg(std::move(*operand));
      return pos = start, std::nullopt;
    }
    for (auto [word, kind] :
         {std::pair("max", Term::Kind::Max), std::pair("min", Term::Kind::Min)})
      if (eatWord(word)) {
        std::optional<Term> a, b;
        if (eat("(") && (a = term()) && eat(",") && (b = term()) && eat(")"))
          return Term::binary(kind, std::move(*a), std::move(*b));
        return pos = start, std::nullopt;
      }
    if (eat("(")) {
      std::optional<Term> inner = term();
      if (inner && eat(")"))
        return inner->inParentheses();
      return pos = start, std::nullopt;
    }
    skip();
    if (pos < text.size() && (text[pos] == '%' || text[pos] == '$')) {
      size_t end = pos + 1;
      while (end < text.size() &&
             (wordChar(text[end]) || text[end] == '.' || text[end] == '$' ||
              text[end] == '-' || text[end] == '#'))
        ++end;
      if (end < text.size() && text[end] == '[') {
        size_t close = text.find(']', end);
        if (close == std::string_view::npos)
          return pos = start, std::nullopt;
        end = close + 1;
      }
      if (end == pos + 1)
        return pos = start, std::nullopt;
      std::string name(text.substr(pos, end - pos));
      pos = end;
      return Term::ref(std::move(name));
    }
    return pos = start, std::nullopt;
  }

  std::string_view text;
  size_t pos = 0;
};

} // namespace

std::optional<Condition> Condition::parse(std::string_view text) {
  Parser parser(text);
  std::optional<Condition> out = parser.formula();
  if (!out || !parser.atEnd())
    return std::nullopt;
  return out;
}

} // namespace symshape
