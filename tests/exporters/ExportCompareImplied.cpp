//===- ExportCompareImplied.cpp - implied_by, by brute force --------------===//
//
// SPEC 4 "implied_by" of every safe runtime check (issue 22), by brute
// force: each entry is an op run before the check on every path; the
// check and the checks named, kept alone (every other check made a
// passing no-op), suffice; and each named check is needed.
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

/// "12>40" -> {12, 40}
std::vector<size_t> keyPath(const std::string &key) {
  std::vector<size_t> out;
  std::stringstream ss(key);
  std::string part;
  while (std::getline(ss, part, '>'))
    out.push_back(std::stoul(part));
  return out;
}

void Comparison::addAlwaysRun(size_t op, std::set<size_t> &out,
                              std::set<std::string> &entered) const {
  out.insert(op);
  const frontend::Operation &o = *twinOps.ops[op];
  // Nested ops that run whenever `op` has run: a shape.assuming's region
  // (its witness passed), a called function's body. Other regions
  // (linalg, reduce bodies, scf.if) may run zero times.
  std::vector<const frontend::Region *> regions;
  if (o.name == "shape.assuming")
    for (const frontend::Region &r : o.regions)
      regions.push_back(&r);
  if (o.name == "func.call" || o.name == "call") {
    const frontend::Attribute *callee =
        frontend::findAttr(o.attributes, "callee");
    const frontend::Function *fn =
        callee ? findFunction(*twin, callee->str) : nullptr;
    if (fn && entered.insert(fn->name).second)
      regions.push_back(&fn->body);
  }
  for (const frontend::Region *r : regions) {
    if (r->blocks.size() != 1) // which blocks run: not judged here
      continue;
    for (const frontend::Operation &inner : r->blocks.front().operations)
      addAlwaysRun(twinOps.index.at(&inner), out, entered);
  }
}

std::set<size_t> Comparison::runBefore(const std::string &key) const {
  // On every level of the instance (the entry function's call op, ..., the
  // op itself): the ops before it in its block and in the blocks of the
  // ops enclosing it, with what they always run. A region of several
  // blocks is not followed across branches: only the same block counts.
  std::set<size_t> out;
  for (size_t at : keyPath(key)) {
    std::set<std::string> entered;
    for (long cur = long(at); cur >= 0; cur = twinOps.parent[size_t(cur)]) {
      const frontend::Block &block = *twinOps.block[size_t(cur)];
      for (size_t k = 0; k < twinOps.position[size_t(cur)]; ++k)
        addAlwaysRun(twinOps.index.at(&block.operations[k]), out, entered);
    }
  }
  return out;
}

std::optional<Comparison::VariantRuns>
Comparison::runWithOnly(const std::set<size_t> &keep, const std::string &key) {
  frontend::Module variant = *twin; // the ops copied, in the same order
  size_t next = 0;
  std::function<void(frontend::Region &)> strip = [&](frontend::Region &r) {
    for (frontend::Block &block : r.blocks)
      for (frontend::Operation &op : block.operations) {
        size_t index = next++;
        if (isCheck(op) && !keep.count(index)) {
          // Removed: a shape.const_witness, which the oracle runs as a
          // no-op (what canonicalization leaves for a cstr known to hold;
          // for an assert without results, the same as deleting it). The
          // op keeps its place, so op indices and instance keys stay.
          op.name = "shape.const_witness";
          op.operands.clear();
          op.operandTypes.clear();
          op.operandRanges.clear();
          op.operandTypeRanges.clear();
          op.attributes.clear();
        }
        for (frontend::Region &inner : op.regions)
          strip(inner);
      }
  };
  for (frontend::Function &fn : variant.functions)
    strip(fn.body);
  OpTable table = OpTable::of(variant);
  const frontend::Function *fn = findFunction(variant, p.entry);
  models::Oracle oracle(variant);
  VariantRuns out;
  out.outcome.assign(bf.box.size(), Passed);
  out.stoppedAt.assign(bf.box.size(), 0);
  for (size_t k = 0; k < out.outcome.size(); ++k) {
    models::OracleResult r = oracle.run(*fn, bf.box.at(k));
    if (!r.unsupported.empty()) {
      fail("the oracle cannot run a variant without some checks: " +
           r.unsupported);
      return std::nullopt;
    }
    bool reached = false;
    for (const auto &[op, stack] : r.trace)
      reached = reached || table.key({op, r.stacks[stack]}) == key;
    if (r.stopped && table.key(r.stopped->at) == key)
      out.outcome[k] = FailedC;
    else if (r.ub && !reached)
      out.outcome[k] = UbBefore;
    else if (r.stopped && !reached) {
      out.outcome[k] = StoppedElsewhere;
      out.stoppedAt[k] = table.index.at(r.stopped->at.op);
    }
  }
  return out;
}

bool Comparison::redundantCheck(size_t op) const {
  bool any = false;
  for (const auto &[key, findings] : byInstance) {
    if (keyPath(key).back() != op)
      continue;
    for (const Finding &f : findings) {
      any = true;
      if (f.verdict != "safe")
        return false;
    }
  }
  return any;
}

void Comparison::checkImplied() {
  for (const auto &[key, findings] : byInstance) {
    size_t c = keyPath(key).back();
    auto runs = bf.instances.find(key);
    if (!isCheck(*twinOps.ops[c]) || findings.empty() ||
        runs == bf.instances.end())
      continue;
    bool allSafe = true, anySafe = false;
    for (const Finding &f : findings) {
      allSafe = allSafe && f.verdict == "safe";
      anySafe = anySafe || f.verdict == "safe";
    }
    if (!anySafe)
      continue;
    std::string where = describe(key);
    // 1. Each entry is an op run before the check on every path.
    std::set<size_t> before = runBefore(key), named;
    bool placed = true;
    for (const Finding &f : findings) {
      if (f.verdict != "safe")
        continue;
      if (!f.hasImpliedBy) {
        placed = false;
        fail("the safe check " + where + " has no \"implied_by\"");
        continue;
      }
      for (const std::string &e : f.impliedBy) {
        auto at = opAtLine.find(lineCol(e));
        if (at == opAtLine.end()) {
          placed = false;
          fail("implied_by entry " + e + " of the check " + where +
               " is at no op");
        } else if (!before.count(at->second)) {
          placed = false;
          fail("implied_by entry " + e + " (" + twinOps.ops[at->second]->name +
               ") of the check " + where +
               " is not run before it on every path");
        } else if (isCheck(*twinOps.ops[at->second])) {
          named.insert(at->second);
          if (redundantCheck(at->second))
            fail("implied_by entry " + e + " of the check " + where +
                 " is itself a redundant check (refine "
                 "--drop-redundant-checks deletes it): a check that stays "
                 "or an op's requirement must be named");
        }
      }
    }
    ++stats.impliedChecked;
    if (!placed)
      continue;
    if (!allSafe) { // the oracle sees the op's checks only together
      ++stats.impliedPartial;
      continue;
    }
    // 2. Sufficiency: with only C and the checks named kept (every op's
    // own requirement stays implicit), no size that reaches C fails it.
    std::set<size_t> keep = named;
    keep.insert(c);
    std::optional<VariantRuns> with = runWithOnly(keep, key);
    if (!with)
      continue;
    auto failing =
        std::find(with->outcome.begin(), with->outcome.end(), char(FailedC));
    if (failing != with->outcome.end()) {
      fail("the safe check " + where + " fails for " +
           sizesText(bf.box.at(size_t(failing - with->outcome.begin()))) +
           " once every check but it and its implied_by is removed");
      continue;
    }
    ++stats.impliedSufficient;
    // 3. Minimality among the checks: without any one named check A, some
    // size of the box fails C. Two other outcomes are not failures: the
    // sizes A stopped now meet UB at an op before C (an op's implicit
    // requirement implies C too; Explain keeps the check then, by design),
    // or A stops no size of the box (too small to tell). A named check
    // whose stopped sizes now run through C, passing it with no UB, was
    // not needed: a failure.
    bool minimal = true;
    for (size_t a : named) {
      std::set<size_t> without = keep;
      without.erase(a);
      std::optional<VariantRuns> w = runWithOnly(without, key);
      if (!w)
        return;
      bool failsC = false, ub = false, stoppedByA = false, passed = false;
      for (size_t k = 0; k < w->outcome.size(); ++k) {
        failsC = failsC || w->outcome[k] == FailedC;
        bool byA =
            with->outcome[k] == StoppedElsewhere && with->stoppedAt[k] == a;
        stoppedByA = stoppedByA || byA;
        ub = ub || (byA && w->outcome[k] == UbBefore);
        passed = passed || (byA && w->outcome[k] == Passed);
      }
      if (failsC)
        continue;
      minimal = false;
      std::string without_ = "without " + describe(std::to_string(a)) + ", ";
      if (ub) {
        ++stats.impliedOpCovered;
        stats.notes.push_back(tag + "implied_by of the check " + where + ": " +
                              without_ +
                              "an op's requirement before it stops "
                              "the sizes that check stopped");
      } else if (!stoppedByA) {
        ++stats.impliedNotShownNeeded;
        stats.notes.push_back(tag + "implied_by of the check " + where + ": " +
                              without_ + "(it stops no size of the box)");
      } else {
        fail("implied_by of the check " + where + " is not minimal: " +
             without_ + "the sizes it stopped pass the check with no UB");
      }
    }
    if (minimal)
      ++stats.impliedMinimal;
  }
}

} // namespace symshape::exporters::detail
