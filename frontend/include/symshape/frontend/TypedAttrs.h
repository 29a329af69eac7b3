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

//===--- Affine maps
//-------------------------------------------------------===//

/// One result of an affine map: a dim `dK` alone, an integer constant
/// alone, or any other expression (kept as `Other`, unread).
struct AffineResult {
  enum class Kind : uint8_t { Dim, Constant, Other };
  Kind kind = Kind::Other;
  int64_t value = 0; ///< Dim: the dim's index; Constant: its value
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

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_TYPEDATTRS_H
