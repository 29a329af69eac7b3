//===- ParseRegions.cpp - Regions, blocks and value scopes ----------------===//
//
//   {                         implicit entry block (arguments: the function's)
//     %0 = "d.op"() : () -> i32
//     "cf.br"()[^bb1] : () -> ()
//   ^bb1(%x: i32):            a labelled block with arguments
//     ...
//   }
//
// A value is visible from its definition to the end of the region that
// defines it, nested regions included. Names may be reused in sibling
// regions but not shadowed.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include <algorithm>

namespace symshape::frontend {

bool Parser::parseRegion(Region &region,
                         const std::vector<ValueId> *entryArgs) {
  if (!tok.is(TokenKind::LBrace))
    return emitWrongToken("expected '{' to begin a region");
  if (!enterNesting(tokLoc()))
    return false;
  consume();
  scopes.emplace_back();
  labelScopes.emplace_back();
  bool hasArgs = entryArgs && !entryArgs->empty();
  if (tok.is(TokenKind::CaretIdent)) {
    if (hasArgs)
      return emitError(tokLoc(),
                       "invalid block name in region with named arguments");
  } else if (!tok.is(TokenKind::RBrace) || entryArgs) {
    region.blocks.emplace_back();
    region.blocks.back().loc = tokLoc();
    if (entryArgs)
      region.blocks.back().arguments = *entryArgs;
    if (bodyHint.ops) {
      region.blocks.back().operations.reserveFirst(bodyHint.ops);
      scopes.back().reserve(bodyHint.values);
    }
  }
  bodyHint = BodySize();
  while (!tok.is(TokenKind::RBrace)) {
    if (tok.is(TokenKind::Eof))
      return emitWrongToken("expected '}' to close region");
    if (tok.is(TokenKind::CaretIdent)) {
      if (!parseBlockHeader(region))
        return false;
      continue;
    }
    if (!parseOperation(region.blocks.back()))
      return false;
  }
  const LabelScope &labels = labelScopes.back();
  for (const auto &[label, loc] : labels.used)
    if (!labels.defined.count(label))
      return emitError(loc, "reference to an undefined block");
  consume(); // '}'
  scopes.pop_back();
  labelScopes.pop_back();
  exitNesting();
  return true;
}

/// `^bb1:` or `^bb1(%x: T loc(..), ...):`
bool Parser::parseBlockHeader(Region &region) {
  std::string label(tok.spelling.substr(1));
  SourceLoc loc = tokLoc();
  consume();
  LabelScope &labels = labelScopes.back();
  if (labels.defined.count(label))
    return emitError(loc, "redefinition of block '^" + label + "'");
  labels.defined.emplace(label, loc);
  if (streamed && &region == &streamed->body)
    abandonStream(); // a second block: lowered as a CFG, all at once
  region.blocks.emplace_back();
  region.blocks.back().label = label;
  region.blocks.back().loc = loc;
  if (consumeIf(TokenKind::LParen)) {
    if (!tok.is(TokenKind::RParen)) {
      do {
        if (!parseBlockArgument(region.blocks.back()))
          return false;
      } while (consumeIf(TokenKind::Comma));
    }
    if (!expect(TokenKind::RParen, "')'"))
      return false;
  }
  return expect(TokenKind::Colon, "':'");
}

/// `%x: T loc(..)` in a block header.
bool Parser::parseBlockArgument(Block &block) {
  if (!tok.is(TokenKind::PercentIdent))
    return emitWrongToken("expected SSA identifier");
  std::string name(tok.spelling.substr(1));
  SourceLoc loc = tokLoc();
  if (name.find('#') != std::string::npos)
    return emitError(loc, "argument name cannot have a result number");
  consume();
  if (!expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = parseType();
  LocId source = 0;
  if (!type || !parseOptionalLoc(source))
    return false;
  std::optional<ValueId> id =
      defineValue(name, *type, loc, /*isBlockArgument=*/true,
                  static_cast<unsigned>(block.arguments.size()));
  if (!id)
    return false;
  value(*id).sourceLoc = source;
  block.arguments.push_back(*id);
  return true;
}

/// Exact-name lookup through the scopes, innermost first.
static std::optional<ValueId> findExact(const std::vector<ValueNames> &scopes,
                                        const std::vector<Value> &values,
                                        std::string_view name) {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    if (std::optional<ValueId> found = it->find(values, name))
      return found;
  return std::nullopt;
}

std::optional<ValueId> Parser::lookupValue(std::string_view name) const {
  if (std::optional<ValueId> id = findExact(scopes, fn->values, name))
    return id;
  size_t hash = name.find('#');
  if (hash == std::string_view::npos) // %r means %r#0
    return findExact(scopes, fn->values, std::string(name) + "#0");
  if (name.substr(hash) == "#0") // %a#0 means %a
    return findExact(scopes, fn->values, name.substr(0, hash));
  return std::nullopt;
}

std::optional<ValueId> Parser::defineValue(const std::string &name, Type type,
                                           SourceLoc loc, bool isBlockArgument,
                                           unsigned index, bool typeKnown,
                                           const SourceRange *typeText) {
  // Multi-result names ("r#1") are checked once per group by finishOp. A
  // block argument may shadow a name an unknown op defined for its regions:
  // that name belonged to another of its regions (`scf.while (%a = %x)
  // {...} do { ^bb0(%a: i32): ...}`).
  if (!name.empty() && name.find('#') == std::string::npos)
    for (size_t s = scopes.size(); s-- > 0;) {
      if (!scopes[s].contains(fn->values, name) &&
          !scopes[s].containsGroup(fn->values, name))
        continue;
      bool opOwn =
          std::find(opScopes.begin(), opScopes.end(), s) != opScopes.end();
      if (isBlockArgument && opOwn)
        break;
      emitHardError(loc, "redefinition of SSA value '%" + name + "'");
      return std::nullopt;
    }
  Value value;
  value.name = name;
  value.type = sharedType(std::move(type));
  value.typeKnown = typeKnown;
  value.loc = loc;
  value.isBlockArgument = isBlockArgument;
  value.index = index;
  if (typeText && typeText->begin.buffer == bufferId) {
    value.typeBegin = typeText->begin.offset;
    value.typeEnd = typeText->end.offset;
  }
  ValueId id = static_cast<ValueId>(fn->values.size());
  pushValue(std::move(value));
  if (!name.empty())
    scopes.back().insert(fn->values, id);
  return id;
}

solver::Text Parser::opName(std::string_view name) {
  auto it = opNames.find(name);
  if (it != opNames.end())
    return it->second;
  // Every op of this name copies it, and another thread frees the ops it
  // has lowered while this one reads on: an uncounted block.
  solver::Text text = solver::Text::shared(name);
  opNames.emplace(text.view(), text); // the key views the text it maps to
  return text;
}

TypeRef Parser::sharedType(Type type) {
  // The types defined last, most recent first: a hit moves to the front.
  for (size_t k = 0; k < recentTypes.size(); ++k)
    if (recentTypes[k] == type) {
      std::rotate(recentTypes.begin(), recentTypes.begin() + std::ptrdiff_t(k),
                  recentTypes.begin() + std::ptrdiff_t(k) + 1);
      return recentTypes.front();
    }
  if (recentTypes.size() < kRecentTypes)
    recentTypes.emplace_back();
  std::rotate(recentTypes.begin(), recentTypes.end() - 1, recentTypes.end());
  recentTypes.front() = TypeRef(std::move(type));
  return recentTypes.front();
}

void Parser::useBlock(std::string label, SourceLoc loc) {
  labelScopes.back().used.emplace_back(std::move(label), loc);
}

} // namespace symshape::frontend
