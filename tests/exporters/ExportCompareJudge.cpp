//===- ExportCompareJudge.cpp - Judging findings --------------------------===//
//
// The comparison of one program, op instance by op instance: the
// tool's findings at an instance against the oracle's runs (verdict,
// condition, witness), and the contract against the box.
//
//===----------------------------------------------------------------------===//

#include "ExportCompareInternal.h"

#include "Expr.h"

#include "symshape/driver/Session.h"

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>

namespace symshape::exporters::detail {

void Comparison::judgeInstance(const std::string &key,
                               const std::vector<Finding> &findings) {
  size_t opIndex = std::stoul(key.substr(key.rfind('>') + 1));
  const frontend::Operation &op = *twinOps.ops[opIndex];
  bool check = isCheck(op);
  std::string where = describe(key);
  auto it = bf.instances.find(key);
  const InstanceRuns *runs = it == bf.instances.end() ? nullptr : &it->second;
  size_t reached = runs ? runs->reachedCount() : 0;
  size_t bad = runs ? runs->badCount() : 0;
  std::vector<const Finding *> ub;
  for (const Finding &f : findings) {
    ++stats.findings;
    if (f.verdict == "unknown")
      fail("unknown verdict at " + where + ": " + f.message);
    if (check &&
        f.kind != (op.name.rfind("shape.cstr_", 0) == 0 ? "cstr" : "assert"))
      fail("the check " + where + " has a finding of kind '" + f.kind + "'");
    if (f.verdict == "unreachable" && reached > 0)
      fail("unreachable finding at " + where + " that " +
           std::to_string(reached) + " assignments reach");
    if (nonSafe(f.verdict))
      ub.push_back(&f);
  }
  if (check && reached > 0) {
    ++stats.checks;
    if (findings.empty()) {
      fail("no finding for the check " + where);
      return;
    }
  }
  if (!check && bad > 0 && findings.empty()) {
    fail("the oracle finds UB at " + where + " for " + std::to_string(bad) +
         "/" + std::to_string(reached) + " assignments (" + runs->example +
         "); symshape reports nothing there");
    return;
  }
  if (bad == 0) {
    // The box may be too small to fail it (a check of b >= 6): then the
    // witness, outside the box, must reach it and fail it in the oracle.
    bool outside = !ub.empty();
    for (const Finding *f : ub) {
      bool inBox = true;
      for (const auto &[name, value] : f->witness)
        inBox = inBox && value >= bf.box.lowest(name) && value <= bf.box.hi;
      outside = outside && !inBox && f->verdict == "ub-possible" &&
                witnessFails(key, *f, check);
    }
    if (outside) {
      if (check)
        ++stats.checksRight;
      return;
    }
    for (const Finding *f : ub)
      fail(std::string(check ? "check " : "") + f->verdict + " " + f->kind +
           " finding at " + where + (reached ? "" : " (never reached)") +
           " but no size in the box " + (check ? "fails it" : "has UB there") +
           ": " + f->message);
    if (ub.empty() && check)
      ++stats.checksRight;
    return;
  }
  if (ub.empty()) {
    fail((check ? "the check " : "") + where + " is called safe but " +
         std::to_string(bad) + "/" + std::to_string(reached) +
         " reaching assignments " + (check ? "fail it" : "have UB there") +
         " (" + runs->example + ")");
    return;
  }
  bool right = true;
  bool guaranteed =
      models::expectedVerdict(reached, bad) == solver::Verdict::UbGuaranteed;
  if (ub.size() == 1 && guaranteed != (ub[0]->verdict == "ub-guaranteed" ||
                                       ub[0]->verdict == "error")) {
    right = false;
    fail(std::string(check ? "the check " : "") + where + ": symshape says " +
         ub[0]->verdict + ", the oracle " + std::to_string(bad) + "/" +
         std::to_string(reached) + " reaching assignments " +
         (check ? "failing" : "with UB"));
  }
  // The conditions, together, are exactly the failing sizes (under P:
  // on the assignments that reach the op).
  std::vector<std::optional<Expr>> conds;
  for (const Finding *f : ub) {
    if (!f->hasCondition) {
      if (f->verdict == "ub-possible") {
        right = false;
        fail("ub-possible finding at " + where + " has no condition");
      }
      conds.emplace_back(); // guaranteed: every reaching size
      continue;
    }
    std::string error;
    std::optional<Expr> e = Expr::parse(f->condition, error);
    if (!e) {
      right = false;
      fail("condition \"" + f->condition + "\" at " + where +
           " is not a SPEC section 6 expression: " + error);
      return;
    }
    for (const std::string &s : e->symbols())
      if (std::find(bf.box.symbols.begin(), bf.box.symbols.end(), s) ==
          bf.box.symbols.end()) {
        right = false;
        fail("condition \"" + f->condition + "\" at " + where + " names " + s +
             ", not a free symbol of @" + p.entry);
        return;
      }
    conds.push_back(std::move(e));
  }
  for (size_t k = 0; k < runs->reached.size(); ++k) {
    if (!runs->reached[k])
      continue;
    models::Assignment a = bf.box.at(k);
    bool said = false;
    for (const auto &c : conds) {
      std::optional<bool> v = c ? c->holds(a) : std::optional<bool>(true);
      said = said || (v && *v);
    }
    if (said != bool(runs->bad[k])) {
      right = false;
      std::string all;
      for (const Finding *f : ub)
        all += (all.empty() ? "" : " || ") +
               (f->hasCondition ? "(" + f->condition + ")" : "true");
      fail("condition " + all + " at " + where + " is " +
           (said ? "true" : "false") + " for " + sizesText(a) +
           " but the oracle " + (runs->bad[k] ? "finds" : "finds no") +
           (check ? " failed check" : " UB") + " there");
      break;
    }
  }
  if (right) {
    ++stats.conditionsExact;
    if (check)
      ++stats.checksRight;
  }
  for (const Finding *f : ub) {
    if (f->verdict == "unknown")
      continue;
    if (!f->hasWitness) {
      fail(f->verdict + " finding at " + where + " has no witness");
      continue;
    }
    replay(key, *f, check);
  }
}

void Comparison::checkContract(const Json &fn) {
  const Json *c = fn.get("contract");
  if (!c || !c->isObject()) {
    ++stats.contractsAbsent;
    if (options.requireContract)
      fail("@" + p.entry + " has no \"contract\"");
    return;
  }
  ++stats.contractsChecked;
  // A formula too long to read as one is null, its conjuncts listed by
  // finding in "<name>_parts": the contract is their conjunction.
  auto formula = [&](const std::string &name) {
    if (const Json *text = c->get(name); text && text->isString())
      return text->string;
    const Json *parts = c->get(name + "_parts");
    if (!parts || !parts->isArray() || parts->items.empty())
      return std::string();
    std::string out;
    for (const Json &part : parts->items)
      out += (out.empty() ? "(" : " && (") + str(part.get("holds")) + ")";
    return out;
  };
  std::string error;
  std::optional<Expr> checked = Expr::parse(formula("checked"), error);
  std::optional<Expr> requires_ =
      checked ? Expr::parse(formula("requires"), error) : std::nullopt;
  if (!requires_) {
    fail("contract of @" + p.entry + " is not readable: " + error);
    return;
  }
  for (size_t k = 0; k < bf.stopped.size(); ++k) {
    models::Assignment a = bf.box.at(k);
    std::optional<bool> ch = checked->holds(a), rq = requires_->holds(a);
    if (!ch || !rq) {
      fail("contract of @" + p.entry + " names a symbol it has no value for");
      return;
    }
    if (!bf.ub[k] && *ch != !bf.stopped[k]) {
      fail("contract \"checked\" of @" + p.entry + " is " +
           (*ch ? "true" : "false") + " for " + sizesText(a) + " but the run " +
           (bf.stopped[k] ? "fails" : "passes") + " its checks");
      return;
    }
    if (*ch && *rq != !bf.ub[k]) {
      fail("contract \"requires\" of @" + p.entry + " is " +
           (*rq ? "true" : "false") + " for " + sizesText(a) + " but the run " +
           (bf.ub[k] ? "has" : "has no") + " UB");
      return;
    }
  }
}

} // namespace symshape::exporters::detail
