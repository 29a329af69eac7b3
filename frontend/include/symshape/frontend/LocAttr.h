//===- LocAttr.h - Where the exporter says an op came from ------*- C++ -*-===//
//
// MLIR prints each op's location attribute after it, `loc(...)`; exporters
// fill it with the model's own source. JAX:
//
//   %3 = stablehlo.add %1, %2 : tensor<4xf32> loc(#loc9)
//   ...
//   #loc2 = loc("model.py":14:9 to :30)
//   #loc5 = loc("f"(#loc2))                       the function the line is in
//   #loc8 = loc(callsite(#loc5 at #loc7))         called from #loc7
//   #loc9 = loc("jit(f)/jit(main)/add"(#loc8))    the op's name path
//
// torch-mlir: `loc("/path/model.py":42:0)`, `loc(callsite(... at ...))`,
// `loc(fused[...])`. The parser reads every `loc(...)` into a module's
// LocTable (aliases resolved once the module is read: an op may name
// `#loc9` before its definition); a form it does not know is `unknown`,
// never an error, since a location never changes what symshape finds.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_LOCATTR_H
#define SYMSHAPE_FRONTEND_LOCATTR_H

#include <cstdint>
#include <string>
#include <vector>

namespace symshape::frontend {

/// Index of a location in its module's LocTable; 0 is `unknown` (and every
/// op, function and argument that has no `loc(...)`).
using LocId = uint32_t;

enum class LocKind : uint8_t {
  Unknown,  ///< `unknown`, or a form symshape does not read
  File,     ///< `"file":L:C`, `"file":L`, `"file":L:C to [L2]:C2`
  Name,     ///< `"name"` or `"name"(child)`
  CallSite, ///< `callsite(callee at caller)`
  Fused,    ///< `fused[...]`, `fused<metadata>[...]`
  Alias,    ///< `#loc3` after an op: resolved once the module is read
};

struct LocNode {
  LocKind kind = LocKind::Unknown;
  /// File: the file name; Name: the name; Alias: the alias without '#'.
  std::string text;
  /// File: the start (and end, for a range) as written; 0 when absent.
  uint32_t line = 0, column = 0, endLine = 0, endColumn = 0;
  /// Name: {child} or {}; CallSite: {callee, caller}; Fused: the parts;
  /// Alias: {target} once resolved, {} for an alias never defined.
  std::vector<LocId> children;
};

struct LocTable {
  LocTable() : nodes(1) {} ///< nodes[0]: unknown
  std::vector<LocNode> nodes;

  LocId add(LocNode node) {
    nodes.push_back(std::move(node));
    return LocId(nodes.size() - 1);
  }
  const LocNode &operator[](LocId id) const { return nodes[id]; }
};

/// One position in the exporter's source.
struct LocFrame {
  std::string file;
  uint32_t line = 0, column = 0;
  /// The function the position lies in, when the exporter names it (the
  /// NameLoc around a frame of a call chain: "f", "<module>").
  std::string function;
};

/// A location as a report shows it.
struct ResolvedLoc {
  /// The op's name path: the outermost name before any call site
  /// ("jit(f)/jit(main)/add"); empty when none.
  std::string name;
  /// The op's own position first, then the positions that called it,
  /// innermost first; empty when the location names no file position.
  std::vector<LocFrame> frames;
};

/// Reads location `id` as MLIR's diagnostics do: through names and aliases,
/// the callee of a call site (its callers follow as frames), the first part
/// of a fused location that names a position. At most kMaxLocFrames frames;
/// a location shared many times over (`callsite(#l at #l)` nested) is read
/// within a fixed budget.
ResolvedLoc resolveLoc(const LocTable &table, LocId id);

constexpr size_t kMaxLocFrames = 64;

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_LOCATTR_H
