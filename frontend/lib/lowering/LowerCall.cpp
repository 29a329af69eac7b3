//===- LowerCall.cpp - func.call of a function in the module -------------===//
//
// A call is lowered as its callee's shape semantics: the callee's body is
// lowered in a frame of its own (its values, their states and names), with
// its arguments bound to the call's operands, and the call's results take
// what the callee returns.
//
//   func.func @g(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
//     %0 = arith.addf %x, %y : tensor<?xf32>     // equal: %x[0] == %y[0]
//     return %0 : tensor<?xf32>
//   }
//   %r = call @g(%a, %b) : ...     // requires %a[0] == %b[0]; %r[0] is %a[0]
//
// The callee's requirements are judged at the call ("... in @g"); its static
// errors and opaque ops are reported by the callee's own analysis.
//
//===----------------------------------------------------------------------===//

#include "LoweringImpl.h"
#include "ops/OpTable.h"

#include <algorithm>
#include <cstdint>
#include <unordered_set>

namespace symshape::frontend {

using solver::SymbolOrigin;

/// Calls nested deeper than this are not inlined.
static constexpr size_t kMaxCallDepth = 16;
/// Ops lowered in inlined bodies, per analysed function.
static constexpr size_t kMaxInlinedOps = 200000;
/// The cost of a callee that can reach itself (or nests too deep).
static constexpr size_t kRecursive = SIZE_MAX;

const Function *Module::findFunction(const std::string &name) const {
  auto it = functionIndex.find(name);
  if (it != functionIndex.end() && it->second < functions.size() &&
      functions[it->second].qualifiedName() == name)
    return &functions[it->second];
  // Every function indexed under its own name: `name` is none of them.
  if (functionIndex.size() == functions.size() && it == functionIndex.end())
    return nullptr;
  for (const Function &f : functions) // built without the index
    if (f.qualifiedName() == name)
      return &f;
  return nullptr;
}

const Function *Lowerer::findFunction(const std::string &name,
                                      const Function &from) const {
  if (feed) // the callee may not be parsed yet
    throw StreamAbandoned();
  return module ? module->findFunction(from.calleeKey(name)) : nullptr;
}

const Function *Lowerer::findFunction(const std::string &name) const {
  return findFunction(name, *frame);
}

const std::vector<MeshAxis> *Lowerer::findMesh(const std::string &name) const {
  if (feed) // the mesh may not be parsed yet
    throw StreamAbandoned();
  if (!module)
    return nullptr;
  auto it = module->meshes.find(frame->calleeKey(name));
  return it == module->meshes.end() || !it->second ? nullptr : &*it->second;
}

static size_t countOps(const Region &region) {
  size_t n = 0;
  for (const Block &block : region.blocks)
    for (const Operation &op : block.operations) {
      ++n;
      for (const Region &inner : op.regions)
        n += countOps(inner);
    }
  return n;
}

void collectCallees(const Operation &op, std::vector<std::string> &callees) {
  static const std::string kCallee = "callee";
  static const std::string kDecomposition = "decomposition";
  // Every op is looked at: its few attributes are read before its name is
  // looked up in the op table. A composite calls its decomposition.
  const Attribute *callee = findAttr(op.attributes, kCallee);
  if (!callee)
    callee = findAttr(op.attributes, kDecomposition);
  if (callee && callee->kind == AttrKind::SymbolRef && isCallOp(op.name))
    callees.push_back(callee->str);
  for (const Region &inner : op.regions)
    for (const Block &block : inner.blocks)
      for (const Operation &nested : block.operations)
        collectCallees(nested, callees);
}

void collectCallees(const Function &function, std::vector<std::string> &names) {
  size_t first = names.size();
  if (function.freedCallees) {
    names.insert(names.end(), function.freedCallees->begin(),
                 function.freedCallees->end());
  } else {
    for (const Block &block : function.body.blocks)
      for (const Operation &op : block.operations)
        collectCallees(op, names);
  }
  if (!function.scopePath.empty()) // in a nested module's symbol table
    for (size_t i = first; i < names.size(); ++i)
      names[i] = function.calleeKey(names[i]);
}

/// Whether some op of `region` calls a function or reaches a global.
static bool readsModule(const Region &region) {
  for (const Block &block : region.blocks)
    for (const Operation &op : block.operations) {
      const OpEntry *entry = findOp(op.name);
      if (entry &&
          (entry->role == OpRole::Call || entry->global != GlobalAccess::None))
        return true;
      for (const Region &inner : op.regions)
        if (readsModule(inner))
          return true;
    }
  return false;
}

bool lowersAlone(const Function &function) {
  return !function.freedCallees && !readsModule(function.body);
}

std::unordered_set<std::string> calledNames(const Module &module) {
  std::vector<std::string> names;
  for (const Function &caller : module.functions)
    collectCallees(caller, names);
  return {names.begin(), names.end()};
}

std::vector<const Function *> privateCallees(const Module &module) {
  if (std::none_of(
          module.functions.begin(), module.functions.end(),
          [](const Function &f) { return f.isPrivate && !f.isDeclaration; }))
    return {}; // no body to find calls of: no op need be looked at
  std::unordered_set<std::string> called; // by some other function
  for (const Function &caller : module.functions) {
    std::vector<std::string> names;
    collectCallees(caller, names);
    for (std::string &name : names)
      if (name != caller.qualifiedName())
        called.insert(std::move(name));
  }
  std::vector<const Function *> out;
  for (const Function &callee : module.functions)
    if (callee.isPrivate && !callee.isDeclaration &&
        called.count(callee.qualifiedName()))
      out.push_back(&callee);
  return out;
}

size_t Lowerer::inlineCost(const Function &callee, unsigned depth) {
  auto it = inlineCosts.find(&callee);
  if (it != inlineCosts.end())
    return it->second;
  if (depth > kMaxCallDepth)
    return kRecursive;
  inlineCosts[&callee] = kRecursive; // reached again before it is done
  size_t cost = countOps(callee.body);
  std::vector<std::string> callees;
  collectCallees(callee, callees);
  for (const std::string &name : callees) // qualified by collectCallees
    if (const Function *f = module ? module->findFunction(name) : nullptr;
        f && !f->isDeclaration) {
      size_t inner = inlineCost(*f, depth + 1);
      cost = inner == kRecursive ? kRecursive
                                 : std::min(kMaxInlinedOps + 1, cost + inner);
      if (cost == kRecursive)
        break;
    }
  inlineCosts[&callee] = cost;
  return cost;
}

void Lowerer::enterFrame(const Function &callee) {
  frame = &callee;
  states.assign(callee.values.size(), ValueState());
  if (!inPublicCallee()) {
    // A private callee's findings are at its own ops: its own names read
    // best there (symbols stay unique: DimGraph::symbol numbers a name
    // taken twice).
    displayNames.assign(callee.values.size(), solver::Text());
    for (ValueId id = 0; id < callee.values.size(); ++id)
      displayNames[id] = "%" + callee.values[id].name;
    return;
  }
  // "%g.0": the callee's names, qualified (symbols are labelled with them),
  // unique among all names shown in this function (the callee's shadowed
  // names, a second call of @g, a caller's own value named %g.0).
  displayNames.assign(callee.values.size(), solver::Text());
  for (ValueId id = 0; id < callee.values.size(); ++id) {
    std::string shown = "%" + callee.name + "." + callee.values[id].name;
    auto [at, fresh] = shownNames.emplace(shown, 2u);
    if (!fresh) {
      std::string base = shown;
      for (unsigned &k = at->second;;) {
        shown = base + "_" + std::to_string(k++);
        if (shownNames.emplace(shown, 2u).second)
          break;
      }
    }
    displayNames[id] = std::move(shown);
  }
}

std::optional<std::vector<ValueState>>
Lowerer::inlineCall(const Operation &call, const Function &callee,
                    std::string &whyNot) {
  std::optional<std::vector<ValueState>> returned =
      inlineCallOnce(call, callee, whyNot);
  if (!returned)
    prob->calleesNotInlined.push_back(callee.qualifiedName());
  return returned;
}

bool Lowerer::inlinable(const Operation &call, const Function &callee,
                        std::string &whyNot) {
  for (const Function *active : callStack)
    if (active == &callee) {
      whyNot = "recursive call of @" + callee.name + ": not inlined";
      return false;
    }
  if (callStack.size() >= kMaxCallDepth) {
    whyNot = "calls nested deeper than " + std::to_string(kMaxCallDepth) +
             ": not inlined";
    return false;
  }
  if (callee.isDeclaration) {
    whyNot = "@" + callee.name + " is a declaration";
    return false;
  }
  if (callee.body.blocks.size() != 1 ||
      callee.body.blocks[0].operations.empty() ||
      !isReturnOp(callee.body.blocks[0].operations.back().name)) {
    whyNot = "@" + callee.name + " has control flow: not inlined";
    return false;
  }
  if (callee.arguments.size() != call.operands.size()) {
    whyNot = "the call passes " + std::to_string(call.operands.size()) +
             " operands to @" + callee.name + " of " +
             std::to_string(callee.arguments.size()) + " arguments";
    return false;
  }
  size_t cost = inlineCost(callee, unsigned(callStack.size()));
  if (cost == kRecursive) {
    whyNot = "@" + callee.name + " is recursive (or nests calls deeper than " +
             std::to_string(kMaxCallDepth) + "): not inlined";
    return false;
  }
  if (inlinedOps + cost > kMaxInlinedOps) {
    whyNot = "@" + callee.name + " is too large to inline here";
    return false;
  }
  inlinedOps += cost;
  return true;
}

std::optional<std::vector<ValueState>>
Lowerer::inlineCallOnce(const Operation &call, const Function &callee,
                        std::string &whyNot) {
  if (!inlinable(call, callee, whyNot))
    return std::nullopt;
  // The operands as the callee's arguments see them. An integer scalar
  // no op of the caller has read yet (JAX's dimension variable passed
  // straight on) gets its symbol here, in the caller's frame: the callee
  // then speaks of the caller's input, not of a fresh unknown of its own.
  // (A vector argument is data until an op reads it as a size.)
  std::vector<ValueState> args;
  for (size_t i = 0; i < call.operands.size(); ++i) {
    const Value &operand = value(call.operands[i]);
    if (operand.typeKnown && operand.type->dims.empty())
      (void)intElements(call.operands[i]);
    args.push_back(states[call.operands[i]]);
  }
  return lowerCallee(call, callee, args);
}

std::vector<ValueState>
Lowerer::lowerCallee(const Operation &call, const Function &callee,
                     const std::vector<ValueState> &args) {
  if (shownNames.empty()) // the first call, made from the lowered function
    for (const solver::Text &name : displayNames)
      shownNames.emplace(name, 2u);
  const Function *savedFrame = frame;
  std::vector<ValueState> savedStates = std::move(states);
  std::vector<solver::Text> savedNames = std::move(displayNames);
  const Operation *savedSite = callSite;
  size_t savedPublic = publicFrame;
  uint32_t savedChain = privateChain;
  if (!callSite)
    callSite = &call;
  if (!inPublicCallee()) {
    if (callee.isPrivate) {
      // One more call in the chain to this private callee's ops.
      std::vector<solver::CallSite> chain = prob->callStacks[privateChain];
      chain.push_back(
          {toSolver(call.loc, call.sourceLoc), frame->qualifiedName()});
      privateChain = uint32_t(prob->callStacks.size());
      prob->callStacks.push_back(std::move(chain));
      publicFrame = callStack.size() + 1;
    } else {
      publicFrame = callStack.size(); // the call of a public function
    }
  }
  callStack.push_back(&callee);
  callOps.push_back(&call);
  enterFrame(callee);
  for (size_t i = 0; i < args.size(); ++i) {
    ValueId arg = callee.arguments[i];
    const Type &type = value(arg).type;
    bool sameRank = !args[i].ranked || !type.hasRank() ||
                    args[i].dims.size() == type.dims.size();
    if (args[i].defined && sameRank) {
      states[arg] = args[i];
    } else {
      defineFromType(arg, SymbolOrigin::OpaqueDim);
    }
  }
  lowerRegion(callee.body, false);
  std::vector<ValueState> returned;
  for (ValueId id : callee.body.blocks[0].operations.back().operands)
    returned.push_back(states[id]);
  callStack.pop_back();
  callOps.pop_back();
  callSite = savedSite;
  publicFrame = savedPublic;
  privateChain = savedChain;
  frame = savedFrame;
  states = std::move(savedStates);
  displayNames = std::move(savedNames);
  return returned;
}

} // namespace symshape::frontend
