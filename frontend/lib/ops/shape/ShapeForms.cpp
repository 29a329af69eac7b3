//===- ShapeForms.cpp - Custom forms of the shape dialect -----------------===//
//
// The parse functions of the shape family's entries (Shape.cpp), written
// over the parser's public interface like every other family's forms:
//
//   %b = shape.broadcast %x, %y, error = "e" : T1, T2 -> R     ArrowTyped
//   %c = shape.join %a, %b, error="<reason>" : !shape.type     (seed, one type)
//   %w = shape.cstr_eq %a, %b : T1, T2                         ColonTyped
//   %s = shape.index_to_size %i                                Untyped
//   shape.yield %x : T                      parseTerminatorForm (PrettyForms.h)
//   %e = shape.const_shape [1, ?, 2] : tensor<3xindex>
//   %n = shape.const_size 4
//   %r = shape.reduce(%s, %init) : T -> R { ^bb0(...): ... }
//   %r = shape.assuming %w -> (T) { ... shape.assuming_yield %x : T }
//
//===----------------------------------------------------------------------===//

#include "ShapeInternal.h"

namespace symshape::frontend {

bool parseArrowTyped(Parser &p, PendingOp &pending, bool allowError,
                     bool allowSingle) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses))
    return false;
  if (allowError && p.tok.is(TokenKind::Comma) && p.peek().isKeyword("error")) {
    p.consume();
    NamedAttribute error;
    error.name = "error";
    error.loc = p.tokLoc();
    p.consume();
    if (!p.expect(TokenKind::Equal, "'='"))
      return false;
    if (!p.tok.is(TokenKind::String))
      return p.emitWrongToken("expected string");
    std::optional<Attribute> value = p.parseAttribute(/*allowType=*/false);
    if (!value)
      return false;
    error.value = std::move(*value);
    op.attributes.push_back(std::move(error));
  }
  if (!p.parseOptionalAttrDict(op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!p.parseTypeList(types))
    return false;
  if (allowSingle && types.size() == 1 && !p.tok.is(TokenKind::Arrow)) {
    // The seed's `shape.join %a, %b : !shape.type`: one type for all.
    pending.resultTypes.push_back(types.front());
    std::vector<Type> all(uses.size(), types.front());
    return p.setOperands(pending, uses, std::move(all), /*written=*/true,
                         typesLoc);
  }
  if (!p.expect(TokenKind::Arrow, "'->'"))
    return false;
  uint32_t start = p.tok.offset;
  std::optional<Type> result = p.parseType();
  if (!result)
    return false;
  pending.resultTypes.push_back(*result);
  op.resultTypeRanges.push_back(p.rangeFrom(start));
  return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                       typesLoc);
}

bool parseColonTyped(Parser &p, PendingOp &pending, const Type &result) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) ||
      !p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes.push_back(result);
  if (uses.empty() && !p.tok.is(TokenKind::Colon))
    return true;
  if (!p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!uses.empty() && !p.parseTypeList(types))
    return false;
  return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                       typesLoc);
}

bool parseUntyped(Parser &p, PendingOp &pending, const Type *operandType,
                  const Type &result) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) ||
      !p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes.push_back(result);
  if (!uses.empty() && p.tok.is(TokenKind::Colon)) {
    p.consume();
    SourceLoc typesLoc = p.tokLoc();
    std::vector<Type> types;
    return p.parseTypeList(types) &&
           p.setOperands(pending, uses, types, /*written=*/true, typesLoc);
  }
  std::vector<Type> types;
  for (const OperandUse &use : uses)
    types.push_back(operandType ? *operandType : *p.value(use.id).type);
  return p.setOperands(pending, uses, std::move(types), /*written=*/false,
                       p.tokLoc());
}

/// `{attrs} [1, ?, 2] : T`; the extents become the `shape` attribute.
/// The generic form's `shape = dense<[1, 2]> : tensor<2xindex>` reads as
/// the custom form's extent list [1, 2].
void normalizeConstShape(Operation &op) {
  // {shape = dense<[1, 2]> : tensor<2xindex>} reads as the extent list [1, 2].
  for (NamedAttribute &attr : op.attributes) {
    if (attr.name != "shape" || attr.value.kind != AttrKind::DenseInt)
      continue;
    Attribute &value = attr.value;
    value.kind = AttrKind::Array;
    // A splat dense<3> : tensor<2xindex> stands for every element.
    if (value.splat && value.ints.size() == 1 && value.hasType &&
        value.type.hasRank() && value.type.dims.size() == 1 &&
        value.type.dims[0] > 1)
      value.ints.assign(size_t(value.type.dims[0]), value.ints[0]);
    for (int64_t extent : value.ints) {
      Attribute element;
      element.kind = AttrKind::Integer;
      element.intValue = extent;
      element.text = std::to_string(extent);
      element.loc = value.loc;
      value.elements.push_back(std::move(element));
    }
    value.ints.clear();
    value.splat = false;
    value.type = Type();
    value.hasType = false;
  }
}

bool parseConstShape(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (!p.parseOptionalAttrDict(op.attributes))
    return false;
  if (!p.tok.is(TokenKind::LSquare))
    return p.emitWrongToken("expected '['");
  NamedAttribute shape;
  shape.name = "shape";
  shape.loc = p.tokLoc();
  std::optional<Attribute> extents = p.parseAttribute(/*allowType=*/false);
  if (!extents)
    return false;
  for (const Attribute &element : extents->elements)
    if (element.kind != AttrKind::Integer &&
        element.kind != AttrKind::Dynamic && element.kind != AttrKind::Star)
      return p.emitError(element.loc, "expected extent");
  shape.value = std::move(*extents);
  op.attributes.push_back(std::move(shape));
  if (!p.expect(TokenKind::Colon, "':'"))
    return false;
  uint32_t start = p.tok.offset;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  op.resultTypeRanges.push_back(p.rangeFrom(start));
  return true;
}

/// The seed's `shape.constant [*] : !shape.shape`, `shape.constant 10 :
/// !shape.size`; the value is the `value` attribute.
bool parseShapeConstant(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (!p.parseOptionalAttrDict(op.attributes))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = p.tokLoc();
  std::optional<Attribute> attr = p.parseAttribute(/*allowType=*/false);
  if (!attr || !p.expect(TokenKind::Colon, "':'"))
    return false;
  value.value = std::move(*attr);
  op.attributes.push_back(std::move(value));
  uint32_t start = p.tok.offset;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  op.resultTypeRanges.push_back(p.rangeFrom(start));
  return true;
}

/// `shape.const_size 4` is {value = 4 : index}.
bool parseConstSize(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (!p.parseOptionalAttrDict(op.attributes))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = p.tokLoc();
  if (!p.tok.is(TokenKind::Integer))
    return p.emitWrongToken("expected integer");
  std::optional<Attribute> attr = p.parseAttribute(/*allowType=*/false);
  if (!attr)
    return false;
  attr->type = Type::index();
  attr->hasType = true;
  value.value = std::move(*attr);
  op.attributes.push_back(std::move(value));
  pending.resultTypes.push_back(builtinType("!shape.size"));
  return p.parseOptionalAttrDict(op.attributes);
}

/// `shape.const_witness true` is {passing = true}.
bool parseConstWitness(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (!p.tok.isKeyword("true") && !p.tok.isKeyword("false"))
    return p.emitWrongToken("expected 'true' or 'false'");
  NamedAttribute passing;
  passing.name = "passing";
  passing.loc = p.tokLoc();
  std::optional<Attribute> attr = p.parseAttribute(/*allowType=*/false);
  if (!attr)
    return false;
  passing.value = std::move(*attr);
  op.attributes.push_back(std::move(passing));
  pending.resultTypes.push_back(builtinType("!shape.witness"));
  return p.parseOptionalAttrDict(op.attributes);
}

/// shape.reduce(%shape, %init...) : T -> R { region } {attrs}
bool parseShapeReduce(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(uses) ||
      !p.expect(TokenKind::RParen, "')'") || !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> shapeType = p.parseType();
  if (!shapeType)
    return false;
  if (p.consumeIf(TokenKind::Arrow) &&
      !p.parseFunctionResults(pending.resultTypes, &op.resultTypeRanges))
    return false;
  std::vector<Type> types{*shapeType};
  types.insert(types.end(), pending.resultTypes.begin(),
               pending.resultTypes.end());
  if (!p.setOperands(pending, uses, types, /*written=*/true, typesLoc))
    return false;
  op.regions.emplace_back();
  return p.parseRegion(op.regions.back(), nullptr) &&
         p.parseOptionalAttrDict(op.attributes);
}

/// shape.assuming %w [-> (T, ...)] { region } {attrs}
bool parseShapeAssuming(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::optional<OperandUse> witness = p.parseValueUse();
  if (!witness)
    return false;
  if (p.consumeIf(TokenKind::Arrow) &&
      !p.parseFunctionResults(pending.resultTypes, &op.resultTypeRanges))
    return false;
  if (!p.setOperands(pending, {*witness}, {builtinType("!shape.witness")},
                     /*written=*/false, p.tokLoc()))
    return false;
  op.regions.emplace_back();
  return p.parseRegion(op.regions.back(), nullptr) &&
         p.parseOptionalAttrDict(op.attributes);
}

} // namespace symshape::frontend
