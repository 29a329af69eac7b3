//===- JsonReport.cpp - The `check --json` document -----------------------===//
//
// The document is built as an nlohmann::ordered_json (fields in the order
// SPEC 7 shows them) and printed one finding, value or opaque op per line:
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
//===----------------------------------------------------------------------===//

#include "symshape/reports/Report.h"

#include <nlohmann/json.hpp>

namespace symshape::solver {

using Json = nlohmann::ordered_json;

namespace {

/// A JSON string: source text is copied into names as it is, JSON text is
/// Unicode.
Json text(const std::string &s) { return Json(validUtf8(s)); }

std::string dumpScalar(const Json &value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

/// Height of a JSON tree: 0 for a scalar or an empty container.
size_t height(const Json &value) {
  if (!value.is_structured() || value.empty())
    return 0;
  size_t h = 0;
  for (const Json &child : value)
    h = std::max(h, height(child));
  return h + 1;
}

/// Writes `value` at `indent`: containers of scalars, and objects whose
/// members are such containers (a finding with its witness, a value with
/// its shape), on one line; anything larger one member per line.
void layout(const Json &value, size_t indent, std::string &out) {
  if (!value.is_structured() || value.empty()) {
    out += dumpScalar(value);
    return;
  }
  bool object = value.is_object();
  size_t h = height(value);
  bool inlined = indent > 0 && (h <= 1 || (object && h <= 2));
  out += object ? '{' : '[';
  bool first = true;
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!first)
      out += inlined ? ", " : ",";
    first = false;
    if (!inlined)
      out += "\n" + std::string(indent + 2, ' ');
    if (object)
      out += dumpScalar(Json(it.key())) + ": ";
    layout(*it, inlined ? indent : indent + 2, out);
  }
  if (!inlined)
    out += "\n" + std::string(indent, ' ');
  out += object ? '}' : ']';
}

/// A dim as the JSON `shape` lists it: an integer, a name, or "?".
std::string dimText(const Problem &problem, const ShapeRefinement *shapes,
                    TermId term) {
  if (shapes && shapes->wellDefined())
    return shapes->dimText(term);
  if (std::optional<int64_t> value = problem.graph.constantValue(term))
    return std::to_string(*value);
  if (problem.graph.isSymbol(term))
    return problem.graph.symbolOf(term).name;
  return "?";
}

Json values(const FunctionReport &function) {
  const Problem &problem = *function.problem;
  Json out = Json::object();
  for (size_t i = 0; i < problem.values.size(); ++i) {
    const ValueInfo &value = problem.values[i];
    if (value.kind != ValueInfo::Kind::Tensor &&
        value.kind != ValueInfo::Kind::Vector &&
        value.kind != ValueInfo::Kind::Shape)
      continue;
    if (value.name == "%")
      continue; // an unnamed result
    Json shape = Json::array();
    if (!value.ranked && value.typeRanked) {
      // Not followed by symshape: what the type says.
      for (int64_t d : value.typeDims)
        shape.push_back(d < 0 ? std::string("?") : std::to_string(d));
    } else if (!value.ranked) {
      shape.push_back("*");
    } else {
      for (TermId dim : value.dims)
        shape.push_back(text(dimText(problem, function.shapes, dim)));
    }
    const std::string &refined = i < function.refinedTypes.size()
                                     ? function.refinedTypes[i]
                                     : value.type;
    // Names are unique per function (the parser rejects a redefinition);
    // the first one wins should two ever collide.
    std::string name = validUtf8(value.name);
    if (out.contains(name))
      continue;
    out[name] = Json{{"type", text(value.type)},
                     {"shape", std::move(shape)},
                     {"refined", text(refined)}};
  }
  return out;
}

Json finding(const Problem &problem, const ReportEntry &entry,
             const PositionResolver &resolve) {
  Json out = {{"loc", text(resolve(entry.loc).str())},
              {"op", text(entry.op)},
              {"kind", entry.kind}};
  if (entry.dim >= 0)
    out["dim"] = entry.dim;
  out["verdict"] = verdictName(entry.verdict);
  if (const Finding *f = entry.finding) {
    if (!f->condition.empty())
      out["condition"] = text(f->condition);
    // SPEC 7: a witness for every finding that some size violates ({}
    // when no free symbol matters); an unreachable one has none, an
    // unknown one only when a violating assignment is known.
    bool violated = f->verdict == Verdict::UbPossible ||
                    f->verdict == Verdict::UbGuaranteed ||
                    f->verdict == Verdict::Error;
    if (violated || f->hasWitness) {
      Json witness = Json::object();
      for (const auto &[name, value] : f->witness)
        witness[validUtf8(name)] = value;
      out["witness"] = std::move(witness);
    }
    if (!f->reason.empty())
      out["reason"] = text(f->reason);
  } else {
    out["witness"] = Json::object();
    out["reason"] = text(entry.opaque->reason);
  }
  out["message"] = text(entry.message(problem));
  return out;
}

Json errorList(const std::vector<InputError> &errors) {
  Json out = Json::array();
  for (const InputError &error : errors) {
    Json item = {{"file", text(error.file)}};
    if (error.located)
      item["loc"] = text(error.position.str());
    item["message"] = text(error.message);
    out.push_back(std::move(item));
  }
  return out;
}

Json summaryObject(const Summary &summary) {
  static const Verdict order[] = {Verdict::Safe,         Verdict::UbPossible,
                                  Verdict::UbGuaranteed, Verdict::Error,
                                  Verdict::Unreachable,  Verdict::Unknown};
  Json out = Json::object();
  for (Verdict verdict : order)
    out[verdictName(verdict)] = summary.counts[size_t(verdict)];
  return out;
}

std::string print(const Json &document) {
  std::string out;
  layout(document, 0, out);
  return out + "\n";
}

} // namespace

std::string jsonQuote(const std::string &s) { return dumpScalar(text(s)); }

std::string renderJson(const std::vector<FileReport> &files,
                       const Summary &summary, const ReportOptions &options,
                       const PositionResolver &resolve) {
  Json fileList = Json::array();
  for (const FileReport &file : files) {
    Json functions = Json::array();
    for (const FunctionReport &function : file.functions) {
      const Problem &problem = *function.problem;
      Json findings = Json::array();
      for (const ReportEntry &entry : reportEntries(function, options))
        findings.push_back(finding(problem, entry, resolve));
      Json opaque = Json::array();
      for (const OpaqueOp &op : problem.opaque)
        opaque.push_back({{"loc", text(resolve(op.loc).str())},
                          {"op", text(op.op)},
                          {"reason", text(op.reason)}});
      functions.push_back(
          {{"name", text(problem.function)},
           {"verdict", verdictName(reportVerdict(function, options))},
           {"findings", std::move(findings)},
           {"opaque", std::move(opaque)},
           {"values", values(function)}});
    }
    fileList.push_back(
        {{"file", text(file.file)}, {"functions", std::move(functions)}});
  }
  return print({{"version", kJsonReportVersion},
                {"files", std::move(fileList)},
                {"errors", errorList(options.errors)},
                {"summary", summaryObject(summary)}});
}

std::string renderJsonErrors(const std::vector<InputError> &errors) {
  return print({{"version", kJsonReportVersion},
                {"files", Json::array()},
                {"errors", errorList(errors)},
                {"summary", summaryObject(Summary())}});
}

} // namespace symshape::solver
