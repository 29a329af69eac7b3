//===- CheckerImpl.h - The property checker's class -------------*- C++ -*-===//
//
// Private to Checker*.cpp: the Checker that compares symshape's analysis
// of one Program with the model and the oracle. The structure, verdicts,
// witnesses and conditions are checked in Checker.cpp; the refined shapes
// (the claims read through ValueInfo and ShapeRefinement) in
// CheckerShapes.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_PROPERTY_CHECKERIMPL_H
#define SYMSHAPE_PROPERTY_CHECKERIMPL_H

#include "Checker.h"

#include "Generator.h"
#include "Model.h"
#include "Oracle.h"

#include "symshape/driver/Session.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace symshape::property::checker_impl {

using frontend::FunctionAnalysis;
using solver::Finding;
using solver::Verdict;

std::string describeFinding(const Finding &finding);

/// Compares one program's analysis with the oracle.
class Checker {
public:
  Checker(const Program &program, const Model &model, const Oracle &oracle,
          const FunctionAnalysis &fn, const solver::FunctionVerdicts &verdicts,
          const CheckOptions &options, Tally &tally)
      : program(program), model(model), oracle(oracle), fn(fn),
        verdicts(verdicts), options(options), tally(tally) {}

  /// Checks the model against the oracle registry (CheckerRegistry.cpp),
  /// then symshape against the model.
  void run(const frontend::Module &module) {
    checkRegistry(module);
    if (!checkStructure())
      return;
    for (size_t k = 0; k < model.obligations.size(); ++k) {
      const ModelObligation &ob = model.obligations[k];
      ++tally.obligations;
      ++tally.verdicts[verdicts.findings[k].verdict];
      ++tally.kinds[modelKindName(ob.kind)];
      ++tally.families[ob.kind == ModelKind::Assume
                           ? "assume"
                           : opFamily(program.ops[ob.opIndex].kind)]
                      [verdicts.findings[k].verdict];
      checkVerdict(k);
      checkWitness(k);
    }
    checkConditions();
    if (options.shapes && fn.shapes)
      checkShapes();
  }

private:
  const Program &program;
  const Model &model;
  const Oracle &oracle;
  const FunctionAnalysis &fn;
  const solver::FunctionVerdicts &verdicts; ///< fn's, or a mutated copy
  const CheckOptions &options;
  Tally &tally;
  static constexpr size_t kMaxPerProgram = 3;
  /// Assignments of the box compared with the registry, evenly spaced
  /// (all of a box this small), besides each obligation's examples.
  static constexpr size_t kRegistrySample = 256;
  size_t failures = 0;

  std::string obligationName(size_t k) const {
    const ModelObligation &ob = model.obligations[k];
    std::string out = "obligation #" + std::to_string(k) + " " +
                      modelKindName(ob.kind) + " dim " + std::to_string(ob.dim);
    if (ob.kind == ModelKind::Assume)
      return out + " \"" + program.print(*ob.assume) + "\"";
    return out + " of op #" + std::to_string(ob.opIndex) + " (" + ob.op + ")";
  }

  /// Records a counterexample report; after kMaxPerProgram reports of one
  /// program, only counts (the first ones usually share a cause).
  void fail(const std::string &what, std::optional<size_t> k = std::nullopt,
            const std::string &detail = "") {
    if (tally.failingSeeds.empty() || tally.failingSeeds.back() != program.seed)
      tally.failingSeeds.push_back(program.seed);
    if (++failures > kMaxPerProgram) {
      ++tally.suppressed;
      return;
    }
    std::ostringstream os;
    os << "=== property failure (" << program.options() << "): " << what << "\n"
       << program.text();
    if (k) {
      const Expected &e = oracle.expected()[*k];
      os << obligationName(*k)
         << "\n  symshape: " << describeFinding(verdicts.findings[*k])
         << "\n  expected: " << solver::verdictName(e.verdict) << " ("
         << e.reaching << " reaching assignments, " << e.violating
         << " violating, domain " << oracle.domainText() << ")";
      if (!model.obligations[*k].why.empty())
        os << " static rule: " << model.obligations[*k].why;
      os << "\n";
    }
    if (!detail.empty())
      os << "  " << detail << "\n";
    tally.failures.push_back(os.str());
  }

  std::string assignmentText(size_t index) const {
    return oracle.describe(oracle.assignment(index));
  }

  /// Assignments (indices) where the model is compared with the registry.
  std::set<size_t> registryPoints() const;
  void checkRegistry(const frontend::Module &module);
  bool checkStructure();
  void checkVerdict(size_t k);
  void checkWitness(size_t k);
  void checkConditions();
  std::vector<ShapeClaim> readClaims();
  int claimTerm(const ShapeClaim &claim) const;
  std::string claimName(const ShapeClaim &claim) const;
  void checkShapes();
  void checkShapeApi(const std::vector<ShapeClaim> &claims);
};

} // namespace symshape::property::checker_impl

#endif // SYMSHAPE_PROPERTY_CHECKERIMPL_H
