//===- ChunkCheck.cpp - Read one corpus chunk and grade it ----------------===//

#include "ChunkCheck.h"

#include "symshape/driver/Session.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace symshape::corpus {

using namespace symshape::frontend;

namespace {

/// One `expected-error` annotation: the line it applies to and its text.
struct ExpectedError {
  uint32_t line = 0;
  std::string message;
};

/// Reads `// expected-error {{msg}}`, `@+N`, `@-N`, `@above`, `@below`
/// (what mlir-opt -verify-diagnostics accepts). `@unknown` has no line.
std::vector<ExpectedError> expectedErrors(const std::string &text,
                                          uint32_t firstLine) {
  std::vector<ExpectedError> out;
  std::istringstream in(text);
  std::string line;
  for (uint32_t number = firstLine; std::getline(in, line); ++number) {
    size_t annotation = line.find("expected-error");
    if (annotation == std::string::npos)
      continue;
    std::string rest = line.substr(annotation + 14);
    size_t open = rest.find("{{"), close = rest.rfind("}}");
    if (open == std::string::npos || close == std::string::npos || close < open)
      continue;
    std::string where = rest.substr(0, open);
    ExpectedError error{number, rest.substr(open + 2, close - open - 2)};
    size_t at = where.find('@');
    if (at != std::string::npos) {
      std::string spec = where.substr(at + 1);
      int64_t offset = 0;
      if (spec.rfind("unknown", 0) == 0)
        continue;
      if (spec.rfind("above", 0) == 0)
        offset = -1;
      else if (spec.rfind("below", 0) == 0)
        offset = 1;
      else if (spec.size() > 1 && (spec[0] == '+' || spec[0] == '-') &&
               std::isdigit(static_cast<unsigned char>(spec[1])))
        offset = std::strtol(spec.c_str(), nullptr, 10);
      error.line = uint32_t(int64_t(number) + offset);
    }
    out.push_back(std::move(error));
  }
  return out;
}

bool isOpNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$';
}

/// `dialect.op` at `p` (a dotted lower-case name); advances past it.
bool skipOpName(const std::string &line, size_t &p) {
  size_t start = p;
  if (p >= line.size() || !(std::islower(line[p]) || line[p] == '_'))
    return false;
  while (p < line.size() && isOpNameChar(line[p]))
    ++p;
  std::string name = line.substr(start, p - start);
  size_t dot = name.find('.');
  return dot != std::string::npos && dot > 0 && dot + 1 < name.size();
}

/// `"dialect.op"` at `p`; advances past it.
bool skipQuotedOpName(const std::string &line, size_t &p) {
  if (p >= line.size() || line[p] != '"')
    return false;
  ++p;
  if (!skipOpName(line, p) || p >= line.size() || line[p] != '"')
    return false;
  ++p;
  return true;
}

void skipSpace(const std::string &line, size_t &p) {
  while (p < line.size() && std::isspace(static_cast<unsigned char>(line[p])))
    ++p;
}

/// `%r = d.op`, `%a, %b:2 = "d.op"`, `"d.op"(`: text that can only be the
/// start of an op.
bool looksLikeOpStart(const std::string &line) {
  size_t p = 0;
  skipSpace(line, p);
  if (p < line.size() && line[p] == '"') {
    if (!skipQuotedOpName(line, p))
      return false;
    skipSpace(line, p);
    return p < line.size() && line[p] == '(';
  }
  if (p >= line.size() || line[p] != '%')
    return false;
  while (p < line.size() && line[p] == '%') {
    ++p;
    while (p < line.size() && (isOpNameChar(line[p]) || line[p] == ':' ||
                               line[p] == '#' || line[p] == '-'))
      ++p;
    skipSpace(line, p);
    if (p < line.size() && line[p] == ',') {
      ++p;
      skipSpace(line, p);
    }
  }
  if (p >= line.size() || line[p] != '=')
    return false;
  ++p;
  skipSpace(line, p);
  size_t q = p;
  return skipQuotedOpName(line, p) || skipOpName(line, q);
}

/// Every op of a region, nested ones included.
void collectOps(const Region &region, std::vector<const Operation *> &ops) {
  for (const Block &block : region.blocks)
    for (const Operation &op : block.operations) {
      ops.push_back(&op);
      for (const Region &nested : op.regions)
        collectOps(nested, ops);
    }
}

std::string oneLine(std::string text) {
  size_t newline = text.find('\n');
  if (newline != std::string::npos)
    text.resize(newline);
  std::replace(text.begin(), text.end(), '\t', ' ');
  return text;
}

} // namespace

bool isShapeMessage(const std::string &message) {
  static const char *const words[] = {
      "shape",  "broadcast", "dimension", "dim ",       "rank",   "size",
      "extent", "bound",     "infer",     "compatible", "tensor<"};
  std::string lower = message;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  for (const char *word : words)
    if (lower.find(word) != std::string::npos)
      return true;
  return false;
}

ChunkResult checkChunk(const std::string &file, const std::string &text,
                       uint32_t firstLine) {
  ChunkResult result;
  std::vector<ExpectedError> expected = expectedErrors(text, firstLine);
  result.invalid = text.find("expected-error") != std::string::npos;

  SessionOptions options;
  options.jobs = 1;
  options.judge.limits.timeoutMs = 1000;
  Session session(options);
  bool parsed = session.addFile(file, text, firstLine);
  bool analysed = parsed && session.analyze();
  const SourceManager &sources = session.sources();
  uint32_t errorLine = 0;
  if (!analysed) {
    result.rejected = true;
    const std::vector<Diagnostic> &diags = session.diagnostics().diagnostics();
    if (!diags.empty()) {
      result.message = oneLine(session.diagnostics().render(diags.front()));
      errorLine = sources.lineCol(diags.front().loc).line;
    }
  }

  // Lines where the parser began an op, and the ops by their name's line.
  std::set<uint32_t> opLines;
  std::multimap<uint32_t, const Operation *> opsByLine;
  std::vector<std::pair<uint32_t, uint32_t>> functionLines;
  std::set<uint32_t> opaqueOffsets;
  /// Lines with an obligation -> whether one is error/ub-guaranteed.
  std::map<uint32_t, bool> refutedLines;
  for (const auto &fileAnalysis : session.files()) {
    for (const Function &func : fileAnalysis->module.functions) {
      functionLines.emplace_back(sources.lineCol(func.range.begin).line,
                                 sources.lineCol(func.range.end).line);
      opLines.insert(functionLines.back().first);
      std::vector<const Operation *> ops;
      collectOps(func.body, ops);
      for (const Operation *op : ops) {
        opLines.insert(sources.lineCol(op->range.begin).line);
        opsByLine.emplace(sources.lineCol(op->loc).line, op);
      }
    }
    for (const SkippedOp &op : fileAnalysis->module.skipped)
      result.opaque.emplace_back(op.op, op.reason);
    for (const FunctionAnalysis &fn : fileAnalysis->functions) {
      for (const solver::OpaqueOp &opaque : fn.problem->opaque) {
        opaqueOffsets.insert(opaque.loc.offset);
        result.opaque.emplace_back(opaque.op, opaque.reason);
      }
      // Private calls judged through their calls: one call chain each.
      result.privateCalls += unsigned(fn.problem->callStacks.size() - 1);
      std::set<std::pair<uint32_t, uint32_t>> asserts, cstrs;
      for (const solver::Obligation &ob : fn.problem->obligations) {
        const solver::Location &loc = fn.problem->locOf(ob);
        std::pair<uint32_t, uint32_t> at{loc.buffer, loc.offset};
        if (ob.kind == solver::ObligationKind::Assert)
          asserts.insert(at);
        else if (ob.kind == solver::ObligationKind::Cstr)
          cstrs.insert(at);
      }
      result.asserts += unsigned(asserts.size());
      result.cstrs += unsigned(cstrs.size());
      for (size_t k = 0; k < fn.problem->obligations.size(); ++k) {
        const solver::Location &loc =
            fn.problem->locOf(fn.problem->obligations[k]);
        solver::Verdict verdict = fn.verdicts.findings[k].verdict;
        uint32_t line = sources.lineCol({loc.buffer, loc.offset}).line;
        refutedLines[line] = refutedLines[line] ||
                             verdict == solver::Verdict::Error ||
                             verdict == solver::Verdict::UbGuaranteed;
      }
    }
  }

  // No op-looking line inside a function was swallowed by another op.
  if (parsed) {
    std::istringstream in(text);
    std::string line;
    for (uint32_t number = firstLine; std::getline(in, line); ++number) {
      bool inFunction = false;
      for (const auto &[begin, end] : functionLines)
        inFunction |= begin <= number && number <= end;
      if (inFunction && looksLikeOpStart(line) && !opLines.count(number)) {
        result.misread = std::to_string(number) + ": " + oneLine(line);
        break;
      }
    }
  }

  for (const ExpectedError &error : expected) {
    if (!isShapeMessage(error.message))
      continue;
    ++result.shapeErrors;
    if (result.rejected && errorLine == error.line)
      ++result.rejectedAt;
    auto [begin, end] = opsByLine.equal_range(error.line);
    // Modelled: symshape read the op and states obligations there.
    bool modelled = false;
    for (auto it = begin; it != end && refutedLines.count(error.line); ++it)
      modelled |=
          !it->second->skipped && !opaqueOffsets.count(it->second->loc.offset);
    if (!modelled)
      continue;
    ++result.onModelled;
    if (refutedLines[error.line]) {
      ++result.agreed;
      continue;
    }
    std::string op = begin->second->name;
    result.missed += (result.missed.empty() ? "" : " | ") +
                     std::to_string(error.line) + " " + op + ": " +
                     oneLine(error.message);
  }
  return result;
}

// Opaque ops travel as "op\x1freason" entries joined by \x1e.
constexpr char kPairSep = '\x1f', kEntrySep = '\x1e';

std::string ChunkResult::serialize() const {
  std::ostringstream out;
  out << invalid << '\t' << rejected << '\t' << shapeErrors << '\t'
      << onModelled << '\t' << agreed << '\t' << rejectedAt << '\t'
      << oneLine(message) << '\t' << oneLine(misread) << '\t' << oneLine(missed)
      << '\t' << asserts << '\t' << cstrs << '\t' << privateCalls << '\t';
  for (size_t i = 0; i < opaque.size(); ++i)
    out << (i ? std::string(1, kEntrySep) : "") << oneLine(opaque[i].first)
        << kPairSep << oneLine(opaque[i].second);
  return out.str();
}

ChunkResult ChunkResult::deserialize(const std::string &line) {
  ChunkResult result;
  std::istringstream in(line);
  std::string field;
  std::vector<std::string> fields;
  while (std::getline(in, field, '\t'))
    fields.push_back(field);
  fields.resize(13);
  auto number = [&](size_t i) {
    return fields[i].empty() ? 0u : unsigned(std::stoul(fields[i]));
  };
  result.invalid = number(0);
  result.rejected = number(1);
  result.shapeErrors = number(2);
  result.onModelled = number(3);
  result.agreed = number(4);
  result.rejectedAt = number(5);
  result.message = fields[6];
  result.misread = fields[7];
  result.missed = fields[8];
  result.asserts = number(9);
  result.cstrs = number(10);
  result.privateCalls = number(11);
  std::istringstream entries(fields[12]);
  for (std::string entry; std::getline(entries, entry, kEntrySep);) {
    size_t sep = entry.find(kPairSep);
    if (sep != std::string::npos)
      result.opaque.emplace_back(entry.substr(0, sep), entry.substr(sep + 1));
  }
  return result;
}

} // namespace symshape::corpus
