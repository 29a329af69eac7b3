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

int refTerm(const Model &model, DimRef ref) {
  const RuntimeValue &v = model.values[ref.value];
  return ref.dim < 0 ? v.scalar : v.dims[ref.dim];
}

/// Our own assumption AST under `eval` (refs are always defined sizes).
bool holds(const Model &model, const Evaluation &eval, const Assume &a) {
  auto dim = [&](DimRef ref) { return eval.terms[refTerm(model, ref)]; };
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
  out.terms.assign(model.terms.size(), 0);
  out.defined.assign(model.terms.size(), 1);
  out.factsHold = true;
  std::vector<int64_t> values;
  for (size_t t = 0; t < model.terms.size(); ++t) {
    const Term &term = model.terms[t];
    switch (term.kind) {
    case Term::Kind::Const:
      out.terms[t] = term.value;
      break;
    case Term::Kind::Symbol:
      out.terms[t] = symbols[term.symbol];
      if (!model.symbols[term.symbol].unbounded &&
          symbols[term.symbol] < program.minDim)
        out.factsHold = false;
      break;
    case Term::Kind::Broadcast: {
      values.clear();
      bool undefined = false;
      for (int part : term.parts) {
        values.push_back(out.terms[part]);
        undefined |= !out.defined[part];
      }
      undefined |= conflict(values);
      int64_t common = 1;
      for (int64_t v : values)
        common = v != 1 ? v : common;
      out.terms[t] = common;
      out.defined[t] = !undefined;
      break;
    }
    case Term::Kind::Add:
    case Term::Kind::Sub:
    case Term::Kind::Mul: {
      int64_t a = out.terms[term.parts[0]], b = out.terms[term.parts[1]];
      out.terms[t] = term.kind == Term::Kind::Add   ? a + b
                     : term.kind == Term::Kind::Sub ? a - b
                                                    : a * b;
      out.defined[t] = out.defined[term.parts[0]] && out.defined[term.parts[1]];
      break;
    }
    }
  }
  // A fact over an undefined broadcast constrains nothing: those
  // assignments are excluded by the broadcast obligation before they matter.
  for (const Fact &fact : model.facts) {
    if (!out.defined[fact.broadcast])
      continue;
    int64_t s = out.terms[fact.broadcast];
    if (s != 1 && out.terms[fact.symbol] != s)
      out.factsHold = false;
  }
  out.violated.assign(model.obligations.size(), 0);
  for (size_t k = 0; k < model.obligations.size(); ++k) {
    const ModelObligation &ob = model.obligations[k];
    uint8_t &v = out.violated[k];
    switch (ob.form) {
    case Form::Never:
      v = 0;
      break;
    case Form::Always:
      v = 1;
      break;
    case Form::Assume:
      v = !holds(model, out, *ob.assume);
      break;
    case Form::Conflict: {
      values.clear();
      bool undefined = false;
      for (int part : ob.parts) {
        values.push_back(out.terms[part]);
        undefined |= !out.defined[part];
      }
      v = undefined ? 2 : conflict(values);
      break;
    }
    case Form::Negative:
      v = !out.defined[ob.lhs] ? 2 : out.terms[ob.lhs] < 0;
      break;
    case Form::NotEqual:
    case Form::NotOneNorEqual: {
      if (!out.defined[ob.lhs] || !out.defined[ob.rhs]) {
        v = 2;
        break;
      }
      int64_t a = out.terms[ob.lhs], b = out.terms[ob.rhs];
      v = ob.form == Form::NotEqual ? a != b : a != 1 && a != b;
      break;
    }
    }
  }
}

int lookupTerm(const Program &program, const Model &model,
               const std::string &name, int64_t dim) {
  for (size_t i = 0; i < program.values.size(); ++i) {
    if (program.values[i].name != name)
      continue;
    const RuntimeValue &rv = model.values[i];
    if (dim < 0)
      return rv.scalar;
    const std::vector<int> &dims =
        !rv.ranked && program.values[i].kind == ValueKind::Shape ? rv.length
                                                                 : rv.dims;
    if ((!rv.ranked && dims.empty()) ||
        dim >= static_cast<int64_t>(dims.size()))
      return -1;
    return dims[dim];
  }
  return -1;
}

int64_t lookupDim(const Program &program, const Model &model,
                  const Evaluation &eval, const std::string &name,
                  int64_t dim) {
  int term = lookupTerm(program, model, name, dim);
  if (term < 0 || !eval.defined[term])
    return kUndefined;
  return eval.terms[term];
}

} // namespace symshape::property
