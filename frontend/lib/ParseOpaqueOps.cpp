//===- ParseOpaqueOps.cpp - Unknown custom-form ops -----------------------===//
//
// An op in custom form that symshape does not know is skipped, never
// rejected: its tokens are read to the end of the line at bracket depth 0
// (tracking () [] {} <>), and a `{` that ends its line opens a region that is
// parsed normally.
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

/// A `{` followed on its line only by a comment, or directly by a block
/// label or an SSA name, opens a region (attribute dictionaries never do).
static bool opensRegion(std::string_view buf, uint32_t brace) {
  size_t p = brace + 1;
  while (p < buf.size() && (buf[p] == ' ' || buf[p] == '\t'))
    ++p;
  if (p >= buf.size())
    return false;
  char c = buf[p];
  return c == '\n' || c == '\r' || c == '^' || c == '%' ||
         buf.substr(p, 2) == "//";
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

bool Parser::parseOpaqueOp(PendingOp &pending) {
  Operation &op = pending.op;
  op.skipped = true;
  uint32_t start = pending.groups.empty() ? op.loc.offset
                                          : pending.groups.front().loc.offset;
  uint32_t end = prevEnd;
  std::optional<uint32_t> colon; // the last ':' at depth 0
  std::vector<std::pair<char, SourceLoc>> stack;
  std::vector<OperandUse> uses;
  std::vector<std::pair<std::string, SourceLoc>> undefined;
  scopes.emplace_back(); // names the op itself defines (induction variables)
  while (true) {
    if (tok.is(TokenKind::Error))
      return emitError(tokLoc(), lexer.errorMessage());
    if (tok.is(TokenKind::Eof) || (stack.empty() && atLineStart()))
      break;
    TokenKind kind = tok.kind;
    if (kind == TokenKind::LBrace && opensRegion(buf, tok.offset)) {
      // Names used so far without a definition are the region's own
      // arguments, as in `scf.forall (%i) in (%n) {`.
      for (const auto &[name, loc] : undefined)
        if (!lookupValue(name) &&
            !defineValue(name, Type(), loc, true, 0, /*typeKnown=*/false))
          return false;
      undefined.clear();
      op.regions.emplace_back();
      if (!parseRegion(op.regions.back(), nullptr))
        return false;
      end = prevEnd;
      continue;
    }
    if (stack.empty() && tok.isKeyword("loc") && peek().is(TokenKind::LParen)) {
      if (!skipOptionalLoc())
        return false;
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
      std::string name(tok.spelling.substr(1));
      std::optional<ValueId> id = lookupValue(name);
      if (!id && peek().is(TokenKind::Equal)) {
        if (!defineValue(name, Type(), tokLoc(), true, 0, /*typeKnown=*/false))
          return false;
      } else if (!id) {
        undefined.emplace_back(name, tokLoc());
      } else if (!scopes.back().count(value(*id).name)) {
        uses.push_back(
            OperandUse{*id, tokLoc(), uint32_t(tok.spelling.size())});
      }
    } else if (kind == TokenKind::CaretIdent) {
      op.successors.emplace_back(tok.spelling.substr(1));
      useBlock(op.successors.back(), tokLoc());
    } else if (kind == TokenKind::Colon && stack.empty()) {
      colon = tok.offset;
    }
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
