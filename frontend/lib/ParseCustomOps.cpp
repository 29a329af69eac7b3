//===- ParseCustomOps.cpp - Known custom forms: dispatch, func/tensor/... -===//
//
// Each known op's custom syntax (as mlir-opt 16 prints it) is read into the
// generic representation: operands with their types, results with their
// types, and the attributes the generic form would carry.
//
//   %d = tensor.dim %t, %c0 : tensor<?x4xf32>
//     == %d = "tensor.dim"(%t, %c0) : (tensor<?x4xf32>, index) -> index
//
// Ops not in the table are skipped as opaque (ParseOpaqueOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"
#include "ops/OpTable.h"

namespace symshape::frontend {

enum class CustomSyntax {
  ArrowTyped, ///< %a, %b [, error = "..."] {attrs} : T1, T2 -> R
  MeetLike,   ///< ArrowTyped, or the seed's `%a, %b, error = ".." : T`
  ColonTyped, ///< %a, %b {attrs} : T1, T2            (implied result type)
  Untyped,    ///< %a, %b {attrs}               (implied operand/result types)
  Terminator, ///< {attrs} [%a, %b : T1, T2]
  ConstShape,
  ShapeConstant,
  ConstSize,
  ConstWitness,
  Reduce,
  Assuming,
  ArithConstant,
  TensorDim,
  TensorEmpty,
  TensorCast,
  LinalgBroadcast,
  Call,
};

struct CustomOpInfo {
  std::string_view name;
  CustomSyntax syntax;
  std::string_view operandType; ///< implied operand type; "" = the value's
  std::string_view resultType;  ///< implied result type
};

using CS = CustomSyntax;
static constexpr CustomOpInfo kCustomOps[] = {
    {"func.return", CS::Terminator, "", ""},
    {"arith.constant", CS::ArithConstant, "", ""},
    {"tensor.dim", CS::TensorDim, "", "index"},
    {"tensor.empty", CS::TensorEmpty, "index", ""},
    {"tensor.cast", CS::TensorCast, "", ""},
    {"linalg.broadcast", CS::LinalgBroadcast, "", ""},
    {"func.call", CS::Call, "", ""},
};

bool Parser::parseCustomOp(PendingOp &pending) {
  std::string &name = pending.op.name;
  if (name == "return")
    name = "func.return";
  else if (name == "call")
    name = "func.call";
  if (const OpEntry *entry = findOp(name); entry && entry->parse)
    return tryCustomSyntax(pending, *entry);
  for (const CustomOpInfo &info : kCustomOps)
    if (info.name == name)
      return parseCustomSyntax(pending, info);
  return parseOpaqueOp(pending);
}

bool Parser::tryCustomSyntax(PendingOp &pending, const OpEntry &entry) {
  // A form the entry does not understand is skipped as opaque (with that
  // reason in the coverage report), never guessed: parse speculatively and
  // roll back everything the attempt defined.
  uint32_t start = tok.offset, savedPrev = prevEnd;
  PendingOp saved = pending;
  size_t numValues = fn->values.size();
  size_t numScopes = scopes.size(), numLabels = labelScopes.size();
  unsigned savedDepth = depth;
  bool outer = speculating;
  SwallowedError outerSwallowed = std::move(swallowed);
  swallowed = SwallowedError();
  speculating = true;
  bool ok = entry.parse(*this, pending);
  speculating = outer;
  SwallowedError error = std::move(swallowed);
  swallowed = std::move(outerSwallowed);
  if (ok)
    return true;
  if (failed)
    return false;
  if (error.set && (error.hard || entry.strictSyntax))
    return emitError(error.loc, std::move(error.message));
  pending = std::move(saved);
  fn->values.resize(numValues);
  scopes.resize(numScopes);
  for (auto &scope : scopes)
    for (auto it = scope.begin(); it != scope.end();)
      it = it->second >= numValues ? scope.erase(it) : std::next(it);
  labelScopes.resize(numLabels);
  depth = savedDepth;
  resetTo(start);
  prevEnd = savedPrev;
  return parseOpaqueOp(pending);
}

bool Parser::parseCustomSyntax(PendingOp &pending, const CustomOpInfo &info) {
  Type operandType = builtinType(info.operandType);
  const Type *implied = info.operandType.empty() ? nullptr : &operandType;
  switch (info.syntax) {
  case CS::ArrowTyped:
    return parseArrowTyped(pending, true, false);
  case CS::MeetLike:
    return parseArrowTyped(pending, true, true);
  case CS::ColonTyped:
    return parseColonTyped(pending, builtinType(info.resultType));
  case CS::Untyped:
    return parseUntyped(pending, implied, builtinType(info.resultType));
  case CS::Terminator:
    return parseTerminator(pending);
  case CS::ConstShape:
    return parseConstShape(pending);
  case CS::ShapeConstant:
    return parseShapeConstant(pending);
  case CS::ConstSize:
    return parseConstSize(pending);
  case CS::ConstWitness:
    return parseConstWitness(pending);
  case CS::Reduce:
    return parseShapeReduce(pending);
  case CS::Assuming:
    return parseShapeAssuming(pending);
  case CS::ArithConstant:
    return parseArithConstant(pending);
  case CS::TensorDim:
    return parseTensorDim(pending);
  case CS::TensorEmpty:
    return parseTensorEmpty(pending);
  case CS::TensorCast:
    return parseTensorCast(pending);
  case CS::LinalgBroadcast:
    return parseLinalgBroadcast(pending);
  case CS::Call:
    return parseFuncCall(pending);
  }
  return false;
}

/// Makes generic forms read like the custom ones where the two differ.
void Parser::normalizeGeneric(PendingOp &pending) {
  Operation &op = pending.op;
  if (op.name == "linalg.broadcast")
    op.form = "outs";
  if (op.name != "shape.const_shape")
    return;
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

/// arith.constant {attrs} 4 : index   /   dense<[1, 2]> : tensor<2xi32>
bool Parser::parseArithConstant(PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<NamedAttribute> extra;
  if (!parseOptionalAttrDict(extra))
    return false;
  NamedAttribute value;
  value.name = "value";
  value.loc = tokLoc();
  std::optional<Attribute> attr = parseAttribute(/*allowType=*/true);
  if (!attr)
    return false;
  if (attr->hasType)
    pending.resultTypes.push_back(attr->type);
  else if (attr->kind == AttrKind::Bool)
    pending.resultTypes.push_back(builtinType("i1"));
  else if (attr->kind == AttrKind::Integer)
    pending.resultTypes.push_back(builtinType("i64"));
  else if (attr->kind == AttrKind::Float)
    pending.resultTypes.push_back(builtinType("f64"));
  else
    return emitError(attr->loc, "expected a typed constant");
  value.value = std::move(*attr);
  op.attributes.push_back(std::move(value));
  for (NamedAttribute &named : extra)
    op.attributes.push_back(std::move(named));
  return true;
}

/// tensor.dim {attrs} %t, %i : T
bool Parser::parseTensorDim(PendingOp &pending) {
  if (!parseOptionalAttrDict(pending.op.attributes))
    return false;
  std::optional<OperandUse> source = parseValueUse();
  if (!source || !expect(TokenKind::Comma, "','"))
    return false;
  std::optional<OperandUse> index = parseValueUse();
  if (!index || !expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parseType();
  if (!type || !checkUseType(*source, *type))
    return false;
  pending.resultTypes.push_back(Type::index());
  return setOperands(pending, {*source, *index}, {*type, Type::index()},
                     /*written=*/false, tokLoc());
}

/// tensor.empty(%d0, %d1) {attrs} : T
bool Parser::parseTensorEmpty(PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!expect(TokenKind::LParen, "'('") || !parseOperandList(uses) ||
      !expect(TokenKind::RParen, "')'") ||
      !parseOptionalAttrDict(pending.op.attributes) ||
      !expect(TokenKind::Colon, "':'"))
    return false;
  uint32_t start = tok.offset;
  std::optional<Type> type = parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  pending.op.resultTypeRanges.push_back(rangeFrom(start));
  std::vector<Type> types(uses.size(), Type::index());
  return setOperands(pending, uses, types, /*written=*/false, tokLoc());
}

/// tensor.cast %a {attrs} : T1 to T2
bool Parser::parseTensorCast(PendingOp &pending) {
  std::optional<OperandUse> source = parseValueUse();
  if (!source || !parseOptionalAttrDict(pending.op.attributes) ||
      !expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = tokLoc();
  std::optional<Type> from = parseType();
  if (!from || !expectKeyword("to"))
    return false;
  uint32_t start = tok.offset;
  std::optional<Type> to = parseType();
  if (!to)
    return false;
  pending.resultTypes.push_back(*to);
  pending.op.resultTypeRanges.push_back(rangeFrom(start));
  return setOperands(pending, {*source}, {*from}, /*written=*/true, typesLoc);
}

/// func.call @g(%a, %b) {attrs} : (T1, T2) -> R
bool Parser::parseFuncCall(PendingOp &pending) {
  Operation &op = pending.op;
  if (!tok.is(TokenKind::AtIdent))
    return emitWrongToken("expected symbol reference");
  NamedAttribute callee;
  callee.name = "callee";
  callee.loc = tokLoc();
  std::optional<Attribute> symbol = parseAttribute();
  if (!symbol)
    return false;
  callee.value = std::move(*symbol);
  op.attributes.push_back(std::move(callee));
  std::vector<OperandUse> uses;
  if (!expect(TokenKind::LParen, "'('") || !parseOperandList(uses) ||
      !expect(TokenKind::RParen, "')'") ||
      !parseOptionalAttrDict(op.attributes) || !expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = tokLoc();
  std::vector<Type> inputs;
  if (!parseFunctionType(inputs, pending.resultTypes, &op.resultTypeRanges))
    return false;
  return setOperands(pending, uses, inputs, /*written=*/true, typesLoc);
}

/// `ins(%x : T1)` / `outs(%y : T2)`: one operand with its written type.
static bool parseOperandClause(Parser &parser, std::vector<OperandUse> &uses,
                               std::vector<Type> &types) {
  if (!parser.expect(TokenKind::LParen, "'('"))
    return false;
  std::optional<OperandUse> use = parser.parseValueUse();
  if (!use || !parser.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parser.parseType();
  if (!type)
    return false;
  uses.push_back(*use);
  types.push_back(*type);
  return parser.expect(TokenKind::RParen, "')'");
}

/// linalg.broadcast ins(%x : T1) outs(%y : T2) dimensions = [1] {attrs}
/// and the RFC spelling with `inits(%y : T2)` (form "inits"). `dimensions`
/// becomes array<i64: ...> as in the generic form.
bool Parser::parseLinalgBroadcast(PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  std::vector<Type> types;
  SourceLoc typesLoc = tokLoc();
  if (!expectKeyword("ins") || !parseOperandClause(*this, uses, types))
    return false;
  if (!tok.isKeyword("outs") && !tok.isKeyword("inits"))
    return emitWrongToken("expected 'outs' or 'inits'");
  op.form = std::string(tok.spelling);
  consume();
  if (!parseOperandClause(*this, uses, types) || !expectKeyword("dimensions") ||
      !expect(TokenKind::Equal, "'='"))
    return false;
  NamedAttribute dims;
  dims.name = "dimensions";
  dims.loc = tokLoc();
  std::optional<Attribute> list = parseAttribute(/*allowType=*/false);
  if (!list)
    return false;
  if (list->kind == AttrKind::Array) {
    for (const Attribute &element : list->elements) {
      if (element.kind != AttrKind::Integer)
        return emitError(element.loc, "expected integer dimension");
      list->ints.push_back(element.intValue);
    }
    list->elements.clear();
    list->kind = AttrKind::DenseArray;
    list->type = builtinType("i64");
    list->hasType = true;
  } else if (list->kind != AttrKind::DenseArray) {
    return emitError(dims.loc, "expected dimension list");
  }
  dims.value = std::move(*list);
  op.attributes.push_back(std::move(dims));
  if (!parseOptionalAttrDict(op.attributes))
    return false;
  if (types[1].isTensor())
    pending.resultTypes.push_back(types[1]);
  return setOperands(pending, uses, types, /*written=*/true, typesLoc);
}

} // namespace symshape::frontend
