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
  // The map gives the 1-based line and the 0-based column of each op's
  // first character.
  for (const auto &[op, where] : locations)
    starts[where.first].push_back({where.second + 1, op});
  for (auto &[line, ops] : starts)
    std::sort(ops.begin(), ops.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
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
