//===- StablehloForms.cpp - Pretty forms of stablehlo / mhlo / chlo ops ---===//
//
// The custom syntaxes that StableHLO's and mlir-hlo's printers write and JAX
// and IREE export, read into the generic shape. A keyword argument becomes
// the generic form's attribute:
//
//   stablehlo.broadcast_in_dim %x, dims = [1] : (T) -> R
//     == "stablehlo.broadcast_in_dim"(%x) {broadcast_dimensions = [1]}
//   stablehlo.compare  GT, %a, %b,  FLOAT : (T, T) -> R
//   stablehlo.iota dim = 0 : T
//   stablehlo.slice %x [0:2, 1:4:2] : (T) -> R
//
// Each parser runs speculatively (OpTable.h): anything it does not know
// makes it return false, and the op is skipped as opaque.
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "parser/AttrReaders.h"

namespace symshape::frontend::hlo {

Attribute intsAttribute(std::vector<int64_t> values) {
  // Its spelling a shared text: copied for every list, it is counted by
  // no thread (see Text::shared).
  static const Type i64 = [] {
    Type type = builtinType("i64");
    type.spelling = solver::Text::shared("i64");
    return type;
  }();
  Attribute attr;
  attr.kind = AttrKind::DenseArray;
  attr.ints = std::move(values);
  attr.type = i64;
  attr.hasType = true;
  return attr;
}

Attribute intAttribute(int64_t value) {
  Attribute attr;
  attr.kind = AttrKind::Integer;
  attr.intValue = value;
  attr.text = std::to_string(value);
  return attr;
}

void addAttr(PendingOp &pending, std::string name, Attribute value) {
  // In place: an Attribute is large to move twice.
  NamedAttribute &named = pending.op.attributes.emplace_back();
  named.name = std::move(name);
  named.value = std::move(value);
}

std::optional<std::vector<int64_t>> parseIntList(Parser &p) {
  if (!p.expect(TokenKind::LSquare, "'['"))
    return std::nullopt;
  std::vector<int64_t> out;
  if (p.consumeIf(TokenKind::RSquare))
    return out;
  do {
    std::optional<int64_t> v = p.parseIntegerLiteral();
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  } while (p.consumeIf(TokenKind::Comma));
  if (!p.expect(TokenKind::RSquare, "']'"))
    return std::nullopt;
  return out;
}

bool parseKeywordInts(Parser &p, PendingOp &pending, std::string_view keyword,
                      std::string attrName) {
  if (!p.expectKeyword(keyword) || !p.expect(TokenKind::Equal, "'='"))
    return false;
  std::optional<std::vector<int64_t>> list = parseIntList(p);
  if (!list)
    return false;
  addAttr(pending, std::move(attrName), intsAttribute(std::move(*list)));
  return true;
}

bool parseKeywordInt(Parser &p, PendingOp &pending, std::string_view keyword,
                     std::string attrName) {
  if (!p.expectKeyword(keyword) || !p.expect(TokenKind::Equal, "'='"))
    return false;
  std::optional<int64_t> v = p.parseIntegerLiteral();
  if (!v)
    return false;
  addAttr(pending, std::move(attrName), intAttribute(*v));
  return true;
}

bool parseTypeTail(Parser &p, PendingOp &pending,
                   const std::vector<OperandUse> &uses, bool checkOperands) {
  Operation &op = pending.op;
  SourceLoc typesLoc = p.tokLoc();
  if (p.tok.is(TokenKind::LParen)) {
    std::vector<Type> inputs;
    if (!p.parseFunctionType(inputs, pending.resultTypes, &op.resultTypeRanges))
      return false;
    return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                         typesLoc);
  }
  std::vector<Type> types;
  if (!p.parseTypeList(types))
    return false;
  if (p.consumeIf(TokenKind::Arrow)) { // chlo: `T1, T2 -> R`
    if (!p.parseFunctionResults(pending.resultTypes, &op.resultTypeRanges))
      return false;
    return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                         typesLoc);
  }
  std::vector<Type> operandTypes;
  if (types.size() == 1) {
    // One type for every operand and the result; refine must not rewrite
    // it alone (no result type range).
    operandTypes.assign(uses.size(), types[0]);
    pending.resultTypes.push_back(types[0]);
  } else if (types.size() == 2 && uses.size() == 3) {
    // select: `Tpred, T`.
    operandTypes = {types[0], types[1], types[1]};
    pending.resultTypes.push_back(types[1]);
  } else {
    return false;
  }
  return p.setOperands(pending, uses, std::move(operandTypes), checkOperands,
                       typesLoc);
}

bool parseTyped(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  return p.parseOperandList(uses) && parsePropsAndAttrs(p, pending) &&
         p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, /*checkOperands=*/true);
}

bool parseComplex(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  return p.parseOperandList(uses) && parsePropsAndAttrs(p, pending) &&
         p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, /*checkOperands=*/false);
}

/// `DIR, %a, %b [, TYPE] {attrs} : (T, T) -> R`
bool parseCompare(Parser &p, PendingOp &pending) {
  if (!p.tok.is(TokenKind::BareIdent))
    return false;
  Attribute direction;
  direction.kind = AttrKind::Other;
  direction.text = std::string(p.tok.spelling);
  setEnumCase(direction, EnumKind::ComparisonDirection, direction.text);
  addAttr(pending, "comparison_direction", direction);
  p.consume();
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::Comma, "','") || !p.parseOperandList(uses))
    return false;
  if (p.consumeIf(TokenKind::Comma)) {
    if (!p.tok.is(TokenKind::BareIdent))
      return false;
    Attribute type; // FLOAT, SIGNED, UNSIGNED, TOTALORDER
    type.kind = AttrKind::Other;
    type.text = std::string(p.tok.spelling);
    setEnumCase(type, EnumKind::ComparisonType, type.text);
    addAttr(pending, "compare_type", type);
    p.consume();
  }
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, true);
}

/// Operands, then `, keyword = [..]` pairs naming integer-list attributes,
/// then `{attrs} : types`. `names` maps each keyword to its attribute.
static bool parseWithLists(
    Parser &p, PendingOp &pending,
    std::initializer_list<std::pair<std::string_view, const char *>> names,
    bool required = true) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses))
    return false;
  bool first = true;
  while (p.tok.is(TokenKind::Comma)) {
    p.consume();
    if (!p.tok.is(TokenKind::BareIdent))
      return false;
    const char *attrName = nullptr;
    for (const auto &[keyword, name] : names)
      if (p.tok.spelling == keyword)
        attrName = name;
    if (!attrName)
      return false;
    if (!parseKeywordInts(p, pending, p.tok.spelling, attrName))
      return false;
    first = false;
  }
  if (required && first)
    return false;
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, true);
}

bool parseBroadcastInDim(Parser &p, PendingOp &pending) {
  return parseWithLists(
      p, pending,
      {{"dims", "broadcast_dimensions"},
       {"known_expanding_dimensions", "known_expanding_dimensions"},
       {"known_nonexpanding_dimensions", "known_nonexpanding_dimensions"}});
}

bool parseTranspose(Parser &p, PendingOp &pending) {
  return parseWithLists(p, pending, {{"dims", "permutation"}});
}

bool parseReverse(Parser &p, PendingOp &pending) {
  return parseWithLists(p, pending, {{"dims", "dimensions"}});
}

bool parseBroadcast(Parser &p, PendingOp &pending) {
  return parseWithLists(p, pending, {{"sizes", "broadcast_sizes"}});
}

bool parseDynamicSlice(Parser &p, PendingOp &pending) {
  return parseWithLists(p, pending, {{"sizes", "slice_sizes"}});
}

bool parsePad(Parser &p, PendingOp &pending) {
  return parseWithLists(p, pending,
                        {{"low", "edge_padding_low"},
                         {"high", "edge_padding_high"},
                         {"interior", "interior_padding"}});
}

/// `[%a, ...,] dim = N {attrs} : types` with `dim` stored as `attrName`.
static bool parseWithDim(Parser &p, PendingOp &pending, const char *attrName) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses))
    return false;
  if (!uses.empty() && !p.expect(TokenKind::Comma, "','"))
    return false;
  return parseKeywordInt(p, pending, "dim", attrName) &&
         parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, true);
}

bool parseIota(Parser &p, PendingOp &pending) {
  return parseWithDim(p, pending, "iota_dimension");
}
bool parseDynamicIota(Parser &p, PendingOp &pending) {
  return parseWithDim(p, pending, "iota_dimension");
}
bool parseConcatenate(Parser &p, PendingOp &pending) {
  return parseWithDim(p, pending, "dimension");
}
bool parseGetDimensionSize(Parser &p, PendingOp &pending) {
  return parseWithDim(p, pending, "dimension");
}

/// `%x [0:2, 1:4:2] {attrs} : (T) -> R`
bool parseSlice(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.expect(TokenKind::LSquare, "'['"))
    return false;
  std::vector<int64_t> start, limit, stride;
  if (!p.consumeIf(TokenKind::RSquare)) {
    do {
      std::optional<int64_t> a = p.parseIntegerLiteral();
      if (!a || !p.expect(TokenKind::Colon, "':'"))
        return false;
      std::optional<int64_t> b = p.parseIntegerLiteral();
      if (!b)
        return false;
      int64_t s = 1;
      if (p.consumeIf(TokenKind::Colon)) {
        std::optional<int64_t> c = p.parseIntegerLiteral();
        if (!c)
          return false;
        s = *c;
      }
      start.push_back(*a);
      limit.push_back(*b);
      stride.push_back(s);
    } while (p.consumeIf(TokenKind::Comma));
    if (!p.expect(TokenKind::RSquare, "']'"))
      return false;
  }
  addAttr(pending, "start_indices", intsAttribute(start));
  addAttr(pending, "limit_indices", intsAttribute(limit));
  addAttr(pending, "strides", intsAttribute(stride));
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, {*operand}, true);
}

/// `dense<..> : T`, `{attrs} dense<..> : T` (as arith.constant).
bool parseConstant(Parser &p, PendingOp &pending) {
  if (p.tok.is(TokenKind::LParen) || p.tok.is(TokenKind::Less))
    return false; // the quantized `() <{value = ..}> : () -> T` form
  return parseArithConstant(p, pending);
}

/// `%a, %b, %shape, distribution = NAME {attrs} : (..) -> R`
bool parseRng(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || !p.expect(TokenKind::Comma, "','") ||
      !p.expectKeyword("distribution") || !p.expect(TokenKind::Equal, "'='") ||
      !p.tok.is(TokenKind::BareIdent))
    return false;
  p.consume();
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, true);
}

/// `%state, algorithm = THREE_FRY {attrs} : (T) -> (S, R)` (StableHLO's
/// RngBitGeneratorOp; the algorithm word is not read by the shape rule).
bool parseRngBitGenerator(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.expect(TokenKind::Comma, "','") ||
      !p.expectKeyword("algorithm") || !p.expect(TokenKind::Equal, "'='") ||
      !p.tok.is(TokenKind::BareIdent))
    return false;
  p.consume();
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, {*operand}, true);
}

bool parseReducePrecision(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.expect(TokenKind::Comma, "','") ||
      !p.expectKeyword("format") || !p.expect(TokenKind::Equal, "'='") ||
      !p.tok.is(TokenKind::BareIdent))
    return false;
  p.consume(); // e5m10
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, {*operand}, true);
}

/// `%a [, lower = true] {attrs} : T` (StablehloOps.td, CholeskyOp: the
/// optional flag is the generic form's `lower`, one type for a and the
/// result).
bool parseCholesky(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand)
    return false;
  if (p.consumeIf(TokenKind::Comma)) {
    if (!p.expectKeyword("lower") || !p.expect(TokenKind::Equal, "'='") ||
        !(p.tok.isKeyword("true") || p.tok.isKeyword("false")))
      return false;
    Attribute lower;
    lower.kind = AttrKind::Bool;
    lower.boolValue = p.tok.isKeyword("true");
    p.consume();
    addAttr(pending, "lower", std::move(lower));
  }
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, {*operand}, true);
}

/// chlo.top_k / mhlo.topk (ChloOps.td and hlo_ops.td, TopKOp's assembly
/// format): `(%x, k = 8 [, largest = true]) {attrs} : T -> (V, I)`, the
/// generic form's `k` and `largest` attributes.
bool parseTopK(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand;
  if (!p.expect(TokenKind::LParen, "'('") || !(operand = p.parseValueUse()) ||
      !p.expect(TokenKind::Comma, "','") ||
      !parseKeywordInt(p, pending, "k", "k"))
    return false;
  if (p.consumeIf(TokenKind::Comma)) {
    if (!p.expectKeyword("largest") || !p.expect(TokenKind::Equal, "'='") ||
        !(p.tok.isKeyword("true") || p.tok.isKeyword("false")))
      return false;
    Attribute largest;
    largest.kind = AttrKind::Bool;
    largest.boolValue = p.tok.isKeyword("true");
    p.consume();
    addAttr(pending, "largest", std::move(largest));
  }
  return p.expect(TokenKind::RParen, "')'") && parsePropsAndAttrs(p, pending) &&
         p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, {*operand}, true);
}

/// `%x, type = RFFT, length = [16] {attrs} : (T) -> R`: the type word is
/// the generic form's `fft_type` (its FftType case when it is one of the
/// four), the list `fft_length`.
bool parseFft(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.expect(TokenKind::Comma, "','") ||
      !p.expectKeyword("type") || !p.expect(TokenKind::Equal, "'='") ||
      !p.tok.is(TokenKind::BareIdent))
    return false;
  Attribute type;
  type.kind = AttrKind::Other;
  type.text = std::string(p.tok.spelling);
  setEnumCase(type, EnumKind::FftType, type.text);
  addAttr(pending, "fft_type", type);
  p.consume();
  return p.expect(TokenKind::Comma, "','") &&
         parseKeywordInts(p, pending, "length", "fft_length") &&
         parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, {*operand}, true);
}

/// `%a, %b {attrs} : tuple<..>`: operands keep their own types.
bool parseTuple(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || !parsePropsAndAttrs(p, pending) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type || type->kind != TypeKind::Other ||
      type->spelling.rfind("tuple<", 0) != 0)
    return false;
  pending.resultTypes.push_back(*type);
  std::vector<Type> types;
  for (const OperandUse &use : uses) {
    if (!p.value(use.id).typeKnown)
      return false;
    types.push_back(p.value(use.id).type);
  }
  return p.setOperands(pending, uses, std::move(types), /*written=*/false,
                       typesLoc);
}

/// `%t[0] {attrs} : (tuple<..>) -> T`
bool parseGetTupleElement(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> tuple = p.parseValueUse();
  if (!tuple || !p.expect(TokenKind::LSquare, "'['"))
    return false;
  std::optional<int64_t> index = p.parseIntegerLiteral();
  if (!index || !p.expect(TokenKind::RSquare, "']'"))
    return false;
  addAttr(pending, "index", intAttribute(*index));
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, {*tuple}, true);
}

/// `{attrs} %a, %b : T1, T2` (results: the operands' types) or `{attrs} ()`.
bool parseOptimizationBarrier(Parser &p, PendingOp &pending) {
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  if (p.consumeIf(TokenKind::LParen))
    return p.expect(TokenKind::RParen, "')'");
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.empty() ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!p.parseTypeList(types))
    return false;
  pending.resultTypes = types;
  return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                       typesLoc);
}

bool parseReturn(Parser &p, PendingOp &pending) {
  return parseTerminatorForm(p, pending);
}

/// `@target(%a) {attrs} : (T) -> R`
bool parseCustomCall(Parser &p, PendingOp &pending) {
  return p.tok.is(TokenKind::AtIdent) && parseFuncCall(p, pending);
}

} // namespace symshape::frontend::hlo
