//===- ParseHelpers.h - Shared helpers of the frontend unit tests -*- C++ -*-=//

#ifndef SYMSHAPE_TESTS_UNIT_FRONTEND_PARSEHELPERS_H
#define SYMSHAPE_TESTS_UNIT_FRONTEND_PARSEHELPERS_H

#include "symshape/driver/Session.h"
#include "symshape/frontend/Parser.h"

#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace symshape::frontend::test {

/// A parse of one string: the buffer, its diagnostics and the module.
struct Parsed {
  SourceManager sources;
  DiagnosticEngine diags{sources};
  std::optional<Module> module;

  bool ok() const { return module.has_value(); }
  /// "line:col: message" of the only error, or "" when there is none.
  std::string error() const {
    if (diags.diagnostics().empty())
      return "";
    const Diagnostic &diag = diags.diagnostics().front();
    LineCol lc = sources.lineCol(diag.loc);
    return std::to_string(lc.line) + ":" + std::to_string(lc.col) + ": " +
           diag.message;
  }
  const Function &func(size_t i = 0) const { return module->functions.at(i); }
  /// The `i`-th op of the entry block of function `f`.
  const Operation &op(size_t i, size_t f = 0) const {
    return func(f).body.blocks.at(0).operations.at(i);
  }
  const Value &value(ValueId id, size_t f = 0) const {
    return func(f).value(id);
  }
  /// The type of each operand of `op` (of function `f`) at its use.
  std::vector<Type> operandTypes(const Operation &op, size_t f = 0) const {
    std::vector<Type> types;
    for (size_t i = 0; i < op.operands.size(); ++i)
      types.push_back(func(f).operandType(op, i));
    return types;
  }
};

inline std::unique_ptr<Parsed> parse(std::string text,
                                     std::string name = "t.mlir") {
  auto parsed = std::make_unique<Parsed>();
  uint32_t buffer = parsed->sources.addBuffer(std::move(name), std::move(text));
  parsed->module = parseModule(parsed->sources, buffer, parsed->diags);
  return parsed;
}

/// Parses `func.func @f(%a: TYPE)` and returns the argument type.
inline std::optional<Type> parseArgType(const std::string &type) {
  auto parsed = parse("func.func @f(%a: " + type + ") {\n  return\n}\n");
  if (!parsed->ok())
    return std::nullopt;
  return parsed->func().argumentTypes.at(0);
}

/// The error of parsing `func.func @f(%a: TYPE)`.
inline std::string argTypeError(const std::string &type) {
  return parse("func.func @f(%a: " + type + ") {\n  return\n}\n")->error();
}

/// Each type of `list`, printed and followed by ';'.
inline std::string types(const std::vector<Type> &list) {
  std::string out;
  for (const Type &t : list)
    out += t.str() + ";";
  return out;
}

/// The result types of `op` in `f`, as types() prints them.
inline std::string resultTypes(const Function &f, const Operation &op) {
  std::string out;
  for (ValueId id : op.results)
    out += f.value(id).type.str() + ";";
  return out;
}

/// "op: reason" of each opaque op of the only function of `text`.
inline std::vector<std::string> opaqueOps(const std::string &text) {
  Session session({});
  REQUIRE(session.addFile("t.mlir", text));
  REQUIRE(session.analyze());
  std::vector<std::string> out;
  for (const solver::OpaqueOp &o :
       session.files().at(0)->functions.at(0).problem->opaque)
    out.push_back(o.op + ": " + o.reason);
  return out;
}

/// Parses `{a = ATTR}` on a test op and returns the attribute.
inline Attribute attrOf(const std::string &text,
                        const std::string &aliases = "") {
  auto parsed =
      parse(aliases + "func.func @f() {\n  \"test.op\"() {a = " + text +
            "} : () -> ()\n  return\n}\n");
  INFO(parsed->diags.renderAll());
  REQUIRE(parsed->ok());
  return parsed->op(0).attributes.at(0).value;
}

} // namespace symshape::frontend::test

#endif // SYMSHAPE_TESTS_UNIT_FRONTEND_PARSEHELPERS_H
