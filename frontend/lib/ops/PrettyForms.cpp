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
