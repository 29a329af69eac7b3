//===- ParseOps.cpp - Operations, the generic form, operand uses ----------===//
//
//   %r:2 = "d.op"(%a)[^bb1] ({...}, {...}) {attr = 1} : (T1) -> (R1, R2)
//   %x = shape.const_size 4          (custom forms: ParseCustomOps.cpp)
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace symshape::frontend {

/// Result lists name at most this many results per group (`%r:N`).
static constexpr int64_t kMaxResults = 1 << 20;

bool Parser::parseOperation(Block &block) {
  PendingOp pending;
  uint32_t start = tok.offset;
  if (start >= forgetFrom) { // the last page or so stays
    sources.forgetBefore(bufferId, start - (kForgetStep >> 4));
    forgetFrom = start + kForgetStep;
  }
  if (tok.is(TokenKind::PercentIdent) && !parseResultList(pending))
    return false;
  Operation &op = pending.op;
  op.loc = tokLoc();
  if (tok.is(TokenKind::String)) {
    // Most names escape nothing: looked up as written, not copied first.
    std::string_view spelled = tok.spelling.substr(1, tok.spelling.size() - 2);
    op.name = spelled.find('\\') == std::string_view::npos
                  ? opName(spelled)
                  : opName(decodeStringToken(tok.spelling));
    op.generic = true;
    consume();
    if (!parseGenericOp(pending))
      return false;
    normalizeGeneric(pending);
  } else if (tok.is(TokenKind::BareIdent)) {
    op.name = opName(tok.spelling);
    consume();
    if (!parseCustomOp(pending))
      return false;
  } else {
    return emitWrongToken("expected operation name");
  }
  if (!op.skipped) {
    op.range = rangeFrom(start);
    if (!parseOptionalLoc(op.sourceLoc))
      return false;
  }
  op.range.begin = locAt(start);
  return finishOp(pending, block);
}

/// `%a, %r:2 =`
bool Parser::parseResultList(PendingOp &pending) {
  do {
    if (!tok.is(TokenKind::PercentIdent))
      return emitWrongToken("expected SSA identifier");
    ResultGroup group;
    group.name = std::string(tok.spelling.substr(1));
    group.loc = tokLoc();
    if (group.name.find('#') != std::string::npos)
      return emitError(group.loc, "result name cannot have a result number");
    consume();
    if (consumeIf(TokenKind::Colon)) {
      if (!tok.is(TokenKind::Integer))
        return emitWrongToken("expected integer number of results");
      SourceLoc countLoc = tokLoc();
      std::optional<int64_t> count = parseIntegerLiteral();
      if (!count)
        return false;
      if (*count < 1) // `%r:0 =`, as mlir-opt words it
        return emitError(countLoc,
                         "expected named operation to have at least 1 result");
      if (*count > kMaxResults)
        return emitError(countLoc, "invalid number of results");
      group.count = static_cast<unsigned>(*count);
    }
    pending.numBound += group.count;
    pending.groups.push_back(std::move(group));
  } while (consumeIf(TokenKind::Comma));
  return expect(TokenKind::Equal, "'='");
}

bool Parser::parseGenericOp(PendingOp &pending) {
  Operation &op = pending.op;
  std::vector<OperandUse> uses;
  if (!expect(TokenKind::LParen, "'('") || !parseOperandList(uses) ||
      !expect(TokenKind::RParen, "')'"))
    return false;
  if (consumeIf(TokenKind::LSquare)) {
    do {
      if (!tok.is(TokenKind::CaretIdent))
        return emitWrongToken("expected block name");
      op.successors.emplace_back(tok.spelling.substr(1));
      useBlock(op.successors.back(), tokLoc());
      consume();
    } while (consumeIf(TokenKind::Comma));
    if (!expect(TokenKind::RSquare, "']'"))
      return false;
  }
  // MLIR 17 properties: <{...}>.
  if (tok.is(TokenKind::Less) && peek().is(TokenKind::LBrace)) {
    consume();
    if (!parseAttrDict(op.attributes) || !expect(TokenKind::Greater, "'>'"))
      return false;
  }
  if (consumeIf(TokenKind::LParen)) {
    do {
      Region region;
      if (!parseRegion(region, nullptr))
        return false;
      op.regions.push_back(std::move(region));
    } while (consumeIf(TokenKind::Comma));
    if (!expect(TokenKind::RParen, "')'"))
      return false;
  }
  if (!parseOptionalAttrDict(op.attributes) || !expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = tokLoc();
  // The operand types are read by parseOperandTypes: most are their
  // values' own text.
  std::vector<Type> inputs;
  std::vector<char> sameAsValue;
  if (!parseFunctionType(inputs, pending.resultTypes, &op.resultTypeRanges,
                         &op.operandTypeRanges, &uses, &sameAsValue))
    return false;
  return setOperands(pending, uses, std::move(inputs), /*written=*/true,
                     typesLoc, &sameAsValue);
}

std::optional<OperandUse> Parser::parseValueUse() {
  if (!tok.is(TokenKind::PercentIdent)) {
    emitWrongToken("expected SSA operand");
    return std::nullopt;
  }
  OperandUse use;
  use.loc = tokLoc();
  use.length = uint32_t(tok.spelling.size());
  std::optional<ValueId> id = lookupValue(tok.spelling.substr(1));
  if (!id) {
    emitHardError(use.loc, "use of undeclared SSA value name");
    return std::nullopt;
  }
  use.id = *id;
  consume();
  return use;
}

bool Parser::parseOperandList(std::vector<OperandUse> &uses) {
  if (!tok.is(TokenKind::PercentIdent))
    return true;
  uses.reserve(uses.size() + 2); // most ops read one or two values
  while (true) {
    std::optional<OperandUse> use = parseValueUse();
    if (!use)
      return false;
    uses.push_back(*use);
    if (!tok.is(TokenKind::Comma) || !peek().is(TokenKind::PercentIdent))
      return true;
    consume();
  }
}

bool Parser::setOperands(PendingOp &pending,
                         const std::vector<OperandUse> &uses,
                         std::vector<Type> types, bool written,
                         SourceLoc typesLoc,
                         const std::vector<char> *sameAsValue) {
  if (types.size() != uses.size())
    return emitError(typesLoc, "expected " + std::to_string(uses.size()) +
                                   " operand types but had " +
                                   std::to_string(types.size()));
  Operation &op = pending.op;
  size_t before = op.operands.size();
  op.operands.reserve(before + uses.size());
  op.operandRanges.reserve(before + uses.size());
  bool valueTypes = true; // every type is exactly its value's
  for (size_t i = 0; i < uses.size(); ++i) {
    bool same = sameAsValue && (*sameAsValue)[i];
    if (written && !same && !checkUseType(uses[i], types[i]))
      return false;
    op.operands.push_back(uses[i].id);
    op.operandRanges.push_back(uses[i].range());
    const Value &val = value(uses[i].id);
    valueTypes =
        valueTypes && (same || (val.typeKnown && val.type == types[i]));
  }
  bool noneKept = op.operandTypes.empty() && (before == 0 || pending.elided);
  if (noneKept && valueTypes) {
    pending.elided = true; // Function::operandType reads the values'
    return true;
  }
  if (sameAsValue) // the types left empty are their values'
    for (size_t i = 0; i < uses.size(); ++i)
      if ((*sameAsValue)[i])
        types[i] = value(uses[i].id).type;
  if (pending.elided) { // earlier operands' types were left to their values
    op.operandTypes.reserve(before + uses.size());
    for (size_t j = 0; j < before; ++j)
      op.operandTypes.push_back(value(op.operands[j]).type);
    pending.elided = false;
  }
  if (op.operandTypes.empty()) {
    op.operandTypes = std::move(types);
    return true;
  }
  for (Type &type : types)
    op.operandTypes.push_back(std::move(type));
  return true;
}

bool Parser::checkUseType(const OperandUse &use, const Type &type) {
  Value &val = value(use.id);
  if (!val.typeKnown) {
    if (published(use.id))
      abandonStream(); // its definition was lowered without the type
    val.type = type;
    val.typeKnown = true;
    return true;
  }
  if (sameTypeUpToDialectSpelling(val.type, type))
    return true;
  return emitHardError(use.loc,
                       "use of value '%" + val.name +
                           "' expects different type than prior uses: '" +
                           type.str() + "' vs '" + val.type.str() + "'");
}

bool Parser::finishOp(PendingOp &pending, Block &block) {
  Operation &op = pending.op;
  bool unknown = pending.resultTypesUnknown;
  size_t numResults = unknown ? pending.numBound : pending.resultTypes.size();
  if (pending.numBound != 0 && pending.numBound != numResults)
    return emitError(pending.groups.front().loc,
                     "operation defines " + std::to_string(numResults) +
                         " results but was provided " +
                         std::to_string(pending.numBound) + " to bind");
  op.results.reserve(numResults);
  if (pending.groups.empty()) {
    // Unbound results still exist (their types matter); they have no name.
    for (size_t i = 0; i < numResults; ++i) {
      std::optional<ValueId> id =
          defineValue("", std::move(pending.resultTypes[i]), op.loc, false,
                      static_cast<unsigned>(i));
      op.results.push_back(*id);
    }
  }
  unsigned index = 0;
  for (const ResultGroup &group : pending.groups) {
    // defineValue checks a single name without '#' itself, with the same
    // message.
    bool checked = group.count == 1 && !group.name.empty() &&
                   group.name.find('#') == std::string::npos;
    if (!checked && (lookupValue(group.name) || lookupValue(group.name + "#0")))
      return emitHardError(group.loc,
                           "redefinition of SSA value '%" + group.name + "'");
    for (unsigned k = 0; k < group.count; ++k, ++index) {
      std::string name =
          group.count > 1 ? group.name + "#" + std::to_string(k) : group.name;
      // The op is finished: its result types move into the values.
      Type type = unknown ? Type() : std::move(pending.resultTypes[index]);
      const SourceRange *text =
          !unknown && op.resultTypeRanges.size() == numResults
              ? &op.resultTypeRanges[index]
              : nullptr;
      std::optional<ValueId> id = defineValue(name, std::move(type), group.loc,
                                              false, index, !unknown, text);
      if (!id)
        return false;
      op.results.push_back(*id);
    }
  }
  pushOp(block, std::move(op));
  return true;
}

} // namespace symshape::frontend
