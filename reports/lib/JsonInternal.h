//===- JsonInternal.h - What the JSON report's files share ------*- C++ -*-===//
//
// The private header of the `check --json` writer: string escaping, the
// Writer that opens containers inline or one member per line, and the
// pieces JsonFindings.cpp writes for JsonReport.cpp (a function's findings
// and values). Not installed; nothing outside reports/lib includes it.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_REPORTS_LIB_JSONINTERNAL_H
#define SYMSHAPE_REPORTS_LIB_JSONINTERNAL_H

#include "symshape/reports/Report.h"

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

namespace symshape::solver::json {

/// Appends `s` as a JSON string literal; bytes that are not well-formed
/// UTF-8 (source text is copied into names as it is) become U+FFFD.
void appendQuoted(std::string &out, std::string_view s);

template <typename Int> void appendInt(std::string &out, Int value) {
  char buffer[24];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, size_t(result.ptr - buffer)); // not the iterator one
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

  /// What member() writes before the next members of the innermost block:
  /// the first's separator and every later one's. For
  /// members rendered apart and then counted with countMembers.
  std::pair<std::string, std::string> separators() const {
    const Frame &frame = stack.back();
    std::string line = frame.inlined ? "" : "\n" + std::string(indent(), ' ');
    std::string later = (frame.inlined ? ", " : ",") + line;
    return {frame.members ? later : line, later};
  }
  /// Starts the next member, whose key (in an object) the caller writes.
  void nextMember() { separate(); }
  /// Counts `n` members of the innermost block written without member().
  void countMembers(size_t n) { stack.back().members += n; }

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
inline void appendKey(std::string &out, std::string_view key) {
  out += ", \"";
  out += key;
  out += "\": ";
}

/// Whether a value is listed under `values`: a tensor, vector or shape
/// value with a name.
bool listedValue(const ValueInfo &value);

/// The values a function's `values` object lists, in order (the first
/// value of each name); `anyShape`: whether one has a non-empty shape.
std::vector<size_t> listedValues(const Problem &problem, bool &anyShape);
/// What consecutive members of the `values` object share: a model's
/// values repeat a type and shape (every value of a static chain is
/// `tensor<4x8x16xf32>`, its dims the same constant terms), and then the
/// text after the name is the same.
struct ValueScratch {
  bool kept = false;
  ValueInfo::Kind kind = ValueInfo::Kind::Other;
  bool ranked = false, typeRanked = false;
  std::string type, refined;
  std::vector<TermId> dims;
  std::vector<int64_t> typeDims;
  std::string text; ///< from `, "type": ` to the closing brace

  /// Whether `value`, refined to `refinedType`, is written as the last
  /// one kept (the shape's dims are the same terms, so the same text).
  bool same(const ValueInfo &value, std::string_view refinedType) const {
    return kept && value.kind == kind && value.ranked == ranked &&
           value.typeRanked == typeRanked && value.dims == dims &&
           static_cast<const std::vector<int64_t> &>(value.typeDims) ==
               typeDims &&
           value.type.view() == type && refinedType == refined;
  }
  void keep(const ValueInfo &value, std::string_view refinedType,
            std::string written) {
    kept = true;
    kind = value.kind;
    ranked = value.ranked;
    typeRanked = value.typeRanked;
    type = value.type.view();
    refined = refinedType;
    dims = value.dims;
    typeDims = value.typeDims;
    text = std::move(written);
  }
};

/// A member of the `values` object, after its separator: the name of
/// problem.values[i], then its type, shape and refined type.
void writeValueMember(Writer &w, const FunctionReport &function, size_t i,
                      ValueScratch &scratch);

/// Escapes out[start, end) as the body of a JSON string literal.
void escapeFrom(std::string &out, size_t start, std::string &scratch);

/// Appends a string literal whose body the caller appends by
/// `body(out)`: escaped afterwards, and only when it needs to be (a
/// message rarely does); `scratch` holds it meanwhile.
template <typename Body>
void appendQuotedBy(std::string &out, std::string &scratch, Body body) {
  out += '"';
  size_t start = out.size();
  body(out);
  escapeFrom(out, start, scratch);
  out += '"';
}

/// `"source_loc"`, `"source_name"` and `"source_stack"` (the exporter's
/// callers, outermost first, as `call_stack`) of an op whose `loc(...)`
/// says where it came from; nothing under --loc=mlir.
void appendSourceFields(std::string &out, const SourceOrigin &origin,
                        const ReportOptions &options);

/// `"baselined": true`, or `"suppressed": {"reason": ...}`, of a finding
/// the user accepted; nothing when `waiver` is null.
void appendWaiver(std::string &out, const Waiver *waiver);

/// What consecutive findings share: most ops have several obligations at
/// one position, whose lines begin alike, and every message is escaped
/// in the same buffer.
struct FindingScratch {
  bool hasHead = false;
  Location loc;
  std::string op;
  std::string headText;
  std::string message;

  /// The beginning of the line of a finding at `at` of op `name`: its
  /// `{"loc": ...`, source fields and `"op": ...`.
  const std::string &head(Location at, std::string_view name,
                          const PositionResolver &resolve,
                          const ReportOptions &options) {
    if (!hasHead || at.buffer != loc.buffer || at.offset != loc.offset ||
        at.source != loc.source || name != op) {
      hasHead = true;
      loc = at;
      op = name;
      SourcePosition resolved = resolve(at);
      headText = "{\"loc\": ";
      appendPosition(headText, resolved);
      appendSourceFields(headText, resolved.origin, options);
      headText += ", \"op\": ";
      appendQuoted(headText, name);
    }
    return headText;
  }

  /// `, "kind": "K"` and, for a finding with a dim, `, "dim": ` after it.
  const std::string &kindPart(std::string_view kind, bool withDim) {
    if (kind.data() != kindName.data() || kind.size() != kindName.size() ||
        withDim != kindDim || kindText.empty()) {
      kindName = kind;
      kindDim = withDim;
      // Kinds are the schema's own names: nothing to escape.
      kindText = ", \"kind\": \"";
      kindText += kind;
      kindText += withDim ? "\", \"dim\": " : "\"";
    }
    return kindText;
  }

  /// `, "rule": "R"`.
  const std::string &rulePart(std::string_view rule) {
    if (rule != ruleName || ruleText.empty()) {
      ruleName = rule;
      ruleText = ", \"rule\": ";
      appendQuoted(ruleText, rule);
    }
    return ruleText;
  }

  /// `, "verdict": "V"`.
  const std::string &verdictPart(Verdict verdict) {
    if (size_t(verdict) >= verdictTexts.size())
      verdictTexts.resize(size_t(verdict) + 1);
    std::string &text = verdictTexts[size_t(verdict)];
    if (text.empty()) {
      text = ", \"verdict\": \"";
      text += verdictName(verdict);
      text += '"';
    }
    return text;
  }

  /// What a safe finding whose subject names no value (sizes the types
  /// fix, as in `the broadcast of operand sizes 4 and 4 (result dim 0)`)
  /// prints after its head: a function of a few numbers, which a static
  /// model repeats at every op. `slot` is where writeFinding keeps the
  /// text it renders when nothing is kept yet; null when not such a
  /// finding.
  struct BodyKey {
    const char *kind = nullptr; ///< ReportEntry::kind (a static name)
    int entryDim = -1, dim = -1;
    uint8_t obligationKind = 0, form = 0;
    int32_t inferredRank = 0;
    int64_t declared = 0;
    uint32_t refCount = 0;
    int64_t sizes[4] = {};
    bool operator==(const BodyKey &o) const;
    bool sameSizes(const BodyKey &o) const;
  };
  const std::string *keptBody(const ReportEntry &entry, const Problem &problem,
                              std::string **slot);

private:
  /// `"file:line:col"`, as appendQuoted(position.str()) writes it: the
  /// quoted `"file:` is kept while the file stays the same (a line and
  /// column are digits, which change nothing of how the name before them
  /// is escaped or made valid).
  void appendPosition(std::string &out, const SourcePosition &position) {
    if (!hasFile || position.file != file) {
      hasFile = true;
      file = position.file;
      filePrefix.clear();
      appendQuoted(filePrefix, file + ":");
      filePrefix.pop_back(); // the closing quote
    }
    out += filePrefix;
    appendInt(out, position.line);
    out += ':';
    appendInt(out, position.column);
    out += '"';
  }

  bool hasFile = false;
  std::string file, filePrefix;
  std::string_view kindName;
  bool kindDim = false;
  std::string kindText;
  std::string ruleName, ruleText;
  std::vector<std::string> verdictTexts; ///< by verdict, once made
  /// Kept by a hash of the key, a later one in a slot replacing the
  /// earlier: a model's ops repeat a few dozen of them.
  static constexpr size_t kKeptBodies = 128;
  BodyKey bodyKeys[kKeptBodies];
  std::string bodyRules[kKeptBodies]; ///< each kept body's rule id
  std::string bodies[kKeptBodies];    ///< empty: not kept yet
};

/// A finding on one line: `{"loc": ..., "message": ...}`.
void writeFinding(Writer &w, const Problem &problem, const ReportEntry &entry,
                  const ReportOptions &options, const PositionResolver &resolve,
                  FindingScratch &scratch);

} // namespace symshape::solver::json

#endif // SYMSHAPE_REPORTS_LIB_JSONINTERNAL_H
