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
    return p.setOperands(pending, uses, inputs, /*written=*/true, typesLoc);
  }
  uint32_t start = p.tok.offset;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  op.resultTypeRanges.push_back(p.rangeFrom(start));
  std::vector<Type> all(uses.size(), *type);
  return p.setOperands(pending, uses, all, /*written=*/true, typesLoc);
}

} // namespace symshape::frontend
