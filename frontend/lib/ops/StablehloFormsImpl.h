//===- StablehloFormsImpl.h - Helpers of the stablehlo pretty forms -*- C++
//-*-===//
//
// Small pieces the pretty-form parsers of StablehloForms*.cpp share.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_FRONTEND_OPS_STABLEHLOFORMSIMPL_H
#define SYMSHAPE_FRONTEND_OPS_STABLEHLOFORMSIMPL_H

#include "StablehloInternal.h"

namespace symshape::frontend::hlo {

/// array<i64: ...> and `N` attributes built from what a pretty form read.
Attribute intsAttribute(std::vector<int64_t> values);
Attribute intAttribute(int64_t value);
void addAttr(PendingOp &pending, std::string name, Attribute value);
/// `[1, -2, 3]`
std::optional<std::vector<int64_t>> parseIntList(Parser &p);
/// `keyword = [..]` stored as the attribute `attrName`.
bool parseKeywordInts(Parser &p, PendingOp &pending, std::string_view keyword,
                      std::string attrName);
/// `keyword = N` stored as the attribute `attrName`.
bool parseKeywordInt(Parser &p, PendingOp &pending, std::string_view keyword,
                     std::string attrName);
/// The types after the `:` of a StableHLO pretty form: a function type,
/// one type for all, chlo's `T1, T2 -> R`, select's `Tpred, T`. The
/// operands' written types are checked against their values when
/// `checkOperands`.
bool parseTypeTail(Parser &p, PendingOp &pending,
                   const std::vector<OperandUse> &uses, bool checkOperands);

} // namespace symshape::frontend::hlo

#endif // SYMSHAPE_FRONTEND_OPS_STABLEHLOFORMSIMPL_H
