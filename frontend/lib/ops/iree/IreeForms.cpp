//===- IreeForms.cpp - Custom forms of IREE's util and flow ops -----------===//
//
//   %0:2 = util.call @f(%a, %b) : (index, tensor<?xf32>) -> (index, %b)
//   %1 = util.assume.int %n<umin = 1, umax = 1024, udiv = 16> : index
//   %2 = flow.tensor.tie_shape %x : tensor<?x?xi32>{%h, %w}
//
// and the pieces of syntax the iree family's forms share (IreeInternal.h).
// util.global and its accesses are in IreeGlobalForms.cpp, hal in
// HalForms.cpp.
//
//===----------------------------------------------------------------------===//

#include "IreeInternal.h"
#include "ops/rules/PrettyForms.h"
#include "parser/AttrReaders.h"

namespace symshape::frontend {

namespace iree {

NamedAttribute named(std::string name, Attribute value, SourceLoc loc) {
  NamedAttribute attr;
  attr.name = std::move(name);
  attr.value = std::move(value);
  attr.value.loc = loc;
  attr.loc = loc;
  return attr;
}

NamedAttribute unitAttr(std::string name, SourceLoc loc) {
  Attribute unit;
  unit.kind = AttrKind::Unit;
  return named(std::move(name), std::move(unit), loc);
}

NamedAttribute typeAttr(std::string name, const Type &type, SourceLoc loc) {
  Attribute attr;
  attr.kind = AttrKind::TypeAttr;
  attr.type = type;
  attr.text = type.str();
  return named(std::move(name), std::move(attr), loc);
}

/// Consumes `word` when it is the current keyword.
bool keyword(Parser &p, std::string_view word) {
  if (!p.tok.isKeyword(word))
    return false;
  p.consume();
  return true;
}

/// `@name` as the attribute `name` (a symbol reference), or as a string
/// when `asString` (sym_name).
bool parseSymbol(Parser &p, PendingOp &pending, std::string name,
                 bool asString) {
  if (!p.tok.is(TokenKind::AtIdent))
    return false;
  SourceLoc loc = p.tokLoc();
  std::optional<Attribute> symbol = p.parseAttribute(/*allowType=*/false);
  if (!symbol)
    return false;
  if (asString)
    symbol->kind = AttrKind::String;
  pending.op.attributes.push_back(named(std::move(name), *symbol, loc));
  return true;
}

/// `{%a, %b}` after a type (IREE's dynamic dims); nothing when absent.
bool parseDimsList(Parser &p, std::vector<OperandUse> &dims) {
  if (!p.tok.is(TokenKind::LBrace) || p.atLineStart())
    return true;
  Token next = p.peek();
  if (!next.is(TokenKind::PercentIdent) && !next.is(TokenKind::RBrace))
    return true; // an attribute dictionary
  p.consume();
  return p.parseOperandList(dims) && p.expect(TokenKind::RBrace, "'}'");
}

/// `on(#affinity)`: the attribute `affinity`.
bool parseAffinity(Parser &p, PendingOp &pending) {
  if (!p.tok.isKeyword("on") || !p.peek().is(TokenKind::LParen))
    return true;
  p.consume();
  p.consume();
  SourceLoc loc = p.tokLoc();
  std::optional<Attribute> affinity = p.parseAttribute();
  if (!affinity || !p.expect(TokenKind::RParen, "')'"))
    return false;
  pending.op.attributes.push_back(named("affinity", *affinity, loc));
  return true;
}

/// An optional `"name"` string: the attribute `name`.
void parseName(Parser &p, PendingOp &pending) {
  if (!p.tok.is(TokenKind::String))
    return;
  Attribute name;
  name.kind = AttrKind::String;
  name.str = decodeStringToken(p.tok.spelling);
  name.text = std::string(p.tok.spelling);
  SourceLoc loc = p.tokLoc();
  p.consume();
  pending.op.attributes.push_back(named("name", std::move(name), loc));
}

/// Uses whose types the syntax implies rather than writes.
bool implied(Parser &p, PendingOp &pending, const std::vector<OperandUse> &uses,
             const Type &type) {
  return p.setOperands(pending, uses, std::vector<Type>(uses.size(), type),
                       /*written=*/false, p.tokLoc());
}

} // namespace iree

using namespace iree;

namespace {

/// `<umin = 1, umax = 4>` or `#util.int.assumption<...>` as the generic
/// form's attribute `#util.int.assumption<umin = 1, umax = 4>`, its
/// IntAssumption read (readIntAssumptionBody).
bool parseIntAssumption(Parser &p, Attribute &out) {
  out.loc = p.tokLoc();
  if (p.tok.is(TokenKind::HashIdent) &&
      p.tok.spelling == "#util.int.assumption")
    p.consume();
  if (!p.tok.is(TokenKind::Less))
    return false;
  uint32_t open = p.tok.offset;
  std::optional<uint32_t> end = p.skipBalanced(open);
  if (!end)
    return false;
  out.kind = AttrKind::Other;
  std::string_view body = p.buf.substr(open, *end - open);
  out.text = "#util.int.assumption" + std::string(body);
  readIntAssumptionBody(out, body);
  p.resetTo(*end);
  return true;
}

} // namespace

/// util.call @f(%a, %b) {attrs} : (T1, T2) -> (R, %b as T3)
bool parseUtilCall(Parser &p, PendingOp &pending) {
  if (!parseSymbol(p, pending, "callee"))
    return false;
  std::vector<OperandUse> uses;
  if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(uses) ||
      !p.expect(TokenKind::RParen, "')'") || !parsePropsAndAttrs(p, pending) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> inputs;
  if (!p.expect(TokenKind::LParen, "'('"))
    return false;
  if (!p.consumeIf(TokenKind::RParen) &&
      (!p.parseTypeList(inputs) || !p.expect(TokenKind::RParen, "')'")))
    return false;
  if (inputs.size() != uses.size() || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  bool parens = p.consumeIf(TokenKind::LParen);
  if (!parens || !p.consumeIf(TokenKind::RParen)) {
    do {
      // A result tied to an operand: `%b` (its type) or `%b as T`.
      std::optional<Type> type;
      if (p.tok.is(TokenKind::PercentIdent)) {
        std::optional<ValueId> id = p.lookupValue(p.tok.spelling.substr(1));
        size_t k = 0;
        while (id && k < uses.size() && uses[k].id != *id)
          ++k;
        if (!id || k == uses.size())
          return false;
        p.consume();
        type = keyword(p, "as") ? p.parseType() : inputs[k];
      } else {
        type = p.parseType();
      }
      if (!type)
        return false;
      pending.resultTypes.push_back(*type);
    } while (p.consumeIf(TokenKind::Comma));
    if (parens && !p.expect(TokenKind::RParen, "')'"))
      return false;
  }
  return p.setOperands(pending, uses, std::move(inputs), /*written=*/true,
                       typesLoc);
}

/// util.optimization_barrier {attrs} %a, %b : T1, T2   (results: T1, T2)
bool parseOptimizationBarrier(Parser &p, PendingOp &pending) {
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  if (!p.tok.is(TokenKind::PercentIdent) || p.atLineStart())
    return true;
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!p.parseTypeList(types))
    return false;
  pending.resultTypes = types;
  return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                       typesLoc);
}

/// util.assume.int %a<umin = 1>, %b[<udiv = 2>, <umax = 8>] : index, i64
/// {attrs}: the attribute `assumptions` holds one list per operand.
bool parseAssumeInt(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  Attribute all;
  all.kind = AttrKind::Array;
  all.loc = p.tokLoc();
  do {
    std::optional<OperandUse> use = p.parseValueUse();
    if (!use)
      return false;
    uses.push_back(*use);
    Attribute rows;
    rows.kind = AttrKind::Array;
    rows.loc = p.tokLoc();
    if (p.consumeIf(TokenKind::LSquare)) {
      if (!p.consumeIf(TokenKind::RSquare)) {
        do {
          rows.elements.emplace_back();
          if (!parseIntAssumption(p, rows.elements.back()))
            return false;
        } while (p.consumeIf(TokenKind::Comma));
        if (!p.expect(TokenKind::RSquare, "']'"))
          return false;
      }
    } else {
      rows.elements.emplace_back();
      if (!parseIntAssumption(p, rows.elements.back()))
        return false;
    }
    all.elements.push_back(std::move(rows));
  } while (p.consumeIf(TokenKind::Comma));
  if (!p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!p.parseTypeList(types) || types.size() != uses.size())
    return false;
  pending.resultTypes = types;
  pending.op.attributes.push_back(
      named("assumptions", std::move(all), pending.op.loc));
  return p.setOperands(pending, uses, std::move(types), /*written=*/true,
                       typesLoc) &&
         p.parseOptionalAttrDict(pending.op.attributes);
}

/// flow.tensor.tie_shape %x {attrs} : T{%d0, %d1}
bool parseTieShape(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> operand = p.parseValueUse();
  if (!operand || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  std::vector<OperandUse> dims;
  if (!type || !parseDimsList(p, dims))
    return false;
  pending.resultTypes.push_back(*type);
  return p.setOperands(pending, {*operand}, {*type}, /*written=*/true,
                       typesLoc) &&
         implied(p, pending, dims, Type::index());
}

/// flow.tensor.dynamic_constant {attrs} dense<...> : T -> R
bool parseDynamicConstant(Parser &p, PendingOp &pending) {
  if (!p.parseOptionalAttrDict(pending.op.attributes))
    return false;
  SourceLoc loc = p.tokLoc();
  std::optional<Attribute> value = p.parseAttribute(/*allowType=*/true);
  if (!value || !value->hasType || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  pending.op.attributes.push_back(named("value", *value, loc));
  return true;
}

} // namespace symshape::frontend
