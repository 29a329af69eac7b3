//===- Lowering.cpp - From parsed functions to solver problems ------------===//

#include "LoweringImpl.h"
#include "ops/OpContext.h"
#include "ops/OpTable.h"

#include <algorithm>
#include <unordered_set>

namespace symshape::frontend {

using solver::Obligation;
using solver::ObligationKind;
using solver::SymbolOrigin;

Lowerer::Lowerer(const Function &function, const LoweringOptions &options,
                 DiagnosticEngine &diags, std::vector<bool> &assumptionUsed,
                 const Module *module)
    : function(function), options(options), module(module), frame(&function),
      diags(diags), assumptionUsed(assumptionUsed),
      prob(std::make_unique<solver::Problem>()),
      states(function.values.size()) {
  for (ValueId id = 0; id < function.values.size(); ++id)
    byName.emplace(function.values[id].name, id);
  displayNames.resize(function.values.size());
  std::unordered_map<std::string, unsigned> seen;
  for (ValueId id = 0; id < function.values.size(); ++id) {
    const std::string &name = function.values[id].name;
    unsigned &count = seen[name];
    std::string shown = name;
    if (count++ > 0 && !name.empty()) {
      unsigned k = count;
      do
        shown = name + "_" + std::to_string(k++);
      while (byName.count(shown) || seen.count(shown));
      seen[shown] = 1;
    }
    displayNames[id] = "%" + shown;
  }
}

const Type &Lowerer::operandType(const Operation &op, size_t i) const {
  if (i < op.operandTypes.size())
    return op.operandTypes[i];
  return value(op.operands[i]).type;
}

solver::Text Lowerer::opText(const Operation &op) {
  // An op gives several obligations, and a function many ops of one name:
  // they share the name's text.
  if (&op != lastOp) {
    auto [it, fresh] = opNames.try_emplace(op.name);
    if (fresh)
      it->second = op.name;
    lastOp = &op;
    lastOpName = it->second;
  }
  return lastOpName;
}

TermId Lowerer::newSymbol(const std::string &name, SymbolOrigin origin) {
  if (callStack.empty() || inPublicCallee() || name.empty())
    return graph().symbol(name, origin);
  return graph().symbol("%" + frame->name + "." + name.substr(1), origin);
}

TermId Lowerer::freshDim(const std::string &name, SymbolOrigin origin) {
  TermId symbol = newSymbol(name, origin);
  prob->addFact(formulas().mkLe(graph().constant(options.minDim), symbol));
  return symbol;
}

void Lowerer::defineDims(ValueId id, std::vector<TermId> dims) {
  ValueState &s = states[id];
  s.defined = true;
  s.ranked = true;
  for (size_t d = 0; d < dims.size(); ++d)
    label(dims[d], dimName(id, d));
  s.dims = std::move(dims);
}

void Lowerer::defineScalar(ValueId id, TermId scalar) {
  ValueState &s = states[id];
  s.defined = true;
  s.scalar = scalar;
  label(scalar, refName(id));
}

void Lowerer::defineFromType(ValueId id, SymbolOrigin origin) {
  const Value &v = value(id);
  const Type &type = v.type;
  if (!v.typeKnown) {
    states[id].defined = true;
    return;
  }
  if (type.isExtentTensor() && type.dims[0] != kDynamic) {
    // An extent tensor of known length: each element a free extent.
    std::vector<TermId> extents;
    for (int64_t i = 0; i < type.dims[0]; ++i)
      extents.push_back(freshDim(dimName(id, size_t(i)), origin));
    defineDims(id, {graph().constant(type.dims[0])});
    states[id].hasExtents = true;
    states[id].extents = std::move(extents);
    return;
  }
  if (type.hasRank()) {
    std::vector<TermId> dims;
    for (size_t d = 0; d < type.dims.size(); ++d)
      dims.push_back(type.dims[d] == kDynamic ? freshDim(dimName(id, d), origin)
                                              : graph().constant(type.dims[d]));
    defineDims(id, std::move(dims));
    return;
  }
  if (type.isSizeLike()) {
    TermId symbol = newSymbol(refName(id), SymbolOrigin::Scalar);
    // A !shape.size is a non-negative integer (shape dialect); an index is not.
    if (type.kind == TypeKind::Size)
      prob->addFact(formulas().mkLe(graph().constant(0), symbol));
    defineScalar(id, symbol);
    return;
  }
  states[id].defined = true; // unranked or not a size: nothing to track
}

void Lowerer::oblige(const Operation &op, ObligationKind kind, int dim,
                     FormulaId violation, std::string subject, bool staticError,
                     std::string staticNote) {
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
  ob.loc = toSolver(at.loc, at.sourceLoc);
  ob.op = opText(at);
  ob.callStack = privateChain;
  ob.dim = dim;
  ob.violation = violation;
  ob.staticError = staticError;
  ob.subject = std::move(subject);
  ob.staticNote = std::move(staticNote);
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
  ob.loc = toSolver(op.loc, op.sourceLoc);
  ob.op = opText(op);
  ob.dim = dim;
  ob.violation = violation;
  ob.staticError = staticError;
  ob.form = form;
  ob.refBegin = uint32_t(prob->dimRefs.size());
  ob.refCount = uint32_t(refs.size());
  prob->dimRefs.insert(prob->dimRefs.end(), refs.begin(), refs.end());
  ob.declared = declared;
  ob.inferredRank = inferredRank;
  ob.staticNote = std::move(staticNote);
  ob.conditional = conditional;
  if (conditional)
    ob.violation = withEarlier(violation, kind);
  pending.push_back(std::move(ob));
  pendingDepth.push_back(opDepth);
  pendingPlain.push_back(violation);
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
  // A result-cast assumes its own op's operand requirements (SEMANTICS.md §4).
  if (kind == ObligationKind::ResultCast)
    for (size_t k = opFirst; k < pending.size(); ++k)
      if (pending[k].kind != ObligationKind::ResultCast &&
          pending[k].opIndex == solver::kNoOp)
        all.push_back(formulas().mkNot(pendingPlain[k]));
  return all.size() == 1 ? violation : formulas().mkAnd(all);
}

TermId Lowerer::scalarOf(ValueId id) {
  ValueState &s = states[id];
  if (s.scalar == solver::kNoTerm) {
    TermId symbol = newSymbol(refName(id), SymbolOrigin::Scalar);
    if (value(id).type.kind == TypeKind::Size)
      prob->addFact(formulas().mkLe(graph().constant(0), symbol));
    defineScalar(id, symbol);
  }
  return s.scalar;
}

std::optional<int64_t> Lowerer::constantOf(ValueId id) {
  const ValueState &s = states[id];
  if (s.scalar == solver::kNoTerm)
    return std::nullopt;
  return graph().constantValue(s.scalar);
}

std::optional<std::vector<TermId>> Lowerer::extentsOf(ValueId id) {
  const ValueState &s = states[id];
  if (!s.hasExtents)
    return std::nullopt;
  return s.extents;
}

void Lowerer::alias(ValueId to, ValueId from) {
  ValueState copy = states[from];
  states[to] = copy;
  states[to].defined = true;
  if (copy.scalar != solver::kNoTerm)
    label(copy.scalar, refName(to));
}

void Lowerer::defineShape(const Operation &op, ValueId id,
                          std::optional<std::vector<TermId>> extents) {
  const Type &type = value(id).type;
  ValueState &s = states[id];
  s.defined = true;
  if (type.isExtentTensor()) {
    int64_t length = type.dims[0];
    if (extents && length != kDynamic && size_t(length) != extents->size()) {
      // The shape dialect has no compile-time rule: a runtime verdict.
      oblige(op, ObligationKind::Rank, -1, formulas().mkTrue(),
             "the extent tensor " + type.str() + " holding a shape of rank " +
                 std::to_string(extents->size()));
      extents.reset();
    }
    if (!extents) {
      defineFromType(id, SymbolOrigin::OpaqueDim);
      return;
    }
    defineDims(id, {graph().constant(int64_t(extents->size()))});
  }
  if (!extents)
    return;
  for (size_t i = 0; i < extents->size(); ++i)
    label((*extents)[i], dimName(id, i));
  s.hasExtents = true;
  s.extents = std::move(*extents);
}

std::optional<std::vector<int64_t>> Lowerer::intList(const Attribute &attr) {
  switch (attr.kind) {
  case AttrKind::DenseArray:
  case AttrKind::DenseInt:
    if (attr.splat && attr.hasType && attr.type.hasRank() &&
        attr.type.dims.size() == 1 && attr.type.dims[0] >= 0 &&
        !attr.ints.empty())
      return std::vector<int64_t>(size_t(attr.type.dims[0]), attr.ints[0]);
    return attr.ints;
  case AttrKind::Array: {
    std::vector<int64_t> out;
    for (const Attribute &element : attr.elements) {
      if (element.kind != AttrKind::Integer)
        return std::nullopt;
      out.push_back(element.intValue);
    }
    return out;
  }
  default:
    return std::nullopt;
  }
}

std::vector<ValueId> Lowerer::lowerInline(const Region &region) {
  std::vector<ValueId> yielded;
  for (const Block &block : region.blocks) {
    for (ValueId arg : block.arguments)
      if (!states[arg].defined)
        defineFromType(arg, SymbolOrigin::OpaqueDim);
    for (const Operation &op : block.operations) {
      if (op.name == "shape.yield" || op.name == "shape.assuming_yield")
        yielded = op.operands;
      lowerOp(op);
    }
  }
  return yielded;
}

void Lowerer::markOpaque(const Operation &op, std::string reason, bool always,
                         bool check) {
  // An op with no shaped operands and only static results (a constant, a
  // global load) is a plain source of static facts (SEMANTICS.md §1), not
  // opaque. Tensors of other dialects (`!torch.vtensor<[?,3],f32>`) and memrefs
  // are shaped too: a program made of them is not "nothing to check".
  auto foreignShaped = [](const Type &type) {
    return type.kind == TypeKind::Other &&
           (type.spelling.find("tensor") != std::string::npos ||
            type.spelling.rfind("memref<", 0) == 0);
  };
  auto foreignDynamic = [&](const Type &type) {
    return foreignShaped(type) &&
           (type.spelling.find('?') != std::string::npos ||
            type.spelling.find('*') != std::string::npos ||
            type.spelling.find('<') == std::string::npos);
  };
  bool shapedOperand = false;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type &type = operandType(op, i);
    shapedOperand |= type.isTensor() || type.kind == TypeKind::Vector ||
                     type.kind == TypeKind::Shape || type.isSizeLike() ||
                     foreignShaped(type);
  }
  bool dynamicResult = false;
  for (ValueId result : op.results) {
    const Value &v = value(result);
    if (!v.typeKnown || !v.type.hasRank()) {
      dynamicResult |= v.type.isTensor() || !v.typeKnown ||
                       v.type.kind == TypeKind::Shape || v.type.isSizeLike() ||
                       foreignDynamic(v.type);
      continue;
    }
    for (int64_t d : v.type.dims)
      dynamicResult |= d == kDynamic;
  }
  if (!shapedOperand && !dynamicResult && !always)
    return;
  if (inPublicCallee())
    return; // listed in the callee's own report
  // A private callee called twice lists its op once.
  if (privateChain != 0)
    for (const solver::OpaqueOp &seen : prob->opaque)
      if (seen.loc.buffer == op.loc.buffer && seen.loc.offset == op.loc.offset)
        return;
  prob->opaque.push_back({toSolver(op.loc, op.sourceLoc), op.name,
                          std::move(reason), privateChain, check});
}

void Lowerer::lowerOpaque(const Operation &op) {
  for (ValueId result : op.results) {
    defineFromType(result, SymbolOrigin::OpaqueDim);
    states[result].opaque = true;
  }
}

namespace {
/// Tags the obligations one op occurrence queues (nested ops tag theirs
/// first) with one index, so the solver judges them by phase (SEMANTICS.md §4).
struct OpOccurrence {
  std::vector<Obligation> &pending;
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
      if (pendingDepth[k] == opDepth + 1 && !pending[k].staticError)
        conditionalEarlier.push_back(pendingPlain[k]); // not nested
}

void Lowerer::lowerOpOnce(const Operation &op) {
  OpOccurrence occurrence{pending, pending.size()};
  if (op.name == "func.return" || op.name == "shape.yield" ||
      op.name == "shape.assuming_yield")
    return; // terminators: read by the op that owns the region
  for (const std::string &extra : options.broadcastable)
    if (op.name == extra) {
      lowerImplicitBroadcast(op);
      return;
    }
  // An op whose custom syntax was not understood is opaque (its entry
  // would read attributes the parse skipped).
  if (const OpEntry *entry = findOp(op.name);
      entry && entry->lower && !op.skipped) {
    OpContext ctx(*this, op);
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
      size_t first = op.name == "cf.cond_br" ? 1 : 0;
      size_t wanted = first;
      for (size_t t : targets)
        wanted += region.blocks[t].arguments.size();
      bool known = targets.size() == op.successors.size() &&
                   ((op.name == "cf.br" && targets.size() == 1) ||
                    (op.name == "cf.cond_br" && targets.size() == 2)) &&
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
    for (const Operation &op : block.operations)
      lowerOp(op);
    if (region.blocks.size() > 1)
      own[b].emplace(conditionalEarlier.begin() + std::ptrdiff_t(mine),
                     conditionalEarlier.end());
  }
  conditionalEarlier.resize(earlier);
  conditional = outer;
}

namespace {
/// Hashes the fields of a Type, for the table of type texts.
struct TypeHash {
  size_t operator()(const Type &type) const {
    size_t h = size_t(type.kind) * 0x9E3779B97F4A7C15ull;
    for (int64_t d : type.dims)
      h = (h ^ size_t(d)) * 0x100000001B3ull;
    std::hash<std::string> hs;
    return h ^ hs(type.element) ^ (hs(type.encoding) << 1) ^
           (hs(type.spelling) << 2);
  }
};
} // namespace

void Lowerer::recordValues() {
  // Values of one type share the text of that type (and of its element).
  std::unordered_map<Type, solver::Text, TypeHash> typeTexts;
  std::unordered_map<std::string, solver::Text> elements;
  const solver::Text unknown("?");
  prob->values.reserve(function.values.size());
  for (ValueId id = 0; id < function.values.size(); ++id) {
    const Value &v = function.values[id];
    const ValueState &s = states[id];
    solver::ValueInfo info;
    info.name = refName(id);
    if (v.typeKnown) {
      auto [at, fresh] = typeTexts.try_emplace(v.type);
      if (fresh)
        at->second = v.type.str();
      info.type = at->second;
    } else {
      info.type = unknown;
    }
    info.loc = toSolver(v.loc);
    if (!v.type.element.empty()) {
      auto [at, fresh] = elements.try_emplace(v.type.element);
      if (fresh)
        at->second = v.type.element;
      info.element = at->second;
    }
    using Kind = solver::ValueInfo::Kind;
    info.kind = v.type.isTensor()                 ? Kind::Tensor
                : v.type.kind == TypeKind::Vector ? Kind::Vector
                : v.type.kind == TypeKind::Shape  ? Kind::Shape
                : v.type.isSizeLike()             ? Kind::Size
                                                  : Kind::Other;
    info.ranked = s.ranked;
    info.dims = s.dims;
    info.typeRanked = v.typeKnown && v.type.hasRank();
    if (info.kind == solver::ValueInfo::Kind::Shape) {
      // A shape value's "shape" is its extents.
      info.ranked = s.hasExtents;
      info.dims = s.extents;
    }
    // The type's dims are what reports show of a value not followed.
    if (info.typeRanked && !info.ranked)
      info.typeDims = v.type.dims;
    info.scalar = s.scalar;
    prob->values.push_back(std::move(info));
  }
}

std::unique_ptr<solver::Problem> Lowerer::run() {
  prob->function = function.name;
  prob->loc = toSolver(function.range.begin, function.sourceLoc);
  // Entry block arguments first: their `?` dims are the function's inputs.
  for (ValueId arg : function.arguments)
    defineFromType(arg, SymbolOrigin::ArgumentDim);
  lowerRegion(function.body, false);
  addAssumptions();
  if (failed)
    return nullptr;
  prob->addObligations(std::move(pending));
  recordValues();
  return std::move(prob);
}

std::unique_ptr<solver::Problem>
lowerFunction(const Function &function, const LoweringOptions &options,
              DiagnosticEngine &diags, std::vector<bool> &assumptionUsed,
              const Module *module) {
  return Lowerer(function, options, diags, assumptionUsed, module).run();
}

} // namespace symshape::frontend
