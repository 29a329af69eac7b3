//===- HalForms.cpp - Custom forms of IREE's hal ops ----------------------===//
//
//   %3 = hal.tensor.import wait(%f) => %v "input0" : !hal.buffer_view
//          -> tensor<?x4xf32>{%d}
//   %4 = hal.buffer_view.dim<%v : !hal.buffer_view>[0] : index
//
// and the runtime plumbing of IREE's synchronous wrappers (util.null,
// hal.devices.get, hal.fence.*), which carries no sizes.
//
//===----------------------------------------------------------------------===//

#include "IreeInternal.h"
#include "ops/rules/PrettyForms.h"

#include <algorithm>

namespace symshape::frontend {

using namespace iree;

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

namespace {

/// `word(...)`, the inside read by `inside`.
template <typename Inside>
bool parseGroup(Parser &p, std::string_view word, Inside &&inside) {
  return keyword(p, word) && p.expect(TokenKind::LParen, "'('") && inside() &&
         p.expect(TokenKind::RParen, "')'");
}

/// `flags("None")`'s inside: the attribute `flags`.
bool parseFlagsValue(Parser &p, PendingOp &pending) {
  SourceLoc loc = p.tokLoc();
  std::optional<Attribute> value = p.parseAttribute(/*allowType=*/false);
  if (value)
    pending.op.attributes.push_back(named("flags", *value, loc));
  return value.has_value();
}

/// `: T`, then (hal.fence.*) `attributes {..}`, after the operands
/// `uses` whose types the syntax implies (`types`).
bool finishPlumbing(Parser &p, PendingOp &pending,
                    const std::vector<OperandUse> &uses,
                    const std::vector<Type> &types, bool fence) {
  if (!p.expect(TokenKind::Colon, "':'"))
    return false;
  std::optional<Type> result = p.parseType();
  if (!result)
    return false;
  if (fence && keyword(p, "attributes") &&
      !p.parseAttrDict(pending.op.attributes))
    return false;
  pending.resultTypes.push_back(*result);
  return p.setOperands(pending, uses, std::move(types), /*written=*/false,
                       p.tokLoc());
}

} // namespace

// The runtime plumbing of IREE's synchronous wrappers (no sizes).

/// util.null {attrs} : T
bool parseUtilNull(Parser &p, PendingOp &pending) {
  return p.parseOptionalAttrDict(pending.op.attributes) &&
         finishPlumbing(p, pending, {}, {}, /*fence=*/false);
}

/// hal.devices.get %i {attrs} : T
bool parseDevicesGet(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  std::vector<Type> types;
  bool ok = p.parseOperandList(uses) && uses.size() == 1 &&
            p.parseOptionalAttrDict(pending.op.attributes);
  types.push_back(Type::index());
  return ok && finishPlumbing(p, pending, uses, types, /*fence=*/false);
}

/// hal.fence.create device(%d : T) flags("None") : T [attributes {..}]
bool parseFenceCreate(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  std::vector<Type> types;
  bool ok = parseGroup(p, "device",
                       [&] {
                         std::optional<Type> device;
                         bool read = p.parseOperandList(uses) &&
                                     uses.size() == 1 &&
                                     p.expect(TokenKind::Colon, "':'") &&
                                     (device = p.parseType()).has_value();
                         if (read)
                           types.push_back(*device);
                         return read;
                       }) &&
            parseGroup(p, "flags", [&] { return parseFlagsValue(p, pending); });
  return ok && finishPlumbing(p, pending, uses, types, /*fence=*/true);
}

/// hal.fence.await until([%f, ..]) timeout_millis(%t) flags("None") : T
///     [attributes {..}]
bool parseFenceAwait(Parser &p, PendingOp &pending) {
  std::vector<OperandUse> uses;
  std::vector<Type> types;
  bool ok =
      parseGroup(p, "until",
                 [&] {
                   return p.expect(TokenKind::LSquare, "'['") &&
                          p.parseOperandList(uses) &&
                          p.expect(TokenKind::RSquare, "']'");
                 }) &&
      parseGroup(p, "timeout_millis",
                 [&] {
                   size_t fences = uses.size();
                   bool read =
                       p.parseOperandList(uses) && uses.size() == fences + 1;
                   // ODS order: timeout_millis, then the fences.
                   if (read)
                     std::rotate(uses.begin(), uses.end() - 1, uses.end());
                   return read;
                 }) &&
      parseGroup(p, "flags", [&] { return parseFlagsValue(p, pending); });
  if (!ok)
    return false;
  types.assign(uses.size(), builtinType("!hal.fence"));
  types[0] = builtinType("i32");
  return finishPlumbing(p, pending, uses, types, /*fence=*/true);
}

} // namespace symshape::frontend
