//===- ControlFlow.cpp - Op entries: the cf dialect's branches ------------===//
//
// One entry per op: its custom syntax (as mlir-opt 16 prints it). A branch
// has no shape rule of its own: Lowerer::lowerRegion reads the operands it
// passes to each target block (the condition, then the first target's, then
// the second's) and judges the blocks as SEMANTICS.md §4 asks of code that may
// not run (docs/OPS.md, "Control flow").
//
//   cf.br ^bb1(%a, %b : tensor<?xf32>, index)
//   cf.cond_br %c, ^bb1(%a : tensor<?xf32>), ^bb2
//
//===----------------------------------------------------------------------===//

#include "ops/OpTable.h"
#include "ops/rules/IntRules.h"
#include "ops/rules/PrettyForms.h"
#include "parser/ParserImpl.h"

namespace symshape::frontend {

namespace {

/// `^bb1` or `^bb1(%a, %b : T1, T2)`.
bool parseSuccessor(Parser &p, PendingOp &pending) {
  if (!p.tok.is(TokenKind::CaretIdent))
    return p.emitWrongToken("expected block name");
  pending.op.successors.emplace_back(p.tok.spelling.substr(1));
  p.useBlock(pending.op.successors.back(), p.tokLoc());
  p.consume();
  if (!p.consumeIf(TokenKind::LParen))
    return true;
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.empty() ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  return p.parseTypeList(types) && p.expect(TokenKind::RParen, "')'") &&
         p.setOperands(pending, uses, types, /*written=*/true, typesLoc);
}

/// `cf.br ^bb1(...) {attrs}`
bool parseBr(Parser &p, PendingOp &o) {
  return parseSuccessor(p, o) && p.parseOptionalAttrDict(o.op.attributes);
}

/// `cf.cond_br %c, ^bb1(...), ^bb2(...) {attrs}`
bool parseCondBr(Parser &p, PendingOp &o) {
  std::vector<OperandUse> condition;
  if (!p.parseOperandList(condition) || condition.size() != 1)
    return false;
  SourceLoc typeLoc = p.tokLoc();
  if (!p.setOperands(o, condition, {builtinType("i1")}, /*written=*/false,
                     typeLoc))
    return false;
  return p.expect(TokenKind::Comma, "','") && parseSuccessor(p, o) &&
         p.expect(TokenKind::Comma, "','") && parseSuccessor(p, o) &&
         p.parseOptionalAttrDict(o.op.attributes);
}

/// The targets' block arguments are wired by the region
/// (lowering/LowerRegion.cpp).
void lowerBranch(OpContext &) {}

/// cf.assert: a runtime check of its i1 operand (kind `assert`).
void lowerAssert(OpContext &c) {
  const Attribute *msg = c.attr("msg");
  lowerRuntimeCheck(c, 0, msg && msg->kind == AttrKind::String ? msg->str : "");
}

} // namespace

static const OpEntry kControlFlowEntries[] = {
    {"cf.br", parseBr, lowerBranch, kRefineNone,
     "passes its operands to the target block's arguments", false,
     OpRole::Branch},
    {"cf.cond_br", parseCondBr, lowerBranch, kRefineNone,
     "either target; the blocks it picks from may not run", false,
     OpRole::CondBranch},
    {"cf.assert", parsePredicateMessageForm, lowerAssert, kRefineNone,
     "a runtime check of its i1 operand (`assert`); later ops may assume "
     "it holds",
     false, OpRole::Assert},
};

OpFamily controlFlowFamily() {
  return {"cf", kControlFlowEntries,
          sizeof(kControlFlowEntries) / sizeof(kControlFlowEntries[0])};
}

} // namespace symshape::frontend
