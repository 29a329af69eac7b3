//===- ParseFunc.cpp - func.func and util.func, custom and generic -------===//
//
//   func.func private @decl(tensor<?xf32>, i32) -> tensor<?xf32>
//   func.func @f(%a: tensor<?xf32> {arg.attr}) -> (tensor<?xf32>, i32)
//   func.func @g(tensor<?xf32>) { ^bb0(%a: tensor<?xf32>): ... }
//       attributes {symshape.assume = ["%a[0] == 4"]} { ... }
//   "func.func"() ({ ^bb0(%arg0: tensor<?xf32>): ... })
//       {function_type = (tensor<?xf32>) -> (), sym_name = "f"} : () -> ()
//
// IREE's util.func (and flow.func, a declaration) is read the same way;
// its results may be tied to an argument (the result reuses the argument's
// storage; its shape is what the body returns, as for any result) and need no
// parentheses:
//
//   util.func public @f(%a: index, %t: tensor<?xf32>) -> index, i64
//   util.func private @g(%t: tensor<?xf32>) -> (%t, tensor<4xf32>)
//   util.func private @h(%t: tensor<4xf32>) -> %t as tensor<4xi32>
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include <algorithm>

namespace symshape::frontend {

/// "@name" or "@\"quoted name\"" without the '@'.
static std::string symbolName(std::string_view spelling) {
  std::string_view name = spelling.substr(1);
  if (!name.empty() && name.front() == '"')
    return decodeStringToken(name);
  return std::string(name);
}

FunctionOpKind functionOpKind(std::string_view name) {
  if (name == "func.func")
    return FunctionOpKind::Func;
  if (name == "util.func" || name == "flow.func")
    return FunctionOpKind::TiedResults;
  return FunctionOpKind::None;
}

bool Parser::parseCustomFunc(Module &module) {
  uint32_t start = tok.offset;
  // IREE's util.func and flow.func (declarations only) tie results.
  bool util = functionOpKind(tok.spelling) == FunctionOpKind::TiedResults;
  consume(); // func.func / util.func
  bool isPrivate = tok.isKeyword("private");
  if (tok.isKeyword("private") || tok.isKeyword("public") ||
      tok.isKeyword("nested"))
    consume();
  if (!tok.is(TokenKind::AtIdent))
    return emitWrongToken("expected symbol name");
  Function func;
  StreamScope streaming(*this); // declared after func: ends before it goes
  func.isPrivate = isPrivate;
  func.name = symbolName(tok.spelling);
  func.scopePath = scopePath;
  func.loc = tokLoc();
  consume();
  FunctionScope scope(*this, func);
  if (!expect(TokenKind::LParen, "'('"))
    return false;
  bool named = false;
  if (!tok.is(TokenKind::RParen)) {
    unsigned index = 0;
    do {
      if (!parseFuncArgument(func, named, index++))
        return false;
    } while (consumeIf(TokenKind::Comma));
  }
  if (!expect(TokenKind::RParen, "')'"))
    return false;
  if (consumeIf(TokenKind::Arrow) &&
      !(util ? parseTiedFuncResults(func) : parseFuncResults(func)))
    return false;
  if (tok.isKeyword("attributes")) {
    consume();
    if (!parseAttrDict(func.attributes))
      return false;
  }
  if (tok.is(TokenKind::LBrace)) {
    // `func.func @f(i32) { ^bb0(%x: i32): ... }`: the entry block names
    // the arguments, as in the generic form.
    bool typeOnly = !named && !func.argumentTypes.empty();
    if (!typeOnly) // else the entry block defines the arguments
      streaming.begin(func, module);
    if (!streamed && lastBody.ops) { // a streamed body has its room
      bodyHint = lastBody;
      func.values.reserve(lastBody.values);
    }
    if (!parseRegion(func.body, typeOnly ? nullptr : &func.arguments))
      return false;
    // At most a block of ops and twice as many values: a large function
    // followed by small ones leaves them little unused room.
    constexpr size_t kMaxOps = 4096, kMaxValues = 2 * kMaxOps;
    if (!func.body.blocks.empty())
      lastBody = {std::min(func.body.blocks.front().operations.size(), kMaxOps),
                  std::min(func.values.size(), kMaxValues)};
    if (typeOnly && !checkEntryBlock(func, locAt(start)))
      return false;
  } else {
    func.isDeclaration = true;
    func.arguments.clear();
    func.values.clear();
  }
  func.range = rangeFrom(start);
  if (!parseOptionalLoc(func.sourceLoc))
    return false;
  streaming.end(true);
  module.addFunction(std::move(func));
  functionParsed(module);
  return true;
}

/// `%a: T {attrs} loc(..)` in a definition, `T {attrs}` in a declaration.
bool Parser::parseFuncArgument(Function &func, bool &named, unsigned index) {
  std::optional<Type> type;
  if (tok.is(TokenKind::PercentIdent)) {
    if (index > 0 && !named)
      return emitWrongToken("expected type");
    named = true;
    std::string name(tok.spelling.substr(1));
    SourceLoc loc = tokLoc();
    if (name.find('#') != std::string::npos)
      return emitError(loc, "argument name cannot have a result number");
    consume();
    if (!expect(TokenKind::Colon, "':'"))
      return false;
    uint32_t start = tok.offset;
    if (!(type = parseType()))
      return false;
    SourceRange text = rangeFrom(start);
    std::optional<ValueId> id = defineValue(
        name, *type, loc, /*isBlockArgument=*/true, index, true, &text);
    if (!id)
      return false;
    func.arguments.push_back(*id);
  } else {
    if (named)
      return emitWrongToken("expected SSA identifier");
    if (!(type = parseType()))
      return false;
  }
  func.argumentTypes.push_back(*type);
  std::vector<NamedAttribute> argAttrs;
  LocId source = 0;
  if (!parseOptionalAttrDict(argAttrs) || !parseOptionalLoc(source))
    return false;
  if (named)
    value(func.arguments.back()).sourceLoc = source;
  func.argumentAttributes.resize(func.argumentTypes.size());
  func.argumentAttributes.back() = std::move(argAttrs);
  return true;
}

/// `T` or `(T {attrs}, ...)` after the arrow.
bool Parser::parseFuncResults(Function &func) {
  if (!consumeIf(TokenKind::LParen)) {
    std::optional<Type> type = parseType();
    if (!type)
      return false;
    func.resultTypes.push_back(*type);
    return true;
  }
  if (consumeIf(TokenKind::RParen))
    return true;
  do {
    std::optional<Type> type = parseType();
    if (!type)
      return false;
    func.resultTypes.push_back(*type);
    std::vector<NamedAttribute> resAttrs;
    if (!parseOptionalAttrDict(resAttrs))
      return false;
  } while (consumeIf(TokenKind::Comma));
  return expect(TokenKind::RParen, "')'");
}

/// util.func's results: `T`, `T1, T2`, `(T {attrs}, ...)`; a result tied
/// to an argument is written `%arg` (the argument's type) or `%arg as T`.
bool Parser::parseTiedFuncResults(Function &func) {
  bool parens = consumeIf(TokenKind::LParen);
  if (parens && consumeIf(TokenKind::RParen))
    return true;
  do {
    std::optional<Type> type;
    if (tok.is(TokenKind::PercentIdent)) {
      std::optional<ValueId> id = lookupValue(tok.spelling.substr(1));
      bool isArgument =
          id && std::find(func.arguments.begin(), func.arguments.end(), *id) !=
                    func.arguments.end();
      if (!isArgument)
        return emitError(tokLoc(),
                         "tied operand not found for result reference " +
                             std::string(tok.spelling));
      consume();
      if (tok.isKeyword("as")) {
        consume();
        type = parseType();
      } else {
        type = value(*id).type;
      }
    } else {
      type = parseType();
    }
    if (!type)
      return false;
    func.resultTypes.push_back(*type);
    std::vector<NamedAttribute> resAttrs;
    if (parens && !parseOptionalAttrDict(resAttrs))
      return false;
  } while (consumeIf(TokenKind::Comma));
  return !parens || expect(TokenKind::RParen, "')'");
}

bool Parser::parseNestedFunc(PendingOp &pending) {
  // A function inside another op's region (the builtin.module of a
  // hal.executable): read as a function, kept with that op, not analysed.
  Module scratch;
  uint32_t start = pending.op.loc.offset;
  resetTo(start);
  if (!parseCustomFunc(scratch))
    return false;
  pending.op.skipped = true;
  pending.op.range = rangeFrom(start);
  return true;
}

bool Parser::parseGenericFunc(Module &module) {
  uint32_t start = tok.offset;
  SourceLoc opLoc = tokLoc();
  std::string opName = decodeStringToken(tok.spelling);
  consume();
  if (!expect(TokenKind::LParen, "'('") || !expect(TokenKind::RParen, "')'"))
    return false;
  Function func;
  FunctionScope scope(*this, func);
  std::vector<NamedAttribute> attrs;
  // MLIR 17 properties: <{function_type = ..., sym_name = ...}>.
  if (tok.is(TokenKind::Less) && peek().is(TokenKind::LBrace)) {
    consume();
    if (!parseAttrDict(attrs) || !expect(TokenKind::Greater, "'>'"))
      return false;
  }
  if (!expect(TokenKind::LParen, "'('") || !parseRegion(func.body, nullptr) ||
      !expect(TokenKind::RParen, "')'"))
    return false;
  if (!parseOptionalAttrDict(attrs) || !expect(TokenKind::Colon, "':'"))
    return false;
  std::vector<Type> opInputs, opResults;
  if (!parseFunctionType(opInputs, opResults))
    return false;
  func.range = rangeFrom(start);
  if (!parseOptionalLoc(func.sourceLoc))
    return false;

  const Attribute *symName = findAttr(attrs, "sym_name");
  if (!symName || symName->kind != AttrKind::String)
    return emitError(opLoc,
                     "'" + opName + "' op requires attribute 'sym_name'");
  func.name = symName->str;
  func.scopePath = scopePath;
  func.loc = symName->loc;
  const Attribute *fnType = findAttr(attrs, "function_type");
  if (!fnType || fnType->kind != AttrKind::TypeAttr)
    return emitError(opLoc,
                     "'" + opName + "' op requires attribute 'function_type'");
  if (!checkGenericSignature(func, opLoc, *fnType))
    return false;
  if (const Attribute *visibility = findAttr(attrs, "sym_visibility"))
    func.isPrivate =
        visibility->kind == AttrKind::String && visibility->str == "private";
  for (NamedAttribute &attr : attrs)
    if (attr.name != "sym_name" && attr.name != "function_type" &&
        attr.name != "sym_visibility" && attr.name != "arg_attrs" &&
        attr.name != "res_attrs" && attr.name != "tied_operands")
      func.attributes.push_back(std::move(attr));
  module.addFunction(std::move(func));
  functionParsed(module);
  return true;
}

/// Reads the argument and result types from `function_type` (re-reading its
/// text) and checks them against the entry block's arguments.
bool Parser::checkGenericSignature(Function &func, SourceLoc opLoc,
                                   const Attribute &fnType) {
  uint32_t resume = tok.offset, savedPrev = prevEnd;
  resetTo(fnType.loc.offset);
  bool ok = parseFunctionType(func.argumentTypes, func.resultTypes);
  resetTo(resume);
  prevEnd = savedPrev;
  if (!ok)
    return false;
  if (func.body.blocks.empty()) {
    func.isDeclaration = true;
    return true;
  }
  return checkEntryBlock(func, opLoc);
}

bool Parser::checkEntryBlock(Function &func, SourceLoc opLoc) {
  if (!func.body.blocks.empty())
    func.arguments = func.body.blocks.front().arguments;
  if (func.arguments.size() != func.argumentTypes.size())
    return emitError(opLoc, "'func.func' op entry block must have " +
                                std::to_string(func.argumentTypes.size()) +
                                " arguments to match function signature");
  for (size_t i = 0; i < func.arguments.size(); ++i) {
    const Type &blockType = func.values[func.arguments[i]].type;
    if (!sameTypeUpToDialectSpelling(blockType, func.argumentTypes[i]))
      return emitError(
          opLoc, "'func.func' op type of entry block argument #" +
                     std::to_string(i) + "('" + blockType.str() +
                     "') must match the type of the corresponding argument "
                     "in function signature('" +
                     func.argumentTypes[i].str() + "')");
  }
  return true;
}

} // namespace symshape::frontend
