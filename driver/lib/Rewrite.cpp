//===- Rewrite.cpp - Writing refined types back into the source -----------===//

#include "symshape/driver/Rewrite.h"

#include "symshape/driver/RefinedType.h"
#include "symshape/frontend/OpRefine.h"
#include "symshape/frontend/Parser.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
#include <iterator>
#include <mutex>
#include <optional>
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

/// A refine step as FunctionSteps makes it: a RefineStep whose type is
/// borrowed (a copy of the type per step was an allocation per step).
struct Step {
  RefineStep::Kind kind = RefineStep::Kind::Result;
  const Function *function = nullptr;
  const Operation *op = nullptr;
  size_t index = 0;
  ValueId value = 0, source = 0;
  const Type *type = nullptr; ///< Result, InPlace, Cast
};

/// The refine steps of one function, made op by op: `results` decides the
/// refined types of an op's results (and of the ops in its regions), `uses`
/// makes the steps of their operands. Every op's results before any use (a
/// whole body) and each op's results then its uses (a function rewritten
/// while it is parsed) make the same steps when every use follows its
/// definition in the text; `uses` says when one does not.
class FunctionSteps {
public:
  using Take = std::function<void(const Step &)>;

  FunctionSteps(std::string_view text, const Function &fn,
                const FunctionAnalysis &analysis, const Take &take)
      : text(text), fn(fn), problem(*analysis.problem),
        shapes(*analysis.shapes), take(take) {
    define(fn.arguments);
  }
  /// The arguments of a block about to be read.
  void define(const std::vector<ValueId> &arguments) {
    for (ValueId v : arguments)
      mark(v);
  }
  void results(const Operation &op);
  /// False when an operand is defined by no op or block read so far (its
  /// refined type is not known yet: it counts as not refined).
  bool uses(const Operation &op);

private:
  void mark(ValueId v) {
    if (v >= seen.size())
      seen.resize(std::max<size_t>(v + 1, fn.values.size()));
    seen[v] = true;
  }
  const Type *refined(ValueId v) const {
    return v < refinedIndex.size() && refinedIndex[v] != 0
               ? types[refinedIndex[v] - 1]
               : nullptr;
  }
  void setRefined(ValueId v, Type type);

  std::string_view text;
  const Function &fn;
  const solver::Problem &problem;
  const solver::ShapeRefinement &shapes;
  Take take;
  /// Per value: 0, or 1 + the index of its refined type in `types` (a
  /// function's refined types are few: a type per value cost 64 bytes).
  std::vector<uint32_t> refinedIndex;
  std::unordered_map<Type, uint32_t, TypeHash> typeIndex;
  std::vector<const Type *> types; ///< typeIndex's keys, by index
  std::vector<bool> seen;          ///< defined by an op or a block read so far
  /// Results of casts that became identity casts and were removed: their
  /// uses read the cast's source instead.
  std::unordered_map<ValueId, ValueId> replacedBy;
};

void FunctionSteps::setRefined(ValueId v, Type type) {
  if (v >= refinedIndex.size())
    refinedIndex.resize(std::max<size_t>(v + 1, fn.values.size()));
  auto [at, fresh] =
      typeIndex.try_emplace(std::move(type), uint32_t(types.size()));
  if (fresh)
    types.push_back(&at->first);
  refinedIndex[v] = at->second + 1;
}

void FunctionSteps::results(const Operation &op) {
  using Kind = RefineStep::Kind;
  for (ValueId v : op.results)
    mark(v);
  if (resultRefinable(op) && op.resultTypeRanges.size() == op.results.size())
    for (size_t k = 0; k < op.results.size(); ++k) {
      ValueId v = op.results[k];
      const Value &val = fn.value(v);
      if (!val.typeKnown || v >= problem.values.size())
        continue;
      std::optional<Type> type =
          refinedType(val, problem.values[v], problem, shapes);
      if (!type)
        continue;
      // A tensor.cast refined to its source's type would be an identity
      // cast: it keeps its declared result.
      if (opIsShapeCast(op.name) && !op.operands.empty()) {
        ValueId source = op.operands[0];
        const Type *sourceType = refined(source);
        if ((sourceType ? *sourceType : *fn.value(source).type) == *type)
          continue;
      }
      setRefined(v, std::move(*type));
      take({Kind::Result, &fn, &op, k, v, v, refined(v)});
    }
  for (const Region &region : op.regions)
    for (const Block &block : region.blocks) {
      define(block.arguments);
      for (const Operation &inner : block.operations)
        results(inner);
    }
}

bool FunctionSteps::uses(const Operation &op) {
  using Kind = RefineStep::Kind;
  bool known = true;
  bool inPlace = operandsRefinable(op);
  for (size_t i = 0; i < op.operands.size(); ++i) {
    ValueId v = op.operands[i];
    if (i >= op.operandRanges.size())
      continue;
    known = known && v < seen.size() && seen[v];
    auto replaced = replacedBy.find(v);
    ValueId source = replaced == replacedBy.end() ? v : replaced->second;
    const Type *type = refined(v);
    if (!type) {
      if (source != v)
        take({Kind::Rename, &fn, &op, i, v, source, nullptr});
      continue;
    }
    // A tensor.cast whose source gets its result's type has become an
    // identity cast: it goes, and its uses read the source.
    if (opIsShapeCast(op.name) && op.results.size() == 1 &&
        op.regions.empty()) {
      ValueId result = op.results[0];
      const Type *resultType = refined(result);
      if ((resultType ? *resultType : *fn.value(result).type) == *type) {
        if (ownLines(text, op.range)) {
          take({Kind::RemoveCast, &fn, &op, 0, result, source, nullptr});
          replacedBy[result] = source;
          continue;
        }
        inPlace = false; // not alone on its line: a cast back instead
      }
    }
    take({inPlace ? Kind::InPlace : Kind::Cast, &fn, &op, i, v, source, type});
  }
  for (const Region &region : op.regions)
    for (const Block &block : region.blocks)
      for (const Operation &inner : block.operations)
        known = uses(inner) && known;
  return known;
}

/// The steps of `fn`, a whole body, analysed by `analysis`.
void functionSteps(std::string_view text, const Function &fn,
                   const FunctionAnalysis &analysis,
                   const FunctionSteps::Take &take) {
  FunctionSteps steps(text, fn, analysis, take);
  for (const Block &block : fn.body.blocks) {
    steps.define(block.arguments);
    for (const Operation &op : block.operations)
      steps.results(op);
  }
  for (const Block &block : fn.body.blocks)
    for (const Operation &op : block.operations)
      steps.uses(op);
}

/// Whether refine rewrites the function `analysis` judged.
bool rewrites(const FunctionAnalysis &analysis, const std::string &only) {
  return analysis.shapes && analysis.shapes->wellDefined() &&
         (only.empty() || analysis.function->name == only);
}

/// refineSteps of `module`, a reading of `file`, each handed to `take` as
/// it is made.
void forEachRefineStep(const Session &session, const FileAnalysis &file,
                       const Module &module, const std::string &only,
                       const FunctionSteps::Take &take) {
  std::string_view text = session.sources().buffer(file.buffer);
  for (const FunctionAnalysis &analysis : file.functions)
    if (rewrites(analysis, only))
      if (const Function *fn =
              &module == &file.module
                  ? analysis.function
                  : module.findFunction(analysis.function->qualifiedName()))
        functionSteps(text, *fn, analysis, take);
}

} // namespace

std::vector<RefineStep> refineSteps(const Session &session,
                                    const FileAnalysis &file,
                                    const std::string &only) {
  std::vector<RefineStep> steps;
  forEachRefineStep(session, file, file.module, only, [&](const Step &step) {
    steps.push_back({step.kind, step.function, step.op, step.index, step.value,
                     step.source, step.type ? *step.type : Type()});
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

/// redundantCheckSteps in `module`, a reading of `file`.
std::vector<RefineStep> redundantCheckStepsOf(const Session &session,
                                              const FileAnalysis &file,
                                              const Module &module,
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
  for (const Function &fn : module.functions) {
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

} // namespace

std::vector<RefineStep> redundantCheckSteps(const Session &session,
                                            const FileAnalysis &file,
                                            const std::string &only) {
  return redundantCheckStepsOf(session, file, file.module, only);
}

namespace {

/// The text edits that carry out refine's steps in one file, applied in
/// source order.
class EditList {
public:
  EditList(const SourceManager &sources, uint32_t buffer, RewriteStats *stats)
      : sources(sources), buffer(buffer), text(sources.buffer(buffer)),
        stats(stats) {}

  void add(const Step &step);
  void add(const RefineStep &step) {
    add(Step{step.kind, step.function, step.op, step.index, step.value,
             step.source, &step.type});
  }
  /// Names the casts of the function whose steps were added last: every
  /// name of that function is known by now.
  void finishFunction();
  /// What has been added so far, to go back to.
  struct Mark {
    size_t edits = 0, edited = 0;
    RewriteStats stats;
  };
  Mark mark() const {
    return {edits.size(), edited.size(), stats ? *stats : RewriteStats()};
  }
  /// Drops what was added after `mark`, and the current function's casts.
  void rollback(const Mark &mark);
  /// The file's text with every edit made, handed to `sink` in pieces.
  void apply(const solver::TextSink &sink);

private:
  /// An operand reads a cast of `source` back to the declared type of
  /// `value`, inserted before its op at `insertAt`: the line at the op's
  /// indent when the op begins its line, else a line of its own after a
  /// newline, at the line's own indent, and `column` spaces back to the op.
  struct Cast {
    uint32_t insertAt = 0;
    bool ownLine = false;
    std::string indent;
    size_t column = 0;
    SourceRange operand;
    bool spaceAfter = false; ///< `%0n` is `%0` then `n`: `%cast0 n`
    ValueId value = 0, source = 0;
    Type type;
  };
  Cast castOf(const Operation &op, const Step &step) const;
  /// No function is current: its casts and names go.
  void leaveFunction();
  /// A text edit; its new text is `size` bytes at `at` of `edited`.
  struct Edit {
    uint32_t begin = 0, end = 0; ///< replaced range; begin == end inserts
    uint32_t order = 0; ///< insertion order, to keep inserts at one place
    uint32_t size = 0;
    size_t at = 0;
  };

  /// The operand `i` of `op` reads `source` instead.
  void rename(const Function &fn, const Operation &op, size_t i,
              ValueId source);
  /// `%w = shape.cstr_eq %a, %b : ...` -> `%w = shape.const_witness
  /// true`: the result names stay, the op after `=` is replaced (its
  /// trailing loc(...) lies outside op.range and stays too).
  void passWitness(const Operation &op);
  void castBack(const Cast &cast);
  /// A fresh `%castN` name of the current function.
  std::string castName();
  /// Replaces [begin, end) with `replacement`.
  void edit(uint32_t begin, uint32_t end, std::string_view replacement) {
    size_t at = edited.size();
    edited += replacement;
    push(begin, end, at, replacement.size());
  }
  /// Replaces [begin, end) with the text of `type`. A function has few
  /// distinct types, each written once in `edited` (most steps write the
  /// type the step before wrote): a 200k-op function's edits took 8 MB
  /// of copies.
  void editType(uint32_t begin, uint32_t end, const Type &type) {
    if (!lastTyped || !(type == lastType)) {
      lastType = type;
      lastText.clear();
      type.appendTo(lastText);
      lastTyped = true;
      auto [it, added] = typeTexts.try_emplace(lastText, edited.size());
      if (added)
        edited += lastText;
      lastAt = it->second;
    }
    push(begin, end, lastAt, lastText.size());
  }
  void push(uint32_t begin, uint32_t end, size_t at, size_t size) {
    edits.push_back({begin, end, uint32_t(edits.size()), uint32_t(size), at});
  }

  const SourceManager &sources;
  uint32_t buffer;
  std::string_view text;
  RewriteStats *stats;
  std::vector<Edit> edits;
  std::string edited; ///< the new texts of `edits`, one after another
  bool lastTyped = false;
  Type lastType; ///< the type editType wrote last, its text and its place
  std::string lastText;
  size_t lastAt = 0;
  /// Where each type's text editType wrote is in `edited`.
  std::unordered_map<std::string, size_t> typeTexts;
  /// The current function, and the casts its uses need, named once its
  /// values are all known (a function read as it is parsed has only some).
  const Function *current = nullptr;
  std::vector<Cast> casts;
  // The names in use in the current function that begin with "cast", with
  // the group name of `%r:2` (its values are "r#0", "r#1", and `%r` itself
  // refers to them), gathered when the function's first cast is named.
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

void EditList::add(const Step &step) {
  using Kind = RefineStep::Kind;
  const Function &fn = *step.function;
  const Operation &op = *step.op;
  if (current != &fn) {
    finishFunction();
    current = &fn;
  }
  switch (step.kind) {
  case Kind::Result:
    editType(op.resultTypeRanges[step.index].begin.offset,
             op.resultTypeRanges[step.index].end.offset, *step.type);
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
             op.operandTypeRanges[step.index].end.offset, *step.type);
    break;
  case Kind::Cast:
    // Named once the function is read: what the text around says, now
    // (a mapped file's pages read go back as it is parsed).
    casts.push_back(castOf(op, step));
    if (stats)
      ++stats->castsInserted;
    break;
  }
}

EditList::Cast EditList::castOf(const Operation &op, const Step &step) const {
  Cast cast;
  uint32_t begin = op.range.begin.offset;
  uint32_t lineStart = begin;
  while (lineStart > 0 && text[lineStart - 1] != '\n')
    --lineStart;
  std::string_view prefix = text.substr(lineStart, begin - lineStart);
  cast.ownLine = prefix.find_first_not_of(" \t") == std::string_view::npos;
  // After another op on the same line (`return elim%2` is `return`
  // then an op `elim`), the cast goes on a line of its own: written
  // right after `return` it would become its operand.
  cast.insertAt = cast.ownLine ? lineStart : begin;
  cast.indent =
      cast.ownLine
          ? std::string(prefix)
          : std::string(prefix.substr(0, prefix.find_first_not_of(" \t")));
  cast.column = prefix.size();
  cast.operand = op.operandRanges[step.index];
  // `%0n` is `%0` then `n`, but `%cast0n` would be one name: keep the
  // token boundary with a space.
  cast.spaceAfter = joinsNext(text, cast.operand.end.offset);
  cast.value = step.value;
  cast.source = step.source;
  cast.type = *step.type;
  return cast;
}

void EditList::finishFunction() {
  for (const Cast &cast : casts)
    castBack(cast);
  leaveFunction();
}

void EditList::rollback(const Mark &mark) {
  edits.resize(mark.edits);
  edited.resize(mark.edited);
  // Texts written after the mark are gone: written again when needed.
  lastTyped = false;
  for (auto it = typeTexts.begin(); it != typeTexts.end();)
    it = it->second >= mark.edited ? typeTexts.erase(it) : std::next(it);
  if (stats)
    *stats = mark.stats;
  leaveFunction();
}

void EditList::leaveFunction() {
  casts.clear();
  current = nullptr;
  named = false;
  names.clear();
  counter = 0;
}

void EditList::passWitness(const Operation &op) {
  uint32_t begin = op.range.begin.offset;
  while (begin < op.range.end.offset && text[begin] != '=')
    ++begin;
  if (begin < op.range.end.offset)
    ++begin;
  edit(begin, op.range.end.offset, " shape.const_witness true");
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

void EditList::castBack(const Cast &cast) {
  const Function &fn = *current;
  std::string name = castName();
  // A torch-mlir value tensor casts with its dialect's own op.
  std::string_view castOp = cast.type.spelling.empty()
                                ? "tensor.cast"
                                : "torch.tensor_static_info_cast";
  std::string line = "%" + name + " = " + std::string(castOp) + " %" +
                     fn.value(cast.source).name + " : " + cast.type.str() +
                     " to " + fn.value(cast.value).type.str();
  edit(cast.insertAt, cast.insertAt,
       cast.ownLine
           ? cast.indent + line + "\n"
           : "\n" + cast.indent + line + "\n" + std::string(cast.column, ' '));
  edit(cast.operand.begin.offset, cast.operand.end.offset,
       "%" + name + (cast.spaceAfter ? " " : ""));
}

void EditList::apply(const solver::TextSink &sink) {
  finishFunction();
  std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    return a.begin != b.begin ? a.begin < b.begin : a.order < b.order;
  });
  // The text between edits goes out in pieces of at least 64 KiB (an edit
  // per line would make a piece per line). A mapped file's pages written
  // out go back, as the parser's do.
  constexpr size_t kPiece = 64u << 10;
  std::string out;
  size_t at = 0, forgotten = 0;
  auto flush = [&] {
    sink(out);
    out.clear();
    if (at >= forgotten + (size_t(1) << 20)) {
      sources.forgetBefore(buffer, at);
      forgotten = at;
    }
  };
  // The text up to `to`, a piece at a time: a file with few edits (or
  // none) is not copied whole before it goes out.
  auto copyTo = [&](size_t to) {
    while (at < to) {
      size_t n = std::min(to - at, kPiece);
      out.append(text.substr(at, n));
      at += n;
      if (out.size() >= kPiece)
        flush();
    }
  };
  for (const Edit &edit : edits) {
    if (edit.begin < at)
      continue; // overlapping edits cannot happen; keep the first
    copyTo(edit.begin);
    out.append(edited, edit.at, edit.size);
    at = edit.end;
    if (out.size() >= kPiece)
      flush();
  }
  copyTo(text.size());
  flush();
}

/// Whether `again`, read again, spans the text `first` did.
bool sameText(const Function &again, const Function &first) {
  return again.range.begin.offset == first.range.begin.offset &&
         again.range.end.offset == first.range.end.offset;
}

/// Rewrites the functions of a file read again after its analysis, which
/// kept none of their ops (SessionOptions::keepFunctionBodies): the parser
/// hands each function's ops on as it reads them, and they are rewritten
/// and freed at once. A function it cannot hand on whole (a CFG, a use
/// before its definition, a type learnt late) is left for a second reading.
class RewriteStream final : public FunctionStream {
public:
  RewriteStream(
      std::string_view text, EditList &edits,
      std::unordered_map<std::string, const FunctionAnalysis *> &wanted)
      : text(text), edits(edits), wanted(wanted) {}

  bool begin(Function &function, const Module &module,
             size_t remaining) override {
    (void)module;
    (void)remaining;
    auto it = wanted.find(function.qualifiedName());
    if (it == wanted.end())
      return false;
    fn = &function;
    analysis = it->second;
    next = 0;
    failed = false;
    mark = edits.mark();
    steps.emplace(text, function, *it->second,
                  [this](const Step &step) { edits.add(step); });
    return true;
  }
  void publish(size_t ops, size_t values) override {
    (void)values;
    if (failed)
      return;
    solver::ChunkedVector<Operation> &entry =
        fn->body.blocks.front().operations;
    for (; next < ops; ++next) {
      steps->results(entry[next]);
      if (!steps->uses(entry[next])) {
        failed = true;
        return;
      }
    }
    entry.releaseBefore(next);
  }
  std::unique_lock<std::mutex> hold() override { return {}; }
  void abandon() override { failed = true; }
  void end(bool ok) override {
    changed = changed || (ok && !sameText(*fn, *analysis->function));
    if (ok && !failed) {
      edits.finishFunction();
      done.insert(fn->qualifiedName());
    } else {
      edits.rollback(mark);
    }
    read.insert(fn->qualifiedName());
    steps.reset();
    fn = nullptr;
  }

  /// Functions rewritten while they were read; functions handed on (whose
  /// ops are gone).
  std::unordered_set<std::string> done, read;
  /// A function read is not where it was the first time.
  bool changed = false;

private:
  std::string_view text;
  EditList &edits;
  std::unordered_map<std::string, const FunctionAnalysis *> &wanted;
  Function *fn = nullptr;
  const FunctionAnalysis *analysis = nullptr;
  size_t next = 0;
  bool failed = false;
  EditList::Mark mark;
  std::optional<FunctionSteps> steps;
};

/// Adds the steps of `file`, whose ops the session did not keep, to
/// `edits`; false when the file cannot be read again.
bool addStepsReadAgain(const Session &session, const FileAnalysis &file,
                       const std::string &only, bool dropRedundantChecks,
                       EditList &edits) {
  std::string_view text = session.sources().buffer(file.buffer);
  DiagnosticEngine quiet(session.sources()); // said the first time
  auto take = [&](const Step &step) { edits.add(step); };
  if (dropRedundantChecks) {
    // Which ops only feed the checks that go is known once every op is.
    std::optional<Module> module =
        parseModule(session.sources(), file.buffer, quiet);
    if (!module)
      return false;
    for (const FunctionAnalysis &analysis : file.functions) {
      const Function *fn =
          module->findFunction(analysis.function->qualifiedName());
      if (!fn || !sameText(*fn, *analysis.function))
        return false;
    }
    forEachRefineStep(session, file, *module, only, take);
    edits.finishFunction(); // its casts before the checks that go
    for (const RefineStep &step :
         redundantCheckStepsOf(session, file, *module, only))
      edits.add(step);
    edits.finishFunction();
    return true;
  }
  std::unordered_map<std::string, const FunctionAnalysis *> wanted;
  for (const FunctionAnalysis &analysis : file.functions)
    if (rewrites(analysis, only))
      wanted.emplace(analysis.function->qualifiedName(), &analysis);
  RewriteStream stream(text, edits, wanted);
  std::optional<Module> module =
      parseModule(session.sources(), file.buffer, quiet, &stream);
  if (!module || stream.changed)
    return false;
  // Functions the stream did not take keep their ops; those it gave up on
  // are read once more, all at once.
  bool again = false;
  for (const auto &[name, analysis] : wanted)
    again = again || (stream.read.count(name) && !stream.done.count(name));
  if (again) {
    module.reset();
    module = parseModule(session.sources(), file.buffer, quiet);
    if (!module)
      return false;
  }
  for (const FunctionAnalysis &analysis : file.functions) {
    std::string name = analysis.function->qualifiedName();
    if (!rewrites(analysis, only) || stream.done.count(name))
      continue;
    const Function *fn = module->findFunction(name);
    if (!fn || !sameText(*fn, *analysis.function))
      return false;
    functionSteps(text, *fn, analysis, take);
  }
  edits.finishFunction(); // while its function is there to name the casts
  return true;
}

} // namespace

bool rewriteRefined(const Session &session, const FileAnalysis &file,
                    const solver::TextSink &sink, RewriteStats *stats,
                    const std::string &only, bool dropRedundantChecks) {
  EditList edits(session.sources(), file.buffer, stats);
  if (!session.keepsFunctionBodies()) {
    if (!addStepsReadAgain(session, file, only, dropRedundantChecks, edits))
      return false;
  } else {
    auto take = [&](const Step &step) { edits.add(step); };
    forEachRefineStep(session, file, file.module, only, take);
    edits.finishFunction(); // its casts before the checks that go
    if (dropRedundantChecks)
      for (const RefineStep &step : redundantCheckSteps(session, file, only))
        edits.add(step);
  }
  edits.apply(sink);
  return true;
}

std::string rewriteRefined(const Session &session, const FileAnalysis &file,
                           RewriteStats *stats, const std::string &only,
                           bool dropRedundantChecks) {
  std::string out;
  bool read = rewriteRefined(
      session, file, [&](std::string_view piece) { out.append(piece); }, stats,
      only, dropRedundantChecks);
  return read ? out : std::string(session.sources().buffer(file.buffer));
}

} // namespace symshape::frontend
