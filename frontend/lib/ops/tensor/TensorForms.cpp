//===- TensorForms.cpp - Custom forms of the tensor dialect ---------------===//
//
//   %d = tensor.dim %t, %c0 : tensor<?x4xf32>
//   %e = tensor.empty(%d) : tensor<?x4xf32>
//   %s = tensor.extract_slice %t[0, %o] [%n, 4] [1, 1] : T to R
//   %i = tensor.insert_slice %s into %t[0, 0] [%n, 4] [1, 1] : S into T
//   %x = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 2, 4] : T into
//   R %p = tensor.pad %t low[0, 1] high[%h, 1] { ^bb0(...): ... } : T to R %c =
//   tensor.concat dim(0) %a, %b : (T, T) -> R
//
// Each becomes its generic form (see TensorInternal.h).
//
//===----------------------------------------------------------------------===//

#include "TensorInternal.h"

namespace symshape::frontend {

/// `S KEYWORD R` after the colon: the source `uses[0]` has type S (checked
/// against its earlier uses), every other operand is an index, the result
/// has type R.
static bool finishSourceToResult(Parser &p, PendingOp &pending,
                                 const std::vector<OperandUse> &uses,
                                 std::string_view keyword) {
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> from = p.parseType();
  if (!from || !p.expectKeyword(keyword) || !p.checkUseType(uses[0], *from))
    return false;
  std::optional<Type> to = parseResultType(p, pending);
  if (!to)
    return false;
  std::vector<Type> types(uses.size(), Type::index());
  types[0] = *from;
  return finishWithResult(p, pending, uses, types, /*written=*/false, typesLoc,
                          *to);
}

/// tensor.dim {attrs} %t, %i : T
bool parseTensorDim(Parser &p, PendingOp &pending) {
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source || !p.expect(TokenKind::Comma, "','"))
    return false;
  std::optional<OperandUse> index = p.parseValueUse();
  if (!index || !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type || !p.checkUseType(*source, *type))
    return false;
  return finishWithResult(p, pending, {*source, *index}, {*type, Type::index()},
                          /*written=*/false, typesLoc, Type::index());
}

/// tensor.empty(%d0, %d1) {attrs} : T
bool parseTensorEmpty(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(uses) ||
      !p.expect(TokenKind::RParen, "')'") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parseResultType(p, pending);
  if (!type)
    return false;
  std::vector<Type> types(uses.size(), Type::index());
  return finishWithResult(p, pending, uses, types, /*written=*/false,
                          p.tokLoc(), *type);
}

/// tensor.from_elements %a, %b {attrs} : T  (operands of T's element type)
bool parseFromElements(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parseResultType(p, pending);
  if (!type || !type->isShaped())
    return false;
  std::vector<Type> types(uses.size(), elementType(*type));
  return finishWithResult(p, pending, uses, types, /*written=*/false,
                          p.tokLoc(), *type);
}

/// tensor.splat %v [%d0, ...] {attrs} : T   (sizes: the `?` dims of T)
bool parseSplat(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> element = p.parseValueUse();
  if (!element)
    return false;
  std::vector<OperandUse> uses{*element};
  if (p.consumeIf(TokenKind::LSquare)) {
    if (!p.parseOperandList(uses) || !p.expect(TokenKind::RSquare, "']'"))
      return false;
  }
  if (!p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parseResultType(p, pending);
  if (!type || !type->isShaped())
    return false;
  std::vector<Type> types(uses.size(), Type::index());
  types[0] = elementType(*type);
  return finishWithResult(p, pending, uses, types, /*written=*/false,
                          p.tokLoc(), *type);
}

/// tensor.extract %t[%i, %j] {attrs} : T
bool parseExtract(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> source = p.parseValueUse();
  std::vector<OperandUse> uses;
  if (!source || !p.expect(TokenKind::LSquare, "'['") ||
      !p.parseOperandList(uses) || !p.expect(TokenKind::RSquare, "']'") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type || !type->isShaped() || !p.checkUseType(*source, *type))
    return false;
  uses.insert(uses.begin(), *source);
  std::vector<Type> types(uses.size(), Type::index());
  types[0] = *type;
  return finishWithResult(p, pending, uses, types, /*written=*/false, typesLoc,
                          elementType(*type));
}

/// tensor.insert %s into %t[%i, %j] {attrs} : T
bool parseInsert(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> scalar = p.parseValueUse();
  if (!scalar || !p.expectKeyword("into"))
    return false;
  std::optional<OperandUse> dest = p.parseValueUse();
  std::vector<OperandUse> uses;
  if (!dest || !p.expect(TokenKind::LSquare, "'['") ||
      !p.parseOperandList(uses) || !p.expect(TokenKind::RSquare, "']'") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = parseResultType(p, pending);
  if (!type || !type->isShaped() || !p.checkUseType(*dest, *type))
    return false;
  uses.insert(uses.begin(), {*scalar, *dest});
  std::vector<Type> types(uses.size(), Type::index());
  types[0] = elementType(*type);
  types[1] = *type;
  return finishWithResult(p, pending, uses, types, /*written=*/false, typesLoc,
                          *type);
}

/// tensor.reshape %t(%shape) {attrs} : (T, S) -> R
bool parseReshape(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source || !p.expect(TokenKind::LParen, "'('"))
    return false;
  std::optional<OperandUse> shape = p.parseValueUse();
  if (!shape || !p.expect(TokenKind::RParen, "')'") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs;
  if (!p.parseFunctionType(inputs, pending.resultTypes,
                           &pending.op.resultTypeRanges))
    return false;
  return pending.resultTypes.size() == 1 &&
         p.setOperands(pending, {*source, *shape}, inputs, /*written=*/true,
                       typesLoc);
}

/// tensor.expand_shape / collapse_shape %t [[0, 1], [2]]
///   [output_shape [%n, 2, 4]] {attrs} : T into R
bool parseReassociative(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source || !p.tok.is(TokenKind::LSquare))
    return false;
  NamedAttribute groups;
  groups.name = "reassociation";
  groups.loc = p.tokLoc();
  std::optional<Attribute> list = p.parseAttribute(/*allowType=*/false);
  if (!list || list->kind != AttrKind::Array)
    return false;
  groups.value = std::move(*list);
  op.attributes.push_back(std::move(groups));
  std::vector<OperandUse> uses{*source};
  if (p.tok.isKeyword("output_shape")) {
    p.consume();
    std::vector<int64_t> statics;
    if (!parseMixedList(p, uses, statics))
      return false;
    op.attributes.push_back(denseArrayAttr("static_output_shape", statics));
  }
  if (!p.parseOptionalAttrDict(op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  return finishSourceToResult(p, pending, uses, "into");
}

/// `[offsets] [sizes] [strides]` into uses and the static_* attributes.
static bool parseSliceLists(Parser &p, Operation &op,
                            std::vector<OperandUse> &uses,
                            std::vector<int32_t> &segments) {
  static const char *const names[] = {"static_offsets", "static_sizes",
                                      "static_strides"};
  for (const char *name : names) {
    size_t before = uses.size();
    std::vector<int64_t> statics;
    if (!parseMixedList(p, uses, statics))
      return false;
    segments.push_back(int32_t(uses.size() - before));
    op.attributes.push_back(denseArrayAttr(name, std::move(statics)));
  }
  return true;
}

static NamedAttribute segmentAttr(const std::vector<int32_t> &segments) {
  return denseArrayAttr("operandSegmentSizes",
                        std::vector<int64_t>(segments.begin(), segments.end()),
                        "i32");
}

/// tensor.extract_slice %t[offsets] [sizes] [strides] {attrs} : T to R
bool parseExtractSlice(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source)
    return false;
  std::vector<OperandUse> uses{*source};
  std::vector<int32_t> segments{1};
  if (!parseSliceLists(p, op, uses, segments))
    return false;
  op.attributes.push_back(segmentAttr(segments));
  if (!p.parseOptionalAttrDict(op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  return finishSourceToResult(p, pending, uses, "to");
}

/// tensor.insert_slice %s into %t[offsets] [sizes] [strides] {attrs}
///   : S into T
bool parseInsertSlice(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source || !p.expectKeyword("into"))
    return false;
  std::optional<OperandUse> dest = p.parseValueUse();
  if (!dest)
    return false;
  std::vector<OperandUse> uses{*source, *dest};
  std::vector<int32_t> segments{1, 1};
  if (!parseSliceLists(p, op, uses, segments))
    return false;
  op.attributes.push_back(segmentAttr(segments));
  if (!p.parseOptionalAttrDict(op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> from = p.parseType();
  if (!from || !p.expectKeyword("into") || !p.checkUseType(*source, *from))
    return false;
  std::optional<Type> to = parseResultType(p, pending);
  if (!to || !p.checkUseType(*dest, *to))
    return false;
  std::vector<Type> types(uses.size(), Type::index());
  types[0] = *from;
  types[1] = *to;
  return finishWithResult(p, pending, uses, types, /*written=*/false, typesLoc,
                          *to);
}

/// tensor.pad %t [nofold] low[..] high[..] { region } {attrs} : T to R
bool parsePad(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source)
    return false;
  if (p.tok.isKeyword("nofold")) {
    p.consume();
    NamedAttribute nofold;
    nofold.name = "nofold";
    nofold.value.kind = AttrKind::Unit;
    op.attributes.push_back(std::move(nofold));
  }
  std::vector<OperandUse> uses{*source};
  std::vector<int32_t> segments{1};
  for (const char *side : {"low", "high"}) {
    if (!p.expectKeyword(side))
      return false;
    size_t before = uses.size();
    std::vector<int64_t> statics;
    if (!parseMixedList(p, uses, statics))
      return false;
    segments.push_back(int32_t(uses.size() - before));
    op.attributes.push_back(
        denseArrayAttr(std::string("static_") + side, std::move(statics)));
  }
  op.attributes.push_back(segmentAttr(segments));
  op.regions.emplace_back();
  if (!p.parseRegion(op.regions.back(), nullptr) ||
      !p.parseOptionalAttrDict(op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  return finishSourceToResult(p, pending, uses, "to");
}

/// tensor.concat dim(0) %a, %b {attrs} : (T, T) -> R
bool parseConcat(Parser &p, PendingOp &pending) {
  if (!p.expectKeyword("dim") || !p.expect(TokenKind::LParen, "'('"))
    return false;
  NamedAttribute dim;
  dim.name = "dim";
  dim.loc = p.tokLoc();
  std::optional<int64_t> value = p.parseIntegerLiteral();
  if (!value || !p.expect(TokenKind::RParen, "')'"))
    return false;
  dim.value.kind = AttrKind::Integer;
  dim.value.intValue = *value;
  pending.op.attributes.push_back(std::move(dim));
  return parseFunctionTypedForm(p, pending);
}

/// tensor.generate %d0, %d1 { region } {attrs} : T
bool parseGenerate(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses))
    return false;
  op.regions.emplace_back();
  if (!p.parseRegion(op.regions.back(), nullptr) ||
      !p.parseOptionalAttrDict(op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parseResultType(p, pending);
  if (!type)
    return false;
  std::vector<Type> types(uses.size(), Type::index());
  return finishWithResult(p, pending, uses, types, /*written=*/false,
                          p.tokLoc(), *type);
}

} // namespace symshape::frontend
