//===- BroadcastNesting.h - Which terms a broadcast holds ------*- C++ -*-===//
//
// Long chains of broadcasts nest (DimGraph::kMaxFlatLeaves): a chain that
// adds a new size at every op is a broadcast of the previous broadcast and
// the new size. Asking which sizes lie under such a broadcast by walking
// it costs the chain's length; this index answers in about logarithmic
// time along each broadcast's heavy chain, its newest broadcast operand,
// then that one's, and so on:
//
//   %t9 = broadcast(%t8, %a9)   heavy chain %t9, %t8, %t7, ..., %t1
//
// Each broadcast records the atoms (terms that are not broadcasts) it
// holds that its heavy operand does not: its delta. The atoms under a
// broadcast are the deltas along its heavy chain, so an atom lies under it
// exactly when a broadcast whose delta holds the atom is on that chain.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_SOLVER_BROADCASTNESTING_H
#define SYMSHAPE_SOLVER_BROADCASTNESTING_H

#include "symshape/solver/DimGraph.h"

#include <cstdint>
#include <vector>

namespace symshape::solver::detail {

class BroadcastNesting {
public:
  /// Indexes the broadcasts of `graph` as it is now (terms made later are
  /// not known: `under` answers Unknown for them).
  explicit BroadcastNesting(const DimGraph &graph);

  enum class Answer { Yes, No, Unknown };
  /// Whether `target` is `root` or lies under it through broadcast
  /// operands. For an atom the answer is exact unless the deltas on
  /// root's chain were too costly to record; for a broadcast, Yes when it
  /// is on root's heavy chain, else Unknown (its atoms can be asked).
  Answer under(TermId target, TermId root) const;

  /// The broadcast operand of `t` with the greatest id (kNoTerm: none).
  TermId heavy(TermId t) const {
    return t < heavyOf.size() ? heavyOf[t] : kNoTerm;
  }
  /// The atoms under broadcast `t` that are not under heavy(t), sorted;
  /// nullptr when they were not recorded (too costly, or not a broadcast).
  const std::vector<TermId> *delta(TermId t) const;

private:
  /// Whether `target` is on `root`'s heavy chain.
  bool onChain(TermId root, TermId target) const;
  /// Whether atom `a` is in a delta on `root`'s chain.
  bool inDeltas(TermId a, TermId root) const;
  /// Records t's delta (construction, in id order); false when it costs
  /// more than `budget` steps (which it spends).
  bool record(TermId t, size_t &budget);

  const DimGraph &graph;
  std::vector<TermId> heavyOf;
  /// Skew-binary jump pointers along heavy chains (Myers): a term further
  /// down the chain, far enough that a search takes logarithmically many
  /// steps; the term itself at a chain's end.
  std::vector<TermId> jumpOf;
  std::vector<uint32_t> depthOf;
  std::vector<std::vector<TermId>> deltas;
  /// 1 when t's delta was recorded, and every delta down its chain.
  std::vector<uint8_t> exact;
  /// Per atom: the broadcasts whose delta holds it, in id order.
  std::vector<std::vector<TermId>> holders;
  /// Per atom: the broadcasts that have it as an operand, in id order.
  std::vector<std::vector<TermId>> users;
};

} // namespace symshape::solver::detail

#endif // SYMSHAPE_SOLVER_BROADCASTNESTING_H
