//===- HloShardingAttrs.cpp - XLA's sharding text read once ---------------===//
//
// GSPMD programs (JAX's export without Shardy, torch_xla) carry XLA's
// shardings as the text HloSharding::Print writes (openxla/xla,
// xla/hlo/ir/hlo_sharding.cc; the tile assignment by TileAssignment::Print,
// xla/hlo/ir/tile_assignment.cc):
//
//   {replicated}  {manual}  {maximal device=3}
//   {devices=[1,8]<=[8]}                  iota device list
//   {devices=[4,2]<=[2,4]T(1,0)}          iota reshaped then transposed
//   {devices=[2,2]0,2,1,3}                explicit device list
//   {devices=[2,1,4]<=[8] last_tile_dim_replicate}
//   {devices=[2,2,2]<=[8] last_tile_dims={manual, replicated}}
//   {{replicated}, {devices=[2]<=[2]}}    a tuple (one per leaf)
//
// The parser reads the string of every attribute named `mhlo.sharding`
// (an op's, a function argument's or result's) into an HloSharding once
// (Attribute::hloSharding); the GSPMD custom calls read that. Only these
// forms are read; anything else (`{unknown}`, `{unreduced}`,
// `metadata={..}`, `shard_as`, malformed counts) leaves the attribute
// without one, and the op reading it is then opaque.
//
//===----------------------------------------------------------------------===//

#include "AttrReaders.h"
#include "ir/TextReader.h"

#include <algorithm>

namespace symshape::frontend {

namespace {

/// `[n, ...]`.
std::optional<std::vector<int64_t>> bracketed(TextReader &r) {
  if (!r.eat("["))
    return std::nullopt;
  std::optional<std::vector<int64_t>> out = r.integers();
  if (!out || !r.eat("]"))
    return std::nullopt;
  return out;
}

/// The product of `dims` when each is >= 1 and it fits int64.
std::optional<int64_t> product(const std::vector<int64_t> &dims) {
  int64_t p = 1;
  for (int64_t d : dims) {
    if (d < 1 || p > INT64_MAX / d)
      return std::nullopt;
    p *= d;
  }
  return p;
}

/// `devices=[..]<=[..]T(..)` or `devices=[..]0,1,...` and its suffixes,
/// after the `{`.
std::optional<HloSharding> readTiled(TextReader &r) {
  HloSharding out;
  out.kind = HloSharding::Kind::Tiled;
  std::optional<std::vector<int64_t>> tiles = bracketed(r);
  std::optional<int64_t> count = tiles ? product(*tiles) : std::nullopt;
  if (!count)
    return std::nullopt;
  out.tiles = std::move(*tiles);
  if (r.eat("<=")) { // TileAssignment's iota form
    std::optional<std::vector<int64_t>> reshape = bracketed(r);
    if (!reshape || product(*reshape) != count)
      return std::nullopt;
    if (r.eat("T(")) {
      std::optional<std::vector<int64_t>> perm = r.integers();
      if (!perm || !r.eat(")") || perm->size() != reshape->size())
        return std::nullopt;
      std::vector<int64_t> sorted = *perm;
      std::sort(sorted.begin(), sorted.end());
      for (size_t k = 0; k < sorted.size(); ++k)
        if (sorted[k] != int64_t(k))
          return std::nullopt;
    }
  } else { // one device id per tile
    std::optional<std::vector<int64_t>> devices = r.integers();
    if (!devices || int64_t(devices->size()) != *count)
      return std::nullopt;
  }
  if (r.eat("last_tile_dim_replicate"))
    out.lastTileDimReplicate = true;
  else if (r.eat("last_tile_dims={")) {
    do {
      if (r.eat("manual"))
        out.lastTileDims.push_back("manual");
      else if (r.eat("replicated"))
        out.lastTileDims.push_back("replicated");
      else
        return std::nullopt; // maximal / unreduced subgroups: not read
    } while (r.eat(","));
    if (!r.eat("}"))
      return std::nullopt;
  }
  size_t subgroups =
      out.lastTileDims.size() + (out.lastTileDimReplicate ? 1 : 0);
  if (subgroups > out.tiles.size())
    return std::nullopt;
  return out;
}

/// One sharding from its `{`.
std::optional<HloSharding> readOne(TextReader &r, unsigned depth) {
  if (depth > 8 || !r.eat("{"))
    return std::nullopt;
  HloSharding out;
  if (r.peek('{') || r.peek('}')) { // a tuple: `{}`, `{{..}, {..}}`
    out.kind = HloSharding::Kind::Tuple;
    if (!r.peek('}'))
      do {
        std::optional<HloSharding> e = readOne(r, depth + 1);
        if (!e)
          return std::nullopt;
        out.elements.push_back(std::move(*e));
      } while (r.eat(","));
  } else if (r.eat("replicated")) {
    out.kind = HloSharding::Kind::Replicated;
  } else if (r.eat("manual")) {
    out.kind = HloSharding::Kind::Manual;
  } else if (r.eat("maximal device=")) {
    out.kind = HloSharding::Kind::Maximal;
    if (!r.integer())
      return std::nullopt;
  } else if (r.eat("devices=")) {
    std::optional<HloSharding> tiled = readTiled(r);
    if (!tiled)
      return std::nullopt;
    out = std::move(*tiled);
  } else {
    return std::nullopt;
  }
  if (!r.eat("}"))
    return std::nullopt;
  return out;
}

} // namespace

std::optional<HloSharding> readHloSharding(std::string_view text) {
  TextReader r(text);
  std::optional<HloSharding> out = readOne(r, 0);
  if (!out || !r.atEnd())
    return std::nullopt;
  return out;
}

void readHloShardingAttr(std::string_view name, Attribute &attr) {
  if (name != "mhlo.sharding" || attr.kind != AttrKind::String)
    return;
  if (std::optional<HloSharding> sharding = readHloSharding(attr.str))
    attr.hloSharding = std::make_shared<HloSharding>(std::move(*sharding));
}

} // namespace symshape::frontend
