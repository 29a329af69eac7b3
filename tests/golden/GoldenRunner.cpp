//===- GoldenRunner.cpp - Checks inline expectations in .mlir files -------===//
//
// Usage: symshape_golden FILE.mlir
//
// The file states what symshape must report, written by hand from SPEC:
//
//   // RUN: --strict --assume "%a[0] == 4"        (options, optional)
//   // expected-ub-possible @+1 {{broadcast dim 0: %a[0] not in {1, 4}}}
//   %0 = "test.broadcastable"(%a, %b) : ...
//   // expected-summary {{safe=5 ub-possible=1 ub-guaranteed=0 error=0
//   //                    unreachable=0 unknown=0}}   (on one line)
//   // expected-opaque @+1 {{cf.assert}}             (an opaque op)
//   // expected-checked @f {{%a[0] == %b[0]}}        (@f's contract)
//   // expected-requires @f {{false}}
//   // expected-inexact @f {{is opaque}}             (reason contains it)
//
// `expected-VERDICT [@+N|@-N|@cli] {{KIND[ dim D][ rule ID][: CONDITION]}}`
// names a finding on the line of the comment (or N lines below/above, or
// in an --assume string), with the rule id ID (SPEC 3; docs/KINDS.md) when
// it is given. Every finding that is
// not safe must be expected, and every expectation must be met by exactly
// one finding; `expected-safe` may pin safe ones too. Once a file expects an
// opaque op, every opaque op must be expected. A function named by an
// `expected-checked` or `expected-requires` has its contract compared (a
// contract listed by parts as "(part) && (part)"), and it must be exact
// unless `expected-inexact` says so. The comparison is exact and a
// mismatch prints both lists.
//
//===----------------------------------------------------------------------===//

#include "symshape/driver/Session.h"

#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

using namespace symshape;

namespace {

struct Expectation {
  unsigned line = 0;
  std::string verdict, kind, condition, rule;
  int dim = -1;
  bool hasCondition = false;
  bool matched = false;
  std::string text() const {
    std::string t =
        "line " + std::to_string(line) + ": " + verdict + " " + kind;
    if (dim >= 0)
      t += " dim " + std::to_string(dim);
    if (!rule.empty())
      t += " rule " + rule;
    if (hasCondition)
      t += ": " + condition;
    return t;
  }
};

/// Splits a RUN line into arguments, honouring double quotes.
std::vector<std::string> splitArgs(const std::string &line) {
  std::vector<std::string> args;
  std::string current;
  bool quoted = false, any = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (any)
        args.push_back(current);
      current.clear();
      any = false;
    } else {
      current += c;
      any = true;
    }
  }
  if (any)
    args.push_back(current);
  return args;
}

bool parseOptions(const std::vector<std::string> &args,
                  frontend::SessionOptions &options,
                  std::vector<std::string> &assumptions) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    auto next = [&]() -> std::string {
      return i + 1 < args.size() ? args[++i] : std::string();
    };
    if (a == "--strict")
      options.lowering.strict = true;
    else if (a == "--min-dim")
      options.lowering.minDim = std::stoll(next());
    else if (a == "--assume")
      assumptions.push_back(next());
    else if (a == "--broadcastable")
      options.lowering.broadcastable.push_back(next());
    else {
      std::cerr << "unknown RUN option '" << a << "'\n";
      return false;
    }
  }
  return true;
}

/// What a file expects of one function's contract.
struct ContractExpectation {
  std::optional<std::string> checked, required, inexact;
};

/// A contract formula as one text: listed by parts, their conjunction.
std::string contractText(const symshape::Condition &formula,
                         const std::vector<solver::ContractPart> &parts) {
  if (parts.empty())
    return formula.str();
  std::string out;
  for (const solver::ContractPart &part : parts)
    out += (out.empty() ? "(" : " && (") + part.text() + ")";
  return out;
}

/// Parses `expected-...` comments; false on a malformed one.
bool parseExpectations(const std::string &text,
                       std::vector<Expectation> &expectations,
                       std::map<std::string, ContractExpectation> &contracts,
                       std::string &summary, std::string &run) {
  std::istringstream in(text);
  std::string line;
  for (unsigned number = 1; std::getline(in, line); ++number) {
    size_t run0 = line.find("// RUN:");
    if (run0 != std::string::npos)
      run = line.substr(run0 + 7);
    size_t at = line.find("// expected-");
    if (at == std::string::npos)
      continue;
    std::string rest = line.substr(at + 12);
    size_t open = rest.find("{{"), close = rest.rfind("}}");
    if (open == std::string::npos || close == std::string::npos ||
        close < open) {
      std::cerr << "line " << number << ": malformed expectation\n";
      return false;
    }
    std::string head = rest.substr(0, open);
    std::string body = rest.substr(open + 2, close - open - 2);
    std::istringstream words(head);
    std::string verdict, offset;
    words >> verdict >> offset;
    if (verdict == "summary") {
      summary = body;
      continue;
    }
    if (verdict == "checked" || verdict == "requires" || verdict == "inexact") {
      if (offset.size() < 2 || offset[0] != '@') {
        std::cerr << "line " << number << ": expected-" << verdict
                  << " needs @FUNCTION\n";
        return false;
      }
      ContractExpectation &c = contracts[offset.substr(1)];
      (verdict == "checked"    ? c.checked
       : verdict == "requires" ? c.required
                               : c.inexact) = body;
      continue;
    }
    Expectation e;
    e.verdict = verdict;
    e.line = number;
    if (offset == "@cli") {
      e.line = 0; // a finding located in an --assume string
    } else if (!offset.empty()) {
      if (offset.size() < 3 || offset[0] != '@' ||
          (offset[1] != '+' && offset[1] != '-')) {
        std::cerr << "line " << number << ": bad offset '" << offset << "'\n";
        return false;
      }
      int delta = std::stoi(offset.substr(2));
      e.line = offset[1] == '+' ? number + delta : number - delta;
    }
    size_t colon = body.find(": ");
    std::string what = body.substr(0, colon);
    if (colon != std::string::npos) {
      e.condition = body.substr(colon + 2);
      e.hasCondition = true;
    }
    std::istringstream parts(what);
    std::string word;
    parts >> e.kind;
    while (parts >> word) {
      bool read = word == "dim" && e.dim < 0 && e.rule.empty()
                      ? bool(parts >> e.dim)
                  : word == "rule" && e.rule.empty() ? bool(parts >> e.rule)
                                                     : false;
      if (!read) {
        std::cerr << "line " << number << ": expected 'dim N' or 'rule ID' in "
                  << "{{" << body << "}}\n";
        return false;
      }
    }
    expectations.push_back(e);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: symshape_golden FILE.mlir\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();

  std::vector<Expectation> expectations;
  std::map<std::string, ContractExpectation> contracts;
  std::string summary, run;
  if (!in || !parseExpectations(text, expectations, contracts, summary, run))
    return 2;
  frontend::SessionOptions options;
  std::vector<std::string> assumptions;
  if (!parseOptions(splitArgs(run), options, assumptions))
    return 2;

  frontend::Session session(options);
  for (const std::string &a : assumptions)
    if (!session.addAssumption(a)) {
      std::cerr << session.diagnostics().renderAll();
      return 1;
    }
  if (!session.addFile(argv[1], text) || !session.analyze()) {
    std::cerr << session.diagnostics().renderAll();
    return 1;
  }

  bool ok = true;
  std::vector<std::string> unexpected;
  for (const auto &file : session.files())
    for (const frontend::FunctionAnalysis &fn : file->functions) {
      // The findings as reported: a private callee's op reached through
      // several calls is one finding per verdict.
      std::vector<uint32_t> with =
          solver::reportedWith(*fn.problem, fn.verdicts);
      for (size_t k = 0; k < fn.problem->obligations.size(); ++k) {
        if (with[k] != k)
          continue;
        const solver::Obligation &ob = fn.problem->obligations[k];
        const solver::Finding &finding = fn.verdicts.findings[k];
        Expectation actual;
        frontend::SourceLoc loc = frontend::fromSolver(fn.problem->locOf(ob));
        actual.line = loc.buffer == file->buffer
                          ? session.sources().lineCol(loc).line
                          : 0; // an --assume string: `@cli`
        actual.verdict = solver::verdictName(finding.verdict);
        actual.kind = solver::obligationKindName(ob.kind);
        actual.dim = ob.dim;
        actual.rule = std::string(solver::ruleOf(*fn.problem, ob));
        actual.condition = finding.condition;
        actual.hasCondition = !finding.condition.empty();
        bool found = false;
        for (Expectation &e : expectations) {
          if (e.matched || e.line != actual.line ||
              e.verdict != actual.verdict || e.kind != actual.kind ||
              e.dim != actual.dim)
            continue;
          if ((e.hasCondition && e.condition != actual.condition) ||
              (!e.rule.empty() && e.rule != actual.rule))
            continue;
          e.matched = found = true;
          break;
        }
        if (!found && finding.verdict != solver::Verdict::Safe)
          unexpected.push_back(actual.text());
      }
    }
  // Contracts of the functions the file names.
  for (const auto &[name, want] : contracts) {
    const frontend::FunctionAnalysis *found = nullptr;
    for (const auto &file : session.files())
      for (const frontend::FunctionAnalysis &fn : file->functions)
        if (fn.function->name == name)
          found = &fn;
    if (!found) {
      std::cerr << "expected a contract of @" << name << ": no such function\n";
      ok = false;
      continue;
    }
    const solver::Contract &c = found->contract;
    std::string checked = contractText(c.checked, c.checkedParts),
                required = contractText(c.requires, c.requiresParts);
    if (want.checked && *want.checked != checked) {
      std::cerr << "@" << name << " checked expected: " << *want.checked
                << "\n@" << name << " checked actual:   " << checked << "\n";
      ok = false;
    }
    if (want.required && *want.required != required) {
      std::cerr << "@" << name << " requires expected: " << *want.required
                << "\n@" << name << " requires actual:   " << required << "\n";
      ok = false;
    }
    if (c.exact != !want.inexact ||
        (want.inexact && c.reason.find(*want.inexact) == std::string::npos)) {
      std::cerr << "@" << name << " contract expected "
                << (want.inexact ? "inexact (" + *want.inexact + ")"
                                 : std::string("exact"))
                << ", actual "
                << (c.exact ? std::string("exact")
                            : "inexact (" + c.reason + ")")
                << "\n";
      ok = false;
    }
  }
  // Opaque ops, when the file pins any (kind = the op name).
  bool pinsOpaque = false;
  for (const Expectation &e : expectations)
    pinsOpaque = pinsOpaque || e.verdict == "opaque";
  for (const auto &file : session.files())
    for (const frontend::FunctionAnalysis &fn : file->functions)
      for (const solver::OpaqueOp &op : fn.problem->opaque) {
        frontend::SourceLoc loc = frontend::fromSolver(op.loc);
        unsigned line = session.sources().lineCol(loc).line;
        bool found = false;
        for (Expectation &e : expectations)
          if (!e.matched && e.verdict == "opaque" && e.line == line &&
              e.kind == op.op) {
            e.matched = found = true;
            break;
          }
        if (!found && pinsOpaque)
          unexpected.push_back("line " + std::to_string(line) + ": opaque " +
                               op.op + " (" + op.reason + ")");
      }
  for (const Expectation &e : expectations)
    if (!e.matched) {
      std::cerr << "expected but not reported: " << e.text() << "\n";
      ok = false;
    }
  for (const std::string &u : unexpected) {
    std::cerr << "reported but not expected:  " << u << "\n";
    ok = false;
  }
  if (!summary.empty()) {
    const solver::Summary &s = session.summary();
    std::string actual;
    for (solver::Verdict v :
         {solver::Verdict::Safe, solver::Verdict::UbPossible,
          solver::Verdict::UbGuaranteed, solver::Verdict::Error,
          solver::Verdict::Unreachable, solver::Verdict::Unknown})
      actual += std::string(actual.empty() ? "" : " ") +
                solver::verdictName(v) + "=" +
                std::to_string(s.counts[size_t(v)]);
    if (actual != summary) {
      std::cerr << "summary expected: " << summary << "\n"
                << "summary actual:   " << actual << "\n";
      ok = false;
    }
  }
  if (!ok) {
    std::cerr << "--- symshape's report ---\n" << session.text();
    return 1;
  }
  return 0;
}
