//===- ModelDomain.cpp - Reference lowering: domain -----------------------===//
//
// The exact domain of a model (see Domain in Model.h): each leaf term
// classified, then the region and gaps the enumeration needs.
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

namespace symshape::property::model_impl {

//===--- The exact domain (see Domain in Model.h) -------------------------===//

/// A leaf term's class: Const c, Simple s + k, or Composite (Bad when it is
/// neither a valid Composite nor one of the others).
struct Linear {
  enum class Cls { Const, Simple, Composite, Bad } cls = Cls::Bad;
  int64_t c = 0;   ///< Const value; Simple offset
  int symbol = -1; ///< Simple
  bool nonneg = false;
};

void Builder::computeDomain() {
  Domain &dom = model.domain;
  std::vector<Linear> cls(model.terms.size());
  for (size_t id = 0; id < model.terms.size(); ++id) {
    const Term &t = model.terms[id];
    Linear &out = cls[id];
    switch (t.kind) {
    case Term::Kind::Const:
      out = {Linear::Cls::Const, t.value, -1, t.value >= 0};
      break;
    case Term::Kind::Symbol:
      out = {Linear::Cls::Simple, 0, t.symbol,
             !model.symbols[t.symbol].unbounded};
      break;
    case Term::Kind::Broadcast: {
      // As an argument of arithmetic it selects one of its parts.
      bool nonneg = true, bad = false;
      for (int part : t.parts) {
        nonneg = nonneg && cls[part].nonneg;
        bad = bad || cls[part].cls == Linear::Cls::Bad;
      }
      out.cls = bad || !nonneg ? Linear::Cls::Bad : Linear::Cls::Composite;
      out.nonneg = nonneg && !bad;
      break;
    }
    case Term::Kind::Add:
    case Term::Kind::Sub:
    case Term::Kind::Mul: {
      const Linear &l = cls[t.parts[0]], &r = cls[t.parts[1]];
      if (t.kind != Term::Kind::Mul && l.cls == Linear::Cls::Simple &&
          r.cls == Linear::Cls::Const) {
        int64_t k = t.kind == Term::Kind::Add ? l.c + r.c : l.c - r.c;
        out = {Linear::Cls::Simple, k, l.symbol,
               !model.symbols[l.symbol].unbounded && k >= 0};
      } else if (t.kind == Term::Kind::Add && l.cls == Linear::Cls::Const &&
                 r.cls == Linear::Cls::Simple) {
        int64_t k = l.c + r.c;
        out = {Linear::Cls::Simple, k, r.symbol,
               !model.symbols[r.symbol].unbounded && k >= 0};
      } else if (t.kind != Term::Kind::Sub && l.nonneg && r.nonneg &&
                 l.cls != Linear::Cls::Bad && r.cls != Linear::Cls::Bad) {
        out = {Linear::Cls::Composite, 0, -1, true};
      } else {
        out.cls = Linear::Cls::Bad;
      }
      break;
    }
    }
  }
  std::vector<int64_t> region = {0, 1, program.minDim};
  int64_t gap = 0;
  auto inexact = [&](const std::string &why) {
    if (dom.exact)
      dom.why = why;
    dom.exact = false;
  };
  for (size_t id = 0; id < cls.size(); ++id)
    if (cls[id].cls == Linear::Cls::Bad)
      inexact("a term that is neither s + k nor a sum or product of sizes");

  // The leaves a term stands for: a broadcast is one of its parts, or 1.
  std::map<int, std::vector<int>> leafMemo;
  int one = -1;
  std::function<const std::vector<int> &(int)> leaves =
      [&](int id) -> const std::vector<int> & {
    auto it = leafMemo.find(id);
    if (it != leafMemo.end())
      return it->second;
    std::vector<int> out;
    if (model.terms[id].kind == Term::Kind::Broadcast) {
      for (int part : model.terms[id].parts)
        for (int leaf : leaves(part))
          out.push_back(leaf);
      out.push_back(one);
    } else {
      out.push_back(id);
    }
    return leafMemo[id] = out;
  };
  auto constLeaf = [&](int64_t value) {
    model.terms.push_back({Term::Kind::Const, value, -1, {}});
    cls.push_back({Linear::Cls::Const, value, -1, value >= 0});
    return static_cast<int>(model.terms.size()) - 1;
  };
  one = constLeaf(1);
  auto atom = [&](int t1, int t2) {
    for (int a : leaves(t1))
      for (int b : leaves(t2)) {
        if (a == b)
          continue;
        const Linear &x = cls[a], &y = cls[b];
        using C = Linear::Cls;
        if (x.cls == C::Bad || y.cls == C::Bad)
          continue; // already inexact
        if (x.cls == C::Const && y.cls == C::Const)
          continue;
        if (x.cls == C::Const || y.cls == C::Const) {
          const Linear &k = x.cls == C::Const ? x : y;
          const Linear &v = x.cls == C::Const ? y : x;
          region.push_back(v.cls == C::Simple ? k.c - v.c : k.c);
          continue;
        }
        if (x.cls == C::Simple && y.cls == C::Simple) {
          gap = std::max<int64_t>(gap, std::abs(x.c - y.c));
          continue;
        }
        inexact("a sum or product compared with a non-constant size");
      }
  };
  std::function<void(const Assume &)> assumeAtoms = [&](const Assume &a) {
    auto ref = [&](DimRef r) {
      const RuntimeValue &v = model.values[r.value];
      return r.dim < 0 ? v.scalar : v.dims[r.dim];
    };
    switch (a.kind) {
    case Assume::Kind::Cmp:
      atom(ref(a.lhs), a.rhsIsRef ? ref(a.rhsRef) : constLeaf(a.rhs));
      break;
    case Assume::Kind::In:
    case Assume::Kind::NotIn:
    case Assume::Kind::InRange:
      for (int64_t v : a.set)
        atom(ref(a.lhs), constLeaf(v));
      break;
    default:
      for (const Assume &kid : a.kids)
        assumeAtoms(kid);
    }
  };
  size_t numTerms = model.terms.size();
  for (size_t id = 0; id < numTerms; ++id) {
    const Term &t = model.terms[id];
    if (t.kind != Term::Kind::Broadcast)
      continue;
    std::vector<int> parts = t.parts;
    for (size_t i = 0; i < parts.size(); ++i) {
      atom(parts[i], one);
      for (size_t j = i + 1; j < parts.size(); ++j)
        atom(parts[i], parts[j]);
    }
  }
  for (const ModelObligation &ob : model.obligations) {
    if (ob.staticError)
      continue; // neither in P nor in W
    switch (ob.form) {
    case Form::Conflict:
      for (size_t i = 0; i < ob.parts.size(); ++i) {
        atom(ob.parts[i], one);
        for (size_t j = i + 1; j < ob.parts.size(); ++j)
          atom(ob.parts[i], ob.parts[j]);
      }
      break;
    case Form::Negative:
      atom(ob.lhs, constLeaf(0));
      atom(ob.lhs, constLeaf(-1));
      break;
    case Form::NotOneNorEqual:
      atom(ob.lhs, one);
      [[fallthrough]];
    case Form::NotEqual:
      atom(ob.lhs, ob.rhs);
      break;
    case Form::Assume:
      assumeAtoms(*ob.assume);
      break;
    default:
      break;
    }
  }
  for (const Fact &fact : model.facts) {
    atom(fact.broadcast, one);
    atom(fact.symbol, fact.broadcast);
  }
  int64_t n = static_cast<int64_t>(model.symbols.size()), nIndex = 0;
  for (const Symbol &s : model.symbols)
    nIndex += s.unbounded;
  dom.regionLow = *std::min_element(region.begin(), region.end());
  dom.regionHigh = *std::max_element(region.begin(), region.end());
  dom.gap = gap;
  dom.low = program.minDim;
  dom.high = std::max<int64_t>(dom.regionHigh, 5) + n * (gap + 1) + 1;
  dom.indexLow = std::min<int64_t>(dom.regionLow, 0) - nIndex * (gap + 1) - 1;
}

} // namespace symshape::property::model_impl
