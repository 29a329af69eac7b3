//===- SdyForms.cpp - Custom forms of Shardy's ops ------------------------===//
//
// The assembly formats of openxla/shardy's shardy/dialect/sdy/ir/ops.td:
//
//   sdy.mesh @mesh = <["x"=4, "y"=2]>
//   %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
//   %2 = sdy.all_gather [{}, {"x":(1)2}] %1 out_sharding=<@mesh, [{}, {}]>
//          : tensor<8x8xf32>
//   %3 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>]
//          out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"}
//          (%l: tensor<2xf32>) { ... } : (tensor<8xf32>) -> tensor<8xf32>
//
// Shardings become attributes named as in the generic form (`sharding`,
// `out_sharding`, `in_shardings`, `out_shardings`, `manual_axes`, `mesh`),
// each read once into its ShardyValue (parser/ShardyAttrs.cpp).
//
//===----------------------------------------------------------------------===//

#include "SdyInternal.h"
#include "parser/AttrReaders.h"

namespace symshape::frontend::sdy {

namespace {

/// The ShardyValue an attribute named `name` holds, if any.
std::optional<ShardyValue::Kind> shardyKindOf(std::string_view name) {
  if (name == "sharding" || name == "out_sharding")
    return ShardyValue::Kind::Sharding;
  if (name == "in_shardings" || name == "out_shardings")
    return ShardyValue::Kind::ShardingList;
  if (name == "manual_axes")
    return ShardyValue::Kind::AxisNames;
  if (name == "mesh")
    return ShardyValue::Kind::Mesh;
  return std::nullopt;
}

/// A bracketed value (`[..]`, `{..}`, `<..>`) kept as an attribute's text.
bool takeBracketed(Parser &p, PendingOp &pending, std::string name) {
  if (!p.tok.is(TokenKind::LSquare) && !p.tok.is(TokenKind::LBrace) &&
      !p.tok.is(TokenKind::Less))
    return false;
  uint32_t start = p.tok.offset;
  std::optional<uint32_t> end = p.skipBalanced(start);
  if (!end)
    return false;
  NamedAttribute named;
  named.name = std::move(name);
  named.loc = p.tokLoc();
  named.value.kind = AttrKind::Other;
  named.value.loc = named.loc;
  named.value.text = std::string(p.buf.substr(start, *end - start));
  if (std::optional<ShardyValue::Kind> kind = shardyKindOf(named.name))
    named.value.shardy = readShardy(*kind, named.value.text);
  pending.op.attributes.push_back(std::move(named));
  p.resetTo(*end);
  p.prevEnd = *end;
  return true;
}

/// `keyword=[..]` (no spaces in Shardy's printing, any accepted).
bool parseKeywordBracketed(Parser &p, PendingOp &pending, const char *keyword) {
  return p.expectKeyword(keyword) && p.expect(TokenKind::Equal, "'='") &&
         takeBracketed(p, pending, keyword);
}

/// `(%l: T, ...)`: the body's arguments, defined in a new innermost scope
/// (the caller pops it), then the body region.
bool parseBody(Parser &p, PendingOp &pending) {
  if (!p.expect(TokenKind::LParen, "'('"))
    return false;
  std::vector<ValueId> args;
  while (!p.consumeIf(TokenKind::RParen)) {
    if (!args.empty() && !p.expect(TokenKind::Comma, "','"))
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
    std::optional<ValueId> id =
        p.defineValue(name, *type, loc, true, unsigned(args.size()));
    if (!id)
      return false;
    p.value(*id).sourceLoc = source;
    args.push_back(*id);
  }
  pending.op.regions.emplace_back();
  return p.parseRegion(pending.op.regions.back(), &args);
}

/// The body, `{attrs}`, `: (T, ...) -> R` of a computation op.
bool parseComputationTail(Parser &p, PendingOp &pending,
                          const std::vector<OperandUse> &uses) {
  p.scopes.emplace_back();
  bool ok = parseBody(p, pending);
  p.scopes.pop_back();
  if (!ok || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs, results;
  if (!p.parseFunctionType(inputs, results, &pending.op.resultTypeRanges) ||
      inputs.size() != uses.size())
    return false;
  pending.resultTypes = std::move(results);
  readShardyAttrs(pending.op); // the `{attrs}` ones too, as in generic form
  return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                       typesLoc);
}

} // namespace

void readShardyAttrs(Operation &op) {
  for (NamedAttribute &named : op.attributes)
    if (std::optional<ShardyValue::Kind> kind = shardyKindOf(named.name))
      named.value.shardy = readShardy(*kind, named.value.text);
}

bool parseMesh(Parser &p, PendingOp &pending) {
  if (!p.tok.is(TokenKind::AtIdent))
    return false;
  NamedAttribute name;
  name.name = "sym_name";
  name.loc = p.tokLoc();
  name.value.kind = AttrKind::String;
  name.value.str = std::string(p.tok.spelling.substr(1));
  name.value.text = "\"" + name.value.str + "\"";
  name.value.loc = name.loc;
  if (name.value.str.empty() || name.value.str.front() == '"')
    return false; // quoted symbol names are not read
  pending.op.attributes.push_back(std::move(name));
  p.consume();
  if (!p.expect(TokenKind::Equal, "'='"))
    return false;
  uint32_t start = p.tok.offset;
  // `<[...]>` or `#sdy.mesh<...>` / an alias: kept whole.
  if (p.tok.is(TokenKind::Less)) {
    if (!takeBracketed(p, pending, "mesh"))
      return false;
  } else {
    std::optional<Attribute> mesh = p.parseAttribute(/*allowType=*/false);
    if (!mesh)
      return false;
    mesh->shardy = readShardy(ShardyValue::Kind::Mesh, mesh->text);
    pending.op.attributes.push_back({"mesh", std::move(*mesh), p.locAt(start)});
  }
  // The mesh must be read whole, or the op is not this form.
  if (!pending.op.attributes.back().value.shardy ||
      !p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  readShardyAttrs(pending.op); // the `{attrs}` ones too, as in generic form
  return true;
}

bool parseSameType(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  // Before the operand: the op's axes or parameters (`[{"x"}, {}]`,
  // `{"x"}`, `[{"x"}: 0->1]`), an optional reduction op name.
  while (!p.tok.is(TokenKind::PercentIdent)) {
    if (p.tok.is(TokenKind::BareIdent)) {
      p.consume();
      continue;
    }
    if (!takeBracketed(p, pending, "axes"))
      return false;
  }
  std::optional<OperandUse> input = p.parseValueUse();
  if (!input)
    return false;
  uses.push_back(*input);
  // After it: `<@mesh, ..>` (sharding_constraint, reshard), `key=value`
  // fields, `{attrs}`.
  if (p.tok.is(TokenKind::Less) && !takeBracketed(p, pending, "sharding"))
    return false;
  while (p.tok.is(TokenKind::BareIdent) && p.peek().is(TokenKind::Equal)) {
    std::string key(p.tok.spelling);
    p.consume();
    p.consume(); // '='
    if (p.tok.is(TokenKind::Less) || p.tok.is(TokenKind::LSquare) ||
        p.tok.is(TokenKind::LBrace)) {
      if (!takeBracketed(p, pending, key))
        return false;
      continue;
    }
    std::optional<Attribute> value;
    if (p.tok.is(TokenKind::BareIdent)) { // allowed_direction=BOTH
      value.emplace();
      value->kind = AttrKind::Other;
      value->text = std::string(p.tok.spelling);
      value->loc = p.tokLoc();
      p.consume();
    } else if (!(value = p.parseAttribute(/*allowType=*/false))) {
      return false;
    }
    pending.op.attributes.push_back({key, std::move(*value), p.tokLoc()});
  }
  if (!p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  if (pending.numBound == 0) // sharding_group: no result
    return p.setOperands(pending, uses, {*type}, /*written=*/true, typesLoc);
  return finishWithResult(p, pending, uses, {*type}, /*written=*/true, typesLoc,
                          *type);
}

bool parseManualComputation(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  return p.expect(TokenKind::LParen, "'('") && p.parseOperandList(uses) &&
         p.expect(TokenKind::RParen, "')'") &&
         parseKeywordBracketed(p, pending, "in_shardings") &&
         parseKeywordBracketed(p, pending, "out_shardings") &&
         parseKeywordBracketed(p, pending, "manual_axes") &&
         parseComputationTail(p, pending, uses);
}

bool parseNamedComputation(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::Less, "'<'") || !p.tok.is(TokenKind::String))
    return false;
  p.consume(); // the name
  if (!p.expect(TokenKind::Greater, "'>'") ||
      !p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(uses) ||
      !p.expect(TokenKind::RParen, "')'"))
    return false;
  for (const char *keyword : {"in_shardings", "out_shardings"})
    if (p.tok.isKeyword(keyword) && !parseKeywordBracketed(p, pending, keyword))
      return false;
  return parseComputationTail(p, pending, uses);
}

} // namespace symshape::frontend::sdy
