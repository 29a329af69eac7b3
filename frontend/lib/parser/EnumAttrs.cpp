//===- EnumAttrs.cpp - Enum attributes read once --------------------------===//
//
// The enums of StableHLO (stablehlo/dialect/StablehloEnums.td), which MHLO
// and CHLO share, as their printers write them:
//
//   fft_type = #stablehlo<fft_type RFFT>             generic form
//   stablehlo.fft %x, type = RFFT, length = [16]     custom form
//   comparison_direction = #mhlo<comparison_direction LT>
//   stablehlo.compare LT, %a, %b, SIGNED             custom form
//   {compare_type = SIGNED}                          a bare enum case
//
// and arith's CmpIPredicate (mlir/Dialect/Arith/IR/ArithBase.td):
//
//   arith.cmpi slt, %a, %b : index                   custom form: the word
//   "arith.cmpi"(%a, %b) <{predicate = 2 : i64}>     generic: the value
//
// A word that is none of the enum's cases leaves the attribute without a
// case: the rule that needs one does not guess it.
//
//===----------------------------------------------------------------------===//

#include "AttrReaders.h"
#include "ir/TextReader.h"

#include <initializer_list>

namespace symshape::frontend {

namespace {

struct EnumDef {
  EnumKind kind;
  std::string_view mnemonic; ///< in `#stablehlo<MNEMONIC CASE>`
  std::string_view attrName; ///< the attribute that holds it
  std::initializer_list<std::string_view> cases; ///< in declaration order
};

/// The cases in the order of the C++ enums of TypedAttrs.h.
const EnumDef kEnumDefs[] = {
    {EnumKind::FftType,
     "fft_type",
     "fft_type",
     {"FFT", "IFFT", "RFFT", "IRFFT"}},
    {EnumKind::ComparisonDirection,
     "comparison_direction",
     "comparison_direction",
     {"EQ", "NE", "GE", "GT", "LE", "LT"}},
    {EnumKind::ComparisonType,
     "comparison_type",
     "compare_type",
     {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"}},
    // Never written `#dialect<...>` nor as a bare upper-case word: set by
    // arith.cmpi's forms only (setEnumCase, setEnumValue).
    {EnumKind::CmpIPredicate,
     "",
     "",
     {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}},
};

const EnumDef *enumDef(EnumKind kind) {
  for (const EnumDef &def : kEnumDefs)
    if (def.kind == kind)
      return &def;
  return nullptr;
}

} // namespace

bool setEnumCase(Attribute &attr, EnumKind kind, std::string_view word) {
  const EnumDef *def = enumDef(kind);
  if (!def)
    return false;
  uint8_t index = 0;
  for (std::string_view name : def->cases) {
    if (name == word) {
      attr.enumKind = kind;
      attr.enumCase = index;
      return true;
    }
    ++index;
  }
  return false;
}

bool setEnumValue(Attribute &attr, EnumKind kind, int64_t value) {
  const EnumDef *def = enumDef(kind);
  if (!def || value < 0 || uint64_t(value) >= def->cases.size())
    return false;
  attr.enumKind = kind;
  attr.enumCase = uint8_t(value);
  return true;
}

void readEnumBody(Attribute &attr, std::string_view name,
                  std::string_view body) {
  if (name != "stablehlo" && name != "mhlo" && name != "chlo")
    return;
  TextReader r(body);
  std::optional<std::string> mnemonic, word;
  if (!r.eat("<") || !(mnemonic = r.word()) || !(word = r.word()) ||
      !r.eat(">") || !r.atEnd())
    return;
  for (const EnumDef &def : kEnumDefs)
    if (!def.mnemonic.empty() && def.mnemonic == *mnemonic)
      setEnumCase(attr, def.kind, *word);
}

EnumKind enumOfAttrName(std::string_view name) {
  for (const EnumDef &def : kEnumDefs)
    if (!def.attrName.empty() && def.attrName == name)
      return def.kind;
  return EnumKind::None;
}

} // namespace symshape::frontend
