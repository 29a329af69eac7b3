//===- IreeForms.cpp - Custom forms of IREE's util, flow and hal ops
//-------===//
//
//   util.global private @w = #stream.parameter.named<"m"::"w"> : tensor<4xf32>
//   %p = util.global.address @w : !util.ptr<tensor<4xf32>>
//   %w = util.global.load.indirect %p : !util.ptr<tensor<4xf32>> ->
//   tensor<4xf32> %0:2 = util.call @f(%a, %b) : (index, tensor<?xf32>) ->
//   (index, %b) %1 = util.assume.int %n<umin = 1, umax = 1024, udiv = 16> :
//   index %2 = flow.tensor.tie_shape %x : tensor<?x?xi32>{%h, %w} %3 =
//   hal.tensor.import wait(%f) => %v "input0" : !hal.buffer_view
//          -> tensor<?x4xf32>{%d}
//   %4 = hal.buffer_view.dim<%v : !hal.buffer_view>[0] : index
//
//===----------------------------------------------------------------------===//

#include "IreeInternal.h"
#include "ops/rules/PrettyForms.h"

#include <algorithm>

namespace symshape::frontend {

namespace {

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
                 bool asString = false) {
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

/// `<umin = 1, umax = 4>` or `#util.int.assumption<...>` as the generic
/// form's attribute `#util.int.assumption<umin = 1, umax = 4>`.
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
  out.text =
      "#util.int.assumption" + std::string(p.buf.substr(open, *end - open));
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
  return p.setOperands(pending, uses, inputs, /*written=*/true, typesLoc);
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
  return p.setOperands(pending, uses, types, /*written=*/true, typesLoc);
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
  return p.setOperands(pending, uses, types, /*written=*/true, typesLoc) &&
         p.parseOptionalAttrDict(pending.op.attributes);
}

/// util.global [private] [mutable] @name {attrs} (: T [= V] | = V : T)
bool parseGlobal(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (p.tok.isKeyword("public") || p.tok.isKeyword("private") ||
      p.tok.isKeyword("nested")) {
    Attribute visibility;
    visibility.kind = AttrKind::String;
    visibility.str = std::string(p.tok.spelling);
    op.attributes.push_back(named("sym_visibility", visibility, p.tokLoc()));
    p.consume();
  }
  if (p.tok.isKeyword("mutable")) {
    op.attributes.push_back(unitAttr("is_mutable", p.tokLoc()));
    p.consume();
  }
  if (!parseSymbol(p, pending, "sym_name", /*asString=*/true) ||
      !p.parseOptionalAttrDict(op.attributes))
    return false;
  SourceLoc loc = p.tokLoc();
  std::optional<Type> type;
  if (p.consumeIf(TokenKind::Colon) && !(type = p.parseType()))
    return false;
  if (p.consumeIf(TokenKind::Equal)) {
    SourceLoc valueLoc = p.tokLoc();
    std::optional<Attribute> value = p.parseAttribute(/*allowType=*/true);
    if (!value)
      return false;
    if (!type && value->hasType)
      type = value->type;
    op.attributes.push_back(named("initial_value", *value, valueLoc));
  }
  if (!type) // an untyped initial value (or none): not understood
    return false;
  op.attributes.push_back(typeAttr("type", *type, loc));
  return true;
}

/// util.global.load [immutable] @g {attrs} : T, and util.global.address
/// with `: !util.ptr<T>`.
bool parseGlobalLoad(Parser &p, PendingOp &pending) {
  if (p.tok.isKeyword("immutable")) {
    pending.op.attributes.push_back(unitAttr("is_immutable", p.tokLoc()));
    p.consume();
  }
  if (!parseSymbol(p, pending, "global") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  return true;
}

/// util.global.load.indirect [immutable] %p {attrs} : !util.ptr<T> -> T
bool parseGlobalLoadIndirect(Parser &p, PendingOp &pending) {
  if (p.tok.isKeyword("immutable")) {
    pending.op.attributes.push_back(unitAttr("is_immutable", p.tokLoc()));
    p.consume();
  }
  std::optional<OperandUse> pointer = p.parseValueUse();
  if (!pointer || !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> pointerType = p.parseType();
  if (!pointerType || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  pending.resultTypes.push_back(*type);
  return p.setOperands(pending, {*pointer}, {*pointerType}, /*written=*/true,
                       typesLoc);
}

/// util.global.store %v, @g {attrs} : T
bool parseGlobalStore(Parser &p, PendingOp &pending) {
  std::optional<OperandUse> value = p.parseValueUse();
  if (!value || !p.expect(TokenKind::Comma, "','") ||
      !parseSymbol(p, pending, "global") ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  return type &&
         p.setOperands(pending, {*value}, {*type}, /*written=*/true, typesLoc);
}

/// util.global.store.indirect %v, %p {attrs} : T -> !util.ptr<T>
bool parseGlobalStoreIndirect(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  if (!p.parseOperandList(uses) || uses.size() != 2 ||
      !p.parseOptionalAttrDict(pending.op.attributes) ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> type = p.parseType();
  if (!type || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  std::optional<Type> pointerType = p.parseType();
  return pointerType && p.setOperands(pending, uses, {*type, *pointerType},
                                      /*written=*/true, typesLoc);
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

/// hal.tensor.import [on(#a)] [wait(%f) =>] [consume] %v [offset(%o)]
///   ["name"] : !hal.buffer_view -> T [as T2] [{dims}] {attrs}
/// Operands in ODS order: source, target_dims, wait_fence, byte_offset.
bool parseTensorImport(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (!parseAffinity(p, pending))
    return false;
  std::vector<OperandUse> fence, offset, dims;
  if (p.tok.isKeyword("wait")) {
    p.consume();
    if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(fence) ||
        fence.size() != 1 || !p.expect(TokenKind::RParen, "')'") ||
        !p.expect(TokenKind::Equal, "'='") ||
        !p.expect(TokenKind::Greater, "'>'"))
      return false;
  }
  if (p.tok.isKeyword("consume")) {
    op.attributes.push_back(unitAttr("consume", p.tokLoc()));
    p.consume();
  }
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source)
    return false;
  if (p.tok.isKeyword("offset")) {
    p.consume();
    if (!p.expect(TokenKind::LParen, "'('") || !p.parseOperandList(offset) ||
        offset.size() != 1 || !p.expect(TokenKind::RParen, "')'"))
      return false;
  }
  parseName(p, pending);
  if (!p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> sourceType = p.parseType();
  if (!sourceType || !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  SourceLoc encodingLoc = p.tokLoc();
  std::optional<Type> encoding = p.parseType();
  std::optional<Type> target = encoding;
  if (encoding && keyword(p, "as"))
    target = p.parseType();
  if (!target || !parseDimsList(p, dims) ||
      !p.parseOptionalAttrDict(op.attributes))
    return false;
  pending.resultTypes.push_back(*target);
  op.attributes.push_back(typeAttr("target_encoding", *encoding, encodingLoc));
  op.attributes.push_back(denseArrayAttr(
      "operandSegmentSizes",
      {1, int64_t(dims.size()), int64_t(fence.size()), int64_t(offset.size())},
      "i32"));
  return p.setOperands(pending, {*source}, {*sourceType}, /*written=*/true,
                       typesLoc) &&
         implied(p, pending, dims, Type::index()) &&
         implied(p, pending, fence, builtinType("!hal.fence")) &&
         implied(p, pending, offset, Type::index());
}

/// hal.tensor.export [on(#a)] %t ["name"] : T [as T2] [{dims}] -> R {attrs}
bool parseTensorExport(Parser &p, PendingOp &pending) {
  Operation &op = pending.op;
  if (!parseAffinity(p, pending))
    return false;
  std::optional<OperandUse> source = p.parseValueUse();
  if (!source)
    return false;
  parseName(p, pending);
  if (!p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> encoding = p.parseType();
  std::optional<Type> sourceType = encoding;
  if (encoding && keyword(p, "as"))
    sourceType = p.parseType();
  std::vector<OperandUse> dims;
  if (!sourceType || !parseDimsList(p, dims) ||
      !p.expect(TokenKind::Arrow, "'->'"))
    return false;
  std::optional<Type> target = p.parseType();
  if (!target || !p.parseOptionalAttrDict(op.attributes))
    return false;
  pending.resultTypes.push_back(*target);
  op.attributes.push_back(typeAttr("source_encoding", *encoding, typesLoc));
  return p.setOperands(pending, {*source}, {*sourceType}, /*written=*/true,
                       typesLoc) &&
         implied(p, pending, dims, Type::index());
}

/// hal.tensor.barrier join(%a, %b : T1, T2) => %fence : !hal.fence
///   [attributes {..}]   (results: T1, T2)
bool parseTensorBarrier(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> sources, fence;
  if (!keyword(p, "join") || !p.expect(TokenKind::LParen, "'('") ||
      !p.parseOperandList(sources) || !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::vector<Type> types;
  if (!p.parseTypeList(types) || !p.expect(TokenKind::RParen, "')'") ||
      !p.expect(TokenKind::Equal, "'='") ||
      !p.expect(TokenKind::Greater, "'>'") || !p.parseOperandList(fence) ||
      fence.size() != 1 || !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc fenceLoc = p.tokLoc();
  std::optional<Type> fenceType = p.parseType();
  if (!fenceType)
    return false;
  if (keyword(p, "attributes") && !p.parseAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes = types;
  return p.setOperands(pending, sources, types, /*written=*/true, typesLoc) &&
         p.setOperands(pending, fence, {*fenceType}, /*written=*/true,
                       fenceLoc);
}

/// hal.buffer_view.dim<%v : !hal.buffer_view>[0] : index [attributes {..}]
bool parseBufferViewDim(Parser &p, PendingOp &pending) {
  if (!p.expect(TokenKind::Less, "'<'"))
    return false;
  std::optional<OperandUse> view = p.parseValueUse();
  if (!view || !p.expect(TokenKind::Colon, "':'"))
    return false;
  SourceLoc typesLoc = p.tokLoc();
  std::optional<Type> viewType = p.parseType();
  if (!viewType || !p.expect(TokenKind::Greater, "'>'") ||
      !p.expect(TokenKind::LSquare, "'['"))
    return false;
  SourceLoc indexLoc = p.tokLoc();
  std::optional<int64_t> index = p.parseIntegerLiteral();
  if (!index || !p.expect(TokenKind::RSquare, "']'") ||
      !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> type = p.parseType();
  if (!type)
    return false;
  if (keyword(p, "attributes") && !p.parseAttrDict(pending.op.attributes))
    return false;
  Attribute indexAttr;
  indexAttr.kind = AttrKind::Integer;
  indexAttr.intValue = *index;
  indexAttr.type = Type::index();
  indexAttr.hasType = true;
  indexAttr.text = std::to_string(*index) + " : index";
  pending.op.attributes.push_back(named("index", indexAttr, indexLoc));
  pending.resultTypes.push_back(*type);
  return p.setOperands(pending, {*view}, {*viewType}, /*written=*/true,
                       typesLoc);
}

/// The runtime plumbing of IREE's synchronous wrappers (no sizes):
///   util.null {attrs} : T
///   hal.devices.get %i {attrs} : T
///   hal.fence.create device(%d : T) flags("None") : T [attributes {..}]
///   hal.fence.await until([%f, ..]) timeout_millis(%t) flags("None") : T
///       [attributes {..}]
bool parsePlumbing(Parser &p, PendingOp &pending) {
  const std::string &name = pending.op.name;
  std::vector<OperandUse> uses;
  std::vector<Type> types;
  auto group = [&](std::string_view word, auto &&inside) {
    return keyword(p, word) && p.expect(TokenKind::LParen, "'('") && inside() &&
           p.expect(TokenKind::RParen, "')'");
  };
  auto flags = [&] {
    SourceLoc loc = p.tokLoc();
    std::optional<Attribute> value = p.parseAttribute(/*allowType=*/false);
    if (value)
      pending.op.attributes.push_back(named("flags", *value, loc));
    return value.has_value();
  };
  bool ok = true;
  if (name == "util.null") {
    ok = p.parseOptionalAttrDict(pending.op.attributes);
  } else if (name == "hal.devices.get") {
    ok = p.parseOperandList(uses) && uses.size() == 1 &&
         p.parseOptionalAttrDict(pending.op.attributes);
    types.push_back(Type::index());
  } else if (name == "hal.fence.create") {
    ok = group("device",
               [&] {
                 std::optional<Type> device;
                 bool read = p.parseOperandList(uses) && uses.size() == 1 &&
                             p.expect(TokenKind::Colon, "':'") &&
                             (device = p.parseType()).has_value();
                 if (read)
                   types.push_back(*device);
                 return read;
               }) &&
         group("flags", flags);
  } else if (name == "hal.fence.await") {
    ok = group("until",
               [&] {
                 return p.expect(TokenKind::LSquare, "'['") &&
                        p.parseOperandList(uses) &&
                        p.expect(TokenKind::RSquare, "']'");
               }) &&
         group("timeout_millis",
               [&] {
                 size_t fences = uses.size();
                 bool read =
                     p.parseOperandList(uses) && uses.size() == fences + 1;
                 // ODS order: timeout_millis, then the fences.
                 if (read)
                   std::rotate(uses.begin(), uses.end() - 1, uses.end());
                 return read;
               }) &&
         group("flags", flags);
    if (ok) {
      types.assign(uses.size(), builtinType("!hal.fence"));
      types[0] = builtinType("i32");
    }
  } else {
    return false;
  }
  if (!ok || !p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> result = p.parseType();
  if (!result)
    return false;
  if (name.rfind("hal.fence.", 0) == 0 && keyword(p, "attributes") &&
      !p.parseAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes.push_back(*result);
  return p.setOperands(pending, uses, types, /*written=*/false, p.tokLoc());
}

} // namespace symshape::frontend
