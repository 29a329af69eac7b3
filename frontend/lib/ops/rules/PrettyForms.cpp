//===- PrettyForms.cpp - Custom-form parsers shared by op entries ---------===//

#include "PrettyForms.h"

namespace symshape::frontend {

bool parsePropsAndAttrs(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (p.tok.is(TokenKind::Less) && p.peek().is(TokenKind::LBrace)) {
    p.consume();
    if (!p.parseAttrDict(op.attributes) || !p.expect(TokenKind::Greater, "'>'"))
      return false;
  }
  return p.parseOptionalAttrDict(op.attributes);
}

bool parsePredicateMessageForm(Parser &p, PendingOp &o) {
  std::vector<OperandUse> predicate;
  if (!p.parseOperandList(predicate) || predicate.size() != 1)
    return false;
  SourceLoc typeLoc = p.tokLoc();
  if (!p.setOperands(o, predicate, {builtinType("i1")}, /*written=*/false,
                     typeLoc) ||
      !p.expect(TokenKind::Comma, "','"))
    return false;
  SourceLoc msgLoc = p.tokLoc();
  std::optional<Attribute> msg = p.parseAttribute(/*allowType=*/false);
  if (!msg || msg->kind != AttrKind::String)
    return p.emitError(msgLoc, "expected the message string");
  o.op.attributes.push_back({"msg", std::move(*msg), msgLoc});
  return p.parseOptionalAttrDict(o.op.attributes);
}

bool parseFunctionTypedForm(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || !parsePropsAndAttrs(p, pending) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  if (p.tok.is(TokenKind::LParen)) {
    std::vector<Type> inputs;
    if (!p.parseFunctionType(inputs, pending.resultTypes, &op.resultTypeRanges,
                             &op.operandTypeRanges))
      return false;
    op.operandTypeRanges.clear(); // custom form: not rewritable in place
    return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                         typesLoc);
  }
  uint32_t start = p.tok.offset;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  op.resultTypeRanges.push_back(p.rangeFrom(start));
  std::vector<Type> all(uses.size(), *type);
  return p.setOperands(pending, uses, std::move(all), /*written=*/true,
                       typesLoc);
}

/// `return`, `return %a, %b : T1, T2`, `shape.yield %x : T`.
bool parseTerminatorForm(Parser &p, PendingOp &pending) {
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  if (!p.tok.is(TokenKind::PercentIdent) || p.atLineStart())
    return true;
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  return p.parseTypeList(types) &&
         p.setOperands(pending, uses, types, /*written=*/true, typesLoc);
}

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

/// Reads `: T` into the result type and sets the operands with `types`.
bool finishWithResult(Parser &p, PendingOp &pending,
                      const std::vector<OperandUse> &uses,
                      std::vector<Type> types, bool written, SourceLoc typesLoc,
                      const Type &result) {
  pending.resultTypes.push_back(result);
  return p.setOperands(pending, uses, std::move(types), written, typesLoc);
}

/// `: T`, remembering the range of the result type.
std::optional<Type> parseResultType(Parser &p, PendingOp &pending) {
  uint32_t start = p.tok.offset;
  std::optional<Type> type = p.parseType();
  if (type)
    pending.op.resultTypeRanges.push_back(p.rangeFrom(start));
  return type;
}

/// `%a {attrs} : T1 to T2` (tensor.cast, tensor.bitcast, arith casts).
bool parseCastForm(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source || !parseFlags(p, pending) ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> from = p.parseType();
  if (!from || !p.expectKeyword("to"))
    return false;
  std::optional<Type> to = parseResultType(p, pending);
  return to && finishWithResult(p, pending, {*source}, {*from},
                                /*written=*/true, typesLoc, *to);
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
  return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                       typesLoc);
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

} // namespace symshape::frontend
