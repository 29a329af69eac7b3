//===- ReportTest.cpp - Report entries, notes and escaping ----------------===//

#include "symshape/reports/Report.h"

#include <catch2/catch.hpp>

#include <cstdio>

using namespace symshape::solver;

TEST_CASE("well-formed UTF-8 passes, other bytes become U+FFFD", "[report]") {
  CHECK(validUtf8("tosa.add") == "tosa.add");
  CHECK(validUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") ==
        "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  const std::string bad = "\xEF\xBF\xBD";
  CHECK(validUtf8("ad\xFF\xFF"
                  "d") == "ad" + bad + bad + "d");
  CHECK(validUtf8("\xC3") == bad);                     // truncated sequence
  CHECK(validUtf8("\xC0\xAF") == bad + bad);           // overlong '/'
  CHECK(validUtf8("\xED\xA0\x80") == bad + bad + bad); // surrogate
  CHECK(validUtf8("\xF4\x90\x80\x80") == bad + bad + bad + bad); // > U+10FFFF
}

TEST_CASE("JSON strings escape quotes, controls and bad bytes", "[report]") {
  CHECK(jsonQuote("a\"b\\c\n") == "\"a\\\"b\\\\c\\n\"");
  CHECK(jsonQuote(std::string("\x01", 1)) == "\"\\u0001\"");
  CHECK(jsonQuote("x\xFFy") == "\"x\xEF\xBF\xBDy\"");
}

/// JSON's escaping, one byte at a time (RFC 8259 section 7, with the short
/// forms where there is one), for text that is already valid UTF-8.
static std::string referenceQuote(const std::string &valid) {
  std::string out = "\"";
  for (unsigned char c : valid) {
    const char *named = c == '"'    ? "\\\""
                        : c == '\\' ? "\\\\"
                        : c == '\b' ? "\\b"
                        : c == '\f' ? "\\f"
                        : c == '\n' ? "\\n"
                        : c == '\r' ? "\\r"
                        : c == '\t' ? "\\t"
                                    : nullptr;
    if (named) {
      out += named;
    } else if (c < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    } else {
      out += char(c);
    }
  }
  return out + "\"";
}

TEST_CASE("JSON strings: every byte at every position of a long string",
          "[report]") {
  // The writer skips 8 bytes at a time when none needs care: put each byte
  // value at each position of a string longer than two such words.
  for (int byte = 0; byte < 256; ++byte)
    for (size_t at = 0; at < 19; ++at) {
      std::string text(19, 'a');
      text[at] = char(byte);
      INFO("byte " << byte << " at " << at);
      CHECK(jsonQuote(text) == referenceQuote(validUtf8(text)));
    }
  std::string mixed = "%arg0[0] \"q\" caf\xC3\xA9\t\x7F tail\\ \xE2\x82\xAC!";
  CHECK(jsonQuote(mixed) == referenceQuote(mixed));
}

namespace {

/// A function with obligations at the given offsets and verdicts, and
/// opaque ops at the given offsets, for the report entries.
struct Fixture {
  Problem problem;
  FunctionVerdicts verdicts;
  FunctionReport report() { return {&problem, &verdicts, nullptr, {}}; }
  void obligation(uint32_t offset, Verdict verdict, std::string subject) {
    Obligation ob;
    ob.kind = ObligationKind::Broadcast;
    ob.site = problem.addSite({0, offset}, "tosa.add");
    ob.notes = problem.addNotes(std::move(subject));
    problem.obligations.push_back(ob);
    Finding finding;
    finding.verdict = verdict;
    verdicts.findings.push_back(finding);
    if (isWorse(verdict, verdicts.verdict))
      verdicts.verdict = verdict;
  }
  void opaque(uint32_t offset, std::string op) {
    problem.opaque.push_back({{0, offset}, std::move(op), "op not modelled"});
  }
};

/// The JSON report of `f`'s function, each finding at line 1, column
/// offset + 1 of x.mlir.
std::string renderFixture(Fixture &f, const ReportOptions &options) {
  std::vector<FileReport> files{{"x.mlir", {f.report()}}};
  Summary summary;
  summary.add(files[0], options);
  return renderJson(files, summary, options, [](Location at) {
    return SourcePosition{"x.mlir", 1, at.offset + 1, at.offset + 1, {}};
  });
}

/// How many of `pieces` are not found in `json` in their order (each
/// one missing is a failed check, with its text).
size_t missingInOrder(const std::string &json,
                      const std::vector<std::string> &pieces) {
  size_t from = 0, missing = 0;
  for (const std::string &piece : pieces) {
    size_t found = json.find(piece, from);
    if (found == std::string::npos) {
      ++missing;
      INFO("not found in order: " << piece);
      CHECK(found != std::string::npos);
      continue;
    }
    from = found + piece.size();
  }
  return missing;
}

} // namespace

TEST_CASE("coverage errors merge into program order", "[report]") {
  Fixture f;
  f.obligation(10, Verdict::Safe, "a");
  f.opaque(15, "foo.bar");
  f.obligation(20, Verdict::Safe, "b");
  f.opaque(20, "foo.baz");
  ReportOptions options;
  CHECK(reportEntries(f.report(), options).size() == 2);
  CHECK(reportVerdict(f.report(), options) == Verdict::Safe);
  options.requireCoverage = true;
  std::vector<ReportEntry> entries = reportEntries(f.report(), options);
  REQUIRE(entries.size() == 4);
  CHECK(entries[0].kind == "broadcast");
  CHECK(entries[1].kind == "coverage");
  CHECK(entries[1].op == "foo.bar");
  CHECK(entries[2].kind == "broadcast"); // at 20, before the op at 20
  CHECK(entries[3].op == "foo.baz");
  CHECK(reportVerdict(f.report(), options) == Verdict::Error);
  Summary summary;
  summary.add(f.report(), options);
  CHECK(summary.total() == 4);
  CHECK(summary.counts[size_t(Verdict::Error)] == 2);
  CHECK(!summary.allSafe());
}

TEST_CASE("the coverage line counts ops, most frequent first", "[report]") {
  Fixture f;
  CHECK(coverageLine({{"x.mlir", {f.report()}}}).empty());
  f.opaque(1, "z.one");
  f.opaque(2, "a.two");
  f.opaque(3, "a.two");
  f.opaque(4, "b.one");
  CHECK(coverageLine({{"x.mlir", {f.report()}}}) ==
        "4 ops opaque: a.two (2), b.one (1), z.one (1)");
  Fixture g;
  g.opaque(1, "foo.bar");
  CHECK(coverageLine({{"x.mlir", {g.report()}}}) == "1 op opaque: foo.bar (1)");
}

TEST_CASE("obligations a certain failure makes unreachable are one note",
          "[report]") {
  Fixture f;
  f.obligation(10, Verdict::UbPossible, "first");
  f.obligation(20, Verdict::UbGuaranteed, "second");
  f.obligation(20, Verdict::Unreachable, "second's cast");
  f.obligation(30, Verdict::Unreachable, "third");
  f.obligation(40, Verdict::Unreachable, "fourth");
  std::vector<ReportMessage> messages = describeFindings(f.report());
  REQUIRE(messages.size() == 3);
  CHECK(messages[0].text == "first can fail at runtime [broadcast, "
                            "ub-possible, broadcastable]");
  CHECK(messages[1].loc.offset == 20);
  CHECK(messages[2].severity == ReportMessage::Severity::Note);
  CHECK(messages[2].loc.offset == 20);
  CHECK(messages[2].text == "3 later obligations are unreachable");

  // Without an error or ub-guaranteed before it, an unreachable obligation
  // is reported on its own.
  Fixture g;
  g.obligation(10, Verdict::Unreachable, "lone");
  messages = describeFindings(g.report());
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].severity == ReportMessage::Severity::Warning);
}

TEST_CASE("positions print as file:line:col", "[report]") {
  SourcePosition position{"x.mlir", 3, 8, 8, {}};
  CHECK(position.str() == "x.mlir:3:8");
}

TEST_CASE("JSON messages are escaped like every other string", "[report]") {
  // A finding's message is built in the line and escaped afterwards only
  // when some byte needs it: put each byte value at several positions of
  // a subject (so of a message) and compare with the escaping of the
  // message made apart.
  Fixture f;
  uint32_t offset = 0;
  for (int byte = 0; byte < 256; ++byte)
    for (size_t at : {0, 7, 8, 18}) {
      std::string subject(19, 's');
      subject[at] = char(byte);
      f.obligation(offset++, Verdict::Safe, subject);
    }
  ReportOptions options;
  std::string json = renderFixture(f, options);
  std::vector<ReportEntry> entries = reportEntries(f.report(), options);
  REQUIRE(entries.size() == f.problem.obligations.size());
  std::vector<std::string> expected;
  for (const ReportEntry &entry : entries)
    expected.push_back("\"message\": " +
                       referenceQuote(validUtf8(entry.message(f.problem))));
  CHECK(missingInOrder(json, expected) == 0);
}

TEST_CASE("JSON findings that repeat a message print as the first did",
          "[report]") {
  // A safe finding whose subject names no value is rendered once and
  // copied at every later op that repeats it. Ops with sizes that repeat,
  // mixed with ones that name a value or have another verdict, must each
  // print the line their own fields give.
  Fixture f;
  for (int v = 0; v < 4; ++v) {
    ValueInfo value;
    value.name = "%v" + std::to_string(v);
    f.problem.values.push_back(value);
  }
  std::vector<std::string> rules; // the rule id each one must print
  for (uint32_t k = 0; k < 600; ++k) {
    Obligation ob;
    ob.kind =
        k % 5 == 4 ? ObligationKind::ResultCast : ObligationKind::Broadcast;
    ob.form = k % 5 == 4 ? SubjectForm::ResultCast : SubjectForm::Broadcast;
    ob.dim = int(k % 3);
    f.problem.setDeclared(ob, int64_t(k % 7 + 1));
    // Some sites name their rule (two ids, so that a kept line of one
    // rule must not serve the other); the rest get the default: the
    // seeds' "broadcastable" for a broadcast, the op's name otherwise.
    std::string rule = k % 7 == 2 ? "add_c" + std::to_string(k % 2) : "";
    ob.site = f.problem.addSite({0, k}, "tosa.add", 0, rule);
    rules.push_back(!rule.empty()                          ? rule
                    : ob.kind == ObligationKind::Broadcast ? "broadcastable"
                                                           : "tosa.add");
    ob.refBegin = uint32_t(f.problem.dimRefs.size());
    ob.refCount = 2 + k % 2;
    for (uint32_t r = 0; r < ob.refCount; ++r) {
      DimRef ref;
      ref.value = (k + r) % 4;
      ref.dim = r;
      ref.staticSize = k % 11 == 3 && r == 1 ? -1 : int64_t((k * 7 + r) % 6);
      f.problem.dimRefs.push_back(ref);
    }
    f.problem.obligations.push_back(ob);
    Finding finding;
    finding.verdict = k % 13 == 5 ? Verdict::UbPossible : Verdict::Safe;
    if (finding.verdict == Verdict::UbPossible)
      finding.condition = ConditionText(symshape::Condition::compare(
          symshape::Term::ref("%v0[0]"), symshape::Condition::Op::Ne,
          symshape::Term::constant(1)));
    f.verdicts.findings.push_back(finding);
  }
  ReportOptions options;
  std::string json = renderFixture(f, options);
  std::vector<ReportEntry> entries = reportEntries(f.report(), options);
  REQUIRE(entries.size() == 600);
  std::vector<std::string> expected;
  for (const ReportEntry &entry : entries) {
    const Finding &finding = *entry.finding;
    std::string line =
        "{\"loc\": \"x.mlir:1:" + std::to_string(entry.loc.offset + 1) +
        "\", \"op\": \"tosa.add\", \"kind\": \"" + std::string(entry.kind) +
        "\", \"dim\": " + std::to_string(entry.dim) + ", \"verdict\": \"" +
        verdictName(finding.verdict) + "\", \"severity\": \"" +
        (finding.verdict == Verdict::Safe ? "note" : "warning") +
        "\", \"rule\": \"" + rules[entry.loc.offset] + "\"";
    if (finding.verdict != Verdict::Safe)
      line += ", \"condition\": \"" + finding.condition.str() +
              "\", \"witness\": {}";
    expected.push_back(line + ", \"message\": " +
                       referenceQuote(entry.message(f.problem)) + "}");
  }
  CHECK(missingInOrder(json, expected) == 0);
}

TEST_CASE("JSON lists each value name once, checked unless the lowering "
          "vouches for it",
          "[report]") {
  auto render = [](const std::vector<std::string> &names, bool unique) {
    Fixture f;
    f.problem.uniqueValueNames = unique;
    for (const std::string &name : names) {
      ValueInfo value;
      value.kind = ValueInfo::Kind::Tensor;
      value.name = name;
      value.type = "tensor<f32>";
      value.ranked = true;
      f.problem.values.push_back(value);
    }
    return renderFixture(f, ReportOptions());
  };
  auto count = [](const std::string &json, const std::string &key) {
    size_t n = 0;
    for (size_t at = json.find(key); at != std::string::npos;
         at = json.find(key, at + 1))
      ++n;
    return n;
  };
  // Unnamed results ("%") are never listed; a repeated name is listed
  // once, and so are two bad names that read alike once made valid.
  std::string checked =
      render({"%a", "%", "%a", "%b", "%", "%\xff", "%\xfe"}, false);
  CHECK(count(checked, "\"%a\": {") == 1);
  CHECK(count(checked, "\"%b\": {") == 1);
  CHECK(count(checked, "\"%\": {") == 0);
  CHECK(count(checked, "\"%\xEF\xBF\xBD\": {") == 1);
  // Names the lowering gave (unique but for "%") list the same with or
  // without the check, ASCII or not.
  for (const std::vector<std::string> &names :
       {std::vector<std::string>{"%a", "%", "%b", "%", "%c_2"},
        std::vector<std::string>{"%a", "%\xff", "%", "%b"}}) {
    std::string vouched = render(names, true);
    CHECK(vouched == render(names, false));
    CHECK(count(vouched, "\"%a\": {") == 1);
    CHECK(count(vouched, "\"%\": {") == 0);
  }
}
