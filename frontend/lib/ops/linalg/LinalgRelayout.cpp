//===- LinalgRelayout.cpp - linalg.pack / unpack and linalg.softmax -------===//
//
// pack tiles the source dims `inner_dims_pos` by `inner_tiles`: the tiles
// become the trailing dims of dest, the tile counts its outer dims, in the
// order `outer_dims_perm` gives (LinalgRelayoutOps.td). unpack is the
// inverse. The result is the dest operand.
//
//   %p = linalg.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [0]
//          inner_tiles = [8] into %d : tensor<?x5xf32> -> tensor<5x?x8xf32>
//     %d[0] == 5 (dim 1, untiled), %d[1] == %s[0] ceildiv 8, %d[2] == 8;
//     without padding_value also %s[0] mod 8 == 0; result = %d's dims
//
// How the requirements are judged:
//  - Current MLIR (linalg.*) forbids "artificial padding": a tiled outer dim
//    is exactly ceildiv(dim, tile) (the verifier's verifyCompatibleShape of
//    the inferred packed type; "It is UB if extra padding is requested",
//    and "It is not possible to verify the requirements statically with
//    dynamic shapes, so they are treated as UB"). Kind `equal`.
//  - MLIR 16-19 (tensor.*) only demanded a dest "large enough to hold the
//    packed data" (areAllInBound): a tiled outer dim >= ceildiv. Kind
//    `in-bounds`.
//  - pack without padding_value: "If absent, it is assumed that for all
//    inner tiles, shape(source)[inner_dims_pos[i]] % inner_tiles[i] == 0
//    ... It is UB if the tile does not perfectly divide the dimension."
//    One `equal` obligation per tiled dim.
//  - unpack "may drop any padding introduced by the pack operation"
//    (NumElementsOf(source) >= NumElementsOf(result)): no divisibility.
//  - Every tile is a positive size (the verifier rejects a constant 0).
// Static violations are errors as the verifiers report them.
//
//===----------------------------------------------------------------------===//

#include "LinalgInternal.h"
#include "ops/rules/IntLists.h"

#include <algorithm>

namespace symshape::frontend {

namespace {

std::string show(const std::vector<int64_t> &v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

/// No duplicate, every entry in [0, rank), at most `rank` of them (MLIR's
/// isInvalidPackingPosSpecification, negated).
bool isPositionList(const std::vector<int64_t> &v, size_t rank) {
  if (v.size() > rank)
    return false;
  std::vector<bool> seen(rank, false);
  for (int64_t d : v) {
    if (d < 0 || size_t(d) >= rank || seen[size_t(d)])
      return false;
    seen[size_t(d)] = true;
  }
  return true;
}

struct Relayout {
  bool pack;    ///< pack (else unpack)
  bool current; ///< linalg.* (exact outer dims); tensor.*: MLIR 16-19
  size_t unpacked, packed; ///< operand indices
  bool padded = false;
  size_t firstTile = 0;
};

/// A pack or unpack's attributes and tiles, as read.
struct RelayoutAttrs {
  std::vector<int64_t> pos, statics, perm;
  std::vector<TermId> tiles;
  size_t n = 0, k = 0;                ///< unpacked rank, number of tiles
  std::vector<std::string> tileNames; ///< the tiles as written
  /// Per outer packed dim: its unpacked dim, and its tile (k: none).
  std::vector<size_t> source, tileOf;
};

/// Reads the attributes and tiles; false (the op made opaque) when they
/// are not understood.
bool readRelayoutAttrs(OpContext &c, const Relayout &r, RelayoutAttrs &a) {
  if (!c.expectRanked() ||
      !expectKnownAttrs(
          c, {"inner_dims_pos", "outer_dims_perm", "static_inner_tiles"}))
    return false;
  if (c.numOperands() < 2 || !c.operandType(0).isTensor() ||
      !c.operandType(1).isTensor()) {
    c.opaque("only tensor source and dest operands are modelled");
    return false;
  }
  std::optional<std::vector<int64_t>> pos = c.ints("inner_dims_pos");
  std::optional<std::vector<int64_t>> statics = c.ints("static_inner_tiles");
  if (c.attr("outer_dims_perm")) {
    std::optional<std::vector<int64_t>> p = c.ints("outer_dims_perm");
    if (!p) {
      c.opaque("outer_dims_perm not understood");
      return false;
    }
    a.perm = std::move(*p);
  }
  if (!pos || !statics) {
    c.opaque("inner_dims_pos or static_inner_tiles not understood");
    return false;
  }
  std::optional<std::vector<TermId>> tiles = mixedSizes(
      c, "static_inner_tiles", r.firstTile, c.numOperands() - r.firstTile);
  if (!tiles) {
    c.opaque("inner_tiles do not match their operands");
    return false;
  }
  a.pos = std::move(*pos);
  a.statics = std::move(*statics);
  a.tiles = std::move(*tiles);
  a.n = c.rank(r.unpacked);
  a.k = a.pos.size();
  return true;
}

/// commonVerifierPackAndUnPackOp: tiles, positions and ranks; also names
/// the tiles. False after an error.
bool verifyRelayoutAttrs(OpContext &c, const Relayout &r, RelayoutAttrs &a) {
  const std::vector<int64_t> &pos = a.pos, &statics = a.statics;
  const std::vector<int64_t> &perm = a.perm;
  const std::vector<TermId> &tiles = a.tiles;
  size_t n = a.n, k = a.k;
  for (TermId t : tiles) {
    if (c.graph().constantValue(t) == 0) {
      c.error("has an invalid zero tile factor");
      return false;
    }
  }
  if (!isPositionList(pos, n)) {
    c.error("has an invalid inner_dims_pos vector " + show(pos));
    return false;
  }
  if (!isPositionList(perm, n) || (!perm.empty() && perm.size() != n)) {
    c.error("has an invalid outer_dims_perm vector " + show(perm));
    return false;
  }
  if (tiles.size() != k) {
    c.error("expects one tile per inner_dims_pos entry, got " +
            std::to_string(tiles.size()) + " for " + show(pos));
    return false;
  }
  if (c.rank(r.packed) != n + k) {
    c.error("expects a packed rank of " + std::to_string(n + k) +
            " (unpacked rank + tiles), got '" + c.operandType(r.packed).str() +
            "'");
    return false;
  }
  // "8" for a static tile, "%t" for an SSA one.
  std::vector<std::string> &tileNames = a.tileNames;
  for (size_t i = 0, next = r.firstTile; i < k; ++i)
    tileNames.push_back(statics[i] == kDynamicIndex
                            ? c.operandName(next++)
                            : std::to_string(statics[i]));
  for (size_t i = 0; i < k; ++i) {
    // A tile the verifier cannot see as a constant needs a `?` tile dim.
    std::optional<int64_t> inner = c.staticDim(r.packed, n + i);
    std::optional<int64_t> tile = c.graph().constantValue(tiles[i]);
    if (inner && (!tile || *tile != *inner)) {
      c.error("has inner tile " + tileNames[i] + " for the packed dim " +
              std::to_string(n + i) + " of static size " +
              std::to_string(*inner));
      return false;
    }
  }
  return true;
}

/// The verifier's inferred packed type, from the static tiles only, and
/// PackOp::verify's padding rule. False after an error.
bool verifyPackedDims(OpContext &c, const Relayout &r, const RelayoutAttrs &a) {
  const std::vector<int64_t> &statics = a.statics;
  size_t n = a.n, k = a.k;
  for (size_t j = 0; j < n; ++j) {
    size_t d = a.source[j], i = a.tileOf[j];
    std::optional<int64_t> src = c.staticDim(r.unpacked, d);
    std::optional<int64_t> dst = c.staticDim(r.packed, j);
    std::optional<int64_t> t;
    if (i < k && statics[i] != kDynamicIndex)
      t = statics[i];
    if (i == k && src && dst && *src != *dst && (r.current || *dst < *src)) {
      c.error("expects the packed dim " + std::to_string(j) +
              " to be the untiled dim " + std::to_string(d) + " (" +
              std::to_string(*src) + "), got " + std::to_string(*dst));
      return false;
    }
    if (t && *t > 0 && src && dst &&
        (r.current ? *dst != (*src + *t - 1) / *t
                   : *dst < (*src + *t - 1) / *t)) {
      c.error("expects the packed dim " + std::to_string(j) + " to " +
              (r.current ? "be " : "be at least ") +
              std::to_string((*src + *t - 1) / *t) + " (" +
              std::to_string(*src) + " ceildiv " + std::to_string(*t) +
              "), got " + std::to_string(*dst));
      return false;
    }
    if (!r.pack || r.padded || i == k || !src)
      continue;
    // PackOp::verify without padding_value (MLIR 18+ requirePaddingValue:
    // also a static tile count that does not divide the size).
    if (t && *t > 0 && *src % *t != 0) {
      c.error("needs a padding_value: tile " + std::to_string(*t) +
              " does not divide dim " + std::to_string(d) + " (" +
              std::to_string(*src) + ")");
      return false;
    }
    if (r.current && !t && dst && *dst > 0 && *src % *dst != 0) {
      c.error("needs a padding_value: " + std::to_string(*dst) +
              " tiles cannot divide dim " + std::to_string(d) + " (" +
              std::to_string(*src) + ") evenly");
      return false;
    }
  }
  return true;
}

/// The runtime requirements: untiled dims equal, tiled outer dims the
/// tile counts, whole tiles without padding_value, positive tiles.
void requireRelayoutSizes(OpContext &c, const Relayout &r,
                          const RelayoutAttrs &a) {
  const std::vector<TermId> &tiles = a.tiles;
  const std::vector<std::string> &tileNames = a.tileNames;
  size_t n = a.n, k = a.k;
  solver::FormulaStore &f = c.formulas();
  for (size_t j = 0; j < n; ++j) {
    size_t d = a.source[j], i = a.tileOf[j];
    TermId size = c.dim(r.unpacked, d), packed = c.dim(r.packed, j);
    std::string outer = c.dimName(r.packed, j);
    if (i == k) {
      c.requireEqual(size, packed,
                     "the untiled sizes " + c.dimName(r.unpacked, d) + " and " +
                         outer);
      continue;
    }
    // packed == size ceildiv tile  <=>  tile * (packed - 1) < size <=
    // tile * packed (sizes are not negative): a polynomial condition.
    TermId tile = tiles[i], full = c.mul(tile, packed);
    FormulaId over = f.mkLt(full, size);
    FormulaId under = f.mkLe(size, c.sub(full, tile));
    std::string what = c.dimName(r.unpacked, d) + " ceildiv " + tileNames[i];
    bool whole = r.pack && !r.padded;
    if (whole && r.current) {
      // No padding and no artificial padding: exactly packed whole tiles.
      c.require(solver::ObligationKind::Equal, -1, f.mkNe(size, full),
                "the size " + c.dimName(r.unpacked, d) + " and " + outer +
                    " whole tiles of " + tileNames[i] +
                    " (no padding_value: a partial tile is UB)");
      continue;
    }
    if (r.current)
      c.require(solver::ObligationKind::Equal, -1, f.mkOr({over, under}),
                "the packed size " + outer + " and " + what +
                    " (no artificial padding)");
    else
      c.requireInBounds(f.mkNot(over), "the packed size " + outer +
                                           " (at least " + what + ")");
    if (whole)
      c.requireEqual(size, c.mul(c.floorDiv(size, tile), tile),
                     "the size " + c.dimName(r.unpacked, d) +
                         " and a whole number of tiles " + tileNames[i] +
                         " (no padding_value: a partial tile is UB)");
  }
  for (size_t i = 0; i < k; ++i) {
    c.requireInBounds(f.mkLe(c.constant(1), tiles[i]),
                      "the tile size of inner_dims_pos " +
                          std::to_string(a.pos[i]) + " (a positive size)");
    c.requireEqual(c.dim(r.packed, n + i), tiles[i],
                   "the packed tile dim " + c.dimName(r.packed, n + i) +
                       " and its inner tile");
  }
}

/// The checks and requirements shared by pack and unpack.
void lowerRelayout(OpContext &c, Relayout r) {
  RelayoutAttrs a;
  if (!readRelayoutAttrs(c, r, a) || !verifyRelayoutAttrs(c, r, a))
    return;
  // The unpacked dim behind each outer packed dim, and its tile (k: none).
  a.source.resize(a.n);
  a.tileOf.resize(a.n);
  for (size_t j = 0; j < a.n; ++j) {
    a.source[j] = a.perm.empty() ? j : size_t(a.perm[j]);
    a.tileOf[j] =
        size_t(std::find(a.pos.begin(), a.pos.end(), int64_t(a.source[j])) -
               a.pos.begin());
  }
  if (!verifyPackedDims(c, r, a))
    return;
  // The result has dest's type (TypesMatchWith).
  size_t dest = r.pack ? r.packed : r.unpacked;
  if (c.numResults() == 1 && c.resultType(0).hasRank() &&
      c.resultType(0).dims != c.operandType(dest).dims)
    return c.error("has result type '" + c.resultType(0).str() +
                   "', not dest's '" + c.operandType(dest).str() + "'");
  requireRelayoutSizes(c, r, a);
  c.setResult(0, c.dims(dest));
}

/// pack: source, dest, padding_value?, inner_tiles... `current`: linalg.pack.
void lowerPackOp(OpContext &c, bool current) {
  std::optional<std::vector<int64_t>> seg = operandSegments(c, 4);
  if (!seg || (*seg)[0] != 1 || (*seg)[1] != 1 || (*seg)[2] > 1)
    return c.opaque("operand segments not understood");
  Relayout r{true, current, 0, 1};
  r.padded = (*seg)[2] == 1;
  r.firstTile = 2 + size_t((*seg)[2]);
  lowerRelayout(c, r);
}

/// unpack: source, dest, inner_tiles... (one variadic group: no segments).
/// `current`: linalg.unpack.
void lowerUnpackOp(OpContext &c, bool current) {
  Relayout r{false, current, 1, 0};
  r.firstTile = 2;
  lowerRelayout(c, r);
}

} // namespace

void lowerLinalgPack(OpContext &c) { lowerPackOp(c, /*current=*/true); }
void lowerTensorPack(OpContext &c) { lowerPackOp(c, /*current=*/false); }
void lowerLinalgUnpack(OpContext &c) { lowerUnpackOp(c, /*current=*/true); }
void lowerTensorUnpack(OpContext &c) { lowerUnpackOp(c, /*current=*/false); }

/// linalg.softmax: input and output of one shape; `dimension` in range.
void lowerSoftmax(OpContext &c) {
  if (!c.expectRanked() || !expectKnownAttrs(c, {"dimension"}))
    return;
  if (c.numOperands() != 2 || !c.operandType(0).isTensor() ||
      !c.operandType(1).isTensor())
    return c.opaque("only a tensor input and output are modelled");
  std::optional<int64_t> dim = c.integer("dimension");
  if (!dim)
    return c.opaque("dimension not understood");
  if (c.rank(0) != c.rank(1))
    return c.error("has an incompatible output shape '" +
                   c.operandType(1).str() + "' for '" + c.operandType(0).str() +
                   "'");
  if (*dim < 0 || size_t(*dim) >= c.rank(0))
    return c.error("has an incorrect dimension " + std::to_string(*dim) +
                   " for rank " + std::to_string(c.rank(0)));
  for (size_t d = 0; d < c.rank(0); ++d)
    c.requireSameDim(0, d, 1, d, "input and output");
  c.setResult(0, c.dims(1));
}

} // namespace symshape::frontend
