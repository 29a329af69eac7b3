//===- ParseShapeOps.cpp - Custom forms of the shape dialect --------------===//
//
//   %b = shape.broadcast %x, %y, error = "e" : T1, T2 -> R     ArrowTyped
//   %c = shape.join %a, %b, error="<reason>" : !shape.type     (seed, one type)
//   %w = shape.cstr_eq %a, %b : T1, T2                         ColonTyped
//   %s = shape.index_to_size %i                                Untyped
//   shape.yield %x : T                                         Terminator
//   %e = shape.const_shape [1, ?, 2] : tensor<3xindex>
//   %n = shape.const_size 4
//   %r = shape.reduce(%s, %init) : T -> R { ^bb0(...): ... }
//   %r = shape.assuming %w -> (T) { ... shape.assuming_yield %x : T }
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace symshape::frontend {

bool Parser::parseArrowTyped(PendingOp &pending, bool allowError,
                             bool allowSingle) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  if (!parseOperandList(uses))
    return false;
  if (allowError && tok.is(TokenKind::Comma) && peek().isKeyword("error")) {
    consume();
    NamedAttribute error;
    error.name = "error";
    error.loc = tokLoc();
    consume();
    if (!expect(TokenKind::Equal, "'='"))
      return false;
    if (!tok.is(TokenKind::String))
      return emitWrongToken("expected string");
    std::optional<Attribute> value = parseAttribute(/*allowType=*/false);
    if (!value)
      return false;
    error.value = std::move(*value);
    op.attributes.push_back(std::move(error));
  }
  if (!parseOptionalAttrDict(op.attributes) || !expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = tokLoc();
  std::vector<Type> types;
  if (!parseTypeList(types))
    return false;
  if (allowSingle && types.size() == 1 && !tok.is(TokenKind::Arrow)) {
    // The seed's `shape.join %a, %b : !shape.type`: one type for all.
    pending.resultTypes.push_back(types.front());
    std::vector<Type> all(uses.size(), types.front());
    return setOperands(pending, uses, all, /*written=*/true, typesLoc);
  }
  if (!expect(TokenKind::Arrow, "'->'"))
    return false;
  uint32_t start = tok.offset;
  std::optional<Type> result = parseType();
  if (!result)
    return false;
  pending.resultTypes.push_back(*result);
  op.resultTypeRanges.push_back(rangeFrom(start));
  return setOperands(pending, uses, types, /*written=*/true, typesLoc);
}

bool Parser::parseColonTyped(PendingOp &pending, const Type &result) {
  std::vector<OperandUse> uses;
  if (!parseOperandList(uses) || !parseOptionalAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes.push_back(result);
  if (uses.empty() && !tok.is(TokenKind::Colon))
    return true;
  if (!expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = tokLoc();
  std::vector<Type> types;
  if (!uses.empty() && !parseTypeList(types))
    return false;
  return setOperands(pending, uses, types, /*written=*/true, typesLoc);
}

bool Parser::parseUntyped(PendingOp &pending, const Type *operandType,
                          const Type &result) {
  std::vector<OperandUse> uses;
  if (!parseOperandList(uses) || !parseOptionalAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes.push_back(result);
  if (!uses.empty() && tok.is(TokenKind::Colon)) {
    consume();
    SourceLoc typesLoc = tokLoc();
    std::vector<Type> types;
    return parseTypeList(types) &&
           setOperands(pending, uses, types, /*written=*/true, typesLoc);
  }
  std::vector<Type> types;
  for (const OperandUse &use : uses)
    types.push_back(operandType ? *operandType : value(use.id).type);
  return setOperands(pending, uses, types, /*written=*/false, tokLoc());
}

/// `return`, `return %a, %b : T1, T2`, `shape.yield %x : T`.
bool Parser::parseTerminator(PendingOp &pending) {
  if (!parseOptionalAttrDict(pending.op.attributes))
    return false;
  if (!tok.is(TokenKind::PercentIdent) || atLineStart())
    return true;
  std::vector<OperandUse> uses;
  if (!parseOperandList(uses) || !expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = tokLoc();
  std::vector<Type> types;
  return parseTypeList(types) &&
         setOperands(pending, uses, types, /*written=*/true, typesLoc);
}

/// `{attrs} [1, ?, 2] : T`; the extents become the `shape` attribute.
bool Parser::parseConstShape(PendingOp &pending) {
  Operation &op = pending.op;
  if (!parseOptionalAttrDict(op.attributes))
    return false;
  if (!tok.is(TokenKind::LSquare))
    return emitWrongToken("expected '['");
  NamedAttribute shape;
  shape.name = "shape";
  shape.loc = tokLoc();
  std::optional<Attribute> extents = parseAttribute(/*allowType=*/false);
  if (!extents)
    return false;
  for (const Attribute &element : extents->elements)
    if (element.kind != AttrKind::Integer &&
        element.kind != AttrKind::Dynamic && element.kind != AttrKind::Star)
      return emitError(element.loc, "expected extent");
  shape.value = std::move(*extents);
  op.attributes.push_back(std::move(shape));
  if (!expect(TokenKind::Colon, "':'"))
    return false;
  uint32_t start = tok.offset;
  std::optional<Type> type = parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  op.resultTypeRanges.push_back(rangeFrom(start));
  return true;
}

/// The seed's `shape.constant [*] : !shape.shape`, `shape.constant 10 :
/// !shape.size`; the value is the `value` attribute.
bool Parser::parseShapeConstant(PendingOp &pending) {
  Operation &op = pending.op;
  if (!parseOptionalAttrDict(op.attributes))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = tokLoc();
  std::optional<Attribute> attr = parseAttribute(/*allowType=*/false);
  if (!attr || !expect(TokenKind::Colon, "':'"))
    return false;
  value.value = std::move(*attr);
  op.attributes.push_back(std::move(value));
  uint32_t start = tok.offset;
  std::optional<Type> type = parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  op.resultTypeRanges.push_back(rangeFrom(start));
  return true;
}

/// `shape.const_size 4` is {value = 4 : index}.
bool Parser::parseConstSize(PendingOp &pending) {
  Operation &op = pending.op;
  if (!parseOptionalAttrDict(op.attributes))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = tokLoc();
  if (!tok.is(TokenKind::Integer))
    return emitWrongToken("expected integer");
  std::optional<Attribute> attr = parseAttribute(/*allowType=*/false);
  if (!attr)
    return false;
  attr->type = Type::index();
  attr->hasType = true;
  value.value = std::move(*attr);
  op.attributes.push_back(std::move(value));
  pending.resultTypes.push_back(builtinType("!shape.size"));
  return parseOptionalAttrDict(op.attributes);
}

/// `shape.const_witness true` is {passing = true}.
bool Parser::parseConstWitness(PendingOp &pending) {
  Operation &op = pending.op;
  if (!tok.isKeyword("true") && !tok.isKeyword("false"))
    return emitWrongToken("expected 'true' or 'false'");
  NamedAttribute passing;
  passing.name = "passing";
  passing.loc = tokLoc();
  std::optional<Attribute> attr = parseAttribute(/*allowType=*/false);
  if (!attr)
    return false;
  passing.value = std::move(*attr);
  op.attributes.push_back(std::move(passing));
  pending.resultTypes.push_back(builtinType("!shape.witness"));
  return parseOptionalAttrDict(op.attributes);
}

/// shape.reduce(%shape, %init...) : T -> R { region } {attrs}
bool Parser::parseShapeReduce(PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  if (!expect(TokenKind::LParen, "'('") || !parseOperandList(uses) ||
      !expect(TokenKind::RParen, "')'") || !expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = tokLoc();
  std::optional<Type> shapeType = parseType();
  if (!shapeType)
    return false;
  if (consumeIf(TokenKind::Arrow) &&
      !parseFunctionResults(pending.resultTypes, &op.resultTypeRanges))
    return false;
  std::vector<Type> types{*shapeType};
  types.insert(types.end(), pending.resultTypes.begin(),
               pending.resultTypes.end());
  if (!setOperands(pending, uses, types, /*written=*/true, typesLoc))
    return false;
  op.regions.emplace_back();
  return parseRegion(op.regions.back(), nullptr) &&
         parseOptionalAttrDict(op.attributes);
}

/// shape.assuming %w [-> (T, ...)] { region } {attrs}
bool Parser::parseShapeAssuming(PendingOp &pending) {
  Operation &op = pending.op;
  std::optional<OperandUse> witness = parseValueUse();
  if (!witness)
    return false;
  if (consumeIf(TokenKind::Arrow) &&
      !parseFunctionResults(pending.resultTypes, &op.resultTypeRanges))
    return false;
  if (!setOperands(pending, {*witness}, {builtinType("!shape.witness")},
                   /*written=*/false, tokLoc()))
    return false;
  op.regions.emplace_back();
  return parseRegion(op.regions.back(), nullptr) &&
         parseOptionalAttrDict(op.attributes);
}

} // namespace symshape::frontend
