//===- TypedAttrs.h - Dialect attribute values the parser types --*- C++
//-*-===//
//
// The values of dialect attributes the parser reads once into typed form,
// so that op rules never read attribute text (Attribute.h holds them):
//
//   #stablehlo<fft_type RFFT>, `type = RFFT`      FftType::RFFT
//   #mhlo<comparison_direction LT>, `LT, %a, %b`  ComparisonDirection::LT
//   #stablehlo<comparison_type SIGNED>            ComparisonType::SIGNED
//   affine_map<(d0, d1) -> (d1, 0, d0 + 1)>       2 dims: d1, 0, other
//   #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>   a list of shardings
//   arith.cmpi slt, ..  / `predicate = 2 : i64`   CmpIPredicate::slt
//   #util.int.assumption<umin = 1, udiv = 16>     IntAssumption
//   affine_map<()[s0] -> (s0 * 32)>               a Mul of s0 and 32
//   mhlo.sharding = "{devices=[1,8]<=[8]}"        HloSharding, tiled
//
// An attribute the parser could not read this way keeps only its text:
// the op that needs it is then opaque, never guessed.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_TYPEDATTRS_H
#define SYMSHAPE_FRONTEND_TYPEDATTRS_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace symshape::frontend {

//===--- Enums (StableHLO / MHLO / CHLO) ---------------------------------===//

/// Which enum an attribute's case belongs to.
enum class EnumKind : uint8_t {
  None,                ///< not an enum the parser read
  FftType,             ///< `fft_type`
  ComparisonDirection, ///< `comparison_direction`
  ComparisonType,      ///< `comparison_type` (attribute `compare_type`)
  CmpIPredicate,       ///< arith.cmpi's `predicate`
};

/// stablehlo.fft's `fft_type` (StableHLO spec, fft).
enum class FftType : uint8_t { FFT, IFFT, RFFT, IRFFT };
/// stablehlo.compare's `comparison_direction` (StableHLO spec, compare).
enum class ComparisonDirection : uint8_t { EQ, NE, GE, GT, LE, LT };
/// stablehlo.compare's `compare_type` (StableHLO spec, compare).
enum class ComparisonType : uint8_t {
  NOTYPE,
  FLOAT,
  TOTALORDER,
  SIGNED,
  UNSIGNED
};

/// arith.cmpi's `predicate` (MLIR, arith::CmpIPredicate; the generic
/// form writes the case's value, 0 for eq ... 9 for uge).
enum class CmpIPredicate : uint8_t {
  eq,
  ne,
  slt,
  sle,
  sgt,
  sge,
  ult,
  ule,
  ugt,
  uge
};

/// The EnumKind of each C++ enum above (Attribute::enumValue).
template <typename E> struct EnumKindOf;
template <> struct EnumKindOf<FftType> {
  static constexpr EnumKind kind = EnumKind::FftType;
};
template <> struct EnumKindOf<ComparisonDirection> {
  static constexpr EnumKind kind = EnumKind::ComparisonDirection;
};
template <> struct EnumKindOf<ComparisonType> {
  static constexpr EnumKind kind = EnumKind::ComparisonType;
};
template <> struct EnumKindOf<CmpIPredicate> {
  static constexpr EnumKind kind = EnumKind::CmpIPredicate;
};

//===--- Affine maps ------------------------------------------------------===//

/// An affine expression as written (MLIR's affine expression grammar):
/// `s0 * 32 + d1 floordiv 2`, `-s0`, `(d0 + 1) mod 4`. Operators keep the
/// operands in written order; nothing is simplified.
struct AffineExpr {
  enum class Kind : uint8_t {
    Constant, ///< an integer: `value`
    Dim,      ///< `dK` by its place in the dim list: `value`
    Symbol,   ///< `sK` by its place in the symbol list: `value`
    Neg,      ///< `-x`: operands[0]
    Add,      ///< `a + b`
    Sub,      ///< `a - b`
    Mul,      ///< `a * b`
    FloorDiv, ///< `a floordiv b`
    CeilDiv,  ///< `a ceildiv b`
    Mod,      ///< `a mod b`
  };
  Kind kind = Kind::Constant;
  int64_t value = 0;
  std::vector<AffineExpr> operands; ///< lhs, rhs (Neg: the one)
};

/// One result of an affine map: a dim `dK` alone, an integer constant
/// alone, or any other expression (`Other`); `expr` is the whole
/// expression when it reads as one.
struct AffineResult {
  enum class Kind : uint8_t { Dim, Constant, Other };
  Kind kind = Kind::Other;
  int64_t value = 0; ///< Dim: the dim's index; Constant: its value
  std::optional<AffineExpr> expr;
};

/// `affine_map<(d0, d1)[s0] -> (d1, 0, d0 + s0)>`.
struct AffineMapValue {
  size_t numDims = 0;
  size_t numSymbols = 0;
  std::vector<AffineResult> results;
};

//===--- Shardy (openxla/shardy, sdy dialect) -----------------------------===//

/// An axis of a device mesh (`sdy.mesh @mesh = <["x"=4, "y"=2]>`).
struct MeshAxis {
  std::string name;
  int64_t size = 1;
};

/// One axis of a dim sharding: `"x"`, or the sub-axis `"x":(pre)size` (the
/// `size` devices of axis "x" at stride `pre`).
struct AxisRef {
  std::string name;
  std::optional<int64_t> subSize;
};

/// The sharding of a tensor: a mesh (by symbol, or written inline) and,
/// per dim, the axes that shard it, major first.
struct TensorSharding {
  std::string mesh;                 ///< `@mesh`'s name; empty when inline
  std::vector<MeshAxis> inlineMesh; ///< `mesh<["a"=2]>`
  std::vector<std::vector<AxisRef>> dims;
  /// Per dim: open (`{"x", ?}`, propagation may add axes) or closed.
  std::vector<bool> openDims;
  /// `replicated={"z"}`, `unreduced={"w"}`: axes that shard no dim.
  std::vector<AxisRef> replicated, unreduced;
};

/// A Shardy attribute the parser read whole; `kind` says which field
/// holds it.
struct ShardyValue {
  enum class Kind : uint8_t {
    Sharding,     ///< `<@mesh, [{"x"}, {}]>`: shardings[0]
    ShardingList, ///< `[<@mesh, ..>, ..]`: shardings
    Mesh,         ///< `<["x"=4, "y"=2]>`: mesh
    AxisNames,    ///< `{"x", "y"}` (whole axes): axisNames
  };
  Kind kind = Kind::Sharding;
  std::vector<TensorSharding> shardings;
  std::vector<MeshAxis> mesh;
  std::vector<std::string> axisNames;
};

//===--- IREE -------------------------------------------------------------===//

/// One `#util.int.assumption<umin = 1, umax = 4, udiv = 2>` (IREE's util
/// dialect; every field optional): as an unsigned value, the operand lies
/// in [umin, umax] and is a multiple of udiv.
struct IntAssumption {
  std::optional<uint64_t> umin, umax, udiv;
};

//===--- XLA's shardings (`mhlo.sharding`) --------------------------------===//

/// An `mhlo.sharding` string as HloSharding::Print writes it (openxla/xla,
/// xla/hlo/ir/hlo_sharding.cc): `{replicated}`, `{manual}`, `{maximal
/// device=3}`, `{devices=[1,8]<=[8]}`, a tuple `{{..}, {..}}`.
struct HloSharding {
  enum class Kind { Replicated, Manual, Maximal, Tiled, Tuple };
  Kind kind = Kind::Replicated;
  /// Tiled: the tile assignment's dims, data dims first, then the subgroup
  /// dims (`last_tile_dim_replicate`, `last_tile_dims={..}`).
  std::vector<int64_t> tiles;
  bool lastTileDimReplicate = false;
  std::vector<std::string> lastTileDims; ///< "manual" / "replicated"
  std::vector<HloSharding> elements;     ///< Tuple: one per leaf
  /// Tiled: the number of leading `tiles` that tile data
  /// (HloSharding::TiledDataRank).
  size_t dataRank() const {
    return tiles.size() - lastTileDims.size() - (lastTileDimReplicate ? 1 : 0);
  }
  /// Tiled with a `manual` subgroup (partially manual).
  bool manualSubgroup() const {
    for (const std::string &dim : lastTileDims)
      if (dim == "manual")
        return true;
    return false;
  }
};

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_TYPEDATTRS_H
