//===- ParseOpaqueOps.cpp - Unknown custom-form ops -----------------------===//
//
// An op in custom form that symshape does not know is skipped, never
// rejected: its tokens are read to the end of the line at bracket depth 0
// (tracking () [] {} <>), or further while the next line continues the op
// (a line ending in `,` `:` `->` `=`, or a next line that cannot begin an
// op: `: T`, `window = {...}`, `{attr dict}`, `cond {`). A `{` followed by
// a block label, an SSA name or an op opens a region that is parsed
// normally; other braces are attribute dictionaries.
//
//   %0 = arith.addi %a, %b : i32                  operands a, b; result
//                                                  type unknown
//   %1 = foo.bar %a : (tensor<?xf32>) -> tensor<4xf32>
//                                                  types read from the
//                                                  trailing function type
//   %2 = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (T) {
//     ...                                          %i and %acc are local to
//   }                                              the op's regions
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

namespace symshape::frontend {

/// Whether the `{` at `brace` opens a region rather than an attribute
/// dictionary or a list of values, judged by the tokens after it. A block
/// label, an SSA definition or an op (`"d.op"(`, `d.op %x`, `d.op }`,
/// `return`) opens a region; `{}` and a dictionary entry (`name =`,
/// `name,`, `name}`, `"name" =`) do not, even when the entries start on the
/// next line, and neither does a list of uses closed by `}` (IREE's
/// dynamic dims, `tensor<?x?xf32>{%h, %w}`) or a Shardy dimension sharding
/// (`{"x":(1)2, "y"}`).
static bool opensRegion(std::string_view buf, uint32_t brace) {
  Lexer lexer(buf);
  lexer.resetTo(brace + 1);
  Token first = lexer.lex();
  Token second = lexer.lex();
  bool entryEnd = second.is(TokenKind::Equal) || second.is(TokenKind::Comma) ||
                  second.is(TokenKind::RBrace);
  switch (first.kind) {
  case TokenKind::CaretIdent:
    return true;
  case TokenKind::PercentIdent: {
    // `%a, %b }` lists values; `%a, %b = ...` and `%r:2 = ...` define them.
    Token next = second;
    while (next.is(TokenKind::Comma)) {
      if (!lexer.lex().is(TokenKind::PercentIdent))
        return true;
      next = lexer.lex();
    }
    return !next.is(TokenKind::RBrace);
  }
  case TokenKind::String:
    // A generic op `"d.op"(` opens a region; a quoted entry does not,
    // whatever follows it: `{"x"}`, `"name" = v`, and Shardy's sub-axis
    // `{"x":(1)2}` (an axis ref "x" split at pre-size 1, size 2).
    return second.is(TokenKind::LParen);
  case TokenKind::BareIdent:
    if (second.is(TokenKind::RBrace)) // `{ d.op }` or `{ unit_attr }`
      return first.spelling.find('.') != std::string_view::npos ||
             first.spelling == "return";
    return !entryEnd;
  default:
    return false;
  }
}

/// Bare words that begin an op of a default dialect (`return` in a
/// function body) or a module-level construct.
static bool isBareOpWord(std::string_view word) {
  return word == "return" || word == "module" || word == "func";
}

bool Parser::opaqueOpContinues(TokenKind last) const {
  switch (last) {
  case TokenKind::Comma:
  case TokenKind::Colon:
  case TokenKind::Arrow:
  case TokenKind::Equal:
    return true; // `%0 = d.op %a,` and `: ... ->` go on
  default:
    break;
  }
  Token next = peek();
  switch (tok.kind) {
  case TokenKind::Eof:
  case TokenKind::Error:
  case TokenKind::PercentIdent: // `%r = ...`: the next op
  case TokenKind::String:       // `"d.op"(...)`
  case TokenKind::CaretIdent:   // a block label
  case TokenKind::RBrace:       // the end of the enclosing region
  case TokenKind::RParen:
  case TokenKind::RSquare:
    return false;
  case TokenKind::LBrace:
    return buf.substr(tok.offset, 3) != "{-#";
  case TokenKind::HashIdent: // `#map = ...` at module level
  case TokenKind::BangIdent:
    return !next.is(TokenKind::Equal);
  case TokenKind::BareIdent:
    // `window = {...}`, `attributes {...}`, `cond {`, `reducer(%a: T)`
    // continue the op; `d.op ...` and `return` begin the next one.
    if (next.is(TokenKind::Equal))
      return true;
    if (tok.spelling.find('.') != std::string_view::npos ||
        isBareOpWord(tok.spelling))
      return false;
    return next.is(TokenKind::LBrace) || next.is(TokenKind::LParen) ||
           next.is(TokenKind::LSquare) || next.is(TokenKind::Less) ||
           tok.spelling == "attributes";
  default:
    return true; // `:`, `->`, `(T) -> T`, `[...]`: never the start of an op
  }
}

static char closerFor(TokenKind kind) {
  switch (kind) {
  case TokenKind::LParen:
    return ')';
  case TokenKind::LSquare:
    return ']';
  case TokenKind::LBrace:
    return '}';
  case TokenKind::Less:
    return '>';
  default:
    return 0;
  }
}

bool Parser::parseOpaqueRegion(Operation &op, OpaqueNames &undefined) {
  // Names used so far without a definition are the region's own
  // arguments, as in `scf.forall (%i) in (%n) {`.
  for (const auto &[name, loc] : undefined)
    if (!lookupValue(name) &&
        !defineValue(name, Type(), loc, true, 0, /*typeKnown=*/false))
      return false;
  undefined.clear();
  op.regions.emplace_back();
  return parseRegion(op.regions.back(), nullptr);
}

bool Parser::readOpaqueValueName(std::vector<OperandUse> &uses,
                                 OpaqueNames &undefined) {
  std::string name(tok.spelling.substr(1));
  std::optional<ValueId> id = lookupValue(name);
  if (!id && peek().is(TokenKind::Equal)) {
    if (!defineValue(name, Type(), tokLoc(), true, 0, /*typeKnown=*/false))
      return false;
  } else if (!id) {
    undefined.emplace_back(name, tokLoc());
  } else if (!scopes.back().contains(fn->values, value(*id).name)) {
    uses.push_back(OperandUse{*id, tokLoc(), uint32_t(tok.spelling.size())});
  }
  return true;
}

bool Parser::parseOpaqueOp(PendingOp &pending) {
  Operation &op = pending.op;
  op.skipped = true;
  uint32_t start = pending.groups.empty() ? op.loc.offset
                                          : pending.groups.front().loc.offset;
  uint32_t end = prevEnd;
  std::optional<uint32_t> colon; // the last ':' at depth 0
  std::vector<std::pair<char, SourceLoc>> stack;
  std::vector<OperandUse> uses;
  OpaqueNames undefined;
  TokenKind last = TokenKind::BareIdent; // the op name
  scopes.emplace_back(); // names the op itself defines (induction variables)
  opScopes.push_back(scopes.size() - 1);
  while (true) {
    if (tok.is(TokenKind::Error))
      return emitError(tokLoc(), lexer.errorMessage());
    if (tok.is(TokenKind::Eof) ||
        (stack.empty() && atLineStart() && !opaqueOpContinues(last)))
      break;
    TokenKind kind = tok.kind;
    if (kind == TokenKind::LBrace && opensRegion(buf, tok.offset)) {
      if (!parseOpaqueRegion(op, undefined))
        return false;
      end = prevEnd;
      last = TokenKind::RBrace;
      continue;
    }
    if (stack.empty() && tok.isKeyword("loc") && peek().is(TokenKind::LParen)) {
      if (!parseOptionalLoc(op.sourceLoc))
        return false;
      last = TokenKind::RParen;
      continue;
    }
    bool isCloser = kind == TokenKind::RParen || kind == TokenKind::RSquare ||
                    kind == TokenKind::RBrace || kind == TokenKind::Greater;
    if (char closer = closerFor(kind)) {
      stack.emplace_back(closer, tokLoc());
    } else if (isCloser) {
      char c = tok.spelling.front();
      if (!stack.empty() && stack.back().first == c) {
        stack.pop_back();
      } else if (stack.empty() && c != '>') {
        break; // closes an enclosing construct, e.g. a one-line region
      } else if (c != '>') {
        return emitError(tokLoc(), std::string("unexpected '") + c + "'");
      }
    } else if (kind == TokenKind::PercentIdent) {
      if (!readOpaqueValueName(uses, undefined))
        return false;
    } else if (kind == TokenKind::CaretIdent) {
      op.successors.emplace_back(tok.spelling.substr(1));
      useBlock(op.successors.back(), tokLoc());
    } else if (kind == TokenKind::Colon && stack.empty()) {
      colon = tok.offset;
    }
    last = kind;
    consume();
    end = prevEnd;
  }
  if (!stack.empty())
    return emitError(stack.back().second, std::string("unbalanced '") +
                                              buf[stack.back().second.offset] +
                                              "'");
  if (!undefined.empty())
    return emitError(undefined.front().second,
                     "use of undeclared SSA value name");
  opScopes.pop_back();
  scopes.pop_back();
  op.range = SourceRange{locAt(start), locAt(end)};
  for (const OperandUse &use : uses) {
    op.operands.push_back(use.id);
    op.operandRanges.push_back(use.range());
  }
  pending.resultTypesUnknown = true;
  if (colon)
    readOpaqueTypes(pending, *colon, end, uses.size());
  return true;
}

/// If the text after the last top-level ':' is exactly a function type,
/// takes the operand and result types from it.
void Parser::readOpaqueTypes(PendingOp &pending, uint32_t colon, uint32_t end,
                             size_t numUses) {
  Operation &op = pending.op;
  uint32_t resume = tok.offset, savedPrev = prevEnd;
  speculating = true;
  resetTo(colon + 1);
  std::vector<Type> inputs, results;
  std::vector<SourceRange> ranges;
  bool ok = tok.is(TokenKind::LParen) &&
            parseFunctionType(inputs, results, &ranges) && prevEnd == end;
  speculating = false;
  resetTo(resume);
  prevEnd = savedPrev;
  if (!ok)
    return;
  if (inputs.size() == numUses) {
    op.operandTypes = inputs;
    // A written type tells the type of a value no earlier syntax gave.
    for (size_t i = 0; i < numUses; ++i) {
      Value &val = value(op.operands[i]);
      if (!val.typeKnown) {
        val.type = inputs[i];
        val.typeKnown = true;
      }
    }
  }
  if (pending.numBound == 0 || results.size() == pending.numBound) {
    pending.resultTypes = std::move(results);
    op.resultTypeRanges = std::move(ranges);
    pending.resultTypesUnknown = false;
  }
}

} // namespace symshape::frontend
