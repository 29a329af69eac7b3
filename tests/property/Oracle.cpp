//===- Oracle.cpp - Expected verdicts by enumeration ----------------------===//

#include "Oracle.h"

#include "oracle/Expected.h"

#include <algorithm>

namespace symshape::property {

using solver::Verdict;

int Oracle::phaseOf(const ModelObligation &ob) {
  return ob.kind == ModelKind::ResultCast ? 2 : 1;
}

bool Oracle::assumes(size_t k, size_t j) const {
  const ModelObligation &a = model.obligations[k];
  const ModelObligation &b = model.obligations[j];
  if (j >= k || isError(j))
    return false;
  if (a.kind == ModelKind::Assume || b.kind == ModelKind::Assume)
    return true; // assumptions come first, one after another
  if (a.opIndex != b.opIndex)
    return true;
  return phaseOf(b) < phaseOf(a);
}

void Oracle::judge(size_t k, const std::vector<bool> &reaching) {
  const ModelObligation &ob = model.obligations[k];
  alive[k] = reaching;
  Expected e;
  for (size_t index = 0; index < count; ++index) {
    if (!reaching[index])
      continue;
    ++e.reaching;
    uint8_t v = violated(k, index);
    if (v == 2)
      e.ambiguous = true;
    if (v == 1) {
      ++e.violating;
      if (!e.violatingExample)
        e.violatingExample = index;
    } else if (!e.holdingExample) {
      e.holdingExample = index;
    }
  }
  // An assumption is an error when no assignment satisfies it with the
  // facts and earlier ones; when the facts alone are unsatisfiable (under
  // --min-dim), nothing is reachable and it is not to blame.
  bool error = ob.kind == ModelKind::Assume
                   ? e.reaching != 0 && e.reaching == e.violating
                   : ob.staticError;
  if (error)
    e.verdict = Verdict::Error;
  else if (ob.kind == ModelKind::Assume && e.reaching != 0)
    e.verdict = Verdict::Safe; // a consistent user fact
  else // what every brute-force comparison derives (tests/models/oracle)
    e.verdict = models::expectedVerdict(e.reaching, e.violating);
  verdicts[k] = e;
}

Oracle::Oracle(const Program &program, const Model &model)
    : program(program), model(model) {
  hi = model.domain.high;
  for (const Symbol &symbol : model.symbols) {
    lows.push_back(symbol.unbounded ? model.domain.indexLow : model.domain.low);
    count *= static_cast<size_t>(hi - lows.back() + 1);
  }
  numObligations = model.obligations.size();

  violation.resize(count * numObligations);
  std::vector<bool> facts(count);
  Evaluation eval;
  for (size_t index = 0; index < count; ++index) {
    evaluate(program, model, assignment(index), eval);
    facts[index] = eval.factsHold;
    std::copy(eval.violated.begin(), eval.violated.end(),
              violation.begin() + index * numObligations);
  }

  // SPEC 4: an obligation assumes the assumptions before it, every
  // obligation of earlier ops and, for a result-cast, the rank and operand
  // requirements of its own op -- never a sibling of its op and phase. So
  // the walk goes op by op: each phase of an op starts from the same set.
  std::vector<bool> reaching = facts;
  for (size_t k = 0; k < numObligations;) {
    const ModelObligation &first = model.obligations[k];
    size_t end = k + 1;
    if (first.kind != ModelKind::Assume)
      while (end < numObligations &&
             model.obligations[end].kind != ModelKind::Assume &&
             model.obligations[end].opIndex == first.opIndex)
        ++end;
    alive.resize(end);
    verdicts.resize(end);
    for (int phase : {1, 2}) {
      std::vector<size_t> members;
      for (size_t j = k; j < end; ++j)
        if (phaseOf(model.obligations[j]) == phase)
          members.push_back(j);
      for (size_t j : members)
        judge(j, reaching);
      for (size_t j : members)
        if (!isError(j))
          for (size_t index = 0; index < count; ++index)
            if (reaching[index] && violated(j, index) != 0)
              reaching[index] = false;
    }
    k = end;
  }
  // W: what is still reaching after the last obligation.
  inW.assign(count, false);
  for (size_t index = 0; index < count; ++index) {
    inW[index] = reaching[index];
    numW += reaching[index];
  }
  for (size_t index = 0; index < count; ++index) {
    if (!facts[index])
      continue;
    bool ok = true, undefined = false;
    for (size_t k = 0; k < numObligations && ok; ++k) {
      if (isError(k))
        continue;
      uint8_t v = violated(k, index);
      undefined |= v == 2;
      ok = v != 1;
    }
    undefinedW |= ok && undefined;
  }
}

std::string Oracle::domainText() const {
  std::string out =
      "[" + std::to_string(model.domain.low) + ", " + std::to_string(hi) + "]";
  for (const Symbol &symbol : model.symbols)
    if (symbol.unbounded)
      return out + ", index [" + std::to_string(model.domain.indexLow) + ", " +
             std::to_string(hi) + "]";
  return out;
}

std::vector<int64_t> Oracle::assignment(size_t index) const {
  std::vector<int64_t> values(model.symbols.size());
  for (size_t i = 0; i < values.size(); ++i) {
    size_t width = static_cast<size_t>(hi - lows[i] + 1);
    values[i] = lows[i] + static_cast<int64_t>(index % width);
    index /= width;
  }
  return values;
}

bool Oracle::reachesAt(size_t k, const Evaluation &eval) const {
  if (!eval.factsHold)
    return false;
  for (size_t j = 0; j < k; ++j)
    if (assumes(k, j) && eval.violated[j] != 0)
      return false;
  return true;
}

std::string Oracle::describe(const std::vector<int64_t> &assignment) const {
  std::string out;
  for (size_t i = 0; i < assignment.size(); ++i)
    out += (i ? ", " : "") + model.symbols[i].name + " = " +
           std::to_string(assignment[i]);
  return out.empty() ? "(no free symbols)" : out;
}

namespace {

using frontend::Expr;
using frontend::ExprKind;

/// Evaluates SPEC section 6 expressions on our own terms.
struct ConditionEvaluator {
  const Expr &expr;
  const Program &program;
  const Model &model;
  const Evaluation &eval;

  std::optional<int64_t> term(int id) const {
    const frontend::ExprNode &node = expr.node(id);
    switch (node.kind) {
    case ExprKind::Int:
      return node.value;
    case ExprKind::Ref: {
      int64_t v =
          lookupDim(program, model, eval, node.name, node.dim ? *node.dim : -1);
      if (v == kUndefined)
        return std::nullopt;
      return v;
    }
    case ExprKind::Add:
    case ExprKind::Sub:
    case ExprKind::Mul:
    case ExprKind::FloorDiv:
    case ExprKind::CeilDiv:
    case ExprKind::Mod:
    case ExprKind::Max:
    case ExprKind::Min: {
      std::optional<int64_t> l = term(node.lhs), r = term(node.rhs);
      if (!l || !r)
        return std::nullopt;
      switch (node.kind) {
      case ExprKind::Add:
        return *l + *r;
      case ExprKind::Sub:
        return *l - *r;
      case ExprKind::Mul:
        return *l * *r;
      case ExprKind::Max:
        return std::max(*l, *r);
      case ExprKind::Min:
        return std::min(*l, *r);
      default:
        break;
      }
      // MLIR's affine division: floor, ceiling, and a - b * floor(a / b);
      // by 0: 0, 0 and a (SEMANTICS.md §6).
      if (*r == 0)
        return node.kind == ExprKind::Mod ? *l : 0;
      int64_t floor = *l / *r - ((*l % *r != 0) && ((*l < 0) != (*r < 0)));
      if (node.kind == ExprKind::FloorDiv)
        return floor;
      if (node.kind == ExprKind::CeilDiv)
        return floor + (*l % *r != 0);
      return *l - *r * floor;
    }
    default:
      return std::nullopt;
    }
  }

  std::optional<bool> formula(int id) const {
    const frontend::ExprNode &node = expr.node(id);
    switch (node.kind) {
    case ExprKind::True:
      return true;
    case ExprKind::False:
      return false;
    case ExprKind::Not: {
      std::optional<bool> v = formula(node.lhs);
      return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    case ExprKind::And:
    case ExprKind::Or: {
      std::optional<bool> l = formula(node.lhs), r = formula(node.rhs);
      if (!l || !r)
        return std::nullopt;
      return node.kind == ExprKind::And ? (*l && *r) : (*l || *r);
    }
    case ExprKind::In:
    case ExprKind::NotIn:
    case ExprKind::InRange: {
      std::optional<int64_t> v = term(node.lhs);
      if (!v || (node.kind == ExprKind::InRange && node.set.size() != 2))
        return std::nullopt;
      if (node.kind == ExprKind::InRange)
        return node.set[0] <= *v && *v <= node.set[1];
      bool in =
          std::find(node.set.begin(), node.set.end(), *v) != node.set.end();
      return node.kind == ExprKind::In ? in : !in;
    }
    case ExprKind::Broadcastable: { // the terms not 1 are all equal
      std::optional<int64_t> notOne;
      for (int arg : node.args) {
        std::optional<int64_t> v = term(arg);
        if (!v)
          return std::nullopt;
        if (*v == 1)
          continue;
        if (notOne && *notOne != *v)
          return false;
        notOne = *v;
      }
      return true;
    }
    default:
      break;
    }
    std::optional<int64_t> l = term(node.lhs), r = term(node.rhs);
    if (!l || !r)
      return std::nullopt;
    switch (node.kind) {
    case ExprKind::Eq:
      return *l == *r;
    case ExprKind::Ne:
      return *l != *r;
    case ExprKind::Lt:
      return *l < *r;
    case ExprKind::Le:
      return *l <= *r;
    case ExprKind::Gt:
      return *l > *r;
    case ExprKind::Ge:
      return *l >= *r;
    default:
      return std::nullopt; // an integer term where a formula belongs
    }
  }
};

} // namespace

std::optional<bool> evalCondition(const frontend::Expr &expr,
                                  const Program &program, const Model &model,
                                  const Evaluation &eval) {
  if (expr.root < 0)
    return std::nullopt;
  return ConditionEvaluator{expr, program, model, eval}.formula(expr.root);
}

} // namespace symshape::property
