//===- LocAttr.cpp - Reading a location as a report shows it --------------===//

#include "symshape/frontend/LocAttr.h"

namespace symshape::frontend {

namespace {

/// Aliases inside a definition name earlier definitions by id, so a chain
/// of definitions can nest deeply and share parts (`callsite(#l at #l)`):
/// the walk stops at this depth and after this many nodes.
constexpr unsigned kMaxDepth = 256;
constexpr unsigned kMaxVisits = 4096;

class Resolver {
public:
  explicit Resolver(const LocTable &table) : table(table) {}

  /// Appends the frames of `id` to `frames`. `function`: the name around
  /// it inside a call chain; `top`: not inside a call site, where a name
  /// is the op's name path.
  void walk(LocId id, std::vector<LocFrame> &frames,
            const std::string *function, bool top, unsigned depth) {
    if (id >= table.nodes.size() || depth > kMaxDepth || visits == 0 ||
        frames.size() >= kMaxLocFrames)
      return;
    --visits;
    const LocNode &node = table[id];
    switch (node.kind) {
    case LocKind::Unknown:
      return;
    case LocKind::Alias:
      for (LocId child : node.children)
        walk(child, frames, function, top, depth + 1);
      return;
    case LocKind::File:
      frames.push_back({node.text, node.line, node.column,
                        function ? *function : std::string()});
      return;
    case LocKind::Name:
      if (top) {
        if (out.name.empty() && frames.empty())
          out.name = node.text;
        function = nullptr;
      } else {
        function = &node.text;
      }
      for (LocId child : node.children)
        walk(child, frames, function, top, depth + 1);
      return;
    case LocKind::CallSite: {
      if (node.children.size() != 2)
        return;
      // The op is where the callee says; without a callee position the
      // callers alone do not place it.
      size_t before = frames.size();
      walk(node.children[0], frames, nullptr, false, depth + 1);
      if (frames.size() > before)
        walk(node.children[1], frames, nullptr, false, depth + 1);
      return;
    }
    case LocKind::Fused:
      // The first part that names a position, as MLIR's diagnostics show.
      for (LocId child : node.children) {
        std::vector<LocFrame> part;
        walk(child, part, function, top, depth + 1);
        if (!part.empty()) {
          for (LocFrame &frame : part)
            if (frames.size() < kMaxLocFrames)
              frames.push_back(std::move(frame));
          return;
        }
      }
      return;
    }
  }

  ResolvedLoc out;

private:
  const LocTable &table;
  unsigned visits = kMaxVisits;
};

} // namespace

ResolvedLoc resolveLoc(const LocTable &table, LocId id) {
  Resolver resolver(table);
  if (id != 0)
    resolver.walk(id, resolver.out.frames, nullptr, true, 0);
  return std::move(resolver.out);
}

} // namespace symshape::frontend
