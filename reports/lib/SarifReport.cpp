//===- SarifReport.cpp - Findings as SARIF 2.1.0 --------------------------===//
//
// `check --format sarif`: one run of the tool `symshape`; one result per
// entry that is not safe, with its location, rule id = obligation kind
// (`broadcast`, `result-cast`, ..., `coverage`), level from the verdict,
// and the condition and witness both in the message and as properties:
//
//   {"ruleId": "broadcast", "ruleIndex": 0, "level": "warning",
//    "message": {"text": "the broadcast of ... can fail at runtime. UB
//                exactly when %a[0] not in {1, 4}; for example %a[0] = 2."},
//    "locations": [{"physicalLocation": {"artifactLocation":
//        {"uri": "x.mlir"}, "region": {"startLine": 3, "startColumn": 8}}}],
//    "properties": {"verdict": "ub-possible", "function": "f", ...}}
//
// Inputs that could not be read or parsed become tool execution
// notifications of a failed invocation. The subset of SARIF written here is
// described by schema/sarif-2.1.0-subset.schema.json.
//
//===----------------------------------------------------------------------===//

#include "NameLegend.h"
#include "symshape/reports/Report.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>

namespace symshape::solver {

using Json = nlohmann::ordered_json;

namespace {

Json text(const std::string &s) { return Json(validUtf8(s)); }

/// SARIF levels: SPEC.md §7's severity (severityOf).
const char *levelOf(Verdict verdict, bool runtimeCheck = false) {
  return severityName(severityOf(verdict, runtimeCheck));
}

/// What obligations of `kind` check.
std::string kindDescription(const std::string &kind) {
  static const std::pair<const char *, const char *> known[] = {
      {"broadcast", "Two broadcast operand sizes are both != 1 and unequal"},
      {"result-cast", "A declared static result dim differs from the runtime "
                      "size"},
      {"rank", "The result rank differs from the inferred rank"},
      {"mapped-dim", "Dims mapped onto each other (linalg, XLA) are unequal"},
      {"cast", "tensor.cast to a static dim of another size"},
      {"join", "Contradictory shapes give the invalid shape"},
      {"cstr", "A shape.cstr_* constraint fails"},
      {"assume", "A user fact contradicts the types or earlier facts"},
      {"assert", "A runtime check can fail (an input contract, not UB)"},
      {"bind", "An exporter's binding of sizes (torch.bind_symbolic_shape) "
               "contradicts what the program computes"},
      {"coverage", "An op symshape cannot relate to its operands "
                   "(--require-coverage)"},
  };
  for (const auto &[name, description] : known)
    if (kind == name)
      return description;
  return "The runtime requirement '" + kind + "' of an op is violated";
}

/// What rule `id` checks, for `rules[].shortDescription`: the kind's
/// description, and the rule where it is not the kind's own; a rule of
/// several kinds lists them.
std::string ruleDescription(const std::string &id,
                            const std::vector<std::string> &kinds) {
  if (kinds.size() != 1) {
    std::string text = "The runtime requirements of " + id + " (";
    for (size_t i = 0; i < kinds.size(); ++i)
      text += (i ? ", " : "") + kinds[i];
    return text + ")";
  }
  std::string text = kindDescription(kinds[0]);
  if (id != kinds[0] && id != "broadcastable")
    text += " (" + id + ")";
  return text;
}

/// A URI reference for a file name: RFC 3986 unreserved characters and '/'
/// as they are, everything else percent-encoded; absolute paths as file:
/// URIs.
std::string fileUri(const std::string &path) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out = !path.empty() && path[0] == '/' ? "file://" : "";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
        c == '/') {
      out += char(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

Json location(const SourcePosition &position) {
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", fileUri(position.file)}}},
            {"region",
             {{"startLine", position.line},
              {"startColumn", position.characterColumn}}}}}};
}

/// A position in the exporter's source. Its line and column are the
/// exporter's: a column 0 (unknown, as older JAX writes) is left out, and
/// a line 0 leaves only the file.
Json location(const SourceFrame &frame) {
  Json physical = {{"artifactLocation", {{"uri", fileUri(frame.file)}}}};
  if (frame.line > 0) {
    Json region = {{"startLine", frame.line}};
    if (frame.column > 0)
      region["startColumn"] = frame.column;
    physical["region"] = std::move(region);
  }
  return {{"physicalLocation", std::move(physical)}};
}

/// The function's contract as `check --json` writes it (SEMANTICS.md §4):
/// a formula too large to read is null, its conjuncts listed by finding in
/// "<name>_parts"; `exact: false` with the reason when it is not exact.
Json contractJson(const Problem &problem, const Contract &contract,
                  const ReportOptions &options,
                  const PositionResolver &resolve) {
  Json out = Json::object();
  auto formula = [&](const std::string &name,
                     const symshape::Condition &formula,
                     const std::vector<ContractPart> &parts) {
    if (parts.empty()) {
      out[name] = text(formula.str());
      return;
    }
    out[name] = nullptr;
    Json list = Json::array();
    for (const ContractPart &part : parts) {
      SourcePosition at =
          resolve(problem.locOf(problem.obligations[part.obligation]));
      Json entry = {{"loc", text(at.str())}};
      if (options.locations != LocationMode::Mlir && !at.origin.frames.empty())
        entry["source_loc"] = text(at.origin.frames.front().str());
      entry["holds"] = text(part.text());
      list.push_back(std::move(entry));
    }
    out[name + "_parts"] = std::move(list);
  };
  formula("checked", contract.checked, contract.checkedParts);
  formula("requires", contract.requires, contract.requiresParts);
  if (!contract.exact) {
    out["exact"] = false;
    out["reason"] = text(contractReason(contract, resolve));
  }
  return out;
}

std::string witnessText(const Witness &witness) {
  std::string out;
  for (const auto &[name, value] : witness)
    out += (out.empty() ? "" : ", ") + name + " = " + std::to_string(value);
  return out;
}

/// The rules the results name, in order of first use.
class RuleTable {
public:
  /// The index of rule `id`, which obligations of `kind` check (a rule such
  /// as an op's name may check several kinds).
  size_t index(const std::string &id, const std::string &kind) {
    size_t i = 0;
    while (i < ids.size() && ids[i] != id)
      ++i;
    if (i == ids.size()) {
      ids.push_back(id);
      kinds.emplace_back();
    }
    if (std::find(kinds[i].begin(), kinds[i].end(), kind) == kinds[i].end())
      kinds[i].push_back(kind);
    return i;
  }
  /// `tool.driver.rules`.
  Json rules() const {
    Json rules = Json::array();
    for (size_t i = 0; i < ids.size(); ++i)
      rules.push_back(
          {{"id", ids[i]},
           {"shortDescription", {{"text", ruleDescription(ids[i], kinds[i])}}},
           {"properties", {{"kinds", kinds[i]}}}});
    return rules;
  }

private:
  std::vector<std::string> ids;
  std::vector<std::vector<std::string>> kinds; ///< in the order seen
};

/// A result's properties (verdict, function, op, dim, condition, witness,
/// reason, contract); the condition and witness are added to `message`
/// too.
Json resultProperties(const FunctionReport &function, const ReportEntry &entry,
                      const ReportOptions &options,
                      const PositionResolver &resolve, std::string &message) {
  const Problem &problem = *function.problem;
  Json properties = {{"verdict", verdictName(entry.verdict)},
                     {"kind", std::string(entry.kind)},
                     {"function", text(problem.function)},
                     {"op", text(std::string(entry.op))}};
  if (entry.dim >= 0)
    properties["dim"] = entry.dim;
  bool check = entry.obligation && isRuntimeCheck(entry.obligation->kind);
  if (const Finding *finding = entry.finding) {
    if (!finding->condition.empty()) {
      properties["condition"] = text(finding->condition.str());
      if (finding->condition != "true")
        message += (check ? ". Fails exactly when " : ". UB exactly when ") +
                   finding->condition;
    }
    if ((finding->hasWitness || !finding->witness.empty()) &&
        finding->verdict != Verdict::Unreachable) {
      // As the text report: every size a witness does not name is 1
      // (an empty one: all of them).
      Json witness = Json::object();
      for (const auto &[name, value] : finding->witness)
        witness[validUtf8(name)] = value;
      properties["witness"] = std::move(witness);
      message += (finding->condition.empty() || finding->condition == "true"
                      ? ". For example "
                      : "; for example ") +
                 (finding->witness.empty() ? std::string("every size 1")
                                           : witnessText(finding->witness));
    }
    if (!finding->reason.empty())
      properties["reason"] = text(finding->reason);
    // As the text report's note: whose values these name, and JAX's
    // argument names.
    std::vector<std::string> witnessNames;
    if (finding->verdict != Verdict::Unreachable)
      for (const auto &[name, value] : finding->witness)
        witnessNames.push_back(name);
    std::string_view condition;
    if (finding->condition != "true")
      condition = finding->condition.view();
    std::string legend = judgementLegend(function, !entry.callStacks.empty(),
                                         condition, witnessNames);
    if (!legend.empty()) {
      legend[0] = static_cast<char>(
          std::toupper(static_cast<unsigned char>(legend[0])));
      message += ". " + legend;
    }
  } else {
    properties["reason"] = text(entry.opaque->reason);
  }
  if (const Contract *contract = function.contract)
    properties["contract"] = contractJson(problem, *contract, options, resolve);
  return properties;
}

/// A result's related locations: the MLIR op and the exporter's callers
/// when it is placed at the exporter's position, and the calls into a
/// private function.
Json relatedLocations(const Problem &problem, const ReportEntry &entry,
                      const SourcePosition &position, bool fromSource,
                      const ReportOptions &options,
                      const PositionResolver &resolve) {
  const SourceOrigin &origin = position.origin;
  Json related = Json::array();
  auto relate = [&](Json where, const std::string &why) {
    where["id"] = related.size();
    where["message"] = {{"text", text(why)}};
    related.push_back(std::move(where));
  };
  if (fromSource) {
    if (options.locations == LocationMode::Both) {
      std::string why = "MLIR op '" + std::string(entry.op) + "'";
      if (!origin.name.empty())
        why += " (" + origin.name + ")";
      relate(location(position), why);
    }
    for (size_t i = 1; i < origin.frames.size(); ++i)
      relate(location(origin.frames[i]),
             origin.frames[i].function.empty()
                 ? "called from"
                 : "called from " + origin.frames[i].function);
  }
  // Inside a private function judged through its calls: the calls
  // (at their own loc(...) under --loc=source).
  for (uint32_t stack : entry.callStacks)
    for (const CallSite &call : problem.callStacks[stack]) {
      SourcePosition at = resolve(call.loc);
      bool callFromSource = options.locations == LocationMode::Source &&
                            !at.origin.frames.empty();
      relate(callFromSource ? location(at.origin.frames.front()) : location(at),
             "called from @" + call.caller);
    }
  return related;
}

/// SARIF's `suppressions` of a finding the user accepted (§3.27.23, kind
/// `external`: in a configuration file or the baseline, not the input),
/// which code scanning shows as dismissed; nothing when `waiver` is null.
void addSuppressions(Json &result, const Waiver *waiver) {
  if (!waiver)
    return;
  result["suppressions"] = Json::array(
      {{{"kind", "external"},
        {"justification",
         text(waiver->baselined ? std::string("recorded in the baseline")
                                : waiver->reason)}}});
}

/// The result of an entry that is not safe.
Json entryResult(const FunctionReport &function, const ReportEntry &entry,
                 const ReportOptions &options, const PositionResolver &resolve,
                 RuleTable &rules) {
  const Problem &problem = *function.problem;
  // The rule id and level carry kind and verdict.
  std::string message = entry.message(problem);
  Json properties =
      resultProperties(function, entry, options, resolve, message);
  bool check = entry.obligation && isRuntimeCheck(entry.obligation->kind);
  size_t index = rules.index(std::string(entry.rule), std::string(entry.kind));
  // A runtime check that can fail is the input contract: a note.
  const char *level = levelOf(entry.verdict, check);
  // At the exporter's position when the op's `loc(...)` names one
  // (code scanning then annotates the model's own source), with the
  // MLIR op and the exporter's callers as related locations.
  SourcePosition position = resolve(entry.loc);
  const SourceOrigin &origin = position.origin;
  bool fromSource =
      options.locations != LocationMode::Mlir && !origin.frames.empty();
  Json result = {
      {"ruleId", std::string(entry.rule)},
      {"ruleIndex", index},
      {"level", level},
      {"message", {{"text", text(message + ".")}}},
      {"locations", Json::array({fromSource ? location(origin.frames.front())
                                            : location(position)})},
      {"properties", std::move(properties)}};
  Json related =
      relatedLocations(problem, entry, position, fromSource, options, resolve);
  if (!related.empty())
    result["relatedLocations"] = std::move(related);
  addSuppressions(result, options.waiver(entry));
  return result;
}

/// An op outside every function that symshape does not read, as a
/// coverage error (--require-coverage).
Json moduleOpaqueResult(const OpaqueOp &op, const ReportOptions &options,
                        const PositionResolver &resolve, RuleTable &rules) {
  Json result = {{"ruleId", "coverage"},
                 {"ruleIndex", rules.index("coverage", "coverage")},
                 {"level", "error"},
                 {"message",
                  {{"text", text("'" + std::string(op.op) + "' is opaque: " +
                                 std::string(op.reason) + ".")}}},
                 {"locations", Json::array({location(resolve(op.loc))})},
                 {"properties",
                  {{"verdict", "error"},
                   {"op", text(std::string(op.op))},
                   {"reason", text(std::string(op.reason))}}}};
  ReportEntry entry;
  entry.loc = op.loc;
  entry.op = op.op;
  entry.opaque = &op;
  addSuppressions(result, options.waiver(entry));
  return result;
}

/// The run's invocation: failed when some input could not be read or
/// parsed, each such input a notification.
Json invocationJson(const ReportOptions &options) {
  Json notifications = Json::array();
  for (const InputError &error : options.errors) {
    Json notification = {{"level", "error"},
                         {"message", {{"text", text(error.message)}}}};
    SourcePosition where = error.position;
    where.file = error.file;
    if (error.located)
      notification["locations"] = Json::array({location(where)});
    else
      notification["locations"] = Json::array(
          {{{"physicalLocation",
             {{"artifactLocation", {{"uri", fileUri(error.file)}}}}}}});
    notifications.push_back(std::move(notification));
  }
  Json invocation = {{"executionSuccessful", options.errors.empty()}};
  if (!notifications.empty())
    invocation["toolExecutionNotifications"] = std::move(notifications);
  return invocation;
}

} // namespace

std::string renderSarif(const std::vector<FileReport> &files,
                        const ReportOptions &options,
                        const PositionResolver &resolve) {
  RuleTable rules;
  Json results = Json::array();
  for (const FileReport &file : files)
    for (const FunctionReport &function : file.functions)
      for (const ReportEntry &entry : reportEntries(function, options))
        if (entry.verdict != Verdict::Safe)
          results.push_back(
              entryResult(function, entry, options, resolve, rules));
  // Ops outside every function that symshape does not read: coverage
  // errors too, as in the text report (--require-coverage).
  if (options.requireCoverage)
    for (const FileReport &file : files)
      for (const OpaqueOp &op : file.moduleOpaque)
        results.push_back(moduleOpaqueResult(op, options, resolve, rules));
  Json driver = {{"name", "symshape"}};
  if (!options.toolVersion.empty())
    driver["version"] = options.toolVersion;
  driver["rules"] = rules.rules();
  Json invocation = invocationJson(options);
  Json log = {{"$schema",
               "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/"
               "os/schemas/sarif-schema-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs",
               {{{"tool", {{"driver", std::move(driver)}}},
                 {"invocations", Json::array({std::move(invocation)})},
                 {"columnKind", "unicodeCodePoints"},
                 {"results", std::move(results)}}}}};
  return log.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace symshape::solver
