//===- LinalgRelayout.cpp - pack, unpack, softmax (LinalgRelayoutOps.td) --===//
//
// pack moves source into dest tile by tile: source dim inner_dims_pos[i] is
// cut into pieces of inner_tiles[i] elements. Read from the op docs:
//
//   shape(result)[rank(source) + i] = inner_tiles[i]
//   outer dim j of dest counts the tiles of source dim outer_dims_perm[j]:
//     ceil(dim / tile) (current MLIR: "It is UB if extra padding is
//     requested"; MLIR 16-19's tensor.pack only needs dest "large enough",
//     so at least that many), an untiled dim is copied as it is
//   no padding_value: "It is UB if the tile does not perfectly divide the
//     dimension"
//
// unpack is the inverse ("may drop any padding introduced by the pack").
// softmax keeps its input's shape in its output.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>
#include <limits>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

static bool relayout(Eval &e, bool pack) {
  bool current = e.name().rfind("linalg.", 0) == 0;
  const Shape *source = e.shape(0), *dest = e.shape(1);
  if (!source || !dest)
    return false;
  auto pos = e.ints("inner_dims_pos"), statics = e.ints("static_inner_tiles");
  if (!pos || !statics)
    return e.unsupported("inner_dims_pos / static_inner_tiles not readable");
  std::vector<int64_t> perm;
  if (e.attr("outer_dims_perm")) {
    auto p = e.ints("outer_dims_perm");
    if (!p)
      return e.unsupported("outer_dims_perm not readable");
    perm = *p;
  }
  // Operands: source, dest, then (pack) an optional padding value, then
  // the tiles that are values.
  size_t next = 2;
  bool padded = false;
  if (pack) {
    auto seg = e.ints("operandSegmentSizes");
    if (!seg)
      seg = e.ints("operand_segment_sizes");
    if (!seg || seg->size() != 4)
      return e.unsupported("operand segments not readable");
    padded = (*seg)[2] == 1;
    next += size_t((*seg)[2]);
  }
  std::vector<int64_t> tiles;
  for (int64_t t : *statics) {
    if (t != std::numeric_limits<int64_t>::min()) {
      tiles.push_back(t);
      continue;
    }
    std::optional<int64_t> v = e.scalar(next++);
    if (!v)
      return e.unsupported("a tile value is not known");
    tiles.push_back(*v);
  }
  const Shape &flat = pack ? *source : *dest, &tiled = pack ? *dest : *source;
  size_t n = flat.size(), k = pos->size();
  if (next != e.numOperands() || tiles.size() != k || tiled.size() != n + k ||
      (!perm.empty() && perm.size() != n))
    return e.unsupported("operands do not fit inner_dims_pos");
  for (size_t i = 0; i < k; ++i)
    if (!e.require(tiles[i] > 0, "tile " + s(tiles[i]) + " is not positive"))
      return false;
  for (size_t j = 0; j < n; ++j) {
    int64_t d = perm.empty() ? int64_t(j) : perm[j];
    if (d < 0 || size_t(d) >= n)
      return e.unsupported("outer_dims_perm out of range");
    auto it = std::find(pos->begin(), pos->end(), d);
    int64_t size = flat[size_t(d)], outer = tiled[j];
    if (it == pos->end()) {
      if (!e.require(outer == size, "untiled dim " + s(d) + " is " + s(size) +
                                        ", packed dim " + s(j) + " is " +
                                        s(outer)))
        return false;
      continue;
    }
    int64_t tile = tiles[size_t(it - pos->begin())];
    int64_t count = (size + tile - 1) / tile;
    if (!e.require(current ? outer == count : outer >= count,
                   "dim " + s(d) + " (" + s(size) + ") needs " + s(count) +
                       " tiles of " + s(tile) + ", packed dim " + s(j) +
                       " is " + s(outer)))
      return false;
    if (pack && !padded &&
        !e.require(size % tile == 0, "no padding_value and tile " + s(tile) +
                                         " does not divide " + s(size)))
      return false;
  }
  for (size_t i = 0; i < k; ++i)
    if (!e.require(tiled[n + i] == tiles[i],
                   "tile dim " + s(int64_t(n + i)) + " is " + s(tiled[n + i]) +
                       ", the tile is " + s(tiles[i])))
      return false;
  return e.setResult(0, *dest);
}

static bool softmax(Eval &e) {
  const Shape *in = e.shape(0), *out = e.shape(1);
  std::optional<int64_t> dim = e.integer("dimension");
  if (!in || !out)
    return false;
  if (!dim || *dim < 0 || size_t(*dim) >= in->size())
    return e.unsupported("dimension not readable");
  return e.require(*in == *out,
                   "input " + str(*in) + " and output " + str(*out)) &&
         e.setResult(0, *out);
}

static void registerLinalgRelayout() {
  for (const char *dialect : {"linalg.", "tensor."}) {
    add(std::string(dialect) + "pack",
        [](Eval &e) { return relayout(e, true); });
    add(std::string(dialect) + "unpack",
        [](Eval &e) { return relayout(e, false); });
  }
  add("linalg.softmax", softmax);
}

static const RuleFile rules(__FILE__, registerLinalgRelayout);

} // namespace symshape::models::oracle
