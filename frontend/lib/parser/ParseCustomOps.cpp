//===- ParseCustomOps.cpp - Known custom forms: dispatch, shape, return --===//
//
// Each known op's custom syntax (as mlir-opt 16 prints it) is read into the
// generic representation: operands with their types, results with their
// types, and the attributes the generic form would carry.
//
//   %d = tensor.dim %t, %c0 : tensor<?x4xf32>
//     == %d = "tensor.dim"(%t, %c0) : (tensor<?x4xf32>, index) -> index
//
// Ops with an entry in the op table (ops/OpTable.h) are read by the entry's
// parse function; ops in neither are skipped as opaque (ParseOpaqueOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"
#include "ops/OpTable.h"

namespace symshape::frontend {

bool Parser::parseCustomOp(PendingOp &pending) {
  solver::Text &name = pending.op.name;
  // Function ops are not table entries: a function nested in another op's
  // region (a hal.executable's module) is read as one.
  if (isFunctionOp(name))
    return parseNestedFunc(pending);
  const OpEntry *entry = findOp(name);
  if (entry && name != entry->name)
    name = opName(entry->name); // `return` is func.return
  if (entry && entry->parse)
    return tryCustomSyntax(pending, *entry);
  return parseOpaqueOp(pending);
}

bool Parser::tryCustomSyntax(PendingOp &pending, const OpEntry &entry) {
  // A form the entry does not understand is skipped as opaque (with that
  // reason in the coverage report), never guessed: parse speculatively and
  // roll back everything the attempt defined.
  uint32_t start = tok.offset, savedPrev = prevEnd;
  PendingOp saved = pending;
  size_t numValues = fn->values.size();
  size_t numScopes = scopes.size(), numLabels = labelScopes.size();
  unsigned savedDepth = depth;
  bool outer = speculating;
  SwallowedError outerSwallowed = std::move(swallowed);
  swallowed = SwallowedError();
  speculating = true;
  bool ok = entry.parse(*this, pending);
  speculating = outer;
  SwallowedError error = std::move(swallowed);
  swallowed = std::move(outerSwallowed);
  if (ok)
    return true;
  if (failed)
    return false;
  if (error.set && (error.hard || entry.strictSyntax))
    return emitError(error.loc, std::move(error.message));
  pending = std::move(saved);
  if (numValues < fn->values.size() && published(ValueId(numValues)))
    abandonStream(); // never: a trial parse starts after the last op
  fn->values.resize(numValues);
  scopes.resize(numScopes);
  while (!opScopes.empty() && opScopes.back() >= numScopes)
    opScopes.pop_back();
  for (ValueNames &scope : scopes)
    scope.eraseFrom(ValueId(numValues));
  labelScopes.resize(numLabels);
  depth = savedDepth;
  resetTo(start);
  prevEnd = savedPrev;
  return parseOpaqueOp(pending);
}

/// Makes generic forms read like the custom ones where the two differ.
void Parser::normalizeGeneric(PendingOp &pending) {
  Operation &op = pending.op;
  // `#map` names an affine map defined at the top: keep the definition's
  // text, which shape functions read.
  resolveAliasText(op.attributes);
  if (const OpEntry *entry = findOp(op.name); entry && entry->normalizeGeneric)
    entry->normalizeGeneric(op);
}

static void
resolveAlias(const std::unordered_map<std::string, Attribute> &aliases,
             Attribute &attr) {
  if (attr.text.size() > 1 && attr.text[0] == '#')
    if (auto it = aliases.find(attr.text.substr(1));
        it != aliases.end() && it->second.text.rfind("affine_map<", 0) == 0)
      attr.text = it->second.text;
  for (Attribute &element : attr.elements)
    resolveAlias(aliases, element);
  for (NamedAttribute &entry : attr.entries)
    resolveAlias(aliases, entry.value);
}

void Parser::resolveAliasText(std::vector<NamedAttribute> &attrs) const {
  if (attrAliases.empty())
    return;
  for (NamedAttribute &named : attrs)
    resolveAlias(attrAliases, named.value);
}

} // namespace symshape::frontend
