//===- Expr.h - SPEC section 6 expressions, parsed and evaluated -*- C++
//-*-===//
//
// The conditions the tool reports are formulas over its free symbols
// (`%arg0[1]`, `%arg0`). The comparison evaluates each one on every size
// assignment of the brute-force box: it reads them with the one parser of
// SPEC section 6's grammar, the frontend's (symshape/frontend/Expr.h), and
// evaluates them with its own reading of the SPEC:
//
//   std::string error;
//   std::optional<Expr> c = Expr::parse("%a[0] not in {1, 4}", error);
//   c->holds({{"%a[0]", 2}})   // true
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_EXPR_H
#define SYMSHAPE_EXPORTERS_EXPR_H

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace symshape::exporters {

using Sizes = std::map<std::string, int64_t>;

class Expr {
public:
  struct Node;

  /// The whole of `text` as a boolean formula; nullopt with `error`.
  static std::optional<Expr> parse(const std::string &text, std::string &error);
  /// Its value under `sizes`; nullopt when a symbol has no value or a
  /// division by zero occurs.
  std::optional<bool> holds(const Sizes &sizes) const;
  /// The symbols it names ("%a[0]", "%n").
  const std::set<std::string> &symbols() const { return refs; }

private:
  std::shared_ptr<const Node> root;
  std::set<std::string> refs;
};

} // namespace symshape::exporters

#endif // SYMSHAPE_EXPORTERS_EXPR_H
