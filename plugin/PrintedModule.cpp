//===- PrintedModule.cpp - The module as the passes hand it over ----------===//

#include "PrintedModule.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Operation.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>

using namespace mlir;

namespace symshape::plugin {

PrintedModule::PrintedModule(ModuleOp module) : root(module) {
  // Every flag a command-line option can change (OpPrintingFlags() reads
  // --mlir-print-*), pinned to what mlir-opt prints without options:
  // custom forms, no locations, unique names per function (every
  // function's arguments are %arg0, %arg1, ...), every region, large
  // elements in hex beyond 100, nothing elided.
  OpPrintingFlags flags;
  flags.printGenericOpForm(false)
      .enableDebugInfo(false)
      .skipRegions(false)
      .assumeVerified(false)
      .useLocalScope(false)
      .printUniqueSSAIDs(false)
      .printNameLocAsPrefix(false)
      .printValueUsers(false)
      .printLargeElementsAttrWithHex(100)
      .elideLargeElementsAttrs(std::numeric_limits<int64_t>::max())
      .elideLargeResourceString(std::numeric_limits<int64_t>::max());
  AsmState::LocationMap locations;
  AsmState state(module, flags, &locations);
  llvm::raw_string_ostream os(text);
  module->print(os, state);
  os.flush();
  nameValues(state);
  // The map gives the 1-based line and the 0-based column of each op's
  // first character.
  for (const auto &[op, where] : locations)
    starts[where.first].push_back({where.second + 1, op});
  for (auto &[line, ops] : starts)
    std::sort(ops.begin(), ops.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
}

namespace {

/// The prefix symshape gives a function of the module `op` is in:
/// "inner::" in `module @inner` nested in `root`; false for an unnamed
/// nested module (symshape numbers those, which is not worth redoing).
bool scopePath(Operation *op, ModuleOp root, std::string &path) {
  for (Operation *parent = op->getParentOp(); parent && parent != root;
       parent = parent->getParentOp()) {
    auto module = dyn_cast<ModuleOp>(parent);
    if (!module)
      return false;
    std::optional<StringRef> name = module.getName();
    if (!name)
      return false;
    path = name->str() + "::" + path;
  }
  return true;
}

} // namespace

void PrintedModule::nameValues(AsmState &state) {
  // Every op with a symbol name and a body directly in a module is what
  // symshape reads as a function (func.func, and others in generic form).
  root->walk([&](Operation *op) {
    auto name = op->getAttrOfType<StringAttr>("sym_name");
    if (!name || op->getNumRegions() == 0 ||
        !isa_and_nonnull<ModuleOp>(op->getParentOp()))
      return;
    std::string path;
    if (!scopePath(op, root, path))
      return;
    auto [it, fresh] = functions.try_emplace(path + name.str());
    if (!fresh) {
      it->second.op = nullptr; // two of one name: neither is named
      return;
    }
    Function &function = it->second;
    function.op = op;
    auto record = [&](Value value) {
      std::string text;
      llvm::raw_string_ostream os(text);
      value.printAsOperand(os, state);
      os.flush();
      if (text.size() < 2 || text.front() != '%')
        return;
      // A name printed twice (in an isolated region of its own) names
      // neither value.
      auto [at, fresh] = function.values.emplace(text.substr(1), value);
      if (!fresh)
        at->second = Value();
    };
    op->walk([&](Block *block) {
      for (BlockArgument argument : block->getArguments())
        record(argument);
    });
    op->walk([&](Operation *inner) {
      if (inner != op)
        for (Value result : inner->getResults())
          record(result);
    });
  });
}

const PrintedModule::Function *
PrintedModule::function(const std::string &name) const {
  auto it = functions.find(name);
  return it == functions.end() || !it->second.op ? nullptr : &it->second;
}

Operation *PrintedModule::opAt(const Position &pos) const {
  auto line = starts.find(pos.line);
  if (pos.line == 0 || line == starts.end())
    return nullptr;
  for (const auto &[col, op] : line->second)
    if (col == pos.col)
      return op;
  return nullptr;
}

Operation *PrintedModule::opFor(const Position &pos) const {
  auto line = starts.find(pos.line);
  if (pos.line == 0 || line == starts.end())
    return root;
  Operation *found = nullptr;
  for (const auto &[col, op] : line->second)
    if (col <= pos.col)
      found = op;
  return found ? found : line->second.front().second;
}

} // namespace symshape::plugin
