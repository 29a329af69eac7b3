//===- Registry.cpp - Seed 000's static causes against the op registry ----===//
//
// The op rules' one registry is the oracle of tests/models (issue 41). The
// classifier's two models are of static verifiers (MLIR 16's C++ verifier,
// seed 000's compile-time Verify), which a runtime registry cannot state;
// what the registry can say is whether a cause seed 000 finds is a runtime
// failure too. Three causes are certain failures at every size: two
// unequal static operand sizes neither 1 (operand-clash), an inferred
// static size under a different declared one (dim-mismatch, inferred-one;
// a `?` next to it must be 1 or that size). For each program with one of
// them and every operand ranked, the registry must find UB at the op with
// every `?` at 1 and with every `?` at 2 (Broadcast.cpp's runtime
// InferShape and the driver's result-cast).
//
//===----------------------------------------------------------------------===//

#include "Judge.h"

#include "oracle/Oracle.h"

namespace symshape::differential {

std::string registryDisagrees(const Program &program,
                              const std::vector<Cause> &causes,
                              const frontend::Module &module,
                              const frontend::Function &fn, Tally &tally) {
  bool certain = false;
  for (const Cause &cause : causes)
    certain |= cause.reason == Reason::OperandClash ||
               cause.reason == Reason::DimMismatch ||
               cause.reason == Reason::InferredOne;
  for (size_t i = 0; i < program.operands.size(); ++i)
    certain = certain && program.operand(i).ranked;
  if (!certain)
    return "";
  ++tally.registryChecked;
  models::Oracle registry(module);
  for (int64_t size : {1, 2}) {
    models::Assignment sizes;
    for (const std::string &name : models::Oracle::symbols(fn))
      sizes[name] = size;
    models::OracleResult r = registry.run(fn, sizes);
    if (r.ub && r.ub->opIndex == 0)
      continue;
    return "the oracle registry finds " +
           (r.ub ? "UB at op #" + std::to_string(r.ub->opIndex)
            : !r.unsupported.empty()
                ? "it cannot run the op (" + r.unsupported + ")"
                : std::string("no UB")) +
           " with every ? at " + std::to_string(size) +
           ", where seed 000's cause fails at every size";
  }
  return "";
}

} // namespace symshape::differential
