//===- StablehloFormsRegions.cpp - Pretty forms: dots, conv, reduce, while ===//
//
//   stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
//       contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT]
//       : (T, T) -> R
//   stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->
//       [b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]}
//       {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : ...
//   stablehlo.reduce(%x init: %c) applies stablehlo.add across
//       dimensions = [1] : (T, T) -> R
//   stablehlo.reduce(%x init: %c) across dimensions = [1] : (T, T) -> R
//       reducer(%a: E, %b: E) { ... }
//   stablehlo.while(%i = %x) : T cond { ... } do { ... }
//
//===----------------------------------------------------------------------===//

#include "StablehloInternal.h"
#include "parser/StructAttrs.h"

namespace symshape::frontend::hlo {

/// Skips a bracketed value (`[DEFAULT, HIGH]`, `<...>`) without reading it.
static bool skipBracketed(Parser &p) {
  if (!p.tok.is(TokenKind::LSquare) && !p.tok.is(TokenKind::Less))
    return false;
  std::optional<uint32_t> end = p.skipBalanced(p.tok.offset);
  if (!end)
    return false;
  p.prevEnd = *end;
  p.resetTo(*end);
  return true;
}

/// `, precision = [..]` and `, algorithm = <..>`, each optional.
static bool skipPrecision(Parser &p) {
  while (p.tok.is(TokenKind::Comma)) {
    p.consume();
    if (!(p.tok.isKeyword("precision") || p.tok.isKeyword("algorithm")))
      return false;
    p.consume();
    if (!p.expect(TokenKind::Equal, "'='") || !skipBracketed(p))
      return false;
  }
  return true;
}

bool parseDot(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  return p.parseOperandList(uses) && uses.size() == 2 && skipPrecision(p) &&
         parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, true);
}

/// `KEYWORD = [..] x [..]` as the attributes `lhs` and `rhs`.
static bool parseDimsPair(Parser &p, PendingOp &pending, const char *keyword,
                          const char *lhs, const char *rhs) {
  if (!p.expectKeyword(keyword) || !p.expect(TokenKind::Equal, "'='"))
    return false;
  std::optional<std::vector<int64_t>> lhsDims = parseIntList(p);
  if (!lhsDims || !p.expectKeyword("x"))
    return false;
  std::optional<std::vector<int64_t>> rhsDims = parseIntList(p);
  if (!rhsDims)
    return false;
  addAttr(pending, lhs, intsAttribute(std::move(*lhsDims)));
  addAttr(pending, rhs, intsAttribute(std::move(*rhsDims)));
  return true;
}

bool parseDotGeneral(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.size() != 2 ||
      !p.expect(TokenKind::Comma, "','"))
    return false;
  // Its four dimension lists, without growing the list of attributes.
  pending.op.attributes.reserve(pending.op.attributes.size() + 4);
  if (p.tok.isKeyword("batching_dims")) {
    if (!parseDimsPair(p, pending, "batching_dims", "lhs_batching_dimensions",
                       "rhs_batching_dimensions") ||
        !p.expect(TokenKind::Comma, "','"))
      return false;
  } else {
    addAttr(pending, "lhs_batching_dimensions", intsAttribute({}));
    addAttr(pending, "rhs_batching_dimensions", intsAttribute({}));
  }
  return parseDimsPair(p, pending, "contracting_dims",
                       "lhs_contracting_dimensions",
                       "rhs_contracting_dimensions") &&
         skipPrecision(p) && parsePropsAndAttrs(p, pending) &&
         p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, true);
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: the `dimension_numbers`
/// attribute `#stablehlo.conv<...>` of the generic form, its fields read
/// as the parser reads that (parser/StructAttrs.h).
static bool parseConvDims(Parser &p, PendingOp &pending) {
  std::string_view buf = p.buf;
  uint32_t start = p.tok.offset, pos = start;
  auto skipSpaces = [&] {
    while (pos < buf.size() && (buf[pos] == ' ' || buf[pos] == '\t'))
      ++pos;
  };
  for (int group = 0; group < 3; ++group) {
    skipSpaces();
    if (pos >= buf.size() || buf[pos] != '[')
      return false;
    std::optional<uint32_t> end = p.skipBalanced(pos);
    if (!end)
      return false;
    pos = *end;
    skipSpaces();
    if (group == 0) {
      if (pos >= buf.size() || buf[pos] != 'x')
        return false;
      ++pos;
    } else if (group == 1) {
      if (buf.substr(pos, 2) != "->")
        return false;
      pos += 2;
    }
  }
  Attribute dims;
  dims.kind = AttrKind::Other;
  std::string body = "<" + std::string(buf.substr(start, pos - start)) + ">";
  dims.text = "#stablehlo.conv" + body;
  readStructBody(dims, "stablehlo.conv", body);
  addAttr(pending, "dimension_numbers", std::move(dims));
  p.prevEnd = pos;
  p.resetTo(pos);
  return true;
}

/// `{stride = [..], pad = [[..], ..], lhs_dilate = [..], rhs_dilate = [..],
/// reverse = [..]}` as the generic attributes.
static bool parseConvWindow(Parser &p, PendingOp &pending) {
  std::optional<Attribute> window = p.parseAttribute(/*allowType=*/false);
  if (!window || window->kind != AttrKind::Dictionary)
    return false;
  for (const NamedAttribute &field : window->entries) {
    static const std::pair<const char *, const char *> kNames[] = {
        {"stride", "window_strides"},
        {"pad", "padding"},
        {"lhs_dilate", "lhs_dilation"},
        {"rhs_dilate", "rhs_dilation"},
        {"reverse", "window_reversal"}};
    const char *name = nullptr;
    for (const auto &[key, generic] : kNames)
      if (field.name == key)
        name = generic;
    if (!name || field.value.kind != AttrKind::Array)
      return false;
    std::vector<int64_t> ints;
    for (const Attribute &e : field.value.elements) {
      if (e.kind == AttrKind::Integer || e.kind == AttrKind::Bool) {
        ints.push_back(e.kind == AttrKind::Bool ? e.boolValue : e.intValue);
        continue;
      }
      if (e.kind != AttrKind::Array) // pad = [[lo, hi], ...]
        return false;
      for (const Attribute &x : e.elements) {
        if (x.kind != AttrKind::Integer)
          return false;
        ints.push_back(x.intValue);
      }
    }
    addAttr(pending, name, intsAttribute(std::move(ints)));
  }
  return true;
}

bool parseConvolution(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(uses) ||
      !p.expect(TokenKind::RParen, "')'") || !p.expectKeyword("dim_numbers") ||
      !p.expect(TokenKind::Equal, "'='") || !parseConvDims(p, pending))
    return false;
  if (p.consumeIf(TokenKind::Comma)) {
    if (!p.expectKeyword("window") || !p.expect(TokenKind::Equal, "'='") ||
        !parseConvWindow(p, pending))
      return false;
  }
  return parsePropsAndAttrs(p, pending) && p.expect(TokenKind::Colon, "':'") &&
         parseTypeTail(p, pending, uses, true);
}

/// `(%a: T, %b: T) (%c: T, %d: T)` of a reducer: the block arguments, firsts
/// then seconds, defined in the innermost scope.
static bool parseReducerArgs(Parser &p, std::vector<ValueId> &args) {
  std::vector<ValueId> firsts, seconds;
  while (p.consumeIf(TokenKind::LParen)) {
    for (int k = 0; k < 2; ++k) {
      if (k == 1 && !p.expect(TokenKind::Comma, "','"))
        return false;
      if (!p.tok.is(TokenKind::PercentIdent))
        return false;
      std::string name(p.tok.spelling.substr(1));
      SourceLoc loc = p.tokLoc();
      p.consume();
      if (!p.expect(TokenKind::Colon, "':'"))
        return false;
      std::optional<Type> type = p.parseType();
      LocId source = 0;
      if (!type || !p.parseOptionalLoc(source))
        return false;
      std::vector<ValueId> &list = k == 0 ? firsts : seconds;
      std::optional<ValueId> id =
          p.defineValue(name, *type, loc, true, unsigned(list.size()));
      if (!id)
        return false;
      p.value(*id).sourceLoc = source;
      list.push_back(*id);
    }
    if (!p.expect(TokenKind::RParen, "')'"))
      return false;
  }
  args = firsts;
  args.insert(args.end(), seconds.begin(), seconds.end());
  return !args.empty();
}

/// A region whose entry block takes `args` (already in the innermost scope).
static bool parseRegionWithArgs(Parser &p, PendingOp &pending,
                                const std::vector<ValueId> &args) {
  pending.op.regions.emplace_back();
  return p.parseRegion(pending.op.regions.back(), &args);
}

bool parseReduce(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> inputs, inits;
  do {
    if (!p.expect(TokenKind::LParen, "'('"))
      return false;
    std::optional<OperandUse> input = p.parseValueUse();
    if (!input || !p.expectKeyword("init") ||
        !p.expect(TokenKind::Colon, "':'"))
      return false;
    std::optional<OperandUse> init = p.parseValueUse();
    if (!init || !p.expect(TokenKind::RParen, "')'"))
      return false;
    inputs.push_back(*input);
    inits.push_back(*init);
  } while (p.consumeIf(TokenKind::Comma));
  inputs.insert(inputs.end(), inits.begin(), inits.end());
  bool compact = p.tok.isKeyword("applies");
  if (compact) {
    p.consume();
    if (!p.tok.is(TokenKind::BareIdent) && !p.tok.is(TokenKind::String))
      return false;
    p.consume(); // the reducer op's name
  }
  if (!p.expectKeyword("across") ||
      !parseKeywordInts(p, pending, "dimensions", "dimensions") ||
      !parsePropsAndAttrs(p, pending) || !p.expect(TokenKind::Colon, "':'") ||
      !p.tok.is(TokenKind::LParen) || !parseTypeTail(p, pending, inputs, true))
    return false;
  if (compact)
    return true;
  if (!p.expectKeyword("reducer"))
    return false;
  p.scopes.emplace_back();
  std::vector<ValueId> args;
  bool ok = parseReducerArgs(p, args) && parseRegionWithArgs(p, pending, args);
  p.scopes.pop_back();
  return ok;
}

bool parseWhile(Parser &p, PendingOp &pending) {
  struct IterArg {
    std::string name;
    SourceLoc loc;
  };
  std::vector<IterArg> iterArgs;
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::LParen, "'('"))
    return false;
  while (!p.consumeIf(TokenKind::RParen)) {
    if (!iterArgs.empty() && !p.expect(TokenKind::Comma, "','"))
      return false;
    if (!p.tok.is(TokenKind::PercentIdent))
      return false;
    iterArgs.push_back({std::string(p.tok.spelling.substr(1)), p.tokLoc()});
    p.consume();
    std::optional<OperandUse> init;
    if (!p.expect(TokenKind::Equal, "'='") || !(init = p.parseValueUse()))
      return false;
    uses.push_back(*init);
  }
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!uses.empty() && (!p.expect(TokenKind::Colon, "':'") ||
                        !p.parseTypeList(types) || types.size() != uses.size()))
    return false;
  if (p.tok.isKeyword("attributes")) {
    p.consume();
    if (!p.parseAttrDict(pending.op.attributes))
      return false;
  }
  if (!p.setOperands(pending, uses, types, /*written=*/true, typesLoc))
    return false;
  pending.resultTypes = types;
  for (const char *keyword : {"cond", "do"}) {
    if (!p.expectKeyword(keyword))
      return false;
    // Each region has its own block arguments, named like the iter args.
    p.scopes.emplace_back();
    std::vector<ValueId> args;
    bool ok = true;
    for (size_t i = 0; i < iterArgs.size() && ok; ++i) {
      std::optional<ValueId> id = p.defineValue(
          iterArgs[i].name, types[i], iterArgs[i].loc, true, unsigned(i));
      ok = id.has_value();
      if (ok)
        args.push_back(*id);
    }
    ok = ok && parseRegionWithArgs(p, pending, args);
    p.scopes.pop_back();
    if (!ok)
      return false;
  }
  return true;
}

} // namespace symshape::frontend::hlo
