//===- AttrReaders.h - Typed values of dialect attributes -------*- C++ -*-===//
//
// The readers that give attributes their typed values (TypedAttrs.h), once,
// while parsing: the parser calls them on what it reads, and an op's
// custom form on what it takes apart itself (a bare `RFFT`, Shardy's
// `in_shardings=[<@mesh, [{"x"}]>]`). Op rules read the typed values only.
//
//   EnumAttrs.cpp     #stablehlo<fft_type RFFT>, `LT`, `compare_type = SIGNED`,
//                     arith.cmpi's `slt` / `2 : i64`
//   AffineMaps.cpp    affine_map<(d0, d1) -> (d1, 0)>, affine_map<()[s0] ->
//                     (s0 * 32)> (AffineExprs.cpp: the expressions)
//   ShardyAttrs.cpp   <@mesh, [{"x"}, {}]>, <["x"=4]>, {"x", "y"}
//   IreeAttrs.cpp     #util.int.assumption<umin = 1, udiv = 16>
//   HloShardingAttrs.cpp  mhlo.sharding = "{devices=[2,1]<=[2]}"
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_PARSER_ATTRREADERS_H
#define SYMSHAPE_FRONTEND_PARSER_ATTRREADERS_H

#include "symshape/frontend/Attribute.h"

#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace symshape::frontend {

//===--- Enums (EnumAttrs.cpp) --------------------------------------------===//

/// Gives `attr` case `word` of enum `kind`; false (`attr` unchanged) when
/// `word` is none of its cases.
bool setEnumCase(Attribute &attr, EnumKind kind, std::string_view word);
/// Gives `attr` the case of enum `kind` whose value (its place in the
/// declaration) is `value`, as generic forms write an integer enum; false
/// (`attr` unchanged) when there is none.
bool setEnumValue(Attribute &attr, EnumKind kind, int64_t value);
/// The body `<fft_type RFFT>` of `#name<...>`, `name` a dialect whose enums
/// are read (stablehlo, mhlo, chlo): sets `attr`'s enum case; leaves it
/// alone for any other name, mnemonic or case.
void readEnumBody(Attribute &attr, std::string_view name,
                  std::string_view body);
/// The enum an attribute named `name` holds when its value is written as a
/// bare word (`{compare_type = SIGNED}`); EnumKind::None for other names.
EnumKind enumOfAttrName(std::string_view name);

//===--- Affine maps (AffineMaps.cpp) -------------------------------------===//

/// `affine_map<(d0, d1)[s0] -> (d1, 0, d0 + s0)>` (the whole text); null
/// when the text is not one, e.g. a map with unbalanced brackets.
std::shared_ptr<const AffineMapValue> readAffineMap(std::string_view text);
/// One affine expression `s0 * 32 + d1 floordiv 2` (the whole `text`), its
/// dims and symbols named by `dims` / `symbols`; nullopt when it is not
/// one (an unknown name, a missing operand, an integer past int64).
std::optional<AffineExpr>
readAffineExpr(std::string_view text, const std::vector<std::string_view> &dims,
               const std::vector<std::string_view> &symbols);

//===--- Shardy (ShardyAttrs.cpp) -----------------------------------------===//

/// `text` read as a Shardy value of `kind` (ShardyValue); null when it is
/// not exactly that:
///   Sharding      `<@mesh, [{"x"}, {"y", ?}, {"z":(1)2}p0], replicated=
///                 {"w"}>`, also after `#sdy.sharding`
///   ShardingList  `[<@mesh, [...]>, ...]`, also `#sdy.sharding_per_value<
///                 [...]>`
///   Mesh          `<["x"=4, "y"=2]>`, `<["x"=4], device_ids=[...]>`, also
///                 after `#sdy.mesh`
///   AxisNames     `{"x", "y"}` (whole axes), also `#sdy<manual_axes{..}>`
std::shared_ptr<const ShardyValue> readShardy(ShardyValue::Kind kind,
                                              std::string_view text);
/// The body `<...>` of `#name<...>`: `attr`'s Shardy value when `name` is
/// sdy.sharding, sdy.sharding_per_value, sdy.mesh, or `sdy` with
/// `<manual_axes{..}>`, and the whole reads as one; else left alone.
void readShardyBody(Attribute &attr, std::string_view name,
                    std::string_view body);

//===--- IREE (IreeAttrs.cpp) ---------------------------------------------===//

/// The body `<umin = 1, umax = 4, udiv = 2>` (brackets included) of
/// `#util.int.assumption<...>`: `attr`'s IntAssumption when every field is
/// one of those three, once, with an unsigned 64-bit value; else left
/// alone.
void readIntAssumptionBody(Attribute &attr, std::string_view body);

//===--- XLA's shardings (HloShardingAttrs.cpp) ---------------------------===//

/// `text` read as an `mhlo.sharding` string; nullopt for a form not listed
/// in HloShardingAttrs.cpp.
std::optional<HloSharding> readHloSharding(std::string_view text);
/// `attr`'s HloSharding when `name` is `mhlo.sharding` and `attr` a string
/// that reads as one; else left alone.
void readHloShardingAttr(std::string_view name, Attribute &attr);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_PARSER_ATTRREADERS_H
