//===- Evaluate.cpp - The model at one concrete assignment ----------------===//

#include "Model.h"

#include <algorithm>

namespace symshape::property {

namespace {

/// `lhs op rhs`.
bool compare(CmpOp op, int64_t lhs, int64_t rhs) {
  switch (op) {
  case CmpOp::Eq:
    return lhs == rhs;
  case CmpOp::Ne:
    return lhs != rhs;
  case CmpOp::Lt:
    return lhs < rhs;
  case CmpOp::Le:
    return lhs <= rhs;
  case CmpOp::Gt:
    return lhs > rhs;
  case CmpOp::Ge:
    return lhs >= rhs;
  }
  return false;
}

/// Our own assumption AST under `eval` (refs are always defined sizes).
bool holds(const Model &model, const Evaluation &eval, const Assume &a) {
  auto dim = [&](DimRef ref) {
    return eval.terms[model.values[ref.value].dims[ref.dim]];
  };
  const std::vector<int64_t> &set = a.set;
  switch (a.kind) {
  case Assume::Kind::Cmp:
    return compare(a.cmp, dim(a.lhs), a.rhsIsRef ? dim(a.rhsRef) : a.rhs);
  case Assume::Kind::In:
    return std::find(set.begin(), set.end(), dim(a.lhs)) != set.end();
  case Assume::Kind::NotIn:
    return std::find(set.begin(), set.end(), dim(a.lhs)) == set.end();
  case Assume::Kind::InRange:
    return set[0] <= dim(a.lhs) && dim(a.lhs) <= set[1];
  case Assume::Kind::Not:
    return !holds(model, eval, a.kids[0]);
  case Assume::Kind::And:
    return holds(model, eval, a.kids[0]) && holds(model, eval, a.kids[1]);
  case Assume::Kind::Or:
    return holds(model, eval, a.kids[0]) || holds(model, eval, a.kids[1]);
  }
  return false;
}

/// Two sizes both != 1 and unequal among `values`.
bool conflict(const std::vector<int64_t> &values) {
  int64_t seen = 1;
  for (int64_t v : values) {
    if (v == 1)
      continue;
    if (seen != 1 && v != seen)
      return true;
    seen = v;
  }
  return false;
}

} // namespace

void evaluate(const Program &program, const Model &model,
              const std::vector<int64_t> &symbols, Evaluation &out) {
  out.terms.assign(model.terms.size(), kUndefined);
  out.factsHold = true;
  std::vector<int64_t> values;
  for (size_t t = 0; t < model.terms.size(); ++t) {
    const Term &term = model.terms[t];
    if (term.kind == Term::Kind::Const) {
      out.terms[t] = term.value;
    } else if (term.kind == Term::Kind::Symbol) {
      out.terms[t] = symbols[term.symbol];
      if (symbols[term.symbol] < program.minDim)
        out.factsHold = false;
    } else {
      values.clear();
      for (int part : term.parts)
        values.push_back(out.terms[part]);
      bool undefined = conflict(values) ||
                       std::count(values.begin(), values.end(), kUndefined);
      int64_t common = 1;
      for (int64_t v : values)
        common = v != 1 ? v : common;
      out.terms[t] = undefined ? kUndefined : common;
    }
  }
  // A fact over an undefined broadcast constrains nothing: those
  // assignments are excluded by the broadcast obligation before they matter.
  for (const Fact &fact : model.facts) {
    int64_t s = out.terms[fact.broadcast];
    if (s != kUndefined && s != 1 && out.terms[fact.symbol] != s)
      out.factsHold = false;
  }
  out.violated.assign(model.obligations.size(), 0);
  for (size_t k = 0; k < model.obligations.size(); ++k) {
    const ModelObligation &ob = model.obligations[k];
    uint8_t &v = out.violated[k];
    switch (ob.kind) {
    case ModelKind::Assume:
      v = !holds(model, out, *ob.assume);
      break;
    case ModelKind::Rank:
      v = ob.staticError;
      break;
    case ModelKind::Broadcast: {
      if (ob.parts.empty()) { // no operand: violated by types alone
        v = 1;
        break;
      }
      values.clear();
      for (int part : ob.parts)
        values.push_back(out.terms[part]);
      v = std::count(values.begin(), values.end(), kUndefined)
              ? 2
              : conflict(values);
      break;
    }
    case ModelKind::ResultCast: {
      int64_t s = out.terms[ob.size];
      if (s == kUndefined)
        v = 2;
      else
        v = ob.unrankedOperand ? s != 1 && s != ob.declared : s != ob.declared;
      break;
    }
    }
  }
}

int64_t lookupDim(const Program &program, const Model &model,
                  const Evaluation &eval, const std::string &name,
                  int64_t dim) {
  for (size_t i = 0; i < program.values.size(); ++i) {
    if (program.values[i].name != name)
      continue;
    const RuntimeValue &rv = model.values[i];
    if (!rv.ranked || dim < 0 || dim >= static_cast<int64_t>(rv.dims.size()))
      return kUndefined;
    return eval.terms[rv.dims[dim]];
  }
  return kUndefined;
}

} // namespace symshape::property
