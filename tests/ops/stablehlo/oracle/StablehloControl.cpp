//===- StablehloControl.cpp - StableHLO case, if and while ----------------===//
//
// From the StableHLO spec (docs/spec.md):
//
//   case(index) branches...   runs branches[index], or the last branch when
//                             index < 0 or index >= size(branches); the
//                             results are what it returns
//   if(pred) true, false      runs true_branch when pred, else false_branch
//   while(operands...) cond, body
//                             while cond(values) returns true, values =
//                             body(values); the results are the last values
//
// A branch index or predicate the run does not know, or a loop that runs
// more than kMaxIterations times, is unsupported, never guessed.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

namespace symshape::models::oracle {

namespace {

constexpr size_t kMaxIterations = 1000;

/// The single integer operand `i` holds (a rank-0 tensor or a scalar).
std::optional<int64_t> oneValue(Eval &e, size_t i) {
  std::optional<std::vector<int64_t>> v = e.contents(i);
  if (!v || v->size() != 1)
    return std::nullopt;
  return v->front();
}

/// The op's results are `values`.
bool setResults(Eval &e, const std::vector<RtValue> &values) {
  if (values.size() != e.numResults())
    return e.unsupported("a region returns " + std::to_string(values.size()) +
                         " values for " + std::to_string(e.numResults()) +
                         " results");
  for (size_t r = 0; r < values.size(); ++r) {
    const RtValue &v = values[r];
    if (v.kind == RtValue::Kind::Tensor) {
      if (!e.setResult(r, v.shape, v.data))
        return false;
    } else if (v.kind == RtValue::Kind::Scalar) {
      e.setScalar(r, v.scalar);
    } else {
      return e.unsupported("a region returns a value that is not a tensor");
    }
  }
  return true;
}

bool runBranch(Eval &e, size_t branch) {
  std::vector<RtValue> yielded;
  return e.runRegion(branch, yielded) && setResults(e, yielded);
}

bool caseOp(Eval &e) {
  std::optional<int64_t> index = oneValue(e, 0);
  if (!index)
    return e.unsupported("branch index not known");
  size_t n = e.operation().regions.size();
  if (n == 0)
    return e.unsupported("no branch");
  size_t branch = *index < 0 || uint64_t(*index) >= n ? n - 1 : size_t(*index);
  return runBranch(e, branch);
}

bool ifOp(Eval &e) {
  std::optional<int64_t> pred = oneValue(e, 0);
  if (!pred)
    return e.unsupported("predicate not known");
  if (e.operation().regions.size() != 2)
    return e.unsupported("expects two branches");
  return runBranch(e, *pred != 0 ? 0 : 1);
}

bool whileOp(Eval &e) {
  if (e.operation().regions.size() != 2)
    return e.unsupported("expects a cond and a body region");
  std::vector<RtValue> values;
  for (size_t i = 0; i < e.numOperands(); ++i)
    values.push_back(e.operandValue(i));
  for (size_t k = 0; k <= kMaxIterations; ++k) {
    std::vector<RtValue> cond;
    if (!e.runRegion(0, cond, &values))
      return false;
    if (cond.size() != 1 || !cond[0].data || cond[0].data->size() != 1)
      return e.unsupported("loop condition not known");
    if (cond[0].data->front() == 0)
      return setResults(e, values);
    std::vector<RtValue> next;
    if (!e.runRegion(1, next, &values))
      return false;
    if (next.size() != values.size())
      return e.unsupported("the body returns " + std::to_string(next.size()) +
                           " values for " + std::to_string(values.size()));
    values = std::move(next);
  }
  return e.unsupported("more than " + std::to_string(kMaxIterations) +
                       " iterations");
}

} // namespace

static void registerStablehloControl(const std::string &dialect) {
  add(dialect + "case", caseOp);
  add(dialect + "if", ifOp);
  add(dialect + "while", whileOp);
}

static const RuleFile rules(__FILE__, [] {
  for (const char *dialect : {"stablehlo.", "mhlo."})
    registerStablehloControl(dialect);
});

} // namespace symshape::models::oracle
