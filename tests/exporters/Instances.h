//===- Instances.h - Ops, their instances and the brute force ---*- C++ -*-===//
//
// Private to the comparison. An op is known by its index in the module's
// pre-order walk (functions in order; each op, then the ops of its
// regions), so the program as printed and its generic twin, which have
// the same ops, index them alike. An op *instance* is an op reached
// through particular calls: its key is the call ops' indices then the
// op's ("12>40": op 40 inside the callee called by op 12; "7": op 7 at the
// top level).
//
//   OpTable table = OpTable::of(module);
//   BruteForce bf = bruteForce(module, fn, table);
//   bf.instances.at("12>40").bad[k]   // assignment k: UB or failed check
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_EXPORTERS_INSTANCES_H
#define SYMSHAPE_EXPORTERS_INSTANCES_H

#include "oracle/Expected.h"
#include "oracle/Oracle.h"

#include <map>
#include <string>
#include <vector>

namespace symshape::exporters {

struct OpTable {
  std::vector<const frontend::Operation *> ops;
  std::vector<std::string> function; ///< of each op
  /// Where each op sits: the op whose region holds it (-1 at a function's
  /// top level), its block and its position there.
  std::vector<long> parent;
  std::vector<const frontend::Block *> block;
  std::vector<size_t> position;
  std::map<const frontend::Operation *, size_t> index;

  static OpTable of(const frontend::Module &module);
  std::string key(const models::OpInstance &instance) const;
};

/// A runtime check: cf.assert, a shape_assertion custom_call, shape.cstr_*.
bool isCheck(const frontend::Operation &op);

/// Each free symbol in [lo, hi], an integer value (`%n`, not a size
/// `%a[0]`) in [integerLo, hi]; assignment k in mixed radix.
struct Box {
  std::vector<std::string> symbols;
  int64_t lo = 0, hi = 4, integerLo = 0;
  size_t size() const;
  models::Assignment at(size_t k) const;
  /// The lowest value of `symbol`.
  int64_t lowest(const std::string &symbol) const;
};

struct InstanceRuns {
  std::vector<char> reached; ///< per assignment: the run got here
  std::vector<char> bad;     ///< first UB here, or a check failed here
  std::string example;       ///< one rule or check message met here

  size_t reachedCount() const { return count(reached); }
  size_t badCount() const { return count(bad); }
  /// SPEC 4's runtime verdict of the instance by these runs
  /// (models::expectedVerdict).
  solver::Verdict verdict() const {
    return models::expectedVerdict(reachedCount(), badCount());
  }

private:
  static size_t count(const std::vector<char> &v) {
    size_t n = 0;
    for (char c : v)
      n += c != 0;
    return n;
  }
};

struct BruteForce {
  Box box;
  std::map<std::string, InstanceRuns> instances;
  std::vector<char> stopped; ///< per assignment: a check failed
  std::vector<char> ub;      ///< per assignment: some op had UB
  std::string unsupported;   ///< the oracle could not run (then empty)
};

/// Runs `fn` on every assignment of its box ([0, 4], or [0, 3] beyond
/// four symbols; integer values from `integerLo`).
BruteForce bruteForce(const frontend::Module &module,
                      const frontend::Function &fn, const OpTable &table,
                      int64_t integerLo = 0);

} // namespace symshape::exporters

#endif // SYMSHAPE_EXPORTERS_INSTANCES_H
