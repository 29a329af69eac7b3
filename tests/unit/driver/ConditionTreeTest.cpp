//===- ConditionTreeTest.cpp - Findings' conditions as formulas -----------===//
//
// Every finding of the golden inputs and the examples holds its condition
// as the tree the solver built (symshape/Condition.h). Checked here, per
// finding with a condition:
//  - the frontend's own parser of SEMANTICS.md §6 (the one --assume uses)
//    reads the printed text back to the same tree, and so does
//    Condition::parse, whose tree prints the same text again;
//  - the witness (its sizes, every other size 1) makes the condition true
//    and its negation false: the condition is what the witness violates.
// And each function's contract (its formulas, or their parts), the other
// formulas the solver builds, reads back the same way.
//
//===----------------------------------------------------------------------===//

#include "symshape/frontend/Expr.h"
#include "symshape/symshape.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

// A namespace of its own: the unity build joins the tests of one library.
namespace condition_tree_test {
using namespace symshape;
namespace fs = std::filesystem;

std::string shape(const Term &t) {
  switch (t.kind()) {
  case Term::Kind::Const:
    return std::to_string(t.value());
  case Term::Kind::Ref:
    return t.name();
  case Term::Kind::Neg: // the frontend reads `-x` as -1 * x
    if (t.lhs().kind() == Term::Kind::Const)
      return std::to_string(-t.lhs().value());
    return "(* -1 " + shape(t.lhs()) + ")";
  default:
    break;
  }
  static const char *const names[] = {
      "", "", "", "+", "-", "*", "floordiv", "ceildiv", "mod", "max", "min"};
  return std::string("(") + names[int(t.kind())] + " " + shape(t.lhs()) + " " +
         shape(t.rhs()) + ")";
}

std::string values(const std::vector<int64_t> &vs) {
  std::string out;
  for (int64_t v : vs)
    out += " " + std::to_string(v);
  return out;
}

/// The tree as an s-expression, parentheses and the nesting of `&&` and
/// `||` chains left out.
std::string shape(const Condition &c) {
  std::string out;
  switch (c.kind()) {
  case Condition::Kind::None:
    return "none";
  case Condition::Kind::True:
    return "true";
  case Condition::Kind::False:
    return "false";
  case Condition::Kind::Not:
    return "(! " + shape(c.children()[0]) + ")";
  case Condition::Kind::And:
  case Condition::Kind::Or:
    for (const Condition &child : c.children()) {
      std::string inner = shape(child);
      std::string head = c.kind() == Condition::Kind::And ? "(&& " : "(|| ";
      // A nested chain of the same operator is one chain.
      if (inner.rfind(head, 0) == 0)
        inner = inner.substr(head.size(), inner.size() - head.size() - 1);
      out += " " + inner;
    }
    return (c.kind() == Condition::Kind::And ? "(&&" : "(||") + out + ")";
  case Condition::Kind::Compare:
    return std::string("(") + opName(c.op()) + " " + shape(c.lhs()) + " " +
           shape(c.rhs()) + ")";
  case Condition::Kind::In:
    return "(in " + shape(c.lhs()) + values(c.values()) + ")";
  case Condition::Kind::NotIn:
    return "(not-in " + shape(c.lhs()) + values(c.values()) + ")";
  case Condition::Kind::InRange:
    return "(in-range " + shape(c.lhs()) + values(c.values()) + ")";
  case Condition::Kind::Broadcastable:
    for (const Term &t : c.terms())
      out += " " + shape(t);
    return "(broadcastable" + out + ")";
  }
  return "?";
}

/// The frontend's tree of node `i`, in shape()'s form.
std::string shape(const frontend::Expr &e, int i) {
  using K = frontend::ExprKind;
  const frontend::ExprNode &n = e.node(i);
  auto two = [&](const char *op) {
    return std::string("(") + op + " " + shape(e, n.lhs) + " " +
           shape(e, n.rhs) + ")";
  };
  auto chain = [&](const char *head) {
    std::string out = head;
    for (int side : {n.lhs, n.rhs}) {
      std::string inner = shape(e, side);
      if (inner.rfind(out + " ", 0) == 0)
        inner = inner.substr(out.size() + 1, inner.size() - out.size() - 2);
      out += " " + inner;
    }
    return out + ")";
  };
  switch (n.kind) {
  case K::Int:
    return std::to_string(n.value);
  case K::Ref:
    return (n.name[0] == '$' ? n.name : "%" + n.name) +
           (n.dim ? "[" + std::to_string(*n.dim) + "]" : "");
  case K::Add:
    return two("+");
  case K::Sub:
    return two("-");
  case K::Mul:
    return two("*");
  case K::FloorDiv:
    return two("floordiv");
  case K::CeilDiv:
    return two("ceildiv");
  case K::Mod:
    return two("mod");
  case K::Max:
    return two("max");
  case K::Min:
    return two("min");
  case K::True:
    return "true";
  case K::False:
    return "false";
  case K::Not:
    return "(! " + shape(e, n.lhs) + ")";
  case K::And:
    return chain("(&&");
  case K::Or:
    return chain("(||");
  case K::Eq:
    return two("==");
  case K::Ne:
    return two("!=");
  case K::Lt:
    return two("<");
  case K::Le:
    return two("<=");
  case K::Gt:
    return two(">");
  case K::Ge:
    return two(">=");
  case K::In:
    return "(in " + shape(e, n.lhs) + values(n.set) + ")";
  case K::NotIn:
    return "(not-in " + shape(e, n.lhs) + values(n.set) + ")";
  case K::InRange:
    return "(in-range " + shape(e, n.lhs) + values(n.set) + ")";
  case K::Broadcastable: {
    std::string out = "(broadcastable";
    for (int arg : n.args)
      out += " " + shape(e, arg);
    return out + ")";
  }
  }
  return "?";
}

std::optional<std::string> frontendShape(const std::string &text) {
  frontend::SourceManager sources;
  uint32_t buffer = sources.addBuffer("<condition>", text);
  frontend::DiagnosticEngine diags(sources);
  std::optional<frontend::Expr> tree =
      frontend::parseExpr(sources.buffer(buffer), {buffer, 0}, diags);
  if (!tree || diags.hadError())
    return std::nullopt;
  return shape(*tree, tree->root);
}

std::vector<fs::path> inputs() {
  std::vector<fs::path> out;
  fs::path source(SYMSHAPE_SOURCE_DIR);
  for (const char *dir : {"tests/golden/seeds", "tests/golden/semantics",
                          "tests/golden/checks", "examples"})
    for (const fs::directory_entry &entry :
         fs::recursive_directory_iterator(source / dir))
      if (entry.path().extension() == ".mlir")
        out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

/// `formula` (a tree the solver built) reads back from its text to a tree
/// that prints it again, with the same shape; the frontend's parser reads
/// the same shape.
void readsBack(const Condition &formula) {
  std::string printed = formula.str();
  INFO(printed);
  std::optional<Condition> parsed = Condition::parse(printed);
  REQUIRE(parsed);
  CHECK(parsed->str() == printed);
  CHECK(shape(*parsed) == shape(formula));
  CHECK(frontendShape(printed) == shape(formula));
}

TEST_CASE("every golden finding's condition is the tree its text reads as",
          "[condition]") {
  size_t conditions = 0, witnessed = 0, compound = 0, contracts = 0;
  for (const fs::path &path : inputs()) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    Options options;
    options.splitInput = true;
    Session session(options);
    if (!session.addFile(path.filename().string(), text.str()) ||
        !session.analyze())
      continue; // an input the goldens expect to be rejected
    for (const Function &fn : session.functions()) {
      Contract contract = fn.contract();
      std::vector<Condition> formulas = contract.checkedParts;
      formulas.insert(formulas.end(), contract.requiredParts.begin(),
                      contract.requiredParts.end());
      formulas.push_back(contract.checked);
      formulas.push_back(contract.required);
      for (const Condition &formula : formulas) {
        if (formula.empty() || formula.isTrue())
          continue;
        INFO(path.string() << ": contract of @" << fn.name());
        ++contracts;
        readsBack(formula);
      }
      for (const Finding &f : fn.unsafeFindings()) {
        if (f.condition.empty())
          continue;
        INFO(path.string() << ": " << f.loc << " " << f.condition);
        ++conditions;
        compound += f.condition.kind() == Condition::Kind::And ||
                    f.condition.kind() == Condition::Kind::Or;
        readsBack(f.condition);
        if (!f.hasWitness)
          continue;
        ++witnessed;
        Sizes sizes(f.witness.begin(), f.witness.end());
        CHECK(f.condition.evaluate(sizes, 1) == std::optional<bool>(true));
        CHECK(f.condition.negated().evaluate(sizes, 1) ==
              std::optional<bool>(false));
      }
    }
  }
  // The goldens exercise the renderer's grammar, not a few findings.
  CHECK(conditions >= 100);
  CHECK(witnessed >= 100);
  CHECK(compound >= 20);
  CHECK(contracts >= 50);
}

} // namespace condition_tree_test
