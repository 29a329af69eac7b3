//===- Expected.cpp - Expected verdicts from the oracle's runs ------------===//

#include "Expected.h"

namespace symshape::models {

solver::Verdict expectedVerdict(size_t reaching, size_t violating) {
  if (reaching == 0)
    return solver::Verdict::Unreachable;
  if (violating == 0)
    return solver::Verdict::Safe;
  return violating == reaching ? solver::Verdict::UbGuaranteed
                               : solver::Verdict::UbPossible;
}

void forEachAssignment(const std::vector<std::string> &symbols,
                       const Assignment &fixed, int64_t lo, int64_t hi,
                       const std::function<bool(const Assignment &)> &visit) {
  std::vector<std::string> free;
  for (const std::string &s : symbols)
    if (!fixed.count(s))
      free.push_back(s);
  Assignment a = fixed;
  for (const std::string &s : free)
    a[s] = lo;
  while (true) {
    if (!visit(a))
      return;
    size_t i = 0;
    for (; i < free.size(); ++i) {
      if (++a[free[i]] <= hi)
        break;
      a[free[i]] = lo;
    }
    if (i == free.size())
      return;
  }
}

std::string Replay::why() const {
  if (replayed)
    return "";
  return firstUb ? " first UB at op #" + std::to_string(*firstUb) : " no UB";
}

Replay replayWitness(const Oracle &oracle, const frontend::Function &fn,
                     const Assignment &fixed, size_t op, int64_t lo,
                     int64_t hi) {
  Replay out;
  forEachAssignment(Oracle::symbols(fn), fixed, lo, hi,
                    [&](const Assignment &a) {
                      OracleResult r = oracle.run(fn, a);
                      out.replayed = r.ub && r.ub->opIndex == op;
                      if (r.ub && !out.firstUb)
                        out.firstUb = r.ub->opIndex;
                      return !out.replayed;
                    });
  return out;
}

} // namespace symshape::models
