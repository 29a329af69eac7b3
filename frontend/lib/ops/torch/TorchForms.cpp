//===- TorchForms.cpp - Custom forms of the torch dialect -----------------===//
//
// The forms torch-mlir prints (TorchOps.td `assemblyFormat`s):
//
//   %0 = torch.aten.add.Tensor %a, %b, %int1 : T1, T2, !torch.int -> R
//   %int1 = torch.constant.int 1
//   %1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
//   %2 = torch.vtensor.literal(dense<1.0> : tensor<2xf32>) : !torch.vtensor<..>
//   %3 = torch.symbolic_int "s0" {min_val = 2, max_val = 9} : !torch.int
//   torch.bind_symbolic_shape %v, [%3], affine_map<()[s0] -> (s0)> : T
//   %4 = torch.tensor_static_info_cast %v : T1 to T2
//
// A form not read here leaves the op opaque (tryCustomSyntax).
//
//===----------------------------------------------------------------------===//

#include "TorchInternal.h"
#include "ops/rules/PrettyForms.h"

namespace symshape::frontend {

static Type torchType(std::string_view spelling) {
  Type type;
  type.spelling = std::string(spelling);
  return type;
}

bool parseTorchOpForm(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs;
  std::vector<char> sameAsValue;
  // Each operand's type is written on its own: `refine` may rewrite it in
  // place (torch-mlir's ops accept any more static value tensor).
  if (!p.tok.is(TokenKind::Arrow) &&
      !p.parseOperandTypes(uses, inputs, sameAsValue,
                           &pending.op.operandTypeRanges))
    return false;
  if (!p.expect(TokenKind::Arrow, "'->'") ||
      !p.parseTypeList(pending.resultTypes, &pending.op.resultTypeRanges))
    return false;
  return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                       typesLoc, &sameAsValue);
}

bool parseTorchConstant(Parser &p, PendingOp &pending) {
  std::string_view kind = pending.op.name;
  kind.remove_prefix(std::string_view("torch.constant.").size());
  NamedAttribute value;
  value.name = "value";
  value.loc = p.tokLoc();
  Type result;
  if (kind == "int") {
    std::optional<int64_t> v = p.parseIntegerLiteral();
    if (!v)
      return false;
    value.value.kind = AttrKind::Integer;
    value.value.intValue = *v;
    result = torchType("!torch.int");
  } else if (kind == "bool") {
    if (!p.tok.isKeyword("true") && !p.tok.isKeyword("false"))
      return false;
    value.value.kind = AttrKind::Bool;
    value.value.boolValue = p.tok.isKeyword("true");
    p.consume();
    result = torchType("!torch.bool");
  } else if (kind == "float") {
    // The value never matters to sizes: kept as text.
    uint32_t start = p.tok.offset;
    p.consumeIf(TokenKind::Minus);
    if (!p.tok.is(TokenKind::Float) && !p.tok.is(TokenKind::Integer))
      return false;
    p.consume();
    value.value.kind = AttrKind::Float;
    value.value.text = std::string(p.textFrom(start));
    result = torchType("!torch.float");
  } else if (kind == "str" || kind == "device") {
    std::optional<Attribute> text = p.parseAttribute(/*allowType=*/false);
    if (!text || text->kind != AttrKind::String)
      return false;
    value.value = std::move(*text);
    result = torchType(kind == "str" ? "!torch.str" : "!torch.Device");
  } else if (kind == "none") {
    result = torchType("!torch.none");
  } else {
    return false;
  }
  if (kind != "none")
    pending.op.attributes.push_back(std::move(value));
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes.push_back(result);
  return p.setOperands(pending, {}, {}, /*written=*/true, p.tokLoc());
}

bool parseTorchListForm(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs;
  if (!p.parseFunctionType(inputs, pending.resultTypes,
                           &pending.op.resultTypeRanges))
    return false;
  return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                       typesLoc);
}

bool parseTorchLiteral(Parser &p, PendingOp &pending) {
  if (!p.expect(TokenKind::LParen, "'('"))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = p.tokLoc();
  std::optional<Attribute> literal = p.parseAttribute();
  if (!literal || !p.expect(TokenKind::RParen, "')'") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  value.value = std::move(*literal);
  pending.op.attributes.push_back(std::move(value));
  std::optional<Type> result = parseResultType(p, pending);
  if (!result)
    return false;
  pending.resultTypes.push_back(*result);
  return p.setOperands(pending, {}, {}, /*written=*/true, p.tokLoc());
}

bool parseSymbolicInt(Parser &p, PendingOp &pending) {
  NamedAttribute name;
  name.name = "symbol_name";
  name.loc = p.tokLoc();
  std::optional<Attribute> text = p.parseAttribute(/*allowType=*/false);
  if (!text || text->kind != AttrKind::String)
    return false;
  name.value = std::move(*text);
  pending.op.attributes.push_back(std::move(name));
  if (!p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> result = parseResultType(p, pending);
  if (!result)
    return false;
  pending.resultTypes.push_back(*result);
  return p.setOperands(pending, {}, {}, /*written=*/true, p.tokLoc());
}

bool parseBindSymbolicShape(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.expect(TokenKind::Comma, "','") ||
      !p.expect(TokenKind::LSquare, "'['"))
    return false;
  std::vector<OperandUse> uses = {*operand};
  if (!p.parseOperandList(uses) || !p.expect(TokenKind::RSquare, "']'") ||
      !p.expect(TokenKind::Comma, "','"))
    return false;
  NamedAttribute map;
  map.name = "shape_expressions";
  map.loc = p.tokLoc();
  std::optional<Attribute> expressions = p.parseAttribute(/*allowType=*/false);
  if (!expressions || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  map.value = std::move(*expressions);
  pending.op.attributes.push_back(std::move(map));
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  std::vector<Type> types = {*type};
  for (size_t i = 1; i < uses.size(); ++i)
    types.push_back(torchType("!torch.int"));
  return p.setOperands(pending, uses, std::move(types), /*written=*/false,
                       typesLoc);
}

bool parseTorchCastForm(Parser &p, PendingOp &pending) {
  // TorchOps.td Torch_TensorStaticInfoCastOp: `$operand attr-dict `:`
  // qualified(type($operand)) `to` qualified(type($result))`.
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  uint32_t start = p.tok.offset;
  std::optional<Type> from = p.parseType();
  if (!from)
    return false;
  pending.op.operandTypeRanges.push_back(p.rangeFrom(start));
  if (!p.expectKeyword("to"))
    return false;
  std::optional<Type> to = parseResultType(p, pending);
  if (!to)
    return false;
  pending.resultTypes.push_back(*to);
  return p.setOperands(pending, {*source}, {*from}, /*written=*/true, typesLoc);
}

bool parseTorchCopyForm(Parser &p, PendingOp &pending) {
  // torch.copy.to_vtensor %t : R / torch.copy.to_tensor %v : R: the
  // operand's type is its value's.
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> result = parseResultType(p, pending);
  if (!result)
    return false;
  pending.resultTypes.push_back(*result);
  Type own = p.value(operand->id).type;
  return p.setOperands(pending, {*operand}, {own}, /*written=*/false,
                       p.tokLoc());
}

bool parseOverwriteForm(Parser &p, PendingOp &pending) {
  // torch.overwrite.tensor.contents %v overwrites %t : T1, T2
  std::optional<OperandUse> value = p.parseValueUse();
  if (!value || !p.expectKeyword("overwrites"))
    return false;
  std::optional<OperandUse> target = p.parseValueUse();
  if (!target || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!p.parseTypeList(types))
    return false;
  return p.setOperands(pending, {*value, *target}, std::move(types),
                       /*written=*/true, typesLoc);
}

} // namespace symshape::frontend
