//===- LowerRegion.cpp - The walk over regions, blocks and ops ------------===//
//
// A function's body is lowered in program order: each op through its op
// table entry (or as an opaque op), the regions of unknown ops as code
// that may not run, and a region of several blocks as a CFG whose blocks
// other than the entry are conditional, their arguments taking the sizes
// every branch (cf.br, cf.cond_br) passes. Terminators are read by the op
// that owns their region.
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"
#include "ops/OpContext.h"
#include "ops/OpTable.h"
#include "ops/broadcast/BroadcastRules.h"

#include <algorithm>
#include <unordered_map>

namespace symshape::frontend {

using solver::Obligation;
using solver::SymbolOrigin;

std::vector<ValueId> Lowerer::lowerInline(const Region &region) {
  std::vector<ValueId> yielded;
  for (const Block &block : region.blocks) {
    for (ValueId arg : block.arguments)
      if (!states[arg].defined)
        defineFromType(arg, SymbolOrigin::OpaqueDim);
    for (const Operation &op : block.operations) {
      if (opRole(op.name) == OpRole::Yield)
        yielded = op.operands;
      lowerOp(op);
    }
  }
  return yielded;
}

namespace {
/// Tags the obligations one op occurrence queues (nested ops tag theirs
/// first) with one index, so the solver judges them by phase (SEMANTICS.md §4).
struct OpOccurrence {
  solver::ChunkedVector<Obligation> &pending;
  size_t first;
  ~OpOccurrence() {
    uint32_t index = solver::kNoOp;
    for (size_t k = first; k < pending.size(); ++k)
      if (pending[k].opIndex == solver::kNoOp) {
        if (index == solver::kNoOp)
          index = uint32_t(k); // unique: no other occurrence owns slot k
        pending[k].opIndex = index;
      }
  }
};
} // namespace

void Lowerer::lowerOp(const Operation &op) {
  size_t first = pending.size(), outerFirst = opFirst;
  opFirst = first;
  ++opDepth;
  lowerOpOnce(op);
  --opDepth;
  opFirst = outerFirst;
  // Later conditional obligations of this block assume this op's own (the
  // ops of its regions added theirs, or not, themselves).
  if (conditional)
    for (size_t k = first; k < pending.size(); ++k)
      if (pendingDepth[k - pendingBase] == opDepth + 1 &&
          !pending[k].staticError)
        conditionalEarlier.push_back(pendingPlain[k - pendingBase]);
  if (opDepth == 0) { // 8 bytes an obligation, for a whole function
    pendingDepth.clear();
    pendingPlain.clear();
    pendingBase = pending.size();
  }
}

void Lowerer::lowerOpOnce(const Operation &op) {
  OpOccurrence occurrence{pending, pending.size()};
  const OpEntry *entry = findOp(op.name);
  // The parser annotates a global's accesses once the module is read.
  if (feed && entry && entry->global != GlobalAccess::None)
    throw StreamAbandoned();
  if (entry && !entry->lower) {
    // A terminator is read by the op that owns its region; one whose
    // custom syntax was not understood left its operands unread: listed.
    if (op.skipped)
      markOpaque(op, "custom syntax not understood");
    return;
  }
  for (const std::string &extra : options.broadcastable)
    if (op.name == extra) {
      OpContext ctx(*this, op);
      lowerImplicitBroadcast(ctx, op.operands.size());
      return;
    }
  // An op whose custom syntax was not understood is opaque (its entry
  // would read attributes the parse skipped).
  if (entry && entry->lower && !op.skipped) {
    OpContext ctx(*this, op);
    ctx.setRule(defaultRuleId(*entry));
    entry->lower(ctx);
    return;
  }
  // An unknown op: its regions may run any number of times, or never.
  markOpaque(op,
             op.skipped ? "custom syntax not understood" : "op not modelled");
  bool outer = conditional;
  conditional = true;
  for (const Region &region : op.regions)
    lowerRegion(region, true);
  conditional = outer;
  lowerOpaque(op);
}

namespace {

/// For a region of several blocks: the values each branch passes to each
/// block argument ([block][argument]), read from cf.br and cf.cond_br
/// (the condition, then the first successor's operands, then the
/// second's). A block reached by any other branch, or by one whose operand
/// count does not add up, gets no list (its arguments stay unknown).
std::vector<std::optional<std::vector<std::vector<ValueId>>>>
incomingValues(const Region &region) {
  std::unordered_map<std::string, size_t> index;
  for (size_t b = 0; b < region.blocks.size(); ++b)
    index.emplace(region.blocks[b].label, b);
  std::vector<std::optional<std::vector<std::vector<ValueId>>>> in(
      region.blocks.size());
  for (size_t b = 0; b < region.blocks.size(); ++b)
    in[b].emplace(region.blocks[b].arguments.size());
  std::vector<bool> broken(region.blocks.size(), false);
  for (const Block &block : region.blocks)
    for (const Operation &op : block.operations) {
      if (op.successors.empty())
        continue;
      std::vector<size_t> targets;
      for (const std::string &label : op.successors) {
        auto it = index.find(label);
        if (it != index.end())
          targets.push_back(it->second);
      }
      OpRole role = opRole(op.name);
      size_t first = role == OpRole::CondBranch ? 1 : 0;
      size_t wanted = first;
      for (size_t t : targets)
        wanted += region.blocks[t].arguments.size();
      bool known = targets.size() == op.successors.size() &&
                   ((role == OpRole::Branch && targets.size() == 1) ||
                    (role == OpRole::CondBranch && targets.size() == 2)) &&
                   op.operands.size() == wanted;
      size_t next = first;
      for (size_t t : targets) {
        if (!known) {
          broken[t] = true;
          continue;
        }
        for (size_t a = 0; a < region.blocks[t].arguments.size(); ++a)
          (*in[t])[a].push_back(op.operands[next++]);
      }
    }
  for (size_t b = 0; b < region.blocks.size(); ++b)
    if (broken[b])
      in[b].reset();
  return in;
}

/// dominators[b][d]: every path from the entry to block b passes block d
/// (the usual fixpoint; regions of more than 8192 blocks get only b itself,
/// which is sound: fewer earlier obligations are assumed).
std::vector<std::vector<bool>> dominators(const Region &region) {
  size_t n = region.blocks.size();
  std::vector<std::vector<bool>> dom(n, std::vector<bool>(n, false));
  for (size_t b = 0; b < n; ++b)
    dom[b][b] = true;
  if (n > 8192)
    return dom;
  std::unordered_map<std::string, size_t> index;
  for (size_t b = 0; b < n; ++b)
    index.emplace(region.blocks[b].label, b);
  std::vector<std::vector<size_t>> preds(n);
  for (size_t b = 0; b < n; ++b)
    for (const Operation &op : region.blocks[b].operations)
      for (const std::string &label : op.successors)
        if (auto it = index.find(label); it != index.end())
          preds[it->second].push_back(b);
  for (size_t b = 1; b < n; ++b)
    if (!preds[b].empty())
      dom[b].assign(n, true);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 1; b < n; ++b) {
      if (preds[b].empty())
        continue;
      std::vector<bool> meet(n, true);
      for (size_t p : preds[b])
        for (size_t d = 0; d < n; ++d)
          meet[d] = meet[d] && dom[p][d];
      meet[b] = true;
      if (meet != dom[b]) {
        dom[b] = std::move(meet);
        changed = true;
      }
    }
  }
  return dom;
}

} // namespace

void Lowerer::lowerRegion(const Region &region, bool isConditional) {
  bool outer = conditional;
  conditional = conditional || isConditional;
  // Several blocks (a CFG): only the entry block runs on every path. The
  // other blocks' obligations are judged under P but not assumed for later
  // ops, which may be reached without them; a block argument has the
  // incoming sizes when every branch to it passes the same sizes (from
  // values already lowered), else its type's.
  std::vector<std::optional<std::vector<std::vector<ValueId>>>> incoming;
  std::vector<std::vector<bool>> dom;
  if (region.blocks.size() > 1) {
    incoming = incomingValues(region);
    dom = dominators(region);
  }
  size_t earlier = conditionalEarlier.size();
  // Each block's own conditional violations, for the blocks it dominates.
  std::vector<std::optional<std::vector<FormulaId>>> own(region.blocks.size());
  for (size_t b = 0; b < region.blocks.size(); ++b) {
    const Block &block = region.blocks[b];
    if (b > 0)
      conditional = true;
    // A block sees the ops before its region and those of the blocks that
    // dominate it (they ran on every path here), not its other siblings'.
    conditionalEarlier.resize(earlier);
    for (size_t d = 0; d < b; ++d)
      if (dom.size() > b && dom[b][d] && own[d])
        conditionalEarlier.insert(conditionalEarlier.end(), own[d]->begin(),
                                  own[d]->end());
    size_t mine = conditionalEarlier.size();
    for (size_t a = 0; a < block.arguments.size(); ++a) {
      ValueId arg = block.arguments[a];
      if (states[arg].defined)
        continue;
      if (b > 0 && incoming[b] && !(*incoming[b])[a].empty()) {
        const std::vector<ValueId> &from = (*incoming[b])[a];
        const ValueState &s = states[from[0]];
        // The same sizes and values on every branch (terms are interned:
        // equal terms are equal sizes); an i1 that differs per branch
        // (%true on one, %false on the other) is not the first branch's.
        bool same = std::all_of(from.begin(), from.end(), [&](ValueId v) {
          const ValueState &o = states[v];
          return o.defined && o.ranked == s.ranked && o.dims == s.dims &&
                 o.hasExtents == s.hasExtents && o.extents == s.extents &&
                 o.scalar == s.scalar && o.hasBools == s.hasBools &&
                 o.bools == s.bools && o.matrix == s.matrix;
        });
        const Type &type = value(arg).type;
        if (same && s.defined &&
            (!s.ranked || !type.hasRank() ||
             s.dims.size() == type.dims.size())) {
          states[arg] = s;
          continue;
        }
      }
      defineFromType(arg, SymbolOrigin::OpaqueDim);
    }
    lowerBlockOps(region, b);
    if (region.blocks.size() > 1)
      own[b].emplace(conditionalEarlier.begin() + std::ptrdiff_t(mine),
                     conditionalEarlier.end());
  }
  conditionalEarlier.resize(earlier);
  conditional = outer;
}

void Lowerer::lowerBlockOps(const Region &region, size_t b) {
  const Block &block = region.blocks[b];
  // The regions were scanned for branches before: nothing reads an op of
  // the body again once it is lowered.
  Block *freed =
      release && &region == &release->body ? &release->body.blocks[b] : nullptr;
  for (size_t k = 0; k < block.operations.size(); ++k) {
    lowerOp(block.operations[k]);
    if (freed && freed->operations.releaseBefore(k + 1) > 0)
      lastOp = nullptr; // its address may hold another op later
  }
}

bool Lowerer::foldRegion(const Operation &op, const Region &body,
                         const std::vector<TermId> &elements) {
  const Block &block = body.blocks[0];
  std::vector<ValueState> acc;
  for (size_t k = 1; k < op.operands.size(); ++k)
    acc.push_back(state(op.operands[k]));
  for (size_t i = 0; i < elements.size(); ++i) {
    state(block.arguments[0]) = ValueState();
    defineScalar(block.arguments[0], graph().constant(int64_t(i)));
    state(block.arguments[1]) = ValueState();
    defineScalar(block.arguments[1], elements[i]);
    for (size_t k = 0; k < acc.size(); ++k)
      state(block.arguments[2 + k]) = acc[k];
    std::vector<ValueId> yielded = lowerInline(body);
    if (yielded.size() != acc.size())
      return false;
    for (size_t k = 0; k < acc.size(); ++k)
      acc[k] = state(yielded[k]);
  }
  for (size_t k = 0; k < op.results.size() && k < acc.size(); ++k) {
    state(op.results[k]) = acc[k];
    state(op.results[k]).defined = true;
  }
  return true;
}

} // namespace symshape::frontend
