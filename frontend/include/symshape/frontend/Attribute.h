//===- Attribute.h - Attribute values ---------------------------*- C++ -*-===//
//
// Attribute values as far as symshape reads them; everything else is kept
// as source text (kind Other).
//
//   4 : index                    Integer 4, type index
//   "boom"                       String
//   [0, 1]                       Array of Integer
//   array<i64: 0, 1>             DenseArray ints {0, 1}
//   dense<[1, 2]> : tensor<2xi64> DenseInt ints {1, 2}, type tensor<2xi64>
//   dense<3> : tensor<2xi64>     DenseInt ints {3}, splat
//   ?  and  *  inside arrays     Dynamic / Star (shape.const_shape)
//   #stablehlo.gather<offset_dims = [1], index_vector_dim = 1>
//                                Other, structured: fields offset_dims =
//                                [1], index_vector_dim = 1 in `entries`
//   #stablehlo<fft_type RFFT>    Other, enum FftType::RFFT (TypedAttrs.h)
//   affine_map<(d0) -> (d0)>     Other, with its `affineMap`
//   #util.int.assumption<umin = 1>  Other, with its `intAssumption`
//   mhlo.sharding = "{manual}"   String, with its `hloSharding`
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_ATTRIBUTE_H
#define SYMSHAPE_FRONTEND_ATTRIBUTE_H

#include "symshape/frontend/SourceManager.h"
#include "symshape/frontend/Type.h"
#include "symshape/frontend/TypedAttrs.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace symshape::frontend {

enum class AttrKind {
  Unit,       ///< a name with no value: `{foo}`
  Bool,       ///< true / false
  Integer,    ///< 42, -3, 4 : index, 7 : i32
  Float,      ///< 1.5, 2.0e3 : f32 (value kept only as text)
  String,     ///< "text" (escapes decoded)
  Array,      ///< [a, b, ...]
  DenseArray, ///< array<i64: 1, 2>
  DenseInt,   ///< dense<...> : T with integer elements
  TypeAttr,   ///< a type used as an attribute
  SymbolRef,  ///< @name
  Dictionary, ///< {a = 1, b}
  Dynamic,    ///< `?` in an extent list
  Star,       ///< `*` in an extent list
  Other,      ///< anything else (affine_map<..>, #alias, opaque), as text
};

struct NamedAttribute;

struct Attribute {
  AttrKind kind = AttrKind::Other;
  int64_t intValue = 0;   ///< Integer
  bool boolValue = false; ///< Bool
  /// String: decoded value. SymbolRef: name without '@'.
  std::string str;
  std::vector<Attribute> elements; ///< Array
  /// Dictionary; the fields of a structured Other.
  std::vector<NamedAttribute> entries;
  /// Other written `#dialect.name<key = v, ...>` whose values are integers
  /// and integer lists (MLIR's struct attributes), or a convolution's
  /// dimension numbers `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0,
  /// 1, f]>` (read as the fields of their `raw` form): the parser read the
  /// body into `entries` (Integer, or Array of Integer), once. False when
  /// the body is anything else (then only `text` has it).
  bool structured = false;
  /// DenseArray / DenseInt: the integers in row-major order; a splat
  /// dense<3> has one element and `splat` set.
  std::vector<int64_t> ints;
  bool splat = false;
  /// Integer/Float/DenseInt/DenseArray: the attached type when written
  /// (`: index`, `: tensor<2xi64>`, the `i64` of array<i64: ..>).
  Type type;
  bool hasType = false;
  /// The exact source text of the attribute value.
  std::string text;
  SourceLoc loc;
  /// An enum case the parser read (`#stablehlo<fft_type RFFT>`, a custom
  /// form's `RFFT`): its enum, and the case's index in it (TypedAttrs.h).
  EnumKind enumKind = EnumKind::None;
  uint8_t enumCase = 0;
  /// `affine_map<...>` as the parser read it; null for other attributes.
  std::shared_ptr<const AffineMapValue> affineMap;
  /// A Shardy sharding, mesh or axis set as the parser (or the sdy op's
  /// form) read it; null otherwise.
  std::shared_ptr<const ShardyValue> shardy;
  /// `#util.int.assumption<...>` (also the bare `<...>` of util.assume.int's
  /// custom form) as the parser read it; null otherwise, or when its body
  /// is not read.
  std::shared_ptr<const IntAssumption> intAssumption;
  /// The string of an attribute named `mhlo.sharding` read as XLA's
  /// sharding text; null otherwise, or when the text is a form not read.
  std::shared_ptr<const HloSharding> hloSharding;

  /// The case of enum `E` held; nullopt when the attribute is not one.
  template <typename E> std::optional<E> enumValue() const {
    if (enumKind != EnumKindOf<E>::kind)
      return std::nullopt;
    return static_cast<E>(enumCase);
  }
};

struct NamedAttribute {
  std::string name;
  Attribute value;
  SourceLoc loc; ///< location of the name
};

/// The integers of an integer-list attribute: `[1, 2]`, `array<i64: 1,
/// 2>`, `dense<[1, 2]> : tensor<2xi64>`; a splat is expanded to its
/// type's element count (`dense<0> : tensor<4x2xi64>` is eight zeros).
/// `flattenRows`: an array of rows `[[0, 0], [1, 1]]` (a padding) is read
/// row after row. nullopt when the attribute is not one (or a splat's
/// type has a dynamic size). The one reader of integer lists.
std::optional<std::vector<int64_t>> intList(const Attribute &attr,
                                            bool flattenRows = false);

/// Looks `name` up in `attrs`; null when absent.
const Attribute *findAttr(const std::vector<NamedAttribute> &attrs,
                          const std::string &name);

} // namespace symshape::frontend

#endif // SYMSHAPE_FRONTEND_ATTRIBUTE_H
