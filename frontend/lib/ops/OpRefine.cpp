//===- OpRefine.cpp - Which ops `refine` may rewrite
//------------------------===//

#include "symshape/frontend/OpRefine.h"

#include "OpTable.h"

namespace symshape::frontend {

bool opRefinesResults(std::string_view name) {
  const OpEntry *entry = findOp(name);
  return entry && (entry->refine & kRefineResults);
}

bool opRefinesOperands(std::string_view name) {
  const OpEntry *entry = findOp(name);
  return entry && (entry->refine & kRefineOperands);
}

bool opIsShapeCast(std::string_view name) {
  return opRole(name) == OpRole::Cast;
}

bool opIsAssertion(std::string_view name) {
  return opRole(name) == OpRole::Assert;
}

bool opIsCustomCall(std::string_view name) {
  return opRole(name) == OpRole::CustomCall;
}

} // namespace symshape::frontend
