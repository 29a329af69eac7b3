//===- ExportCompareInternal.h - The comparison's shared pieces -*- C++ -*-===//
//
// Internal to ExportCompare*.cpp: a finding as symshape's JSON report
// states it, the small helpers the pieces share, and the Comparison of one
// program (the oracle's side against the tool's side), whose methods are
// spread over ExportCompare.cpp (reading the report, replaying witnesses,
// the run), ExportCompareJudge.cpp (judging each op instance and the
// contract) and ExportCompareImplied.cpp (the implied_by of safe checks).
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_EXPORTCOMPAREINTERNAL_H
#define SYMSHAPE_EXPORTERS_EXPORTCOMPAREINTERNAL_H

#include "ExportCompare.h"

#include "Expr.h"
#include "Instances.h"
#include "Json.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace symshape::exporters::detail {

struct Finding {
  std::string function, loc, op, kind, verdict, condition, message;
  bool hasCondition = false, hasWitness = false, hasImpliedBy = false;
  Sizes witness;
  std::vector<std::string> callStack;
  std::vector<std::string> impliedBy; ///< "file:line:col" each
};

bool nonSafe(const std::string &verdict);

/// "file:12:5" -> "12:5"
std::string lineCol(const std::string &loc);

std::string str(const Json *j);

const frontend::Function *findFunction(const frontend::Module &m,
                                       const std::string &name);

std::string sizesText(const models::Assignment &a);

/// "12>40" -> {12, 40}
std::vector<size_t> keyPath(const std::string &key);

/// One comparison: the program, the oracle's side and the tool's side.
class Comparison {
public:
  Comparison(const ExportProgram &p, const CompareOptions &o, ExportStats &s)
      : p(p), options(o), stats(s),
        tag(!p.origin.empty() ? p.origin + ": "
                              : std::string(familyName(p.family)) + " seed " +
                                    std::to_string(p.seed) + " (" +
                                    variantName(p.variant) + "): ") {}
  void run();

private:
  const ExportProgram &p;
  const CompareOptions &options;
  ExportStats &stats;
  std::string tag;
  OpTable twinOps, textOps;
  std::map<std::string, size_t> opAtLine; ///< "line:col" -> op index
  const frontend::Module *twin = nullptr;
  const frontend::Function *entry = nullptr;
  BruteForce bf;
  std::map<std::string, std::vector<Finding>> byInstance;

  void fail(const std::string &msg) { stats.failures.push_back(tag + msg); }
  std::string describe(const std::string &key) const;
  bool instanceOf(const Finding &f, std::string &key);
  void judgeInstance(const std::string &key,
                     const std::vector<Finding> &findings);
  void replay(const std::string &key, const Finding &f, bool check);
  /// Whether the oracle, run on `f`'s witness (unnamed sizes 1), stops at
  /// (or has UB at) the op instance `key`.
  bool witnessFails(const std::string &key, const Finding &f, bool check);
  void checkContract(const Json &fn);
  /// SPEC 4 "implied_by" of every safe runtime check (issue 22).
  void checkImplied();
  /// Whether every finding of the check op `op`, in every instance, is
  /// safe: `refine --drop-redundant-checks` deletes it.
  bool redundantCheck(size_t op) const;
  /// The op indices (of the entry function and the functions it calls)
  /// run before the op instance `key` on every path that reaches it.
  std::set<size_t> runBefore(const std::string &key) const;
  void addAlwaysRun(size_t op, std::set<size_t> &out,
                    std::set<std::string> &entered) const;
  /// Per assignment of the box, how a run of a variant ended.
  enum Outcome : char { Passed, FailedC, UbBefore, StoppedElsewhere };
  struct VariantRuns {
    std::vector<char> outcome;
    std::vector<size_t> stoppedAt; ///< the check op, for StoppedElsewhere
  };
  /// Runs the twin with every runtime check outside `keep` made a
  /// passing no-op; `key` is the judged check's instance (empty when the
  /// oracle could not run the variant).
  std::optional<VariantRuns> runWithOnly(const std::set<size_t> &keep,
                                         const std::string &key);
};

} // namespace symshape::exporters::detail

#endif // SYMSHAPE_EXPORTERS_EXPORTCOMPAREINTERNAL_H
