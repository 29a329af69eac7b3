//===- DimGraph.cpp - The graph of symbolic runtime dims ------------------===//

#include "symshape/solver/DimGraph.h"

#include <algorithm>
#include <boost/graph/edge_list.hpp>
#include <boost/graph/incremental_components.hpp>
#include <boost/pending/disjoint_sets.hpp>
#include <unordered_set>

namespace symshape::solver {

uint32_t DimGraph::hashOf(const TermNode &node) {
  size_t h = std::hash<int64_t>()(node.value) * 31 + size_t(node.kind);
  for (TermId op : node.operands)
    h = h * 1000003u ^ op;
  return IdIndex::mix(h);
}

TermId DimGraph::intern(TermNode node) {
  auto [id, added] =
      interned.insert(hashOf(node), TermId(terms.size()), [&](TermId other) {
        const TermNode &known = terms[other];
        return known.kind == node.kind && known.value == node.value &&
               known.operands == node.operands;
      });
  if (!added)
    return id;
  uint64_t degree = 0;
  for (TermId op : node.operands)
    degree = node.kind == TermKind::Mul || node.kind == TermKind::Div
                 ? degree + terms[op].degree
                 : std::max<uint64_t>(degree, terms[op].degree);
  node.degree = uint32_t(std::min<uint64_t>(degree, 1u << 30));
  greatestDegree = std::max(greatestDegree, node.degree);
  terms.push_back(std::move(node));
  for (TermId op : terms[id].operands)
    edgeList.push_back({id, op, Relation::DerivedFrom});
  return id;
}

TermId DimGraph::constant(int64_t value) {
  TermNode node;
  node.kind = TermKind::Const;
  node.value = value;
  return intern(std::move(node));
}

TermId DimGraph::symbol(std::string name, SymbolOrigin origin) {
  TermId id = TermId(terms.size());
  TermNode node;
  node.kind = TermKind::Symbol;
  node.degree = 1;
  // A symbol's id in symbolNames is its index in symbolTable.
  const uint32_t index = uint32_t(symbolTable.size());
  node.symbol = index;
  // Symbols are never interned: two `?` dims are two unknowns.
  terms.push_back(std::move(node));
  auto nameOf = [&](std::string_view wanted) {
    return [this, wanted](uint32_t other) {
      return symbolTable[other].name == wanted;
    };
  };
  if (!symbolNames.insert(IdIndex::mix(name), index, nameOf(name)).second) {
    // "%v[3]" -> "%v_2[3]": the suffix goes on the value name, so the
    // result still reads as a REF of SEMANTICS.md §6.
    size_t cut = name.size();
    if (!name.empty() && name.back() == ']') {
      size_t open = name.rfind('[');
      if (open != std::string::npos)
        cut = open;
    }
    std::string unique;
    for (unsigned &k = nextSuffix.emplace(name, 2u).first->second;;) {
      unique =
          name.substr(0, cut) + "_" + std::to_string(k++) + name.substr(cut);
      if (!symbolNames.find(IdIndex::mix(unique), nameOf(unique)))
        break;
    }
    symbolNames.insert(IdIndex::mix(unique), index, nameOf(unique));
    name = std::move(unique);
  }
  symbolTable.push_back({std::move(name), origin, id});
  return id;
}

std::optional<int64_t> DimGraph::constantValue(TermId id) const {
  if (terms[id].kind != TermKind::Const)
    return std::nullopt;
  return terms[id].value;
}

std::vector<TermId> DimGraph::broadcastLeaves(TermId id) const {
  if (terms[id].kind == TermKind::Broadcast)
    return terms[id].operands;
  return {id};
}

/// Collects the operands of a broadcast (flattening nested broadcasts when
/// `flatten`), without 1s, sorted and deduplicated.
static std::vector<TermId> gather(const DimGraph &graph,
                                  const std::vector<TermId> &operands,
                                  bool flatten) {
  std::vector<TermId> leaves;
  // Two operands, neither a broadcast (nearly every column of a model):
  // no sort of a vector for two entries.
  if (operands.size() == 2 &&
      graph.term(operands[0]).kind != TermKind::Broadcast &&
      graph.term(operands[1]).kind != TermKind::Broadcast) {
    TermId a = std::min(operands[0], operands[1]);
    TermId b = std::max(operands[0], operands[1]);
    leaves.reserve(2);
    const std::optional<int64_t> one = 1;
    if (graph.constantValue(a) != one)
      leaves.push_back(a);
    if (b != a && graph.constantValue(b) != one)
      leaves.push_back(b);
    return leaves;
  }
  for (TermId op : operands) {
    if (flatten && graph.term(op).kind == TermKind::Broadcast)
      leaves.insert(leaves.end(), graph.term(op).operands.begin(),
                    graph.term(op).operands.end());
    else if (graph.constantValue(op) != std::optional<int64_t>(1))
      leaves.push_back(op);
  }
  std::sort(leaves.begin(), leaves.end());
  leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
  return leaves;
}

std::vector<TermId>
DimGraph::broadcastOperands(const std::vector<TermId> &operands) const {
  std::vector<TermId> leaves = gather(*this, operands, /*flatten=*/true);
  // Flat sets make equal broadcasts one term; past a few leaves (a chain
  // adding a new size at every op) they would make the formulas quadratic,
  // so the nesting stays (the value is the same under "no violation").
  if (leaves.size() > kMaxFlatLeaves)
    leaves = gather(*this, operands, /*flatten=*/false);
  return leaves;
}

TermId DimGraph::broadcast(std::vector<TermId> operands) {
  std::vector<TermId> leaves = broadcastOperands(operands);
  if (leaves.empty())
    return constant(1);
  // A static size other than 1 fixes the value of the column.
  for (TermId leaf : leaves)
    if (constantValue(leaf))
      return leaf;
  if (leaves.size() == 1)
    return leaves.front();
  TermNode node;
  node.kind = TermKind::Broadcast;
  node.operands = std::move(leaves);
  return intern(std::move(node));
}

static bool checkedOp(TermKind kind, int64_t a, int64_t b, int64_t &out) {
  switch (kind) {
  case TermKind::Add:
    return !__builtin_add_overflow(a, b, &out);
  case TermKind::Sub:
    return !__builtin_sub_overflow(a, b, &out);
  case TermKind::Mul:
    return !__builtin_mul_overflow(a, b, &out);
  default:
    return false;
  }
}

TermId DimGraph::add(TermId lhs, TermId rhs) {
  std::optional<int64_t> a = constantValue(lhs), b = constantValue(rhs);
  int64_t folded;
  if (a && b && checkedOp(TermKind::Add, *a, *b, folded))
    return constant(folded);
  if (a == std::optional<int64_t>(0))
    return rhs;
  if (b == std::optional<int64_t>(0))
    return lhs;
  // (x + c1) + c2 is x + (c1 + c2): a chain of `+ 1`s (index arithmetic)
  // stays one term deep instead of one level per op.
  if (a && !b)
    std::swap(lhs, rhs), std::swap(a, b);
  if (b && terms[lhs].kind == TermKind::Add) {
    const std::vector<TermId> &ops = terms[lhs].operands;
    for (size_t i = 0; i < 2; ++i) {
      std::optional<int64_t> c = constantValue(ops[i]);
      int64_t sum;
      if (c && !__builtin_add_overflow(*c, *b, &sum))
        return add(ops[1 - i], constant(sum));
    }
  }
  TermNode node;
  node.kind = TermKind::Add;
  node.operands = {std::min(lhs, rhs), std::max(lhs, rhs)};
  return intern(std::move(node));
}

TermId DimGraph::sub(TermId lhs, TermId rhs) {
  std::optional<int64_t> a = constantValue(lhs), b = constantValue(rhs);
  int64_t folded;
  if (a && b && checkedOp(TermKind::Sub, *a, *b, folded))
    return constant(folded);
  if (b == std::optional<int64_t>(0))
    return lhs;
  if (lhs == rhs)
    return constant(0);
  TermNode node;
  node.kind = TermKind::Sub;
  node.operands = {lhs, rhs};
  return intern(std::move(node));
}

/// The factors of a product: the leaves of the tree of Mul nodes under
/// `root` (nested products flattened), in `factors`. False when there are
/// more than `limit` (a product built by squaring is a DAG whose tree is
/// exponential: the walk stops early).
static bool gatherFactors(const DimGraph &graph, TermId root, size_t limit,
                          std::vector<TermId> &factors) {
  std::vector<TermId> stack{root};
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    const TermNode &node = graph.term(t);
    if (node.kind == TermKind::Mul) {
      stack.insert(stack.end(), node.operands.begin(), node.operands.end());
      continue;
    }
    if (factors.size() == limit)
      return false;
    factors.push_back(t);
  }
  return true;
}

TermId DimGraph::mul(TermId lhs, TermId rhs) {
  std::optional<int64_t> a = constantValue(lhs), b = constantValue(rhs);
  int64_t folded;
  if (a && b && checkedOp(TermKind::Mul, *a, *b, folded))
    return constant(folded);
  if (a == std::optional<int64_t>(0) || b == std::optional<int64_t>(0))
    return constant(0);
  if (a == std::optional<int64_t>(1))
    return rhs;
  if (b == std::optional<int64_t>(1))
    return lhs;
  if (std::optional<TermId> canonical = canonicalProduct(lhs, rhs))
    return *canonical;
  TermNode node;
  node.kind = TermKind::Mul;
  node.operands = {std::min(lhs, rhs), std::max(lhs, rhs)};
  return intern(std::move(node));
}

std::optional<TermId> DimGraph::canonicalProduct(TermId lhs, TermId rhs) {
  // One spelling per product, so that equal products are one term (an
  // element count b * s * h and its regrouping b * (s * h) fold without a
  // solver): the factors of both sides, flattened and sorted, the
  // constants folded into one coefficient in front, built as the chain
  // c * (((f1 * f2) * f3) * ... * fn). Exact: integer products are
  // associative and commutative.
  std::vector<TermId> factors;
  if (!gatherFactors(*this, lhs, kMaxFlatFactors, factors) ||
      !gatherFactors(*this, rhs, kMaxFlatFactors, factors))
    return std::nullopt;
  int64_t coefficient = 1;
  std::vector<TermId> unknowns;
  for (TermId f : factors) {
    if (std::optional<int64_t> c = constantValue(f)) {
      if (__builtin_mul_overflow(coefficient, *c, &coefficient))
        return std::nullopt; // kept as written: the overflow stays visible
    } else {
      unknowns.push_back(f);
    }
  }
  if (coefficient == 0)
    return constant(0);
  std::sort(unknowns.begin(), unknowns.end());
  if (unknowns.empty())
    return constant(coefficient);
  auto product = [&](TermId x, TermId y) {
    TermNode node;
    node.kind = TermKind::Mul;
    node.operands = {std::min(x, y), std::max(x, y)};
    return intern(std::move(node));
  };
  TermId chain = unknowns.front();
  for (size_t i = 1; i < unknowns.size(); ++i)
    chain = product(chain, unknowns[i]);
  return coefficient == 1 ? chain : product(constant(coefficient), chain);
}

/// Floor division as TermKind::Div defines it.
static int64_t floorDivide(int64_t a, int64_t b) {
  if (b == 0)
    return 0;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

TermId DimGraph::floorDiv(TermId lhs, TermId rhs) {
  std::optional<int64_t> a = constantValue(lhs), b = constantValue(rhs);
  if (a && b && !(*a == INT64_MIN && *b == -1))
    return constant(floorDivide(*a, *b));
  if (b == std::optional<int64_t>(1))
    return lhs;
  if (a == std::optional<int64_t>(0))
    return constant(0);
  // (x * k) / c with c dividing k is x * (k / c): a reshape's `-1` over a
  // product that holds the known sizes folds back to the unknown one.
  if (b && *b > 0 && terms[lhs].kind == TermKind::Mul) {
    const std::vector<TermId> &ops = terms[lhs].operands;
    for (size_t i = 0; i < 2; ++i) {
      std::optional<int64_t> k = constantValue(ops[i]);
      if (k && *k % *b == 0)
        return mul(ops[1 - i], constant(*k / *b));
    }
  }
  TermNode node;
  node.kind = TermKind::Div;
  node.operands = {lhs, rhs};
  return intern(std::move(node));
}

TermId DimGraph::max(TermId lhs, TermId rhs) {
  std::optional<int64_t> a = constantValue(lhs), b = constantValue(rhs);
  if (a && b)
    return constant(std::max(*a, *b));
  if (lhs == rhs)
    return lhs;
  TermNode node;
  node.kind = TermKind::Max;
  node.operands = {std::min(lhs, rhs), std::max(lhs, rhs)};
  return intern(std::move(node));
}

TermId DimGraph::min(TermId lhs, TermId rhs) {
  std::optional<int64_t> a = constantValue(lhs), b = constantValue(rhs);
  if (a && b)
    return constant(std::min(*a, *b));
  if (lhs == rhs)
    return lhs;
  TermNode node;
  node.kind = TermKind::Min;
  node.operands = {std::min(lhs, rhs), std::max(lhs, rhs)};
  return intern(std::move(node));
}

std::optional<bool> DimGraph::decideEq(TermId a, TermId b) const {
  if (a == b)
    return true;
  std::optional<int64_t> x = constantValue(a), y = constantValue(b);
  if (x && y)
    return *x == *y;
  // A size that cannot be negative is never a negative constant.
  if ((y && *y < 0 && provablyNonNegative(a)) ||
      (x && *x < 0 && provablyNonNegative(b)))
    return false;
  return std::nullopt;
}

std::optional<bool> DimGraph::decideLe(TermId a, TermId b) const {
  if (a == b)
    return true;
  std::optional<int64_t> x = constantValue(a), y = constantValue(b);
  if (x && y)
    return *x <= *y;
  if (x && *x <= 0 && provablyNonNegative(b))
    return true; // c <= 0 <= b
  if (y && *y < 0 && provablyNonNegative(a))
    return false; // a >= 0 > c
  return std::nullopt;
}

TermId DimGraph::selectEq(TermId a, TermId b, TermId then, TermId otherwise) {
  if (then == otherwise)
    return then;
  if (std::optional<bool> holds = decideEq(a, b))
    return *holds ? then : otherwise;
  TermNode node;
  node.kind = TermKind::SelectEq;
  node.operands = {std::min(a, b), std::max(a, b), then, otherwise};
  return intern(std::move(node));
}

TermId DimGraph::selectLe(TermId a, TermId b, TermId then, TermId otherwise) {
  if (then == otherwise)
    return then;
  if (std::optional<bool> holds = decideLe(a, b))
    return *holds ? then : otherwise;
  TermNode node;
  node.kind = TermKind::SelectLe;
  node.operands = {a, b, then, otherwise};
  return intern(std::move(node));
}

bool DimGraph::provablyNonNegative(TermId id) const {
  const TermNode &node = terms[id];
  switch (node.kind) {
  case TermKind::Const:
    return node.value >= 0;
  case TermKind::Symbol:
    return symbolTable[node.symbol].origin != SymbolOrigin::Scalar;
  case TermKind::Broadcast:
  case TermKind::Add:
  case TermKind::Mul:
  case TermKind::Min:
    for (TermId op : node.operands)
      if (!provablyNonNegative(op))
        return false;
    return true;
  case TermKind::Max: // at least either operand
    for (TermId op : node.operands)
      if (provablyNonNegative(op))
        return true;
    return false;
  case TermKind::Div: {
    std::optional<int64_t> divisor = constantValue(node.operands[1]);
    return divisor && *divisor > 0 && provablyNonNegative(node.operands[0]);
  }
  case TermKind::Sub: {
    // max(x, y) - x and x - min(x, y) are never negative.
    const TermNode &lhs = terms[node.operands[0]];
    const TermNode &rhs = terms[node.operands[1]];
    auto holds = [](const TermNode &n, TermId t) {
      return std::find(n.operands.begin(), n.operands.end(), t) !=
             n.operands.end();
    };
    return (lhs.kind == TermKind::Max && holds(lhs, node.operands[1])) ||
           (rhs.kind == TermKind::Min && holds(rhs, node.operands[0]));
  }
  case TermKind::SelectEq:
  case TermKind::SelectLe: // either branch
    return provablyNonNegative(node.operands[2]) &&
           provablyNonNegative(node.operands[3]);
  }
  return false;
}

void DimGraph::relate(TermId a, TermId b, Relation relation) {
  if (a != b)
    edgeList.push_back({a, b, relation});
}

void DimGraph::addLabel(TermId id, std::string label) {
  labelTable[id].push_back(std::move(label));
}

const std::vector<std::string> &DimGraph::labels(TermId id) const {
  static const std::vector<std::string> none;
  auto it = labelTable.find(id);
  return it == labelTable.end() ? none : it->second;
}

Components DimGraph::components() const {
  if (hasComponents && componentsTerms == terms.size() &&
      componentsEdges == edgeList.size())
    return lastComponents;
  // Boost.Graph's incremental components (disjoint sets, union by rank
  // and path compression) over the edges, read as an edge-list graph:
  // building an adjacency list to search cost a list node per edge, 7 ms
  // of judging a 100k-op function. Components are numbered as
  // boost::connected_components numbers them, by their first term.
  const uint32_t n = uint32_t(terms.size());
  std::vector<uint32_t> rank(n), parent(n);
  boost::disjoint_sets<uint32_t *, uint32_t *> sets(rank.data(), parent.data());
  for (uint32_t t = 0; t < n; ++t)
    sets.make_set(t);
  // A constant has no unknowns: two dims that only meet a shared constant
  // (both >= 0, both compared with 4) are independent problems.
  std::vector<std::pair<uint32_t, uint32_t>> linking;
  linking.reserve(edgeList.size());
  for (const Edge &edge : edgeList)
    if (terms[edge.a].kind != TermKind::Const &&
        terms[edge.b].kind != TermKind::Const)
      linking.emplace_back(edge.a, edge.b);
  auto graph = boost::make_edge_list(linking.begin(), linking.end());
  boost::incremental_components(graph, sets);
  constexpr uint32_t kUnnumbered = ~0u;
  std::vector<uint32_t> number(n, kUnnumbered);
  Components result;
  result.of.resize(n);
  result.count = 0;
  for (uint32_t t = 0; t < n; ++t) {
    uint32_t &root = number[sets.find_set(t)];
    if (root == kUnnumbered)
      root = result.count++;
    result.of[t] = root;
  }
  lastComponents = result;
  componentsTerms = terms.size();
  componentsEdges = edgeList.size();
  hasComponents = true;
  return result;
}

std::optional<int64_t> applyTerm(TermKind kind,
                                 const std::vector<int64_t> &ops) {
  int64_t out = 0;
  switch (kind) {
  case TermKind::Broadcast:
    if (ops.empty())
      return std::nullopt;
    for (int64_t v : ops)
      if (v != 1)
        return v;
    return ops.back();
  case TermKind::Add:
    return __builtin_add_overflow(ops[0], ops[1], &out) ? std::nullopt
                                                        : std::optional(out);
  case TermKind::Sub:
    return __builtin_sub_overflow(ops[0], ops[1], &out) ? std::nullopt
                                                        : std::optional(out);
  case TermKind::Mul:
    return __builtin_mul_overflow(ops[0], ops[1], &out) ? std::nullopt
                                                        : std::optional(out);
  case TermKind::Div: {
    int64_t a = ops[0], b = ops[1];
    if (b == 0)
      return 0;
    if (a == INT64_MIN && b == -1)
      return std::nullopt;
    int64_t q = a / b;
    if (a % b != 0 && (a < 0) != (b < 0))
      --q; // floor
    return q;
  }
  case TermKind::Max:
    return std::max(ops[0], ops[1]);
  case TermKind::Min:
    return std::min(ops[0], ops[1]);
  case TermKind::SelectEq:
    return ops[0] == ops[1] ? ops[2] : ops[3];
  case TermKind::SelectLe:
    return ops[0] <= ops[1] ? ops[2] : ops[3];
  case TermKind::Const:
  case TermKind::Symbol:
    break;
  }
  return std::nullopt;
}

std::vector<TermId> DimGraph::symbolsOf(TermId id) const {
  std::vector<TermId> result;
  std::vector<TermId> stack{id};
  std::unordered_set<TermId> seen;
  while (!stack.empty()) {
    TermId t = stack.back();
    stack.pop_back();
    if (!seen.insert(t).second)
      continue;
    if (terms[t].kind == TermKind::Symbol)
      result.push_back(t);
    for (TermId op : terms[t].operands)
      stack.push_back(op);
  }
  std::sort(result.begin(), result.end(), [&](TermId a, TermId b) {
    return terms[a].symbol < terms[b].symbol;
  });
  return result;
}

} // namespace symshape::solver
