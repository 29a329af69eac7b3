//===- JsonFindings.cpp - A function's findings and values in JSON --------===//
//
// The innermost lines of the `check --json` document: each finding on one
// line (loc, op, kind, verdict, condition, witness, message, implied_by,
// call stacks) and each value with its type, shape and refined type. The
// document around them is JsonReport.cpp's.
//
//===----------------------------------------------------------------------===//

#include "JsonInternal.h"

#include "symshape/solver/IdIndex.h"

#include <algorithm>
#include <deque>

namespace symshape::solver::json {

namespace {

bool isPlainAscii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80)
      return false;
  return true;
}

/// A dim as the JSON `shape` lists it: an integer, a name, or "?". A
/// tensor's dim (`size`) is never a negative constant: that is UB (index
/// arithmetic such as 0 - 2); a shape value's extents are listed as they
/// are.
std::string dimText(const Problem &problem, const ShapeRefinement *shapes,
                    TermId term, bool size) {
  if (shapes && shapes->wellDefined())
    return shapes->dimText(term);
  // Not well defined: the constants the refinement kept (it drops a
  // tensor dim's negative one).
  std::optional<int64_t> value =
      shapes ? shapes->constant(term) : problem.graph.constantValue(term);
  if (value && (*value >= 0 || !size))
    return std::to_string(*value);
  if (problem.graph.isSymbol(term))
    return problem.graph.symbolOf(term).name;
  return "?";
}

} // namespace

bool listedValue(const ValueInfo &value) {
  bool shaped = value.kind == ValueInfo::Kind::Tensor ||
                value.kind == ValueInfo::Kind::Vector ||
                value.kind == ValueInfo::Kind::Shape;
  return shaped && value.name != "%"; // "%": an unnamed result
}

namespace {

/// The `shape` list of a value: what symshape followed, or for a ranked
/// type it did not follow, what the type says; "*" when unranked.
void writeShape(Writer &w, const FunctionReport &function,
                const ValueInfo &value) {
  const Problem &problem = *function.problem;
  w.openInline('[');
  if (!value.ranked && value.typeRanked) {
    for (int64_t d : value.typeDims) {
      w.member();
      if (d < 0)
        w.string("?");
      else {
        w.out += '"';
        appendInt(w.out, d);
        w.out += '"';
      }
    }
  } else if (!value.ranked) {
    w.member();
    w.string("*");
  } else {
    for (TermId dim : value.dims) {
      w.member();
      w.string(dimText(problem, function.shapes, dim,
                       value.kind != ValueInfo::Kind::Shape));
    }
  }
  w.close();
}

bool hasDims(const ValueInfo &value) {
  if (!value.ranked)
    return value.typeRanked ? !value.typeDims.empty() : true;
  return !value.dims.empty();
}

} // namespace

std::vector<size_t> listedValues(const Problem &problem, bool &anyShape) {
  // Names are unique per function (the parser rejects a redefinition); the
  // first one wins should two ever collide (after U+FFFD replacement).
  // A name that is not ASCII is compared as made valid (kept in `made`).
  // `seen` indexes the names listed so far by their place in `names`.
  std::vector<size_t> listed;
  anyShape = false;
  if (problem.uniqueValueNames) { // nothing to check unless made valid
    bool ascii = true;
    for (size_t i = 0; i < problem.values.size() && ascii; ++i) {
      const ValueInfo &value = problem.values[i];
      if (!listedValue(value))
        continue;
      ascii = isPlainAscii(value.name);
      listed.push_back(i);
      anyShape = anyShape || hasDims(value);
    }
    if (ascii)
      return listed;
    listed.clear();
    anyShape = false;
  }
  IdIndex seen;
  std::vector<std::string_view> names;
  std::deque<std::string> made;
  seen.reserve(problem.values.size());
  for (size_t i = 0; i < problem.values.size(); ++i) {
    const ValueInfo &value = problem.values[i];
    if (!listedValue(value))
      continue;
    std::string_view name = value.name;
    if (!isPlainAscii(name))
      name = made.emplace_back(validUtf8(value.name));
    auto same = [&](uint32_t other) { return names[other] == name; };
    if (!seen.insert(IdIndex::mix(name), uint32_t(names.size()), same).second)
      continue;
    names.push_back(name);
    listed.push_back(i);
    anyShape = anyShape || hasDims(value);
  }
  return listed;
}

void writeValueMember(Writer &w, const FunctionReport &function, size_t i,
                      ValueScratch &scratch) {
  const ValueInfo &value = function.problem->values[i];
  const Text &refined =
      i < function.refinedTypes.size() ? function.refinedTypes[i] : value.type;
  appendQuoted(w.out, value.name);
  if (!scratch.same(value, refined)) {
    // Written apart (all on one line, so at no depth), not in w.out: w may
    // hand its text over in the middle of the shape list.
    std::string text;
    Writer line(text, nullptr);
    text += ": {\"type\": ";
    appendQuoted(text, value.type);
    appendKey(text, "shape");
    writeShape(line, function, value);
    appendKey(text, "refined");
    appendQuoted(text, refined);
    text += '}';
    scratch.keep(value, refined, std::move(text));
  }
  w.out += scratch.text;
}

namespace {

/// A witness as an object: names in witness order; should two names
/// collide once made valid UTF-8, the later value wins at the first
/// name's place.
void writeWitness(Writer &w, const Witness &witness) {
  bool plain = true;
  for (const auto &entry : witness)
    plain = plain && isPlainAscii(entry.first);
  if (witness.empty()) {
    w.out += "{}";
    return;
  }
  w.openInline('{');
  if (plain) {
    for (const auto &[name, value] : witness) {
      w.member(name);
      w.integer(value);
    }
  } else {
    std::vector<std::pair<std::string, int64_t>> merged;
    for (const auto &[name, value] : witness) {
      std::string valid = validUtf8(name);
      auto it = std::find_if(merged.begin(), merged.end(),
                             [&](const auto &m) { return m.first == valid; });
      if (it != merged.end())
        it->second = value;
      else
        merged.emplace_back(std::move(valid), value);
    }
    for (const auto &[name, value] : merged) {
      w.member(name);
      w.integer(value);
    }
  }
  w.close();
}

} // namespace

/// `"source_loc"`, `"source_name"` and `"source_stack"` (the exporter's
/// callers, outermost first, as `call_stack`) of an op whose `loc(...)`
/// says where it came from; nothing under --loc=mlir.
void appendSourceFields(std::string &out, const SourceOrigin &origin,
                        const ReportOptions &options) {
  if (options.locations == LocationMode::Mlir)
    return;
  if (!origin.frames.empty()) {
    appendKey(out, "source_loc");
    appendQuoted(out, origin.frames.front().str());
  }
  if (!origin.name.empty()) {
    appendKey(out, "source_name");
    appendQuoted(out, origin.name);
  }
  if (origin.frames.size() > 1) {
    appendKey(out, "source_stack");
    out += '[';
    for (size_t i = origin.frames.size(); i-- > 1;) {
      appendQuoted(out, origin.frames[i].str());
      if (i > 1)
        out += ", ";
    }
    out += ']';
  }
}

namespace {

/// A finding's `condition`, `witness` and `reason` (an opaque op's under
/// --require-coverage: an empty witness and why it is opaque).
void appendJudgement(Writer &w, const ReportEntry &entry) {
  std::string &out = w.out;
  if (const Finding *f = entry.finding) {
    if (!f->condition.empty()) {
      appendKey(out, "condition");
      appendQuoted(out, f->condition);
    }
    // SEMANTICS.md §7: a witness for every finding that some size violates ({}
    // when no free symbol matters); an unreachable one has none, an
    // unknown one only when a violating assignment is known.
    bool violated = f->verdict == Verdict::UbPossible ||
                    f->verdict == Verdict::UbGuaranteed ||
                    f->verdict == Verdict::Error;
    if (violated || f->hasWitness) {
      appendKey(out, "witness");
      writeWitness(w, f->witness);
    }
    if (!f->reason.empty()) {
      appendKey(out, "reason");
      appendQuoted(out, f->reason);
    }
  } else {
    appendKey(out, "witness");
    out += "{}";
    appendKey(out, "reason");
    appendQuoted(out, entry.opaque->reason);
  }
}

/// `"implied_by"`: what makes it safe, the earlier obligations that imply
/// it (each position once).
void appendImpliedBy(std::string &out, const Problem &problem,
                     const std::vector<uint32_t> &why,
                     const PositionResolver &resolve) {
  appendKey(out, "implied_by");
  out += '[';
  std::vector<std::string> seen;
  for (uint32_t j : why) {
    std::string at = resolve(problem.locOf(problem.obligations[j])).str();
    if (std::find(seen.begin(), seen.end(), at) != seen.end())
      continue;
    out += seen.empty() ? "" : ", ";
    appendQuoted(out, at);
    seen.push_back(std::move(at));
  }
  out += ']';
}

/// SEMANTICS.md §7: `"call_stack"`, the calls into a private function,
/// outermost first; `"call_sites"`, every call site's chain when several
/// reached it with this verdict.
void appendCallStacks(std::string &out, const Problem &problem,
                      const std::vector<uint32_t> &callStacks,
                      const PositionResolver &resolve) {
  auto chain = [&](uint32_t stack) {
    out += '[';
    const std::vector<CallSite> &calls = problem.callStacks[stack];
    for (size_t i = 0; i < calls.size(); ++i) {
      if (i)
        out += ", ";
      appendQuoted(out, resolve(calls[i].loc).str());
    }
    out += ']';
  };
  appendKey(out, "call_stack");
  chain(callStacks.front());
  if (callStacks.size() > 1) {
    appendKey(out, "call_sites");
    out += '[';
    for (size_t i = 0; i < callStacks.size(); ++i) {
      if (i)
        out += ", ";
      chain(callStacks[i]);
    }
    out += ']';
  }
}

} // namespace

void appendWaiver(std::string &out, const Waiver *waiver) {
  if (!waiver)
    return;
  if (waiver->baselined) {
    appendKey(out, "baselined");
    out += "true";
    return;
  }
  appendKey(out, "suppressed");
  out += "{\"reason\": ";
  appendQuoted(out, waiver->reason);
  out += '}';
}

bool FindingScratch::BodyKey::operator==(const BodyKey &o) const {
  return kind == o.kind && entryDim == o.entryDim && dim == o.dim &&
         obligationKind == o.obligationKind && form == o.form &&
         inferredRank == o.inferredRank && declared == o.declared &&
         refCount == o.refCount && sameSizes(o);
}

bool FindingScratch::BodyKey::sameSizes(const BodyKey &o) const {
  // At most four: a loop, not a call to memcmp.
  for (uint32_t i = 0; i < refCount; ++i)
    if (sizes[i] != o.sizes[i])
      return false;
  return true;
}

const std::string *FindingScratch::keptBody(const ReportEntry &entry,
                                            const Problem &problem,
                                            std::string **slot) {
  *slot = nullptr;
  const Obligation *ob = entry.obligation;
  const Finding *f = entry.finding;
  // Nothing but the kind, dim, verdict and message: no condition,
  // witness, reason, explanation or call stack.
  if (!ob || !f || f->verdict != Verdict::Safe ||
      entry.verdict != Verdict::Safe || f->hasWitness ||
      !f->condition.empty() || !f->reason.empty() || entry.impliedBy ||
      !entry.callStacks.empty() || ob->form == SubjectForm::Text ||
      ob->refCount > 4)
    return nullptr;
  BodyKey key;
  key.kind = entry.kind.data();
  key.entryDim = entry.dim;
  key.dim = ob->dim;
  key.obligationKind = uint8_t(ob->kind);
  key.form = uint8_t(ob->form);
  key.inferredRank = int32_t(ob->inferredRank());
  key.declared = problem.declaredOf(*ob);
  key.refCount = ob->refCount;
  for (uint32_t i = 0; i < ob->refCount; ++i) {
    key.sizes[i] = problem.dimRefs[ob->refBegin + i].staticSize;
    if (key.sizes[i] < 0)
      return nullptr; // names a value: the message differs at each op
  }
  uint64_t h = uint64_t(key.obligationKind) << 8 ^ key.form ^
               uint64_t(uint32_t(key.dim)) << 16 ^
               uint64_t(key.declared) << 24 ^ uint64_t(key.inferredRank) << 40;
  for (uint32_t r = 0; r < key.refCount; ++r)
    h = (h ^ uint64_t(key.sizes[r])) * 0x9e3779b97f4a7c15ull;
  h *= 0xff51afd7ed558ccdull;
  size_t i = size_t(h >> 57) % kKeptBodies;
  if (!bodies[i].empty() && bodyKeys[i] == key && bodyRules[i] == entry.rule)
    return &bodies[i];
  bodyKeys[i] = key;
  bodyRules[i] = entry.rule;
  bodies[i].clear();
  *slot = &bodies[i];
  return nullptr;
}

/// A finding on one line: `{"loc": ..., "message": ...}`.
void writeFinding(Writer &w, const Problem &problem, const ReportEntry &entry,
                  const ReportOptions &options, const PositionResolver &resolve,
                  FindingScratch &scratch) {
  std::string &out = w.out;
  out += scratch.head(entry.loc, entry.op, resolve, options);
  std::string *slot;
  if (const std::string *body = scratch.keptBody(entry, problem, &slot)) {
    out += *body;
    return;
  }
  const size_t bodyStart = out.size();
  // Kinds and verdicts are the schema's own names: nothing to escape. A
  // million findings are a million lines: the keys around them are
  // appended in as few pieces as can be.
  out += scratch.kindPart(entry.kind, entry.dim >= 0);
  if (entry.dim >= 0)
    appendInt(out, entry.dim);
  out += scratch.verdictPart(entry.verdict);
  // SPEC 7's one severity mapping, as the text and SARIF give it (a
  // waiver does not change it: "baselined"/"suppressed" say that).
  out += ", \"severity\": \"";
  out += severityName(
      severityOf(entry.verdict,
                 entry.obligation && isRuntimeCheck(entry.obligation->kind)));
  out += '"';
  out += scratch.rulePart(entry.rule);
  appendJudgement(w, entry);
  out += ", \"message\": ";
  appendQuotedBy(out, scratch.message, [&](std::string &text) {
    entry.appendMessage(text, problem);
  });
  if (const std::vector<uint32_t> *why = entry.impliedBy)
    appendImpliedBy(out, problem, *why, resolve);
  if (!entry.callStacks.empty())
    appendCallStacks(out, problem, entry.callStacks, resolve);
  appendWaiver(out, options.waiver(entry));
  out += '}';
  // A kept body was appended to `out` directly: nothing above went
  // through w, which could have handed `out` over meanwhile.
  if (slot)
    slot->assign(out, bodyStart, std::string::npos);
}

} // namespace symshape::solver::json
