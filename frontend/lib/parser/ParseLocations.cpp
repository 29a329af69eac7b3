//===- ParseLocations.cpp - `loc(...)` after ops, arguments, functions ----===//
//
//   loc("model.py":12:4)           loc("model.py":12:4 to :9)
//   loc("model.py":12)             loc("model.py":12:4 to 14:2)
//   loc("jit(f)/add"(#loc3))       loc("x")
//   loc(callsite(#loc1 at #loc2))  loc(fused<"meta">[#loc1, "n"])
//   loc(unknown)                   loc(#loc9)   (defined later in the file)
//
// A location is read speculatively: a form symshape does not read (a
// dialect location attribute, a hex line number) is skipped exactly as
// before and becomes `unknown`; nothing here reports an error of its own.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include <limits>

namespace symshape::frontend {

bool Parser::parseOptionalLoc(LocId &out, bool deferAliases) {
  out = 0;
  if (!tok.isKeyword("loc") || !peek().is(TokenKind::LParen))
    return true;
  consume();
  uint32_t open = tok.offset;
  consume();
  // No error escapes the attempt: a form it does not read is skipped below
  // with the errors of the skip, as before locations were read.
  bool outer = speculating;
  SwallowedError outerSwallowed = std::move(swallowed);
  swallowed = SwallowedError();
  speculating = true;
  std::optional<LocId> id = parseLocInstance(deferAliases, 0);
  speculating = outer;
  swallowed = std::move(outerSwallowed);
  if (id && tok.is(TokenKind::RParen)) {
    consume();
    out = *id;
    return true;
  }
  std::optional<uint32_t> end = skipBalanced(open);
  if (!end)
    return false;
  resetTo(*end);
  return true;
}

/// A decimal line or column number that fits 32 bits, as MLIR reads them.
static std::optional<uint32_t> locNumber(const Token &tok) {
  if (!tok.is(TokenKind::Integer) || tok.spelling.empty() ||
      tok.spelling.size() > 10)
    return std::nullopt;
  uint64_t value = 0;
  for (char c : tok.spelling) {
    if (c < '0' || c > '9')
      return std::nullopt;
    value = value * 10 + uint64_t(c - '0');
  }
  if (value > std::numeric_limits<uint32_t>::max())
    return std::nullopt;
  return uint32_t(value);
}

std::optional<uint32_t> Parser::consumeLocNumber() {
  std::optional<uint32_t> n = locNumber(tok);
  if (n)
    consume();
  return n;
}

std::optional<LocId> Parser::parseLocInstance(bool deferAliases,
                                              unsigned depth) {
  if (depth > kMaxNesting)
    return std::nullopt;
  if (tok.is(TokenKind::HashIdent))
    return parseLocAliasRef(deferAliases);
  if (tok.is(TokenKind::String))
    return parseFileOrNameLoc(depth);
  if (tok.isKeyword("unknown")) {
    consume();
    return LocId(0);
  }
  if (tok.isKeyword("callsite"))
    return parseCallSiteLoc(depth);
  if (tok.isKeyword("fused"))
    return parseFusedLoc(depth);
  return std::nullopt;
}

std::optional<LocId> Parser::parseLocAliasRef(bool deferAliases) {
  std::string name(tok.spelling.substr(1));
  consume();
  if (!deferAliases) {
    // Inside a location an alias names an earlier definition (MLIR
    // rejects a later one); never defined: unknown.
    auto def = locAliases.find(name);
    return def == locAliases.end() ? LocId(0) : def->second;
  }
  // Directly after an op the definition may come later: one node per
  // name, resolved once the module is read (resolveLocAliases).
  auto [at, fresh] = locAliasRefs.emplace(name, 0);
  if (fresh) {
    LocNode node;
    node.kind = LocKind::Alias;
    node.text = name;
    at->second = locTable.add(std::move(node));
  }
  return at->second;
}

std::optional<LocId> Parser::parseFileOrNameLoc(unsigned depth) {
  LocNode node;
  node.text = decodeStringToken(tok.spelling);
  consume();
  if (consumeIf(TokenKind::Colon)) {
    node.kind = LocKind::File;
    if (!parseFileLocPosition(node))
      return std::nullopt;
    return locTable.add(std::move(node));
  }
  node.kind = LocKind::Name;
  if (consumeIf(TokenKind::LParen)) {
    std::optional<LocId> child = parseLocInstance(false, depth + 1);
    if (!child || !consumeIf(TokenKind::RParen))
      return std::nullopt;
    node.children.push_back(*child);
  }
  return locTable.add(std::move(node));
}

bool Parser::parseFileLocPosition(LocNode &node) {
  std::optional<uint32_t> line = consumeLocNumber();
  if (!line)
    return false;
  node.line = node.endLine = *line;
  if (!consumeIf(TokenKind::Colon))
    return true;
  std::optional<uint32_t> column = consumeLocNumber();
  if (!column)
    return false;
  node.column = node.endColumn = *column;
  if (!tok.isKeyword("to"))
    return true;
  consume();
  // `to :C2` ends on the same line, `to L2:C2` on another.
  if (!tok.is(TokenKind::Colon)) {
    std::optional<uint32_t> endLine = consumeLocNumber();
    if (!endLine)
      return false;
    node.endLine = *endLine;
  }
  std::optional<uint32_t> endColumn;
  if (!consumeIf(TokenKind::Colon) || !(endColumn = consumeLocNumber()))
    return false;
  node.endColumn = *endColumn;
  return true;
}

std::optional<LocId> Parser::parseCallSiteLoc(unsigned depth) {
  consume();
  LocNode node;
  node.kind = LocKind::CallSite;
  if (!consumeIf(TokenKind::LParen))
    return std::nullopt;
  std::optional<LocId> callee = parseLocInstance(false, depth + 1);
  if (!callee || !tok.isKeyword("at"))
    return std::nullopt;
  consume();
  std::optional<LocId> caller = parseLocInstance(false, depth + 1);
  if (!caller || !consumeIf(TokenKind::RParen))
    return std::nullopt;
  node.children = {*callee, *caller};
  return locTable.add(std::move(node));
}

std::optional<LocId> Parser::parseFusedLoc(unsigned depth) {
  consume();
  LocNode node;
  node.kind = LocKind::Fused;
  if (tok.is(TokenKind::Less)) { // metadata: not read
    std::optional<uint32_t> end = skipBalanced(tok.offset);
    if (!end)
      return std::nullopt;
    resetTo(*end);
  }
  if (!consumeIf(TokenKind::LSquare))
    return std::nullopt;
  if (!consumeIf(TokenKind::RSquare)) {
    do {
      std::optional<LocId> part = parseLocInstance(false, depth + 1);
      if (!part)
        return std::nullopt;
      node.children.push_back(*part);
    } while (consumeIf(TokenKind::Comma));
    if (!consumeIf(TokenKind::RSquare))
      return std::nullopt;
  }
  return locTable.add(std::move(node));
}

void Parser::resolveLocAliases() {
  for (const auto &[name, id] : locAliasRefs) {
    auto def = locAliases.find(name);
    if (def != locAliases.end())
      locTable.nodes[id].children = {def->second};
  }
}

} // namespace symshape::frontend
