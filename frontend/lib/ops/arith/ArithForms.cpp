//===- ArithForms.cpp - Custom forms of arith and math --------------------===//
//
//   %c = arith.constant 4 : index
//   %0 = arith.addf %a, %b fastmath<fast> : tensor<?xf32>   one type for all
//   %1 = arith.cmpf olt, %a, %b : tensor<?xf32>             result of i1
//   %2 = arith.select %c, %a, %b : tensor<?xi1>, tensor<?xf32>
//
//===----------------------------------------------------------------------===//

#include "ArithInternal.h"
#include "parser/AttrReaders.h"

namespace symshape::frontend {

/// `%a, %b [flags] {attrs} : T`: T is the type of every operand and of the
/// result (arith and math elementwise ops, arith casts excepted).
bool parseSameTypeForm(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.empty() || !parseFlags(p, pending) ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  uint32_t start = p.tok.offset;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  pending.op.resultTypeRanges.push_back(p.rangeFrom(start));
  std::vector<Type> types(uses.size(), *type);
  return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                       typesLoc);
}

/// `olt, %a, %b {attrs} : T` (arith.cmpf / cmpi): the result has T's shape
/// and i1 elements.
bool parseCompare(Parser &p, PendingOp &pending) {
  if (!p.tok.is(TokenKind::BareIdent))
    return false;
  NamedAttribute predicate;
  predicate.name = "predicate";
  predicate.loc = p.tokLoc();
  predicate.value.kind = AttrKind::Other;
  predicate.value.text = std::string(p.tok.spelling);
  p.consume();
  pending.op.attributes.push_back(std::move(predicate));
  if (!p.expect(TokenKind::Comma, "','"))
    return false;
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.size() != 2 ||
      !parseFlags(p, pending) ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  Type result = builtinType("i1");
  if (type->isShaped()) {
    result = *type;
    result.element = "i1";
  }
  pending.resultTypes.push_back(result);
  return p.setOperands(pending, uses, {*type, *type}, /*written=*/true,
                       typesLoc);
}

bool parseCmpI(Parser &p, PendingOp &pending) {
  if (!parseCompare(p, pending))
    return false;
  // The predicate is the first attribute parseCompare adds.
  for (NamedAttribute &named : pending.op.attributes)
    if (named.name == "predicate") {
      setEnumCase(named.value, EnumKind::CmpIPredicate, named.value.text);
      break;
    }
  return true;
}

void readCmpIPredicate(Operation &op) {
  for (NamedAttribute &named : op.attributes)
    if (named.name == "predicate" && named.value.kind == AttrKind::Integer)
      setEnumValue(named.value, EnumKind::CmpIPredicate, named.value.intValue);
}

/// `%c, %a, %b {attrs} : T` (an i1 condition) or `: C, T`.
bool parseSelect(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.size() != 3 ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!p.parseTypeList(types) || types.empty() || types.size() > 2)
    return false;
  Type condition = types.size() == 2 ? types[0] : builtinType("i1");
  const Type &type = types.back();
  pending.resultTypes.push_back(type);
  return p.setOperands(pending, uses, {condition, type, type},
                       /*written=*/true, typesLoc);
}

} // namespace symshape::frontend
