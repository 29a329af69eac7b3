//===- LinalgForms.cpp - Custom forms of linalg structured ops ------------===//
//
// Every structured op prints as a variation of one form:
//
//   %r = linalg.matmul {attrs} ins(%a, %b : T1, T2) outs(%c : T3) -> T3
//   %r = linalg.matmul indexing_maps = [...] ins(..) outs(..) -> T3
//   %r = linalg.generic {indexing_maps = [#map, ...], iterator_types = [..]}
//          ins(..) outs(..) attrs = {..} { ^bb0(..): .. linalg.yield .. } -> T
//   %r = linalg.map { arith.addf } ins(..) outs(%init : T)
//   %r = linalg.map ins(..) outs(%init : T) (%x: f32, %y: f32) { .. }
//   %r = linalg.reduce ins(..) outs(..) dimensions = [1] (%in: f32, ..) { .. }
//   %r = linalg.transpose ins(..) outs(..) permutation = [1, 0]
//   %r = linalg.broadcast ins(..) outs(..) dimensions = [1]     (upstream)
//   %r = linalg.broadcast ins(..) inits(..) dimensions = [0]    (the
//   linalg.broadcast RFC)
//
// read into the generic shape: operands ins then outs, with
// operandSegmentSizes = array<i32: #ins, #outs> (ops whose generic form
// has it), `dimensions` and
// `permutation` as array<i64: ..>, `{ arith.addf }` as the attribute `body`.
// Results are written after `->`, or (map, reduce, transpose, broadcast)
// are the tensor outs.
//
//===----------------------------------------------------------------------===//

#include "LinalgInternal.h"
#include "ops/rules/PrettyForms.h"

namespace symshape::frontend {

namespace {

/// At `{ dialect.op }` (the short form of a map / reduce body), not at an
/// attribute dictionary.
bool atShortBody(Parser &p) {
  if (!p.tok.is(TokenKind::LBrace))
    return false;
  Token next = p.peek();
  if (!next.is(TokenKind::BareIdent) ||
      next.spelling.find('.') == std::string_view::npos)
    return false;
  uint32_t start = p.tok.offset, prev = p.prevEnd;
  p.consume();
  p.consume();
  bool body = p.tok.is(TokenKind::RBrace) || p.tok.is(TokenKind::LBrace);
  p.resetTo(start);
  p.prevEnd = prev;
  return body;
}

/// `(%a, %b : T1, T2)` after `ins` / `outs`.
bool parseClause(Parser &p, std::vector<OperandUse> &uses,
                 std::vector<Type> &types) {
  if (!p.expect(TokenKind::LParen, "'('"))
    return false;
  if (p.consumeIf(TokenKind::RParen))
    return true;
  size_t before = uses.size();
  if (!p.parseOperandList(uses) || uses.size() == before ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::vector<Type> written;
  if (!p.parseTypeList(written) || written.size() != uses.size() - before)
    return false;
  types.insert(types.end(), written.begin(), written.end());
  return p.expect(TokenKind::RParen, "')'");
}

/// `name = [1, 2]` as array<i64: 1, 2>.
bool parseIntListAttr(Parser &p, Operation &op, std::string name) {
  if (!p.expect(TokenKind::Equal, "'='"))
    return false;
  std::optional<Attribute> list = p.parseAttribute(/*allowType=*/false);
  if (!list)
    return false;
  std::optional<std::vector<int64_t>> ints = intList(*list);
  if (!ints)
    return false;
  op.attributes.push_back(denseArrayAttr(std::move(name), std::move(*ints)));
  return true;
}

/// `(%x: f32, %y: f32) { ... }`: a body with named entry arguments.
bool parseBodyWithArgs(Parser &p, Operation &op) {
  p.consume(); // '('
  p.scopes.emplace_back();
  std::vector<ValueId> args;
  if (!p.tok.is(TokenKind::RParen)) {
    do {
      if (!p.tok.is(TokenKind::PercentIdent))
        return false;
      std::string name(p.tok.spelling.substr(1));
      SourceLoc loc = p.tokLoc();
      p.consume();
      if (!p.expect(TokenKind::Colon, "':'"))
        return false;
      std::optional<Type> type = p.parseType();
      if (!type)
        return false;
      std::optional<ValueId> id =
          p.defineValue(name, *type, loc, true, unsigned(args.size()));
      if (!id)
        return false;
      args.push_back(*id);
    } while (p.consumeIf(TokenKind::Comma));
  }
  if (!p.expect(TokenKind::RParen, "')'"))
    return false;
  op.regions.emplace_back();
  if (!p.parseRegion(op.regions.back(), &args))
    return false;
  p.scopes.pop_back();
  return true;
}

/// The short body `{ arith.addf }` as the attribute `body` (an attribute
/// dictionary inside it is read and dropped).
bool parseShortBody(Parser &p, Operation &op) {
  p.consume();
  NamedAttribute body;
  body.name = "body";
  body.loc = p.tokLoc();
  body.value.kind = AttrKind::Other;
  body.value.text = std::string(p.tok.spelling);
  p.consume();
  std::vector<NamedAttribute> bodyAttrs;
  if (!p.parseOptionalAttrDict(bodyAttrs) ||
      !p.expect(TokenKind::RBrace, "'}'"))
    return false;
  op.attributes.push_back(std::move(body));
  return true;
}

/// Attributes written as `name = value` before the operands
/// (indexing_maps of current MLIR's matmul, kind of linalg.elementwise).
bool parseLeadingAttrs(Parser &p, Operation &op) {
  while (p.tok.is(TokenKind::BareIdent) && !p.tok.isKeyword("ins") &&
         !p.tok.isKeyword("outs") && p.peek().is(TokenKind::Equal)) {
    NamedAttribute named;
    named.name = std::string(p.tok.spelling);
    named.loc = p.tokLoc();
    p.consume();
    p.consume();
    std::optional<Attribute> value = p.parseAttribute();
    if (!value)
      return false;
    named.value = std::move(*value);
    op.attributes.push_back(std::move(named));
  }
  return true;
}

/// What follows `outs(...)`: `dimensions = [..]`, `permutation = [..]`,
/// `attrs = {..}`, a body with arguments, a region, attribute dictionaries.
bool parseStructuredTail(Parser &p, Operation &op) {
  while (true) {
    if (p.tok.isKeyword("dimensions") || p.tok.isKeyword("permutation")) {
      std::string name(p.tok.spelling);
      p.consume();
      if (!parseIntListAttr(p, op, name))
        return false;
    } else if (p.tok.isKeyword("attrs")) {
      p.consume();
      if (!p.expect(TokenKind::Equal, "'='") || !p.parseAttrDict(op.attributes))
        return false;
    } else if (p.tok.is(TokenKind::LParen)) {
      if (!parseBodyWithArgs(p, op))
        return false;
    } else if (p.tok.is(TokenKind::LBrace) &&
               p.peek().is(TokenKind::CaretIdent)) {
      op.regions.emplace_back();
      if (!p.parseRegion(op.regions.back(), nullptr))
        return false;
    } else if (p.tok.is(TokenKind::LBrace)) {
      if (!p.parseAttrDict(op.attributes))
        return false;
    } else {
      return true;
    }
  }
}

/// `initsKeyword`: `inits(...)` may stand for `outs(...)` (linalg.broadcast).
bool parseStructured(Parser &p, PendingOp &pending, bool implicitResults,
                     bool initsKeyword = false) {
  Operation &op = pending.op;
  if (atShortBody(p) && !parseShortBody(p, op))
    return false;
  if (!p.parseOptionalAttrDict(op.attributes) || !parseLeadingAttrs(p, op))
    return false;
  std::vector<OperandUse> uses;
  std::vector<Type> types;
  SourceLoc typesLoc = p.tokLoc();
  int64_t numIns = 0;
  if (p.tok.isKeyword("ins")) {
    p.consume();
    if (!parseClause(p, uses, types))
      return false;
    numIns = int64_t(uses.size());
  }
  if (p.tok.isKeyword("inits") && initsKeyword)
    op.form = "inits";
  else if (!p.tok.isKeyword("outs"))
    return false;
  p.consume();
  if (!parseClause(p, uses, types))
    return false;
  int64_t numOuts = int64_t(uses.size()) - numIns;
  if (!parseStructuredTail(p, op))
    return false;
  if (p.consumeIf(TokenKind::Arrow)) {
    if (!p.parseFunctionResults(pending.resultTypes, &op.resultTypeRanges))
      return false;
  } else if (implicitResults) {
    for (size_t i = size_t(numIns); i < types.size(); ++i)
      if (types[i].isTensor())
        pending.resultTypes.push_back(types[i]);
  }
  // Ops with variadic ins and outs carry their sizes, as in the generic
  // form (map, reduce, transpose and broadcast have a fixed layout).
  if (!implicitResults)
    op.attributes.push_back(
        denseArrayAttr("operandSegmentSizes", {numIns, numOuts}, "i32"));
  p.resolveAliasText(op.attributes);
  return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                       typesLoc);
}

} // namespace

/// linalg.pack %s [padding_value(%v : T)] [outer_dims_perm = [..]]
///   inner_dims_pos = [..] inner_tiles = [8, %t] into %d {attrs} : S -> D
/// (unpack: no padding_value), as the generic form: operands source, dest,
/// padding value, tiles; static_inner_tiles with kDynamicIndex for %t.
static bool parseRelayoutOp(Parser &p, PendingOp &pending, bool pack) {
  Operation &op = pending.op;
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source)
    return false;
  std::optional<OperandUse> pad;
  std::optional<Type> padType;
  if (pack && p.tok.isKeyword("padding_value")) {
    p.consume();
    if (!p.expect(TokenKind::LParen, "'('") || !(pad = p.parseValueUse()) ||
        !p.expect(TokenKind::Colon, "':'") || !(padType = p.parseType()) ||
        !p.expect(TokenKind::RParen, "')'"))
      return false;
  }
  if (p.tok.isKeyword("outer_dims_perm")) {
    p.consume();
    if (!parseIntListAttr(p, op, "outer_dims_perm"))
      return false;
  }
  if (!p.expectKeyword("inner_dims_pos") ||
      !parseIntListAttr(p, op, "inner_dims_pos") ||
      !p.expectKeyword("inner_tiles") || !p.expect(TokenKind::Equal, "'='"))
    return false;
  std::vector<OperandUse> tiles;
  std::vector<int64_t> statics;
  if (!parseMixedList(p, tiles, statics) || !p.expectKeyword("into"))
    return false;
  std::optional<OperandUse> dest = p.parseValueUse();
  if (!dest || !p.parseOptionalAttrDict(op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> from = p.parseType();
  if (!from || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  uint32_t start = p.tok.offset;
  std::optional<Type> to = p.parseType();
  if (!to || !p.checkUseType(*source, *from) || !p.checkUseType(*dest, *to) ||
      (pad && !p.checkUseType(*pad, *padType)))
    return false;
  std::vector<OperandUse> uses{*source, *dest};
  std::vector<Type> types{*from, *to};
  if (pad) {
    uses.push_back(*pad);
    types.push_back(*padType);
  }
  uses.insert(uses.end(), tiles.begin(), tiles.end());
  types.resize(uses.size(), Type::index());
  op.attributes.push_back(denseArrayAttr("static_inner_tiles", statics));
  if (pack)
    op.attributes.push_back(
        denseArrayAttr("operandSegmentSizes",
                       {1, 1, pad ? 1 : 0, int64_t(tiles.size())}, "i32"));
  if (to->isTensor()) { // on memrefs the op has no result
    pending.resultTypes.push_back(*to);
    op.resultTypeRanges.push_back(p.rangeFrom(start));
  }
  return p.setOperands(pending, uses, std::move(types), /*written=*/false,
                       typesLoc);
}

bool parsePackOp(Parser &p, PendingOp &pending) {
  return parseRelayoutOp(p, pending, /*pack=*/true);
}

bool parseUnpackOp(Parser &p, PendingOp &pending) {
  return parseRelayoutOp(p, pending, /*pack=*/false);
}

/// linalg.softmax dimension(1) ins(%x : T) outs(%y : T) -> T
bool parseSoftmax(Parser &p, PendingOp &pending) {
  if (!p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expectKeyword("dimension") || !p.expect(TokenKind::LParen, "'('"))
    return false;
  NamedAttribute dim;
  dim.name = "dimension";
  dim.loc = p.tokLoc();
  std::optional<int64_t> value = p.parseIntegerLiteral();
  if (!value || !p.expect(TokenKind::RParen, "')'"))
    return false;
  dim.value.kind = AttrKind::Integer;
  dim.value.intValue = *value;
  pending.op.attributes.push_back(std::move(dim));
  return parseStructured(p, pending, /*implicitResults=*/true);
}

bool parseLinalgOp(Parser &p, PendingOp &pending) {
  return parseStructured(p, pending, /*implicitResults=*/false);
}

bool parseLinalgImplicitResults(Parser &p, PendingOp &pending) {
  return parseStructured(p, pending, /*implicitResults=*/true);
}

bool parseLinalgBroadcast(Parser &p, PendingOp &pending) {
  return parseStructured(p, pending, /*implicitResults=*/true,
                         /*initsKeyword=*/true);
}

} // namespace symshape::frontend
