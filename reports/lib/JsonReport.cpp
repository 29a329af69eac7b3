//===- JsonReport.cpp - The `check --json` document -----------------------===//
//
// The document is written straight into one string, fields in the order
// SEMANTICS.md §7 shows them, one finding, value or opaque op per line:
//
//   {
//     "version": "1.0",
//     "files": [
//       {
//         "file": "x.mlir",
//         "functions": [
//           {
//             "name": "f",
//             ...
//             "findings": [
//               {"loc": "x.mlir:3:8", "op": "test.broadcastable", ...},
//
// The layout rule: a container is written on one line when it holds only
// scalars (or nothing), and so is an object whose members are at most such
// containers (a finding with its witness, a value with its shape); anything
// deeper gets one member per line. The top level is never on one line.
// Nothing is built first: a large report (a witness per finding, a shape
// per value) costs what its text costs.
//
//===----------------------------------------------------------------------===//

#include "symshape/reports/Report.h"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <exception>
#include <mutex>
#include <string_view>
#include <thread>
#include <unordered_set>

namespace symshape::solver {

namespace {

bool isPlainAscii(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80)
      return false;
  return true;
}

/// Bytes that appendEscaped cannot copy as they are: control characters,
/// `"`, `\`, and (for the caller to check) everything beyond ASCII.
struct EscapeTable {
  bool special[256] = {};
  constexpr EscapeTable() {
    for (int c = 0; c < 0x20; ++c)
      special[c] = true;
    special[int('"')] = true;
    special[int('\\')] = true;
    for (int c = 0x80; c < 0x100; ++c)
      special[c] = true;
  }
};
constexpr EscapeTable kSpecial;

/// Whether one of the 8 bytes at `p` is special (kSpecial): a byte >= 0x80,
/// one < 0x20, a '"' or a '\\' (the classic zero-byte test on v, v - 0x20
/// and v xor each quote).
bool anySpecial(const char *p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  constexpr uint64_t ones = 0x0101010101010101ULL;
  constexpr uint64_t high = 0x8080808080808080ULL;
  auto hasZero = [](uint64_t x) { return (x - ones) & ~x & high; };
  uint64_t below20 = (v - 0x20 * ones) & ~v & high;
  return ((v & high) | below20 | hasZero(v ^ ('"' * ones)) |
          hasZero(v ^ ('\\' * ones))) != 0;
}

/// Appends `s` as the body of a JSON string: `"` and `\` escaped, control
/// characters as \b \t \n \f \r or \u00xx, everything else as it is.
/// Returns false, having appended a prefix, at the first non-ASCII byte
/// when `asciiOnly`.
bool appendEscaped(std::string &out, std::string_view s, bool asciiOnly) {
  static const char hex[] = "0123456789abcdef";
  size_t plain = 0; // start of the run of bytes not yet copied
  for (size_t i = 0; i < s.size(); ++i) {
    // Eight bytes at a time while none of them is special: most text is
    // names and numbers.
    while (i + 8 <= s.size() && !anySpecial(s.data() + i))
      i += 8;
    if (i >= s.size())
      break;
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (!kSpecial.special[c])
      continue;
    if (c >= 0x80) {
      if (asciiOnly)
        return false;
      continue;
    }
    out.append(s.data() + plain, i - plain);
    plain = i + 1;
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\b':
      out += "\\b";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\f':
      out += "\\f";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  out.append(s.data() + plain, s.size() - plain);
  return true;
}

/// Appends `s` as a JSON string literal; bytes that are not well-formed
/// UTF-8 (source text is copied into names as it is) become U+FFFD.
void appendQuoted(std::string &out, std::string_view s) {
  out += '"';
  size_t start = out.size();
  if (!appendEscaped(out, s, true)) {
    out.resize(start);
    appendEscaped(out, validUtf8(std::string(s)), false);
  }
  out += '"';
}

template <typename Int> void appendInt(std::string &out, Int value) {
  char buffer[24];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

/// Writes the containers of the document. An object or array is opened
/// either inline (`{"a": 1, "b": 2}`) or block (one member per line at
/// two more spaces than the container); members of an inline container
/// are separated by ", ".
class Writer {
public:
  /// `depth`: the blocks around the text this writer adds (a function's
  /// object is written at depth 4: document, files, file, functions).
  Writer(std::string &out, const TextSink *sink, size_t depth = 0)
      : out(out), sink(sink), depth(depth) {}

  void openBlock(char bracket) { push(bracket, false); }
  void openInline(char bracket) { push(bracket, true); }

  /// Starts the next member; `key` for an object's member.
  void member(std::string_view key = {}) {
    separate();
    if (stack.back().object) {
      appendQuoted(out, key);
      out += ": ";
    }
  }

  /// member() for a key of the schema's own, which needs no escaping.
  void fieldKey(std::string_view key) {
    separate();
    out += '"';
    out += key;
    out += "\": ";
  }

  void close() {
    Frame frame = stack.back();
    stack.pop_back();
    if (!frame.inlined && frame.members) {
      out += '\n';
      out.append(indent(), ' ');
    }
    out += frame.object ? '}' : ']';
  }

  // Scalars, after member().
  void string(std::string_view s) { appendQuoted(out, s); }
  template <typename Int> void integer(Int value) { appendInt(out, value); }

  // Members with a scalar value under a key of the schema's own.
  void field(std::string_view key, std::string_view s) {
    fieldKey(key);
    string(s);
  }
  template <typename Int> void intField(std::string_view key, Int value) {
    fieldKey(key);
    integer(value);
  }

  std::string &out;
  const TextSink *sinkOf() const { return sink; }

private:
  /// With a sink, the text is handed over in pieces of about this size.
  static constexpr size_t kFlushBytes = size_t(1) << 20;
  const TextSink *sink;
  size_t depth;
  struct Frame {
    bool object;
    bool inlined;
    size_t members = 0;
  };
  std::vector<Frame> stack;

  /// The indentation of the members of the innermost block (the block's
  /// own closing bracket goes two spaces further left).
  size_t indent() const {
    size_t blocks = depth;
    for (const Frame &frame : stack)
      blocks += !frame.inlined;
    return 2 * blocks;
  }

  /// The separator before the next member of the innermost container.
  void separate() {
    if (sink && out.size() >= kFlushBytes) {
      (*sink)(out);
      out.clear();
    }
    Frame &frame = stack.back();
    if (frame.members++)
      out += frame.inlined ? ", " : ",";
    if (!frame.inlined) {
      out += '\n';
      out.append(indent(), ' ');
    }
  }

  void push(char bracket, bool inlined) {
    out += bracket;
    // Inside an inline container everything is inline.
    bool parentInline = !stack.empty() && stack.back().inlined;
    stack.push_back({bracket == '{', inlined || parentInline});
  }
};

/// Appends `, "key": ` for a key of the schema's own (the hot lines are
/// written directly, not through Writer's frames).
void appendKey(std::string &out, std::string_view key) {
  out += ", \"";
  out += key;
  out += "\": ";
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

bool listedValue(const ValueInfo &value) {
  bool shaped = value.kind == ValueInfo::Kind::Tensor ||
                value.kind == ValueInfo::Kind::Vector ||
                value.kind == ValueInfo::Kind::Shape;
  return shaped && value.name != "%"; // "%": an unnamed result
}

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

void writeValues(Writer &w, const FunctionReport &function) {
  const Problem &problem = *function.problem;
  // Names are unique per function (the parser rejects a redefinition); the
  // first one wins should two ever collide (after U+FFFD replacement).
  std::unordered_set<std::string> seen;
  std::vector<size_t> listed;
  bool anyShape = false;
  for (size_t i = 0; i < problem.values.size(); ++i) {
    const ValueInfo &value = problem.values[i];
    if (!listedValue(value))
      continue;
    if (!seen.insert(validUtf8(value.name)).second)
      continue;
    listed.push_back(i);
    anyShape = anyShape || hasDims(value);
  }
  if (listed.empty()) {
    w.out += "{}";
    return;
  }
  // Values whose shapes are all empty lists fit on one line.
  if (anyShape)
    w.openBlock('{');
  else
    w.openInline('{');
  for (size_t i : listed) {
    const ValueInfo &value = problem.values[i];
    const Text &refined = i < function.refinedTypes.size()
                              ? function.refinedTypes[i]
                              : value.type;
    w.member(value.name);
    std::string &out = w.out;
    out += "{\"type\": ";
    appendQuoted(out, value.type);
    appendKey(out, "shape");
    writeShape(w, function, value);
    appendKey(out, "refined");
    appendQuoted(out, refined);
    out += '}';
  }
  w.close();
}

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

/// What consecutive findings share: most ops have several obligations at
/// one position, and every message is built in the same buffer.
struct FindingScratch {
  bool hasLoc = false;
  Location loc;
  SourcePosition resolved;
  std::string locText;
  std::string message;

  const std::string &position(Location at, const PositionResolver &resolve) {
    if (!hasLoc || at.buffer != loc.buffer || at.offset != loc.offset ||
        at.source != loc.source) {
      hasLoc = true;
      loc = at;
      resolved = resolve(at);
      locText = resolved.str();
    }
    return locText;
  }
};

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

/// A finding on one line: `{"loc": ..., "message": ...}`.
void writeFinding(Writer &w, const Problem &problem, const ReportEntry &entry,
                  const ReportOptions &options, const PositionResolver &resolve,
                  FindingScratch &scratch) {
  std::string &out = w.out;
  out += "{\"loc\": ";
  appendQuoted(out, scratch.position(entry.loc, resolve));
  appendSourceFields(out, scratch.resolved.origin, options);
  appendKey(out, "op");
  appendQuoted(out, entry.op);
  appendKey(out, "kind");
  appendQuoted(out, entry.kind);
  if (entry.dim >= 0) {
    appendKey(out, "dim");
    appendInt(out, entry.dim);
  }
  appendKey(out, "verdict");
  appendQuoted(out, verdictName(entry.verdict));
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
  scratch.message.clear();
  entry.appendMessage(scratch.message, problem);
  appendKey(out, "message");
  appendQuoted(out, scratch.message);
  if (const std::vector<uint32_t> *why = entry.impliedBy) {
    // What makes it safe: the earlier obligations that imply it.
    appendKey(out, "implied_by");
    out += '[';
    std::vector<std::string> seen;
    for (uint32_t j : *why) {
      std::string at = resolve(problem.obligations[j].loc).str();
      if (std::find(seen.begin(), seen.end(), at) != seen.end())
        continue;
      out += seen.empty() ? "" : ", ";
      appendQuoted(out, at);
      seen.push_back(std::move(at));
    }
    out += ']';
  }
  if (!entry.callStacks.empty()) {
    // SEMANTICS.md §7: the calls into a private function, outermost first;
    // every call site's chain when several reached it with this verdict.
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
    chain(entry.callStacks.front());
    if (entry.callStacks.size() > 1) {
      appendKey(out, "call_sites");
      out += '[';
      for (size_t i = 0; i < entry.callStacks.size(); ++i) {
        if (i)
          out += ", ";
        chain(entry.callStacks[i]);
      }
      out += ']';
    }
  }
  out += '}';
}

/// SEMANTICS.md §4's "contract": {"checked": ..., "requires": ...}; a formula
/// too large to read is null, its conjuncts listed by finding beside it.
void writeContract(Writer &w, const Problem &problem, const Contract &contract,
                   const ReportOptions &options,
                   const PositionResolver &resolve) {
  w.member("contract");
  w.openInline('{');
  auto formula = [&](const char *name, const std::string &text,
                     const std::vector<ContractPart> &parts) {
    if (parts.empty()) {
      w.field(name, text);
      return;
    }
    w.member(name);
    w.out += "null";
    w.member(std::string(name) + "_parts");
    w.openInline('[');
    for (const ContractPart &part : parts) {
      w.member();
      w.openInline('{');
      SourcePosition at = resolve(problem.obligations[part.obligation].loc);
      w.field("loc", at.str());
      if (options.locations != LocationMode::Mlir && !at.origin.frames.empty())
        w.field("source_loc", at.origin.frames.front().str());
      w.field("holds", part.holds);
      w.close();
    }
    w.close();
  };
  formula("checked", contract.checked, contract.checkedParts);
  formula("requires", contract.requires, contract.requiresParts);
  if (!contract.exact) {
    w.member("exact");
    w.out += "false";
    w.field("reason", contractReason(contract, resolve));
  }
  w.close();
}

void writeFunction(Writer &w, const FunctionReport &function,
                   const ReportOptions &options,
                   const PositionResolver &resolve) {
  const Problem &problem = *function.problem;
  std::vector<ReportEntry> entries = reportEntries(function, options);
  bool anyValue = false;
  for (const ValueInfo &value : problem.values)
    anyValue = anyValue || listedValue(value);
  // A function with nothing to list fits on one line.
  if (entries.empty() && problem.opaque.empty() && !anyValue)
    w.openInline('{');
  else
    w.openBlock('{');
  w.field("name", problem.function);
  if (options.locations != LocationMode::Mlir) {
    // Where the function's own loc(...) says it came from (1.2).
    SourcePosition at = resolve(problem.loc);
    if (!at.origin.frames.empty())
      w.field("source_loc", at.origin.frames.front().str());
  }
  w.field("verdict", verdictName(reportVerdict(function, options)));
  if (const Contract *contract = function.contract)
    writeContract(w, problem, *contract, options, resolve);
  w.member("findings");
  if (entries.empty()) {
    w.out += "[]";
  } else {
    w.openBlock('[');
    FindingScratch scratch;
    for (const ReportEntry &entry : entries) {
      w.member();
      writeFinding(w, problem, entry, options, resolve, scratch);
    }
    w.close();
  }
  w.member("opaque");
  if (problem.opaque.empty()) {
    w.out += "[]";
  } else {
    w.openBlock('[');
    for (const OpaqueOp &op : problem.opaque) {
      w.member();
      w.openInline('{');
      SourcePosition position = resolve(op.loc);
      w.field("loc", position.str());
      appendSourceFields(w.out, position.origin, options);
      w.field("op", op.op);
      w.field("reason", op.reason);
      if (op.callStack != 0) {
        w.member("call_stack");
        w.openInline('[');
        for (const CallSite &call : problem.callStacks[op.callStack]) {
          w.member();
          appendQuoted(w.out, resolve(call.loc).str());
        }
        w.close();
      }
      w.close();
    }
    w.close();
  }
  w.member("values");
  writeValues(w, function);
  w.close();
}

void writeErrors(Writer &w, const std::vector<InputError> &errors) {
  w.member("errors");
  if (errors.empty()) {
    w.out += "[]";
    return;
  }
  w.openBlock('[');
  for (const InputError &error : errors) {
    w.member();
    w.openInline('{');
    w.field("file", error.file);
    if (error.located)
      w.field("loc", error.position.str());
    w.field("message", error.message);
    w.close();
  }
  w.close();
}

void writeSummary(Writer &w, const Summary &summary) {
  static const Verdict order[] = {Verdict::Safe,         Verdict::UbPossible,
                                  Verdict::UbGuaranteed, Verdict::Error,
                                  Verdict::Unreachable,  Verdict::Unknown};
  w.member("summary");
  w.openInline('{');
  for (Verdict verdict : order)
    w.intField(verdictName(verdict), summary.counts[size_t(verdict)]);
  w.intField("checks_can_fail", summary.checksMayFail);
  w.close();
}

/// The functions of a file, each after w.member(). On options.threads
/// threads: workers render functions into strings, at most a window of
/// them ahead, while this thread hands each to the output in order (the
/// text is the same on any number of threads).
void writeFunctions(Writer &w, const std::vector<FunctionReport> &functions,
                    const ReportOptions &options,
                    const PositionResolver &resolve) {
  constexpr size_t kDepth = 4; // document, files, file, functions
  const size_t n = functions.size();
  size_t threads = std::min<size_t>(std::max(options.threads, 1u), n);
  if (threads <= 1) {
    for (const FunctionReport &function : functions) {
      w.member();
      Writer inner(w.out, w.sinkOf(), kDepth);
      writeFunction(inner, function, options, resolve);
    }
    return;
  }
  const size_t window = 4 * threads;
  std::vector<std::string> texts(n);
  std::vector<char> ready(n, 0);
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0, consumed = 0; // guarded by mutex
  bool stop = false;
  std::exception_ptr failure;
  auto worker = [&] {
    for (;;) {
      size_t i;
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] {
          return stop || next >= n || next < consumed + window;
        });
        if (stop || next >= n)
          return;
        i = next++;
      }
      std::string text;
      try {
        Writer inner(text, nullptr, kDepth);
        writeFunction(inner, functions[i], options, resolve);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure)
          failure = std::current_exception();
        stop = true;
        changed.notify_all();
        return;
      }
      {
        std::lock_guard<std::mutex> lock(mutex);
        texts[i] = std::move(text);
        ready[i] = 1;
      }
      changed.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t)
    pool.emplace_back(worker);
  auto finish = [&] {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stop = true;
    }
    changed.notify_all();
    for (std::thread &thread : pool)
      thread.join();
  };
  try {
    const TextSink *sink = w.sinkOf();
    for (size_t i = 0; i < n; ++i) {
      std::string text;
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return ready[i] || stop; });
        if (!ready[i])
          break; // a worker failed
        text = std::move(texts[i]);
        consumed = i + 1;
      }
      changed.notify_all();
      w.member();
      if (sink) { // straight to the output, not through w.out
        if (!w.out.empty()) {
          (*sink)(w.out);
          w.out.clear();
        }
        (*sink)(text);
      } else {
        w.out += text;
      }
    }
  } catch (...) {
    finish();
    throw;
  }
  finish();
  if (failure)
    std::rethrow_exception(failure);
}

} // namespace

std::string jsonQuote(const std::string &s) {
  std::string out;
  appendQuoted(out, s);
  return out;
}

void renderJson(const std::vector<FileReport> &files, const Summary &summary,
                const ReportOptions &options, const PositionResolver &resolve,
                const TextSink &sink) {
  std::string out;
  out.reserve(size_t(1) << 21);
  Writer w(out, &sink);
  w.openBlock('{');
  w.field("version", kJsonReportVersion);
  w.member("files");
  if (files.empty()) {
    out += "[]";
  } else {
    w.openBlock('[');
    for (const FileReport &file : files) {
      w.member();
      // A file with no function fits on one line.
      if (file.functions.empty() && file.moduleOpaque.empty())
        w.openInline('{');
      else
        w.openBlock('{');
      w.field("file", file.file);
      w.member("functions");
      if (file.functions.empty()) {
        out += "[]";
      } else {
        w.openBlock('[');
        writeFunctions(w, file.functions, options, resolve);
        w.close();
      }
      if (!file.moduleOpaque.empty()) {
        // Module-level ops whose bodies are not read (hal.executable, ...).
        w.member("opaque");
        w.openBlock('[');
        for (const OpaqueOp &op : file.moduleOpaque) {
          w.member();
          w.openInline('{');
          w.field("loc", resolve(op.loc).str());
          w.field("op", op.op);
          w.field("reason", op.reason);
          w.close();
        }
        w.close();
      }
      w.close();
    }
    w.close();
  }
  writeErrors(w, options.errors);
  writeSummary(w, summary);
  w.close();
  out += '\n';
  sink(out);
}

std::string renderJson(const std::vector<FileReport> &files,
                       const Summary &summary, const ReportOptions &options,
                       const PositionResolver &resolve) {
  std::string out;
  renderJson(files, summary, options, resolve,
             [&out](std::string_view piece) { out += piece; });
  return out;
}

std::string renderJsonErrors(const std::vector<InputError> &errors) {
  ReportOptions options;
  options.errors = errors;
  return renderJson({}, Summary(), options,
                    [](Location) { return SourcePosition(); });
}

} // namespace symshape::solver
