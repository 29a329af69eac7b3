//===- ArithForms.cpp - Custom forms of arith, math and func.call ---------===//
//
//   %c = arith.constant 4 : index
//   %0 = arith.addf %a, %b fastmath<fast> : tensor<?xf32>   one type for all
//   %1 = arith.cmpf olt, %a, %b : tensor<?xf32>             result of i1
//   %2 = arith.select %c, %a, %b : tensor<?xi1>, tensor<?xf32>
//   %3 = call @g(%a) : (tensor<?xf32>) -> tensor<?xf32>
//
// and the helpers the tensor family's forms share (TensorForms.h).
//
//===----------------------------------------------------------------------===//

#include "PrettyForms.h"
#include "TensorForms.h"

namespace symshape::frontend {

NamedAttribute denseArrayAttr(std::string name, std::vector<int64_t> ints,
                              std::string_view element) {
  NamedAttribute named;
  named.name = std::move(name);
  named.value.kind = AttrKind::DenseArray;
  named.value.ints = std::move(ints);
  named.value.type = builtinType(element);
  named.value.hasType = true;
  return named;
}

bool parseMixedList(Parser &p, std::vector<OperandUse> &uses,
                    std::vector<int64_t> &statics) {
  if (!p.expect(TokenKind::LSquare, "'['"))
    return false;
  if (p.consumeIf(TokenKind::RSquare))
    return true;
  do {
    if (p.tok.is(TokenKind::PercentIdent)) {
      std::optional<OperandUse> use = p.parseValueUse();
      if (!use)
        return false;
      uses.push_back(*use);
      statics.push_back(kDynamicIndex);
      continue;
    }
    std::optional<int64_t> value = p.parseIntegerLiteral();
    if (!value)
      return false;
    statics.push_back(*value);
  } while (p.consumeIf(TokenKind::Comma));
  return p.expect(TokenKind::RSquare, "']'");
}

Type elementType(const Type &shaped) {
  if (!shaped.isShaped())
    return shaped;
  return builtinType(shaped.element);
}

bool parseFlags(Parser &p, PendingOp &pending) {
  while (p.tok.isKeyword("fastmath") || p.tok.isKeyword("overflow")) {
    NamedAttribute flag;
    flag.name = std::string(p.tok.spelling);
    flag.loc = p.tokLoc();
    uint32_t start = p.tok.offset;
    p.consume();
    if (!p.tok.is(TokenKind::Less))
      return false;
    std::optional<uint32_t> end = p.skipBalanced(p.tok.offset);
    if (!end)
      return false;
    p.resetTo(*end);
    flag.value.kind = AttrKind::Other;
    flag.value.text = std::string(p.textFrom(start));
    pending.op.attributes.push_back(std::move(flag));
  }
  return true;
}

/// arith.constant {attrs} 4 : index   /   dense<[1, 2]> : tensor<2xi32>
bool parseArithConstant(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<NamedAttribute> extra;
  if (!p.parseOptionalAttrDict(extra))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = p.tokLoc();
  // After the name only a value can follow: a value MLIR rejects (too
  // large, nested too deep) is an error, not an unknown form.
  bool outer = p.speculating;
  p.speculating = false;
  std::optional<Attribute> attr = p.parseAttribute(/*allowType=*/true);
  p.speculating = outer;
  if (!attr)
    return false;
  if (attr->hasType)
    pending.resultTypes.push_back(attr->type);
  else if (attr->kind == AttrKind::Bool)
    pending.resultTypes.push_back(builtinType("i1"));
  else if (attr->kind == AttrKind::Integer) // MLIR's default types
    pending.resultTypes.push_back(builtinType("i64"));
  else if (attr->kind == AttrKind::Float)
    pending.resultTypes.push_back(builtinType("f64"));
  else
    return false;
  value.value = std::move(*attr);
  op.attributes.push_back(std::move(value));
  for (NamedAttribute &named : extra)
    op.attributes.push_back(std::move(named));
  return true;
}

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
  return p.setOperands(pending, uses, types, /*written=*/true, typesLoc);
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

/// func.call @g(%a, %b) {attrs} : (T1, T2) -> R
bool parseFuncCall(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (!p.tok.is(TokenKind::AtIdent))
    return false;
  NamedAttribute callee;
  callee.name = "callee";
  callee.loc = p.tokLoc();
  std::optional<Attribute> symbol = p.parseAttribute();
  if (!symbol)
    return false;
  callee.value = std::move(*symbol);
  op.attributes.push_back(std::move(callee));
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(uses) ||
      !p.expect(TokenKind::RParen, "')'") || !parsePropsAndAttrs(p, pending) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs;
  if (!p.parseFunctionType(inputs, pending.resultTypes, &op.resultTypeRanges))
    return false;
  return p.setOperands(pending, uses, inputs, /*written=*/true, typesLoc);
}

} // namespace symshape::frontend
