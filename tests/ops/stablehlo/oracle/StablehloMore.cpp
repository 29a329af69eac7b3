//===- StablehloMore.cpp - top_k, ragged_dot, rng_bit_generator -----------===//
//
// From each op's documentation, at runtime sizes:
//
//   chlo.top_k / mhlo.topk (XLA's TopK, ChloOps.td): the k largest (or
//     smallest) entries along the last dim: values and indices have the
//     operand's shape with the last dim k, which needs k of them there.
//   chlo.ragged_dot / mhlo.ragged_dot (XLA's RaggedDot): a dot_general
//     whose lhs ragged dim is split into g groups by group_sizes; the rhs
//     holds one matrix per group along its group dim when the ragged dim
//     is a free one, and the result gains a leading g when it is a
//     contracted one. group_sizes is [g], or the lhs dims before the
//     ragged one that index groups (batch dims, then the contracted or free
//     dims before it) followed by g.
//   rng_bit_generator (StableHLO spec): output_state is initial_state's
//     type (C1); output has its declared static shape.
//
//===----------------------------------------------------------------------===//

#include "OracleImpl.h"

#include <algorithm>

namespace symshape::models::oracle {

static std::string s(int64_t v) { return std::to_string(v); }

static bool topK(Eval &e) {
  const Shape *in = e.shape(0);
  std::optional<int64_t> k = e.integer("k");
  if (!in || !k)
    return in ? e.unsupported("k not readable") : false;
  if (in->empty() || *k < 0)
    return e.unsupported("rank-0 operand or negative k");
  Shape out = *in;
  if (!e.require(in->back() >= *k, "top_k: last dim " + s(in->back()) +
                                       " holds fewer than k = " + s(*k)))
    return false;
  out.back() = *k;
  return e.setResult(0, out) && e.setResult(1, out);
}

static bool has(const std::vector<int64_t> &v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

static bool raggedDot(Eval &e) {
  const Shape *lhs = e.shape(0), *rhs = e.shape(1), *gs = e.shape(2);
  const frontend::Attribute *a = e.attr("ragged_dot_dimension_numbers");
  if (!lhs || !rhs || !gs)
    return false;
  if (!a)
    return e.unsupported("no ragged_dot_dimension_numbers");
  auto list = [&](const char *key) {
    return a->text.find(key) == std::string::npos
               ? std::optional<std::vector<int64_t>>(std::vector<int64_t>())
               : intListAfter(a->text, key);
  };
  auto lb = list("lhs_batching_dimensions"),
       rb = list("rhs_batching_dimensions"),
       lc = list("lhs_contracting_dimensions"),
       rc = list("rhs_contracting_dimensions"),
       ragged = list("lhs_ragged_dimensions"),
       group = list("rhs_group_dimensions");
  if (!lb || !rb || !lc || !rc || !ragged || !group || ragged->size() != 1 ||
      lb->size() != rb->size() || lc->size() != rc->size() || gs->empty())
    return e.unsupported("dimension numbers not readable or malformed");
  int64_t r = ragged->front();
  auto inRange = [](const std::vector<int64_t> &v, size_t n) {
    return std::all_of(v.begin(), v.end(),
                       [&](int64_t d) { return d >= 0 && size_t(d) < n; });
  };
  if (!inRange(*lb, lhs->size()) || !inRange(*lc, lhs->size()) ||
      !inRange(*rb, rhs->size()) || !inRange(*rc, rhs->size()) ||
      !inRange(*group, rhs->size()) || r < 0 || size_t(r) >= lhs->size())
    return e.unsupported("a dim out of range");
  bool batchMode = has(*lb, r), contractingMode = has(*lc, r);
  if (group->size() != (batchMode || contractingMode ? 0u : 1u))
    return e.unsupported("group dims do not fit the mode");
  // The lhs dims that index group_sizes before g.
  std::vector<int64_t> lead;
  for (int64_t d : *lb) {
    if (batchMode && d == r)
      break;
    lead.push_back(d);
  }
  if (contractingMode)
    for (int64_t d : *lc) {
      if (d == r)
        break;
      lead.push_back(d);
    }
  if (!batchMode && !contractingMode)
    for (int64_t d = 0; d < r; ++d)
      if (!has(*lb, d) && !has(*lc, d))
        lead.push_back(d);
  int64_t g = gs->back();
  if (gs->size() != 1) {
    if (gs->size() != lead.size() + 1)
      return e.unsupported("group_sizes rank");
    for (size_t j = 0; j < lead.size(); ++j)
      if (!e.require((*gs)[j] == (*lhs)[size_t(lead[j])],
                     "group_sizes dim " + s(int64_t(j)) + " is " + s((*gs)[j]) +
                         ", lhs dim " + s(lead[j]) + " is " +
                         s((*lhs)[size_t(lead[j])])))
        return false;
  }
  for (size_t i = 0; i < lb->size(); ++i)
    if (!e.require((*lhs)[size_t((*lb)[i])] == (*rhs)[size_t((*rb)[i])],
                   "batch sizes " + s((*lhs)[size_t((*lb)[i])]) + " and " +
                       s((*rhs)[size_t((*rb)[i])])))
      return false;
  for (size_t i = 0; i < lc->size(); ++i)
    if (!e.require((*lhs)[size_t((*lc)[i])] == (*rhs)[size_t((*rc)[i])],
                   "contracted sizes " + s((*lhs)[size_t((*lc)[i])]) + " and " +
                       s((*rhs)[size_t((*rc)[i])])))
      return false;
  if (!group->empty() &&
      !e.require((*rhs)[size_t(group->front())] == g,
                 "rhs group dim " + s((*rhs)[size_t(group->front())]) +
                     ", groups " + s(g)))
    return false;
  Shape out;
  if (contractingMode)
    out.push_back(g);
  for (int64_t d : *lb)
    out.push_back((*lhs)[size_t(d)]);
  for (size_t d = 0; d < lhs->size(); ++d)
    if (!has(*lb, int64_t(d)) && !has(*lc, int64_t(d)))
      out.push_back((*lhs)[d]);
  for (size_t d = 0; d < rhs->size(); ++d)
    if (!has(*rb, int64_t(d)) && !has(*rc, int64_t(d)) &&
        !has(*group, int64_t(d)))
      out.push_back((*rhs)[d]);
  return e.setResult(0, out);
}

static bool rngBitGenerator(Eval &e) {
  const Shape *state = e.shape(0);
  if (!state)
    return false;
  const frontend::Type &output = e.declaredResult(1);
  if (!output.hasRank() ||
      std::count(output.dims.begin(), output.dims.end(), frontend::kDynamic))
    return e.unsupported("output of a dynamic type");
  // C1: the new state has the initial state's type (the driver checks the
  // declared static dims against it).
  return e.setResult(0, *state) && e.setResult(1, output.dims);
}

static const RuleFile rules(__FILE__, [] {
  add("chlo.top_k", topK);
  add("mhlo.topk", topK);
  add("chlo.ragged_dot", raggedDot);
  add("mhlo.ragged_dot", raggedDot);
  add("stablehlo.rng_bit_generator", rngBitGenerator);
  add("mhlo.rng_bit_generator", rngBitGenerator);
});

} // namespace symshape::models::oracle
