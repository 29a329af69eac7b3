//===- OpTable.cpp - The registry of op entries
//----------------------------===//

#include "OpTable.h"
#include "symshape/frontend/OpRefine.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace symshape::frontend {

OpFamily tensorFamily() {
  static const std::vector<OpEntry> entries = [] {
    std::vector<OpEntry> all;
    for (const OpFamily &part :
         {tensorOps(), tensorRelayoutOps(), arithOps(), funcOps()})
      all.insert(all.end(), part.entries, part.entries + part.count);
    return all;
  }();
  return {"tensor", entries.data(), entries.size()};
}

const std::vector<OpFamily> &opFamilies() {
  static const std::vector<OpFamily> families = {
      broadcastFamily(), tosaFamily(),  stablehloFamily(),   linalgFamily(),
      tensorFamily(),    shapeFamily(), controlFlowFamily(), ireeFamily(),
      shardedFamily(),   torchFamily(), onnxFamily(),
  };
  return families;
}

const OpEntry *findOp(std::string_view name) {
  // Built once, on first use (thread-safe static initialisation); read-only
  // afterwards, so sessions on several threads share it.
  static const std::unordered_map<std::string_view, const OpEntry *> index =
      [] {
        std::unordered_map<std::string_view, const OpEntry *> map;
        for (const OpFamily &family : opFamilies())
          for (size_t i = 0; i < family.count; ++i) {
            const OpEntry &entry = family.entries[i];
            map.emplace(entry.name, &entry);
            if (!entry.shortName.empty())
              map.emplace(entry.shortName, &entry);
          }
        return map;
      }();
  // A program asks for the same few names over and over (each op's name
  // by the parser, the lowering and refine, several times): the last name
  // found on this thread is compared before the name is hashed. It views
  // the index's own key, which lives as long as the table.
  thread_local std::string_view lastName;
  thread_local const OpEntry *lastEntry = nullptr;
  if (lastEntry && name == lastName)
    return lastEntry;
  auto it = index.find(name);
  if (it == index.end())
    return nullptr;
  lastName = it->first;
  lastEntry = it->second;
  return it->second;
}

/// PyTorch's name of the torch-mlir op `name` ("torch.aten.add.Tensor" ->
/// "aten::add.Tensor"); empty for an op that is no PyTorch operator
/// (torch.constant.int, torch_c.*).
static std::string pyTorchOperatorName(std::string_view name) {
  for (std::string_view ns : {"aten", "prims", "prim"}) {
    std::string prefix = "torch." + std::string(ns) + ".";
    if (name.substr(0, prefix.size()) == prefix)
      return std::string(ns) + "::" + std::string(name.substr(prefix.size()));
  }
  return {};
}

std::string_view defaultRuleId(const OpEntry &entry) {
  if (!entry.rule.empty())
    return entry.rule;
  // Built once, like findOp's index.
  static const std::unordered_map<const OpEntry *, std::string> ids = [] {
    std::unordered_map<const OpEntry *, std::string> map;
    for (const OpFamily &family : opFamilies()) {
      if (family.ruleNaming != RuleNaming::PyTorch)
        continue;
      for (size_t i = 0; i < family.count; ++i) {
        std::string id = pyTorchOperatorName(family.entries[i].name);
        if (!id.empty())
          map.emplace(&family.entries[i], std::move(id));
      }
    }
    return map;
  }();
  auto it = ids.find(&entry);
  return it == ids.end() ? std::string_view() : std::string_view(it->second);
}

bool isExactIntArith(std::string_view name) {
  const OpEntry *entry = findOp(name);
  return entry && entry->exactIntArith;
}

bool isCallOp(std::string_view name) {
  const OpEntry *entry = findOp(name);
  return entry && entry->role == OpRole::Call;
}

bool isReturnOp(std::string_view name) {
  const OpEntry *entry = findOp(name);
  return entry && entry->role == OpRole::Return;
}

OpRole opRole(std::string_view name) {
  const OpEntry *entry = findOp(name);
  return entry ? entry->role : OpRole::None;
}

//===--- Ops outside the table, by name --------------------------------===//
//
// `refine --drop-redundant-checks` also reads ops symshape does not model:
// the one place that classifies them by their name's dialect.

/// Every op of arith and index (modelled or not) has no effect but its
/// results (MLIR gives them no memory effects).
static bool isSideEffectFreeDialect(std::string_view name) {
  return name.rfind("arith.", 0) == 0 || name.rfind("index.", 0) == 0;
}

bool opIsSideEffectFree(std::string_view name) {
  if (isSideEffectFreeDialect(name))
    return true;
  const OpEntry *entry = findOp(name);
  return entry && entry->sideEffectFree;
}

bool opIsConstraint(std::string_view name) {
  // A `shape.cstr_` op the table does not list is read as one too.
  return opRole(name) == OpRole::Constraint ||
         name.rfind("shape.cstr_", 0) == 0;
}

namespace {

std::vector<const OpEntry *> sortedEntries(const OpFamily &family) {
  std::vector<const OpEntry *> entries;
  for (size_t i = 0; i < family.count; ++i)
    if (family.entries[i].lower) // terminators are read, not modelled
      entries.push_back(&family.entries[i]);
  std::sort(
      entries.begin(), entries.end(),
      [](const OpEntry *a, const OpEntry *b) { return a->name < b->name; });
  return entries;
}

} // namespace

std::string renderFamilySummary() {
  std::string out = "| family | ops | names |\n|---|---:|---|\n";
  size_t total = 0;
  for (const OpFamily &family : opFamilies()) {
    std::vector<const OpEntry *> entries = sortedEntries(family);
    total += entries.size();
    out += "| " + std::string(family.name) + " | " +
           std::to_string(entries.size()) + " | ";
    for (size_t i = 0; i < entries.size(); ++i)
      out += (i ? ", " : "") + std::string("`") +
             std::string(entries[i]->name) + "`";
    out += " |\n";
  }
  out += "| all | " + std::to_string(total) + " | |\n";
  return out;
}

std::string renderOpReference() {
  std::string out;
  for (const OpFamily &family : opFamilies()) {
    std::vector<const OpEntry *> entries = sortedEntries(family);
    if (entries.empty())
      continue;
    out += "## " + std::string(family.name) + "\n\n";
    out += "| op | custom form | refine | shape rule and requirements |\n";
    out += "|---|---|---|---|\n";
    for (const OpEntry *e : entries) {
      const char *refine = e->refine & kRefineResults    ? "result"
                           : e->refine & kRefineOperands ? "operands"
                                                         : "no";
      out += "| `" + std::string(e->name) + "` | " +
             (e->parse ? "yes" : "generic only") + " | " + refine + " | " +
             std::string(e->summary) + " |\n";
    }
    out += "\n";
  }
  return out;
}

} // namespace symshape::frontend
