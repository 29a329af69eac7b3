//===- LowerObligation.cpp - Queuing the obligations of ops ---------------===//
//
// Every requirement an op entry makes becomes a solver::Obligation located
// at its op (at the call, inside an inlined public callee) and queued in
// program order. In conditional code (a block other than the entry block,
// a region of an unknown op) each one also carries "no earlier obligation
// here was violated" in its violation (withEarlier).
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"

#include <algorithm>
#include <unordered_set>

namespace symshape::frontend {

using solver::Obligation;
using solver::ObligationKind;

solver::Text Lowerer::opText(const Operation &op) {
  // An op gives several obligations, and a function many ops of one name:
  // they share the name's text.
  if (&op != lastOp) {
    lastOp = &op;
    // Consecutive ops mostly share a name: compared before it is hashed.
    if (std::string_view(op.name) == lastOpName.view())
      return lastOpName;
    auto [it, fresh] = opNames.try_emplace(op.name);
    if (fresh)
      it->second = op.name;
    lastOpName = it->second;
  }
  return lastOpName;
}

solver::Text Lowerer::ruleText(std::string_view id) {
  if (id.empty())
    return solver::Text();
  // Consecutive ops mostly share one: compared before it is hashed.
  if (id == lastRule.view())
    return lastRule;
  auto [it, fresh] = ruleTexts.try_emplace(std::string(id));
  if (fresh)
    it->second = id;
  lastRule = it->second;
  return lastRule;
}

void Lowerer::oblige(const Operation &op, ObligationKind kind, int dim,
                     FormulaId violation, std::string subject, bool staticError,
                     std::string staticNote) {
  if (dead)
    return; // code that never runs (lowerDeadRegion)
  if (inPublicCallee()) {
    // Inside an inlined public callee: a requirement of the call. Static
    // errors are the callee's own (its analysis reports them).
    if (staticError)
      return;
    std::string where = " in @" + callStack.back()->name;
    for (size_t i = callStack.size() - 1; i-- > publicFrame;)
      where += " called from @" + callStack[i]->name;
    subject += where;
  }
  // A private callee's requirement stays at its own op, with the calls.
  const Operation &at = reportedAt(op);
  Obligation ob;
  ob.kind = kind;
  ob.site = prob->addSite(toSolver(at.loc, at.sourceLoc), opText(at),
                          privateChain, opRule);
  ob.dim = dim;
  ob.violation = violation;
  ob.staticError = staticError;
  ob.notes = prob->addNotes(std::move(subject), std::move(staticNote));
  ob.conditional = conditional;
  if (conditional)
    ob.violation = withEarlier(violation, kind);
  pending.push_back(std::move(ob));
  pendingDepth.push_back(opDepth);
  pendingPlain.push_back(violation);
}

void Lowerer::oblige(const Operation &op, ObligationKind kind, int dim,
                     FormulaId violation, solver::SubjectForm form,
                     const std::vector<solver::DimRef> &refs, int64_t declared,
                     int64_t inferredRank, bool staticError,
                     std::string staticNote) {
  if (dead)
    return; // code that never runs (lowerDeadRegion)
  if (callSite) {
    // The refs name values of the callee, which the problem does not list:
    // spell the subject out now (as solver::describeSubject would).
    std::string text;
    if (form == solver::SubjectForm::Rank) {
      text = "the result rank " + std::to_string(declared) +
             " (inferred rank " + std::to_string(inferredRank) + ")";
    } else {
      std::string sizes;
      for (size_t i = 0; i < refs.size(); ++i) {
        if (i)
          sizes += i + 1 == refs.size() ? (refs.size() > 2 ? ", and " : " and ")
                                        : ", ";
        sizes += refs[i].staticSize >= 0 ? std::to_string(refs[i].staticSize)
                                         : dimName(refs[i].value, refs[i].dim);
      }
      std::string where = " (result dim " + std::to_string(dim) + ")";
      text = form == solver::SubjectForm::Broadcast
                 ? "the broadcast of operand sizes " + sizes + where
                 : "the size inferred from " + sizes +
                       ", cast to the declared " + std::to_string(declared) +
                       where;
    }
    oblige(op, kind, dim, violation, std::move(text), staticError,
           std::move(staticNote));
    return;
  }
  Obligation ob;
  ob.kind = kind;
  ob.site =
      prob->addSite(toSolver(op.loc, op.sourceLoc), opText(op), 0, opRule);
  ob.dim = dim;
  ob.violation = violation;
  ob.staticError = staticError;
  ob.form = form;
  if (form == solver::SubjectForm::Rank) {
    ob.setInferredRank(uint32_t(inferredRank));
  } else {
    ob.refCount = uint32_t(refs.size());
    ob.refBegin = sharedRefs(refs);
  }
  ob.notes = prob->addNotes(solver::Text(), std::move(staticNote));
  prob->setDeclared(ob, declared);
  ob.conditional = conditional;
  if (conditional)
    ob.violation = withEarlier(violation, kind);
  pending.push_back(std::move(ob));
  pendingDepth.push_back(opDepth);
  pendingPlain.push_back(violation);
}

uint32_t Lowerer::sharedRefs(const std::vector<solver::DimRef> &refs) {
  // A column's result-cast names the operand sizes its broadcast named:
  // the op's earlier obligations may already hold these refs.
  auto same = [&](const solver::DimRef &a, const solver::DimRef &b) {
    return a.value == b.value && a.dim == b.dim && a.staticSize == b.staticSize;
  };
  constexpr size_t kMaxLookBack = 16;
  size_t from = std::max(opFirst, pending.size() > kMaxLookBack
                                      ? pending.size() - kMaxLookBack
                                      : size_t(0));
  for (size_t k = pending.size(); k-- > from;) {
    const Obligation &earlier = pending[k];
    if (earlier.form == solver::SubjectForm::Text ||
        earlier.refCount != refs.size() || refs.empty())
      continue;
    size_t i = 0;
    while (i < refs.size() &&
           same(refs[i], prob->dimRefs[earlier.refBegin + i]))
      ++i;
    if (i == refs.size())
      return earlier.refBegin;
  }
  uint32_t begin = uint32_t(prob->dimRefs.size());
  for (const solver::DimRef &ref : refs)
    prob->dimRefs.push_back(ref);
  return begin;
}

FormulaId Lowerer::withEarlier(FormulaId violation, ObligationKind kind) {
  // The last few earlier ones only (enough for the blocks real programs
  // have; fewer is still sound: more sizes count as reaching the op).
  // Distinct ones, latest first: a chain of blocks repeats one
  // requirement (the same broadcast) in each.
  constexpr size_t kMaxEarlier = 32;
  std::vector<FormulaId> all = {violation};
  std::unordered_set<FormulaId> taken;
  constexpr size_t kMaxScanned = 512;
  size_t stop = conditionalEarlier.size() > kMaxScanned
                    ? conditionalEarlier.size() - kMaxScanned
                    : 0;
  for (size_t i = conditionalEarlier.size();
       i-- > stop && taken.size() < kMaxEarlier;)
    if (taken.insert(conditionalEarlier[i]).second)
      all.push_back(formulas().mkNot(conditionalEarlier[i]));
  // What holds wherever the enclosing regions run (a loop's iteration
  // number below its trip count): every premise, however many.
  for (FormulaId premise : premises)
    all.push_back(premise);
  // A result-cast assumes its own op's operand requirements (SEMANTICS.md §4).
  if (kind == ObligationKind::ResultCast)
    for (size_t k = std::max(opFirst, pendingBase); k < pending.size(); ++k)
      if (pending[k].kind != ObligationKind::ResultCast &&
          pending[k].opIndex == solver::kNoOp)
        all.push_back(formulas().mkNot(pendingPlain[k - pendingBase]));
  return all.size() == 1 ? violation : formulas().mkAnd(all);
}

} // namespace symshape::frontend
