//===- Condition.h - Conditions as formulas over sizes ----------*- C++ -*-===//
//
// A finding's condition is a formula of SEMANTICS.md §6 kept as a tree:
// comparisons, set and range tests and `broadcastable(...)` over integer
// terms, joined by `&&`, `||` and `!`. The solver builds the tree; the one
// printer, str(), writes the text every report shows:
//
//   Condition c = finding.condition;       // %a[0] != 1 && %a[0] != %b[0]
//   c.kind();                              // Condition::Kind::And
//   c.children()[1].lhs().name();          // "%a[0]"
//   c.evaluate({{"%a[0]", 2}, {"%b[0]", 3}});   // true
//
// Part of the public API (symshape/symshape.h); only the standard library.
// The tree, its printer, evaluate and negated are the solver's
// (symshape_solver, which builds conditions); Condition::parse and
// Condition(text) are the driver's (symshape_driver), which reads text with
// the frontend's expression parser, the one reader of SEMANTICS.md §6.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_CONDITION_H
#define SYMSHAPE_CONDITION_H

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symshape {

/// Values of sizes by name as conditions and witnesses print them:
/// "%a[0]", "%n", "$s1".
using Sizes = std::map<std::string, int64_t>;

/// An integer term of SEMANTICS.md §6: a constant, a size, or arithmetic.
class Term {
public:
  enum class Kind {
    Const,    ///< value()
    Ref,      ///< a size: name() "%a[0]" (valueName() "%a", dim() 0)
    Neg,      ///< -operands[0]
    Add,      ///< operands[0] + operands[1]
    Sub,      ///< operands[0] - operands[1]
    Mul,      ///< operands[0] * operands[1]
    FloorDiv, ///< floor(operands[0] / operands[1]); 0 for a 0 divisor
    CeilDiv,  ///< ceil(operands[0] / operands[1]); 0 for a 0 divisor
    Mod,      ///< operands[0] - operands[1] * (operands[0] floordiv
              ///< operands[1])
    Max,      ///< max(operands[0], operands[1])
    Min,      ///< min(operands[0], operands[1])
  };

  /// The constant 0.
  Term() = default;
  static Term constant(int64_t value);
  static Term ref(std::string name);
  static Term neg(Term operand);
  /// `lhs op rhs` for a binary kind (Add ... Min).
  static Term binary(Kind kind, Term lhs, Term rhs);
  /// The same, in parentheses when `parenthesized` (as inParentheses(),
  /// without copying the operands).
  static Term binary(Kind kind, Term lhs, Term rhs, bool parenthesized);

  Kind kind() const { return k; }
  int64_t value() const { return v; }
  /// A Ref's name as printed: "%a[0]", "%n", "$s1"; empty for other kinds.
  const std::string &name() const { return n; }
  /// A Ref's value without its dim: "%a" for "%a[0]", "%n" for "%n".
  std::string valueName() const;
  /// A Ref's dim index: 0 for "%a[0]"; -1 when it names no dim ("%n").
  int dim() const;
  const std::vector<Term> &operands() const { return ops; }
  const Term &lhs() const { return ops.at(0); }
  const Term &rhs() const { return ops.at(1); }

  /// Written in parentheses the grammar does not need (the printer keeps
  /// the renderer's "(%a[0] floordiv 2)"); no effect on the value.
  bool parenthesized() const { return parens; }
  Term inParentheses(bool yes = true) const;

  /// The term in SEMANTICS.md §6 syntax.
  std::string str() const;
  /// Its value with the sizes `sizes` names, the others at `otherwise`;
  /// nullopt when a size has no value or the arithmetic overflows int64.
  std::optional<int64_t>
  evaluate(const Sizes &sizes,
           std::optional<int64_t> otherwise = std::nullopt) const;

  /// Same tree (parentheses included).
  bool operator==(const Term &other) const;
  bool operator!=(const Term &other) const { return !(*this == other); }

private:
  Kind k = Kind::Const;
  bool parens = false;
  int64_t v = 0;
  std::string n;
  std::vector<Term> ops;
};
std::ostream &operator<<(std::ostream &os, const Term &term);

/// A formula over the sizes of a function's values, in SEMANTICS.md §6's
/// syntax: "%a[0] != 1 && %a[0] != %b[0]", "%x[1] mod 16 != 0", "true".
/// The empty condition (kind None) says nothing is known (a finding
/// without one).
class Condition {
public:
  enum class Kind {
    None,          ///< nothing known: prints as ""
    True,          ///< "true"
    False,         ///< "false"
    Not,           ///< !children[0]
    And,           ///< children[0] && children[1] && ...
    Or,            ///< children[0] || children[1] || ...
    Compare,       ///< lhs() op() rhs()
    In,            ///< lhs() in {values()...}
    NotIn,         ///< lhs() not in {values()...}
    InRange,       ///< lhs() in [values()[0], values()[1]]
    Broadcastable, ///< broadcastable(terms()...): those not 1 are equal
  };
  enum class Op { Eq, Ne, Lt, Le, Gt, Ge };

  Condition() = default;
  /// The formula `text` writes (SEMANTICS.md §6); empty when it is not one.
  /// Defined in symshape_driver, as parse().
  explicit Condition(std::string_view text);
  /// The formula `text` writes; nullopt when it is not one. Read by the
  /// frontend's parseExpr (symshape/frontend/Expr.h), parentheses kept, so
  /// parse(c.str())->str() == c.str(). Defined in symshape_driver.
  static std::optional<Condition> parse(std::string_view text);

  static Condition truth(bool value);
  static Condition negation(Condition operand);
  /// One child: that child. None: true (conjunction) / false (disjunction).
  static Condition conjunction(std::vector<Condition> children);
  static Condition disjunction(std::vector<Condition> children);
  static Condition compare(Term lhs, Op op, Term rhs);
  static Condition in(Term subject, std::vector<int64_t> values);
  static Condition notIn(Term subject, std::vector<int64_t> values);
  static Condition inRange(Term subject, int64_t lo, int64_t hi);
  static Condition broadcastable(std::vector<Term> terms);

  Kind kind() const { return k; }
  bool empty() const { return k == Kind::None; }
  bool isTrue() const { return k == Kind::True; }
  bool isFalse() const { return k == Kind::False; }
  /// Not, And, Or: the operands.
  const std::vector<Condition> &children() const { return kids; }
  /// Compare: the comparison.
  Op op() const { return o; }
  /// Compare: the left side; In, NotIn, InRange: the term tested.
  const Term &lhs() const { return ts.at(0); }
  /// Compare: the right side.
  const Term &rhs() const { return ts.at(1); }
  /// Compare: {lhs, rhs}; In, NotIn, InRange: {subject}; Broadcastable:
  /// its terms.
  const std::vector<Term> &terms() const { return ts; }
  /// In, NotIn: the set; InRange: {lo, hi}.
  const std::vector<int64_t> &values() const { return vals; }

  /// Written in parentheses the grammar does not need; no effect on the
  /// value.
  bool parenthesized() const { return parens; }
  Condition inParentheses(bool yes = true) const;

  /// The formula as SEMANTICS.md §6 prints it; "" for None.
  std::string str() const;
  /// The formula that holds exactly when this one does not (`!(...)`,
  /// simplified for true, false and one `!broadcastable(...)`).
  Condition negated() const;
  /// Whether it holds with the sizes `sizes` names, the others at
  /// `otherwise` (a witness: 1); nullopt for None, a size without a
  /// value, or an overflow.
  std::optional<bool>
  evaluate(const Sizes &sizes,
           std::optional<int64_t> otherwise = std::nullopt) const;

  /// Same text.
  bool operator==(const Condition &other) const { return str() == other.str(); }
  bool operator!=(const Condition &other) const { return !(*this == other); }

private:
  Kind k = Kind::None;
  bool parens = false;
  Op o = Op::Eq;
  std::vector<Term> ts;
  std::vector<int64_t> vals;
  std::vector<Condition> kids;
};
std::ostream &operator<<(std::ostream &os, const Condition &condition);

/// "==", "!=", "<", "<=", ">", ">=".
const char *opName(Condition::Op op);

} // namespace symshape

#endif // SYMSHAPE_CONDITION_H
