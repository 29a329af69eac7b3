//===- PrintedModule.h - The module as the passes hand it over -*- C++ -*-===//
//
// A pass prints its module as `mlir-opt` prints it by default and hands
// that text to symshape; each position symshape answers with (a line and a
// byte column of the text) maps back to the operation that starts there.
//
//   PrintedModule printed(module);
//   CheckResult result = check(name, printed.str(), options);
//   Operation *op = printed.opFor(result.messages[0].pos);
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PLUGIN_PRINTEDMODULE_H
#define SYMSHAPE_PLUGIN_PRINTEDMODULE_H

#include "Bridge.h"

#include "mlir/IR/BuiltinOps.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace symshape::plugin {

class PrintedModule {
public:
  /// Prints `module` with the flags mlir-opt prints with by default,
  /// whatever the command line set for its own output (generic form,
  /// locations, unique SSA ids, elision, ...): the text, and so the value
  /// names `assume` refers to, never depend on printing options.
  explicit PrintedModule(mlir::ModuleOp module);

  const std::string &str() const { return text; }

  /// The op starting exactly at `pos`, or null.
  mlir::Operation *opAt(const Position &pos) const;

  /// The op a message at `pos` is about: the last op starting on its line
  /// at or before it (a finding points at the op name, after the results),
  /// else the module.
  mlir::Operation *opFor(const Position &pos) const;

  mlir::ModuleOp module() const { return root; }

  /// A function as symshape names it and its values by their names in the
  /// text (without '%': "arg0", "0", "0#1", "c_0").
  struct Function {
    mlir::Operation *op = nullptr;
    std::map<std::string, mlir::Value> values;
  };
  /// The function symshape calls `name` ("f" in this module, "inner::f"
  /// in a nested `module @inner`), or null.
  const Function *function(const std::string &name) const;

private:
  /// Records each function's values by their printed names.
  void nameValues(mlir::AsmState &state);

  std::map<std::string, Function> functions;
  std::string text;
  /// Per 1-based line, the ops starting on it by 1-based column.
  std::map<uint32_t, std::vector<std::pair<uint32_t, mlir::Operation *>>>
      starts;
  mlir::ModuleOp root;
};

} // namespace symshape::plugin

#endif // SYMSHAPE_PLUGIN_PRINTEDMODULE_H
