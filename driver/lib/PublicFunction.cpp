//===- PublicFunction.cpp - symshape::Function over a FunctionAnalysis ----===//
//
// The per-function questions of the public API, each answered by the
// internal session's analysis of that function.
//
//===----------------------------------------------------------------------===//

#include "PublicSession.h"

namespace symshape {

const std::string &Function::name() const {
  return data->analysis->function->name;
}

const std::string &Function::file() const { return data->file->name; }

Location Function::loc() const {
  return detail::toLocation(*data->session, data->analysis->problem->loc);
}

Verdict Function::verdict() const {
  return Verdict(int(data->analysis->verdicts.verdict));
}

std::vector<Finding> Function::findings() const {
  std::vector<Finding> out;
  size_t count = data->analysis->verdicts.findings.size();
  out.reserve(count);
  for (size_t k = 0; k < count; ++k)
    out.push_back(detail::toFinding(*data, k));
  return out;
}

std::vector<Finding> Function::unsafeFindings() const {
  std::vector<Finding> out;
  for (size_t k : data->analysis->unsafeFindings())
    out.push_back(detail::toFinding(*data, k));
  return out;
}

Contract Function::contract() const {
  const solver::Contract &contract = data->analysis->contract;
  Contract out;
  out.checked = contract.checked;
  out.required = contract.requires;
  for (const solver::ContractPart &part : contract.checkedParts)
    out.checkedParts.push_back(part.holds);
  for (const solver::ContractPart &part : contract.requiresParts)
    out.requiredParts.push_back(part.holds);
  out.exact = contract.exact;
  out.reason = contract.reason;
  if (contract.reasonLoc) // as the reports print it
    out.reason +=
        " (at " + data->session->position(*contract.reasonLoc).str() + ")";
  return out;
}

std::vector<OpaqueOp> Function::opaqueOps() const {
  std::vector<OpaqueOp> out;
  for (const solver::OpaqueOp &op : data->analysis->problem->opaque)
    out.push_back(
        {op.op, op.reason, detail::toLocation(*data->session, op.loc)});
  return out;
}

std::vector<Value> Function::values() const {
  std::vector<Value> out;
  for (const frontend::Value &value : data->analysis->function->values)
    out.push_back({"%" + value.name, value.type.str()});
  return out;
}

std::optional<std::vector<std::string>>
Function::shapeOf(const std::string &value) const {
  return data->analysis->shapeOf(value);
}

std::optional<std::string>
Function::refinedTypeOf(const std::string &value) const {
  return data->analysis->refinedTypeOf(value);
}

bool Function::sameSize(const std::string &a, size_t dimA, const std::string &b,
                        size_t dimB) const {
  return data->analysis->sameSize(a, dimA, b, dimB);
}

} // namespace symshape
