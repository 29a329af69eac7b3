//===- IreeGlobalForms.cpp - Custom forms of util.global and its accesses -===//
//
//   util.global private @w = #stream.parameter.named<"m"::"w"> : tensor<4xf32>
//   %p = util.global.address @w : !util.ptr<tensor<4xf32>>
//   %w = util.global.load.indirect %p : !util.ptr<tensor<4xf32>>
//          -> tensor<4xf32>
//
//===----------------------------------------------------------------------===//

#include "IreeInternal.h"

namespace symshape::frontend {

using namespace iree;

/// util.global [private] [mutable] @name {attrs} (: T [= V] | = V : T)
bool parseGlobal(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (p.tok.isKeyword("public") || p.tok.isKeyword("private") ||
      p.tok.isKeyword("nested")) {
    Attribute visibility;
    visibility.kind = AttrKind::String;
    visibility.str = std::string(p.tok.spelling);
    op.attributes.push_back(named("sym_visibility", visibility, p.tokLoc()));
    p.consume();
  }
  if (p.tok.isKeyword("mutable")) {
    op.attributes.push_back(unitAttr("is_mutable", p.tokLoc()));
    p.consume();
  }
  if (!parseSymbol(p, pending, "sym_name", /*asString=*/true) ||
      !p.parseOptionalAttrDict(op.attributes))
    return false;
  SourceLoc loc = p.tokLoc();
  std::optional<Type> type;
  if (p.consumeIf(TokenKind::Colon) && !(type = p.parseType()))
    return false;
  if (p.consumeIf(TokenKind::Equal)) {
    SourceLoc valueLoc = p.tokLoc();
    std::optional<Attribute> value = p.parseAttribute(/*allowType=*/true);
    if (!value)
      return false;
    if (!type && value->hasType)
      type = value->type;
    op.attributes.push_back(named("initial_value", *value, valueLoc));
  }
  if (!type) // an untyped initial value (or none): not understood
    return false;
  op.attributes.push_back(typeAttr("type", *type, loc));
  return true;
}

/// util.global.load [immutable] @g {attrs} : T, and util.global.address
/// with `: !util.ptr<T>`.
bool parseGlobalLoad(Parser &p, PendingOp &pending) {
  if (p.tok.isKeyword("immutable")) {
    pending.op.attributes.push_back(unitAttr("is_immutable", p.tokLoc()));
    p.consume();
  }
  if (!parseSymbol(p, pending, "global") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  return true;
}

/// util.global.load.indirect [immutable] %p {attrs} : !util.ptr<T> -> T
bool parseGlobalLoadIndirect(Parser &p, PendingOp &pending) {
  if (p.tok.isKeyword("immutable")) {
    pending.op.attributes.push_back(unitAttr("is_immutable", p.tokLoc()));
    p.consume();
  }
  std::optional<OperandUse> pointer = p.parseValueUse();
  if (!pointer || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> pointerType = p.parseType();
  if (!pointerType || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  return p.setOperands(pending, {*pointer}, {*pointerType}, /*written=*/true,
                       typesLoc);
}

/// util.global.store %v, @g {attrs} : T
bool parseGlobalStore(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> value = p.parseValueUse();
  if (!value || !p.expect(TokenKind::Comma, "','") ||
      !parseSymbol(p, pending, "global") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  return type &&
         p.setOperands(pending, {*value}, {*type}, /*written=*/true, typesLoc);
}

/// util.global.store.indirect %v, %p {attrs} : T -> !util.ptr<T>
bool parseGlobalStoreIndirect(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.size() != 2 ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  std::optional<Type> pointerType = p.parseType();
  return pointerType && p.setOperands(pending, uses, {*type, *pointerType},
                                      /*written=*/true, typesLoc);
}

} // namespace symshape::frontend
