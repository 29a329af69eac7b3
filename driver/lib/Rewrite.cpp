//===- Rewrite.cpp - Writing refined types back into the source -----------===//

#include "symshape/driver/Rewrite.h"

#include "symshape/driver/RefinedType.h"
#include "symshape/frontend/OpRefine.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
#include <unordered_map>
#include <unordered_set>

namespace symshape::frontend {

namespace {

/// Ops whose result type may be made more static on its own: the result is
/// computed from the operands, and any compatible static type verifies.
bool resultRefinable(const Operation &op) { return opRefinesResults(op.name); }

/// Ops that accept more static operand types, written with each operand's
/// type on its own (the generic form, torch-mlir's `%a, %b : T1, T2 -> R`).
bool operandsRefinable(const Operation &op) {
  if (op.operandTypeRanges.size() != op.operands.size())
    return false;
  return opRefinesOperands(op.name);
}

/// A text edit; its new text is `size` bytes at `at` of the edits' text.
struct Edit {
  uint32_t begin = 0, end = 0; ///< replaced range; begin == end inserts
  size_t at = 0, size = 0;
  size_t order = 0; ///< insertion order, to keep inserts at one place stable
};

void forEachOp(const Region &region,
               const std::function<void(const Operation &)> &fn) {
  for (const Block &block : region.blocks)
    for (const Operation &op : block.operations) {
      fn(op);
      for (const Region &inner : op.regions)
        forEachOp(inner, fn);
    }
}

/// Whether a name ending before `after` would run into the next character:
/// `%0n` is `%0` then `n`, but `%cast0n` would be one name.
bool joinsNext(std::string_view text, uint32_t after) {
  return after < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[after])) ||
          std::strchr("$._-", text[after]) != nullptr);
}

/// The lines `range` fills on its own, newline included, or nullopt when
/// other text shares them.
std::optional<std::pair<uint32_t, uint32_t>> ownLines(std::string_view text,
                                                      SourceRange range) {
  uint32_t begin = range.begin.offset, end = range.end.offset;
  while (begin > 0 && (text[begin - 1] == ' ' || text[begin - 1] == '\t'))
    --begin;
  if (begin > 0 && text[begin - 1] != '\n')
    return std::nullopt;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t'))
    ++end;
  // The op's trailing location (`loc(#loc3)`, `loc("f.py":3:0)`) is its own.
  if (text.substr(end, 4) == "loc(") {
    int depth = 0;
    bool quoted = false;
    for (; end < text.size() && text[end] != '\n'; ++end) {
      char c = text[end];
      if (quoted) {
        if (c == '\\')
          ++end;
        else if (c == '"')
          quoted = false;
      } else if (c == '"') {
        quoted = true;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && --depth == 0) {
        ++end;
        break;
      }
    }
    while (end < text.size() && (text[end] == ' ' || text[end] == '\t'))
      ++end;
  }
  if (end < text.size() && text[end] != '\n')
    return std::nullopt;
  return std::make_pair(begin, end < text.size() ? end + 1 : end);
}

/// The refined type of `v` when it is more precise than the declared one.
std::optional<Type> refinedType(const Value &value,
                                const solver::ValueInfo &info,
                                const solver::Problem &problem,
                                const solver::ShapeRefinement &shapes) {
  if (!mayRefine(value.type))
    return std::nullopt;
  Type refined = frontend::refinedType(value.type, info, problem, &shapes);
  if (refined == value.type)
    return std::nullopt;
  return refined;
}

} // namespace

namespace {

/// refineSteps, each handed to `take` as it is made.
void forEachRefineStep(const Session &session, const FileAnalysis &file,
                       const std::string &only,
                       const std::function<void(RefineStep &&)> &take) {
  using Kind = RefineStep::Kind;
  std::string_view text = session.sources().buffer(file.buffer);
  for (const FunctionAnalysis &analysis : file.functions) {
    if (!analysis.shapes || !analysis.shapes->wellDefined() ||
        (!only.empty() && analysis.function->name != only))
      continue;
    const Function &fn = *analysis.function;
    const solver::Problem &problem = *analysis.problem;
    std::vector<std::optional<Type>> refined(fn.values.size());
    forEachOp(fn.body, [&](const Operation &op) {
      if (!resultRefinable(op) ||
          op.resultTypeRanges.size() != op.results.size())
        return;
      for (size_t k = 0; k < op.results.size(); ++k) {
        ValueId v = op.results[k];
        const Value &val = fn.value(v);
        if (!val.typeKnown || v >= problem.values.size())
          continue;
        refined[v] =
            refinedType(val, problem.values[v], problem, *analysis.shapes);
        if (!refined[v])
          continue;
        // A tensor.cast refined to its source's type would be an identity
        // cast: it keeps its declared result.
        if (opIsShapeCast(op.name) && !op.operands.empty()) {
          ValueId source = op.operands[0];
          const Type &sourceType =
              refined[source] ? *refined[source] : *fn.value(source).type;
          if (sourceType == *refined[v]) {
            refined[v].reset();
            continue;
          }
        }
        take({Kind::Result, &fn, &op, k, v, v, *refined[v]});
      }
    });
    // Results of casts that became identity casts and were removed: their
    // uses read the cast's source instead.
    std::unordered_map<ValueId, ValueId> replacedBy;
    forEachOp(fn.body, [&](const Operation &op) {
      bool inPlace = operandsRefinable(op);
      for (size_t i = 0; i < op.operands.size(); ++i) {
        ValueId v = op.operands[i];
        if (i >= op.operandRanges.size())
          continue;
        auto replaced = replacedBy.find(v);
        ValueId source = replaced == replacedBy.end() ? v : replaced->second;
        if (!refined[v]) {
          if (source != v)
            take({Kind::Rename, &fn, &op, i, v, source, Type()});
          continue;
        }
        // A tensor.cast whose source gets its result's type has become an
        // identity cast: it goes, and its uses read the source.
        if (opIsShapeCast(op.name) && op.results.size() == 1 &&
            op.regions.empty()) {
          ValueId result = op.results[0];
          const Type &resultType =
              refined[result] ? *refined[result] : *fn.value(result).type;
          if (resultType == *refined[v]) {
            if (ownLines(text, op.range)) {
              take({Kind::RemoveCast, &fn, &op, 0, result, source, Type()});
              replacedBy[result] = source;
              continue;
            }
            inPlace = false; // not alone on its line: a cast back instead
          }
        }
        take({inPlace ? Kind::InPlace : Kind::Cast, &fn, &op, i, v, source,
              *refined[v]});
      }
    });
  }
}

} // namespace

std::vector<RefineStep> refineSteps(const Session &session,
                                    const FileAnalysis &file,
                                    const std::string &only) {
  std::vector<RefineStep> steps;
  forEachRefineStep(session, file, only, [&](RefineStep &&step) {
    steps.push_back(std::move(step));
  });
  return steps;
}

namespace {

/// A runtime check whose removal changes nothing once it is proved safe.
bool isCheckOp(const Operation &op) {
  if (opIsAssertion(op.name))
    return true;
  // shape.cstr_broadcastable, shape.cstr_eq: their one result is the
  // witness a shape.assuming reads.
  if (opIsConstraint(op.name))
    return op.results.size() <= 1 && op.regions.empty();
  if (!opIsCustomCall(op.name))
    return false;
  const Attribute *target = findAttr(op.attributes, "call_target_name");
  if (!target)
    target = findAttr(op.attributes, "callee");
  return target && target->str == "shape_assertion" && op.results.empty();
}

/// Ops with no effect but their results: what fed a check's predicate.
bool pureOp(const Operation &op) {
  if (!op.regions.empty() || op.skipped)
    return false;
  return opIsSideEffectFree(op.name);
}

} // namespace

std::vector<RefineStep> redundantCheckSteps(const Session &session,
                                            const FileAnalysis &file,
                                            const std::string &only) {
  std::string_view text = session.sources().buffer(file.buffer);
  // Per check op (by position): proved safe wherever it is reached (a
  // private callee's check is reached once per call).
  std::unordered_map<uint32_t, bool> safe;
  for (const FunctionAnalysis &analysis : file.functions)
    for (size_t k = 0; k < analysis.problem->obligations.size(); ++k) {
      const solver::Obligation &ob = analysis.problem->obligations[k];
      const solver::Location &loc = analysis.problem->locOf(ob);
      if (!solver::isRuntimeCheck(ob.kind) || loc.buffer != file.buffer)
        continue;
      bool holds =
          analysis.verdicts.findings[k].verdict == solver::Verdict::Safe;
      bool &everywhere = safe.emplace(loc.offset, true).first->second;
      everywhere = everywhere && holds;
    }
  std::vector<RefineStep> steps;
  for (const Function &fn : file.module.functions) {
    if (fn.isDeclaration || (!only.empty() && fn.name != only))
      continue;
    // Who defines and who uses each value.
    std::unordered_map<ValueId, const Operation *> definedBy;
    std::unordered_map<ValueId, std::vector<const Operation *>> usedBy;
    std::vector<const Operation *> order;
    forEachOp(fn.body, [&](const Operation &op) {
      order.push_back(&op);
      for (ValueId r : op.results)
        definedBy[r] = &op;
      for (ValueId v : op.operands)
        usedBy[v].push_back(&op);
    });
    std::unordered_set<const Operation *> removed;
    std::vector<const Operation *> work;
    for (const Operation *op : order) {
      auto it = safe.find(op->loc.offset);
      if (isCheckOp(*op) && op->loc.buffer == file.buffer && it != safe.end() &&
          it->second && ownLines(text, op->range)) {
        removed.insert(op);
        work.push_back(op);
      }
    }
    // Then what only the removed ops read, back to the first that
    // something else also reads.
    while (!work.empty()) {
      const Operation *op = work.back();
      work.pop_back();
      for (ValueId v : op->operands) {
        auto def = definedBy.find(v);
        if (def == definedBy.end() || removed.count(def->second) ||
            !pureOp(*def->second) || !ownLines(text, def->second->range))
          continue;
        bool onlyRemoved = true;
        for (ValueId r : def->second->results)
          for (const Operation *user : usedBy[r])
            onlyRemoved = onlyRemoved && removed.count(user);
        if (onlyRemoved) {
          removed.insert(def->second);
          work.push_back(def->second);
        }
      }
    }
    for (const Operation *op : order) {
      if (!removed.count(op))
        continue;
      // A cstr whose witness something that stays reads (a
      // shape.assuming) stays, as a witness that passes.
      bool read = false;
      if (isCheckOp(*op))
        for (ValueId r : op->results)
          for (const Operation *user : usedBy[r])
            read = read || !removed.count(user);
      steps.push_back(
          {read ? RefineStep::Kind::PassWitness : RefineStep::Kind::RemoveOp,
           &fn, op, 0, 0, 0, Type()});
    }
  }
  return steps;
}

namespace {

/// The text edits that carry out refine's steps in one file, applied in
/// source order.
class EditList {
public:
  explicit EditList(std::string_view text) : text(text) {}

  void add(const RefineStep &step, RewriteStats *stats);
  /// The file's text with every edit made.
  std::string apply();

private:
  /// The operand `i` of `op` reads `source` instead.
  void rename(const Function &fn, const Operation &op, size_t i,
              ValueId source);
  /// `%w = shape.cstr_eq %a, %b : ...` -> `%w = shape.const_witness
  /// true`: the result names stay, the op after `=` is replaced (its
  /// trailing loc(...) lies outside op.range and stays too).
  void passWitness(const Operation &op);
  /// A use that needs the declared type reads a cast back to it.
  void castBack(const RefineStep &step);
  /// Starts the names of `fn` when its steps begin.
  void enterFunction(const Function &fn);
  /// A fresh `%castN` name of the current function.
  std::string castName();
  /// Replaces [begin, end) with `replacement`.
  void edit(uint32_t begin, uint32_t end, std::string_view replacement) {
    size_t at = edited.size();
    edited += replacement;
    edits.push_back({begin, end, at, replacement.size(), edits.size()});
  }
  /// Replaces [begin, end) with the text of `type`.
  void editType(uint32_t begin, uint32_t end, const Type &type) {
    size_t at = edited.size();
    type.appendTo(edited);
    edits.push_back({begin, end, at, edited.size() - at, edits.size()});
  }

  std::string_view text;
  std::vector<Edit> edits;
  std::string edited; ///< the new texts of `edits`, one after another
  // The names in use in the current function that begin with "cast", with
  // the group name of `%r:2` (its values are "r#0", "r#1", and `%r` itself
  // refers to them), gathered when the function's first cast is named.
  const Function *current = nullptr;
  bool named = false;
  std::unordered_set<std::string> names;
  unsigned counter = 0;
};

void EditList::rename(const Function &fn, const Operation &op, size_t i,
                      ValueId source) {
  uint32_t after = op.operandRanges[i].end.offset;
  edit(op.operandRanges[i].begin.offset, after,
       "%" + fn.value(source).name + (joinsNext(text, after) ? " " : ""));
}

void EditList::add(const RefineStep &step, RewriteStats *stats) {
  using Kind = RefineStep::Kind;
  const Function &fn = *step.function;
  const Operation &op = *step.op;
  enterFunction(fn);
  switch (step.kind) {
  case Kind::Result:
    editType(op.resultTypeRanges[step.index].begin.offset,
             op.resultTypeRanges[step.index].end.offset, step.type);
    if (stats)
      ++stats->refinedValues;
    break;
  case Kind::Rename:
    rename(fn, op, step.index, step.source);
    break;
  case Kind::RemoveCast:
  case Kind::RemoveOp: {
    std::pair<uint32_t, uint32_t> lines = *ownLines(text, op.range);
    edit(lines.first, lines.second, "");
    if (stats && step.kind == Kind::RemoveOp && isCheckOp(op))
      ++stats->checksDropped;
    break;
  }
  case Kind::PassWitness:
    passWitness(op);
    if (stats)
      ++stats->checksDropped;
    break;
  case Kind::InPlace:
    if (step.source != step.value)
      rename(fn, op, step.index, step.source);
    editType(op.operandTypeRanges[step.index].begin.offset,
             op.operandTypeRanges[step.index].end.offset, step.type);
    break;
  case Kind::Cast:
    castBack(step);
    if (stats)
      ++stats->castsInserted;
    break;
  }
}

void EditList::passWitness(const Operation &op) {
  uint32_t begin = op.range.begin.offset;
  while (begin < op.range.end.offset && text[begin] != '=')
    ++begin;
  if (begin < op.range.end.offset)
    ++begin;
  edit(begin, op.range.end.offset, " shape.const_witness true");
}

void EditList::enterFunction(const Function &fn) {
  if (current == &fn)
    return;
  current = &fn;
  named = false;
  names.clear();
  counter = 0;
}

std::string EditList::castName() {
  if (!named) {
    named = true;
    // Only a name that begins with "cast" can be a castN.
    for (const Value &val : current->values)
      if (val.name.compare(0, 4, "cast") == 0) {
        names.insert(val.name);
        names.insert(val.name.substr(0, val.name.find('#')));
      }
  }
  std::string name;
  do
    name = "cast" + std::to_string(counter++);
  while (names.count(name));
  names.insert(name);
  return name;
}

void EditList::castBack(const RefineStep &step) {
  const Function &fn = *step.function;
  const Operation &op = *step.op;
  std::string name = castName();
  uint32_t begin = op.range.begin.offset;
  uint32_t lineStart = begin;
  while (lineStart > 0 && text[lineStart - 1] != '\n')
    --lineStart;
  std::string_view prefix = text.substr(lineStart, begin - lineStart);
  bool blank = prefix.find_first_not_of(" \t") == std::string_view::npos;
  std::string indent = blank ? std::string(prefix) : std::string();
  // A torch-mlir value tensor casts with its dialect's own op.
  std::string_view castOp = step.type.spelling.empty()
                                ? "tensor.cast"
                                : "torch.tensor_static_info_cast";
  std::string line = "%" + name + " = " + std::string(castOp) + " %" +
                     fn.value(step.source).name + " : " + step.type.str() +
                     " to " + fn.value(step.value).type.str();
  // After another op on the same line (`return elim%2` is `return`
  // then an op `elim`), the cast goes on a line of its own: written
  // right after `return` it would become its operand.
  std::string lead(prefix.substr(0, prefix.find_first_not_of(" \t")));
  edit(blank ? lineStart : begin, blank ? lineStart : begin,
       blank ? indent + line + "\n"
             : "\n" + lead + line + "\n" + std::string(prefix.size(), ' '));
  // `%0n` is `%0` then `n`, but `%cast0n` would be one name: keep
  // the token boundary with a space.
  uint32_t after = op.operandRanges[step.index].end.offset;
  edit(op.operandRanges[step.index].begin.offset, after,
       "%" + name + (joinsNext(text, after) ? " " : ""));
}

std::string EditList::apply() {
  std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    return a.begin != b.begin ? a.begin < b.begin : a.order < b.order;
  });
  std::string out;
  out.reserve(text.size() + edited.size());
  uint32_t at = 0;
  for (const Edit &edit : edits) {
    if (edit.begin < at)
      continue; // overlapping edits cannot happen; keep the first
    out.append(text.substr(at, edit.begin - at));
    out.append(edited, edit.at, edit.size);
    at = edit.end;
  }
  out.append(text.substr(at));
  return out;
}

} // namespace

std::string rewriteRefined(const Session &session, const FileAnalysis &file,
                           RewriteStats *stats, const std::string &only,
                           bool dropRedundantChecks) {
  EditList edits(session.sources().buffer(file.buffer));
  forEachRefineStep(session, file, only,
                    [&](RefineStep &&step) { edits.add(step, stats); });
  if (dropRedundantChecks)
    for (const RefineStep &step : redundantCheckSteps(session, file, only))
      edits.add(step, stats);
  return edits.apply();
}

} // namespace symshape::frontend
